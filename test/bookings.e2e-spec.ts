import { join } from 'node:path';

import { simpleParser } from 'mailparser';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import request from 'supertest';
import { DataSource } from 'typeorm';

import type { BookingSummary, DepartureView } from '../shared/api-types';
import { Booking } from '../src/bookings/booking.entity';
import { HoldSweeperService } from '../src/bookings/hold-sweeper.service';
import { StayPackage } from '../src/bookings/stay-package.entity';
import { VoucherCodes } from '../src/bookings/voucher-codes';
import { MailService } from '../src/mail/mail.service';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { deliverMail, useTestApp } from './support/app';
import { createTestDeparture, newClientAddress, outboxMails } from './support/fixtures';
import { moveBookingClocks } from './support/bookings';

const outbox = join(process.env.DATA_DIR!, 'outbox');
const guest = { name: 'Anna Svensson', phone: '+46 70 123 45 67' };
let guestCount = 0;
/** Each booking from its own guest, so the per-guest hold limits of one test never touch another. */
const newGuestEmail = () => `Guest${++guestCount}.${Date.now()}@Example.com`;

describe('Bookings API (MySQL)', () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  const post = (body: object) => request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ email: newGuestEmail(), ...body });
  const seatsLeft = async (slug: string, departureId: number) => {
    const departures = (await request(sut.server).get(`/api/tours/${slug}/departures`).expect(200)).body as DepartureView[];
    return departures.find((departure) => departure.id === departureId)?.seatsLeft;
  };

  it('Stores booking notes without null bytes or other control characters', async () => {
    const departure = await createTestDeparture(dataSource(), 'drive-your-own-dog-sled-team');
    const held = await post({ departureId: departure.id, guests: 1, ...guest, notes: 'One vegetarian\u0000\r\nNo nuts\u0008\u202E' }).expect(201);
    const stored = await dataSource().getRepository(Booking).findOneByOrFail({ reference: (held.body as BookingSummary).reference });
    expect(stored.notes).toBe('One vegetarian\nNo nuts');
  });

  it('Can book with pay on arrival: hold, checkout, confirmation mail with calendar, notice to staff', async () => {
    const departure = await createTestDeparture(dataSource(), 'drive-your-own-dog-sled-team');
    const glassIgloo = await dataSource().getRepository(StayPackage).findOneByOrFail({ slug: 'glass-igloo-night' });
    const started = Date.now();

    const held = await post({ departureId: departure.id, guests: 3, stayPackageId: glassIgloo.id, notes: 'One vegetarian', ...guest, email: 'Anna@Example.com' }).expect(201);
    const booking = held.body as BookingSummary;
    expect(booking).toMatchObject({
      status: 'held',
      guests: 3,
      maskedEmail: 'a***@example.com',
      tourAmountSek: 3 * 2650,
      stayAmountSek: 4900,
      totalSek: 3 * 2650 + 4900,
      checkoutMethod: 'on_arrival',
      stayPackage: { name: 'Glass Igloo Night', rooms: 1 },
    });
    expect(booking.reference).toMatch(/^NAT-[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    // The answer carries only what the booking pages show: no phone, no notes, the email masked.
    expect(JSON.stringify(booking)).not.toMatch(/123 45 67|vegetarian|anna@example/);
    const holdMinutes = (new Date(booking.holdExpiresAt!).getTime() - started) / 60_000;
    expect(holdMinutes).toBeGreaterThan(14.9);
    expect(holdMinutes).toBeLessThan(15.1);
    expect(await seatsLeft('drive-your-own-dog-sled-team', departure.id)).toBe(5);

    const checkout = await request(sut.server).post(`/api/bookings/${booking.reference}/checkout`).expect(200);
    expect(checkout.body).toEqual({ redirectUrl: `/success/?booking=${booking.reference}` });
    const confirmed = (await request(sut.server).get(`/api/bookings/${booking.reference}`).expect(200)).body as BookingSummary;
    expect(confirmed).toMatchObject({ status: 'confirmed', paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival' });
    expect(await seatsLeft('drive-your-own-dog-sled-team', departure.id)).toBe(5);

    await deliverMail(sut.app);
    const mails = outboxMails(outbox, started).filter((mail) => mail.includes(booking.reference));
    const toGuest = mails.find((mail) => mail.includes('To: anna@example.com'));
    expect(toGuest).toContain(`Subject: Booking confirmed: Drive Your Own Dog Sled Team (${booking.reference})`);
    expect(toGuest).toContain('Meeting point: Kiruna bus station');
    expect(toGuest).toContain('Total: 12');
    expect(toGuest).toContain('Payment: To pay on arrival');
    expect(toGuest).toContain(`filename=${booking.reference}.ics`);
    expect(mails.some((mail) => mail.includes('To: booking@norrsken-arctic.se') && mail.includes('Anteckningar: One vegetarian'))).toBe(true);
    // Two parts from one template: the plain text with the link written out, and HTML with the company's look and a button.
    const parsed = await simpleParser(toGuest!);
    expect(parsed.text).toContain('Date and time: ');
    expect(parsed.text).toContain('What to wear:');
    expect(parsed.text).toMatch(/Manage your booking \(your details, or cancel\): https?:\/\/\S+\/booking\/manage\/\?token=\S+/);
    const html = String(parsed.html);
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('Kiruna bus station');
    expect(html).toContain('What to bring');
    expect(html).toContain(booking.reference);
    const button = /<a href="([^"]+)"[^>]*>[\s\S]*?Manage your booking \(your details, or cancel\)/.exec(html);
    expect(button?.[1].replace(/&amp;/g, '&')).toBe(/(https?:\/\/\S+\/booking\/manage\/\?token=\S+)/.exec(parsed.text ?? '')?.[1]);
    expect(parsed.attachments.map((file) => file.filename).sort()).toEqual([`${booking.reference}-qr.png`, `${booking.reference}.ics`]);
    // The check-in code: a real QR, inline by its Content-ID, that reads as a code our keys sign for this booking.
    const qr = parsed.attachments.find((file) => file.contentType === 'image/png')!;
    expect(String((await simpleParser(toGuest!, { keepCidLinks: true })).html)).toContain(`src="cid:${qr.cid}"`);
    const image = PNG.sync.read(qr.content);
    const scanned = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(sut.app.get(VoucherCodes).verify(scanned!.data)).toBe(booking.reference);

    const calendar = await request(sut.server).get(`/api/bookings/${booking.reference}/calendar.ics`).expect(200).expect('Content-Type', /text\/calendar/);
    expect(calendar.text).toContain('BEGIN:VEVENT');
    expect(calendar.text).toContain('SUMMARY:Drive Your Own Dog Sled Team');

    const success = await request(sut.server).get(`/success/?booking=${booking.reference}`).expect(200);
    expect(success.text).toContain(booking.reference);
    expect(success.text).toContain('Kiruna bus station');
    expect(success.text).toContain('a***@example.com');
    expect(success.text).not.toMatch(/anna@example\.com|123 45 67|vegetarian/i);

    // Confirming twice changes nothing and mails nothing more.
    await request(sut.server).post(`/api/bookings/${booking.reference}/checkout`).expect(200);
    await deliverMail(sut.app);
    expect(outboxMails(outbox, started).filter((mail) => mail.includes(booking.reference))).toHaveLength(mails.length);
  });

  it('Uses the departure price over the tour price, and never a price from the client', async () => {
    const departure = await createTestDeparture(dataSource(), 'daytime-snowshoe-hike-kiruna', { priceSek: 1500 });
    const held = (await post({ departureId: departure.id, guests: 2, ...guest }).expect(201)).body as BookingSummary;
    expect(held.totalSek).toBe(3000);
    const forged = await post({ departureId: departure.id, guests: 2, totalSek: 1, ...guest }).expect(400);
    expect(forged.body.message).toBe('property totalSek should not exist');
  });

  it.each([
    [{ guests: 0 }, 400, 'guests must be a whole number from 1 to 8'],
    [{ guests: 9 }, 400, 'guests must be a whole number from 1 to 8'],
    [{ guests: 2.5 }, 400, 'guests must be a whole number from 1 to 8'],
    [{ email: 'not-an-email' }, 400, 'email must be a valid email address'],
    [{ name: ' ' }, 400, 'name is required'],
    [{ phone: 'call me' }, 400, 'phone must be a phone number such as +46 70 123 45 67'],
    [{ stayPackageId: 9999 }, 400, 'There is no stay package with id 9999.'],
    [{ departureId: 99999999 }, 400, 'There is no departure with id 99999999.'],
    [{ departureId: 'abc' }, 400, 'departureId must be a whole number'],
    [{ coupon: 'FREE' }, 400, 'property coupon should not exist'],
  ])('Refuses %j with %i and changes nothing', async (change, status, message) => {
    const departure = await createTestDeparture(dataSource(), 'ice-fishing-on-the-torne-river');
    const before = await dataSource().getRepository(Booking).count();
    const response = await post({ departureId: departure.id, guests: 2, ...guest, ...change }).expect(status);
    expect(response.body.message).toBe(message);
    expect(await dataSource().getRepository(Booking).count()).toBe(before);
  });

  it('Refuses more guests than seats left with 409, and a departure that has left with 400', async () => {
    const departure = await createTestDeparture(dataSource(), 'ice-fishing-on-the-torne-river', { capacity: 3 });
    const full = await post({ departureId: departure.id, guests: 4, ...guest }).expect(409);
    expect(full.body).toEqual({ statusCode: 409, message: 'Only 3 seats are left on this departure.', error: 'Conflict' });
    await post({ departureId: departure.id, guests: 3, ...guest }).expect(201);
    const soldOut = await post({ departureId: departure.id, guests: 1, ...guest }).expect(409);
    expect(soldOut.body.message).toBe('This departure is sold out. Please choose another date.');

    const past = await createTestDeparture(dataSource(), 'ice-fishing-on-the-torne-river', { daysAhead: -1 });
    const left = await post({ departureId: past.id, guests: 1, ...guest }).expect(400);
    expect(left.body.message).toBe('This departure has already left. Please choose a later date.');
  });

  it('Releases the seats when a guest cancels a hold', async () => {
    const departure = await createTestDeparture(dataSource(), 'moose-spotting-tour-from-kiruna-to-nikkaluokta');
    const held = (await post({ departureId: departure.id, guests: 4, ...guest }).expect(201)).body as BookingSummary;
    expect(await seatsLeft('moose-spotting-tour-from-kiruna-to-nikkaluokta', departure.id)).toBe(4);
    const cancelled = await request(sut.server).post(`/api/bookings/${held.reference}/cancel`).expect(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await seatsLeft('moose-spotting-tour-from-kiruna-to-nikkaluokta', departure.id)).toBe(8);
    const checkout = await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).expect(409);
    expect(checkout.body.message).toBe('This booking is cancelled and cannot be paid.');
    // On the Swedish and German pages, in their words (before: the English with its English status word).
    const inSwedish = await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).set('Accept-Language', 'sv').expect(409);
    expect(inSwedish.body.message).toBe('Bokningen är avbokad och kan inte betalas.');
    const inGerman = await request(sut.server).post(`/api/bookings/${held.reference}/cancel`).set('Accept-Language', 'de').expect(200);
    expect(inGerman.body.status).toBe('cancelled');
    const confirm = await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).set('Accept-Language', 'de').expect(409);
    expect(confirm.body.message).toBe('Diese Buchung ist storniert und kann nicht bezahlt werden.');
  });

  it('Lets an expired hold stop counting at once, answers 410 at checkout, and sweeps it', async () => {
    const departure = await createTestDeparture(dataSource(), 'moose-spotting-tour-from-kiruna-to-nikkaluokta');
    const held = (await post({ departureId: departure.id, guests: 5, ...guest }).expect(201)).body as BookingSummary;
    await moveBookingClocks(dataSource(), { reference: held.reference }, { holdExpiresAt: new Date(Date.now() - 1000) });
    expect(await seatsLeft('moose-spotting-tour-from-kiruna-to-nikkaluokta', departure.id)).toBe(8);
    expect((await request(sut.server).get(`/api/bookings/${held.reference}`).expect(200)).body.status).toBe('expired');
    const checkout = await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).expect(410);
    expect(checkout.body.message).toBe('Your seat hold has expired. Please book again; the seats may still be available.');

    expect(await sut.app.get(HoldSweeperService).sweep()).toBeGreaterThanOrEqual(1);
    expect((await dataSource().getRepository(Booking).findOneByOrFail({ reference: held.reference })).status).toBe('expired');
  });

  it('Answers 404 for an unknown or malformed reference', async () => {
    const unknown = await request(sut.server).get('/api/bookings/NAT-ZZZZZ-ZZZZZ').expect(404);
    expect(unknown.body.message).toBe('There is no booking with reference NAT-ZZZZZ-ZZZZZ.');
    await request(sut.server).get('/api/bookings/%27%20OR%201%3D1').expect(404);
    await request(sut.server).post('/api/bookings/NAT-ZZZZZZ/checkout').expect(404);
  });

  it('Gives 100 concurrent one-guest requests on an 8-seat departure exactly 8 holds and 92 clear 409s', async () => {
    const departure = await createTestDeparture(dataSource(), 'northern-lights-car-chase-kiruna');
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => post({ departureId: departure.id, guests: 1, name: `Guest ${index}`, email: `guest${index}@example.com` })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(8);
    expect(statuses.filter((status) => status === 409)).toHaveLength(92);
    for (const response of responses.filter((item) => item.status === 409)) {
      expect(response.body.message).toBe('This departure is sold out. Please choose another date.');
    }
    expect(await seatsLeft('northern-lights-car-chase-kiruna', departure.id)).toBe(0);
    expect(await dataSource().getRepository(Booking).countBy({ departureId: departure.id })).toBe(8);
  });

  it('Keeps booking when a mail cannot be sent, and keeps the mail to try again later', async () => {
    const departure = await createTestDeparture(dataSource(), 'daytime-snowshoe-hike-kiruna');
    const send = jest.spyOn(sut.app.get(MailService), 'send').mockRejectedValue(new Error('SMTP is down'));
    let reference: string;
    try {
      const held = (await post({ departureId: departure.id, guests: 1, ...guest }).expect(201)).body as BookingSummary;
      reference = held.reference;
      await request(sut.server).post(`/api/bookings/${reference}/checkout`).expect(200);
      await deliverMail(sut.app);
      expect((await request(sut.server).get(`/api/bookings/${reference}`).expect(200)).body.status).toBe('confirmed');
      expect(send).toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
    const mails = await dataSource().getRepository(OutboxMail).findBy({ bookingReference: reference });
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP is down' });
    expect(mails[0].nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});
