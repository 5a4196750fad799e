import { join } from 'node:path';

import request from 'supertest';
import { DataSource } from 'typeorm';

import type { AdminBookingRow } from '../shared/admin-types';
import type { BookingSummary, ManagedBooking, ManagedChange } from '../shared/api-types';
import { Booking } from '../src/bookings/booking.entity';
import { BookingPayment } from '../src/bookings/booking-payment.entity';
import { LinkTokens } from '../src/common/links/link-tokens';
import { VoucherCodes } from '../src/bookings/voucher-codes';
import { ReminderWorker } from '../src/bookings/reminder.worker';
import { AppConfig } from '../src/config/app-config';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { Departure } from '../src/departures/departure.entity';
import { createTestApp, deliverMail, settleRefunds, useCardPaymentApp } from './support/app';
import { createTestDeparture, newClientAddress, outboxMails } from './support/fixtures';
import { TEST_PUBLIC_URL } from './support/e2e-env';
import { sendStripeEvent } from './support/stripe-stand-in';
import { moveBookingClocks } from './support/bookings';

const outbox = join(process.env.DATA_DIR!, 'outbox');
const TOUR = 'daytime-snowshoe-hike-kiruna';
const HOUR = 3_600_000;
let guestCount = 0;

describe('Guests manage their bookings, staff take bookings, reminders (MySQL, Stripe stand-in)', () => {
  const sut = useCardPaymentApp();
  const standIn = sut.standIn;
  const server = () => sut.app.getHttpServer();
  const dataSource = () => sut.app.get(DataSource);
  const staff = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${sut.token}`);
  const departureIn = (hours: number, capacity = 8) =>
    createTestDeparture(dataSource(), TOUR, { capacity }).then(async (departure) => {
      const startsAt = new Date(Date.now() + hours * HOUR);
      await dataSource().getRepository(Departure).update({ id: departure.id }, { startsAt });
      return { ...departure, startsAt };
    });


  /** A booking paid by card through the stand-in; returns its reference. */
  async function paidByCard(departureId: number, guests = 2): Promise<string> {
    const held = (
      await request(server())
        .post('/api/bookings')
        .set('X-Forwarded-For', newClientAddress())
        .send({ departureId, guests, name: 'Manage Guest', email: `manage${++guestCount}.${Date.now()}@example.com`, phone: '+46 70 111 22 33' })
        .expect(201)
    ).body as BookingSummary;
    const checkout = await request(server()).post(`/api/bookings/${held.reference}/checkout`).expect(200);
    const sessionId = /pay\/(cs_test_\d+)$/.exec(checkout.body.redirectUrl)![1];
    await sendStripeEvent(server(), 'checkout.session.completed', standIn.pay(sessionId)).expect(200);
    return held.reference;
  }

  /** The manage link from the booking's confirmation mail. */
  async function manageTokenFromMail(reference: string): Promise<string> {
    await deliverMail(sut.app);
    // The confirmation, in whichever language the guest booked (its link under /sv/ or /de/ then).
    const manageLink = /https:\/\/norrsken\.test\/(?:(?:sv|de)\/)?booking\/manage\/\?token=([\w-]+\.[\w-]+)/;
    const mail = outboxMails(outbox).find((item) => item.includes(reference) && manageLink.test(item));
    const link = manageLink.exec(mail ?? '');
    expect(link).not.toBeNull();
    return link![1];
  }

  it('Mails a personal link with the booking; it shows the trip, what was paid and the policy', async () => {
    const departure = await departureIn(10 * 24);
    const reference = await paidByCard(departure.id, 2);
    const link = await manageTokenFromMail(reference);
    const view = (await request(server()).get(`/api/manage/${link}`).expect(200)).body as ManagedBooking;
    expect(view).toMatchObject({ reference, status: 'confirmed', guests: 2, phone: '+46 70 111 22 33', paidSek: view.totalSek, dueSek: 0 });
    expect(view.policy).toMatchObject({ freeHours: 48, freeNow: true, text: expect.stringContaining('Free cancellation until 48 hours before the start') });
    expect(new Date(view.policy.freeUntil).getTime()).toBe(Math.floor(departure.startsAt.getTime() / 1000) * 1000 - 48 * HOUR);
    // The check-in code the guide scans, and its QR for the page and its printout.
    expect(sut.app.get(VoucherCodes).verify(view.voucher!.code)).toBe(reference);
    expect(view.voucher!.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(view.voucher!.qr.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });

  it.each([
    ['junk', () => 'not-a-token'],
    ['another secret', () => new LinkTokens(Buffer.from('some-other-secret-of-enough-length-here')).issue('NAT-AAAAA-AAAAA', new Date(Date.now() + HOUR))],
    ['an expired link', () => new LinkTokens(sut.app.get(AppConfig).key('booking-manage-link')).issue('NAT-AAAAA-AAAAA', new Date(Date.now() - 1000))],
    ['an unknown booking', () => new LinkTokens(sut.app.get(AppConfig).key('booking-manage-link')).issue('NAT-ZZZZZ-ZZZZZ', new Date(Date.now() + HOUR))],
  ])('Answers a bad token (%s) with a 404 that says how to get a new link', async (_case, make) => {
    for (const call of [request(server()).get(`/api/manage/${make()}`), request(server()).post(`/api/manage/${make()}/cancel`), request(server()).patch(`/api/manage/${make()}`).send({ phone: '+46 70 000 00 00' })]) {
      const response = await call.expect(404);
      expect(response.body.message).toBe('This link is not valid; it may have expired. To get a new one, use "Find my booking" at https://norrsken.test/booking/ with your booking reference and email.');
    }
  });

  it('Lets the guest change phone, notes and pickup hotel, and refuses bad values with 400', async () => {
    const reference = await paidByCard((await departureIn(12 * 24)).id);
    const link = await manageTokenFromMail(reference);
    const changed = (await request(server()).patch(`/api/manage/${link}`).send({ phone: '+46 70 999 00 11', pickup: 'Camp Ripan, Kiruna', notes: '' }).expect(200)).body as ManagedBooking;
    expect(changed).toMatchObject({ phone: '+46 70 999 00 11', pickup: 'Camp Ripan, Kiruna', notes: null });
    expect((await request(server()).patch(`/api/manage/${link}`).send({ phone: 'call me' }).expect(400)).body.message).toBe('phone must be a phone number such as +46 70 123 45 67');
    expect((await request(server()).patch(`/api/manage/${link}`).send({ guests: 8 }).expect(400)).body.message).toBe('property guests should not exist');
    expect((await request(server()).get(`/api/manage/${link}`).expect(200)).body.pickup).toBe('Camp Ripan, Kiruna');
  });

  it('Cancels free of charge 49 hours before the start: the card payment is refunded in full', async () => {
    const reference = await paidByCard((await departureIn(49)).id, 3);
    const link = await manageTokenFromMail(reference);
    const started = Date.now();
    const cancelled = (await request(server()).post(`/api/manage/${link}/cancel`).expect(200)).body as ManagedBooking;
    // While the refund is under way the page still says what was paid.
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending', paidSek: cancelled.totalSek });
    // A cancelled booking has no code to show.
    expect(cancelled.voucher).toBeUndefined();
    await settleRefunds(sut.app);
    expect((await request(server()).get(`/api/manage/${link}`).expect(200)).body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', paidSek: 0 });
    const refund = standIn.callsTo('/v1/refunds').find((call) => call.idempotencyKey === `refund-${reference}-cancelled-by-guest`);
    expect(refund?.body.get('amount')).toBe(String(cancelled.totalSek * 100));
    const mails = outboxMails(outbox, started).filter((mail) => mail.includes(reference));
    expect(mails.find((mail) => mail.includes('Subject: Your booking has been cancelled'))).toContain('you paid by card in full');
    expect(mails.some((mail) => mail.includes('Subject: Your payment has been refunded'))).toBe(true);
    await request(server()).post(`/api/manage/${link}/cancel`).expect(409);
  });

  it('Cancels 47 hours before the start without a refund, and says so', async () => {
    const reference = await paidByCard((await departureIn(47)).id, 2);
    const link = await manageTokenFromMail(reference);
    expect((await request(server()).get(`/api/manage/${link}`).expect(200)).body.policy.freeNow).toBe(false);
    const refundsBefore = standIn.callsTo('/v1/refunds').length;
    const started = Date.now();
    const cancelled = (await request(server()).post(`/api/manage/${link}/cancel`).expect(200)).body as ManagedBooking;
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    await settleRefunds(sut.app);
    expect(standIn.callsTo('/v1/refunds')).toHaveLength(refundsBefore);
    const mail = outboxMails(outbox, started).find((item) => item.includes(reference) && item.includes('Subject: Your booking has been cancelled'));
    expect(mail).toContain('You cancelled less than 48 hours before the start, so the');
    expect(mail).toContain('is not refunded.');
  });

  it('Changes date and guests of a pay-on-arrival booking: seats checked under the lock, only what is due changes, the guest mailed', async () => {
    const from = await departureIn(20 * 24);
    const to = await departureIn(21 * 24, 3);
    const booked = (await staff(request(server()).post('/api/admin/bookings')).send({ departureId: from.id, guests: 2, name: 'Date Changer', email: `changer${Date.now()}@example.com`, payment: 'on_arrival' }).expect(201)).body as AdminBookingRow;
    const link = await manageTokenFromMail(booked.reference);
    const started = Date.now();
    const moved = (await request(server()).post(`/api/manage/${link}/change`).send({ departureId: to.id, guests: 3 }).expect(200)).body as ManagedBooking;
    expect(moved).toMatchObject({ departure: { id: to.id }, guests: 3, dueSek: moved.totalSek, paymentStatus: 'due_on_arrival' });
    expect(moved.totalSek).toBe(3 * booked.totalSek / 2);
    const full = await request(server()).post(`/api/manage/${link}/change`).send({ departureId: to.id, guests: 4 }).expect(409);
    expect(full.body.message).toBe('Only 3 seats are left on that date.');
    const otherTour = await createTestDeparture(dataSource(), 'ice-fishing-on-the-torne-river');
    expect((await request(server()).post(`/api/manage/${link}/change`).send({ departureId: otherTour.id }).expect(400)).body.message).toBe('Please choose another date of the same tour.');
    expect((await request(server()).post(`/api/manage/${link}/change`).send({}).expect(400)).body.message).toBe('Choose another date (departureId) or number of guests (guests).');
    expect((await request(server()).post(`/api/manage/${link}/change`).send({ guests: 9 }).expect(400)).body.message).toBe('guests must be a whole number from 1 to 8');
    await deliverMail(sut.app);
    expect(outboxMails(outbox, started).find((mail) => mail.includes(booked.reference) && mail.includes('Subject: Your booking has been changed'))).toContain('Guests: 3');
  });

  it('Takes the difference for a dearer change by card, and makes the change when it is paid', async () => {
    const departure = await departureIn(10 * 24);
    const reference = await paidByCard(departure.id, 2);
    const link = await manageTokenFromMail(reference);
    const before = (await request(server()).get(`/api/manage/${link}`).expect(200)).body as ManagedBooking;
    const perGuest = before.totalSek / 2;
    // Before confirming, the guest sees what the change costs: the difference, by card.
    expect((await request(server()).post(`/api/manage/${link}/change/preview`).send({ guests: 3 }).expect(200)).body).toMatchObject({
      guests: 3,
      totalSek: 3 * perGuest,
      previousTotalSek: 2 * perGuest,
      money: { kind: 'pay-difference', amountSek: perGuest },
    });
    const answer = (await request(server()).post(`/api/manage/${link}/change`).send({ guests: 3 }).expect(200)).body as ManagedChange;
    // Nothing changes until the difference is paid.
    expect(answer).toMatchObject({ guests: 2, paymentUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/pay\//) });
    const session = standIn.callsTo('/v1/checkout/sessions').at(-1)!;
    expect(session.idempotencyKey).toMatch(new RegExp(`^change-${reference}-\\d+$`));
    expect(session.body.get('line_items[0][price_data][unit_amount]')).toBe(String(perGuest * 100));
    // The new party as partyKey (three of the default category, adult).
    expect(session.body.get('metadata[change]')).toBe(`${departure.id}:adult3:${perGuest * 100}`);
    const sessionId = /pay\/(cs_test_\d+)$/.exec(answer.paymentUrl!)![1];
    await sendStripeEvent(server(), 'checkout.session.completed', standIn.pay(sessionId)).expect(200);
    const after = (await request(server()).get(`/api/manage/${link}`).expect(200)).body as ManagedBooking;
    expect(after).toMatchObject({ guests: 3, totalSek: 3 * perGuest, paidSek: 3 * perGuest, paymentStatus: 'paid' });

    // A second session for the same change, paid after it was made, is refunded.
    const again = (await request(server()).post(`/api/manage/${link}/change`).send({ guests: 4 }).expect(200)).body as ManagedChange;
    await request(server()).post(`/api/manage/${link}/change`).send({ guests: 2 }).expect(200);
    const late = /pay\/(cs_test_\d+)$/.exec(again.paymentUrl!)![1];
    await sendStripeEvent(server(), 'checkout.session.completed', standIn.pay(late)).expect(200);
    await settleRefunds(sut.app);
    expect(standIn.callsTo('/v1/refunds').some((call) => call.idempotencyKey === `refund-${reference}-change-refused-pi_${late}`)).toBe(true);
    expect((await request(server()).get(`/api/manage/${link}`).expect(200)).body).toMatchObject({ guests: 2, paidSek: 2 * perGuest });
  });

  it('Refunds the difference by card when a paid booking gets fewer guests in the free period', async () => {
    const departure = await departureIn(10 * 24);
    const reference = await paidByCard(departure.id, 3);
    const link = await manageTokenFromMail(reference);
    const before = (await request(server()).get(`/api/manage/${link}`).expect(200)).body as ManagedBooking;
    const fewer = (await request(server()).post(`/api/manage/${link}/change`).send({ guests: 2 }).expect(200)).body as ManagedBooking;
    const perGuest = before.totalSek / 3;
    expect(fewer).toMatchObject({ guests: 2, totalSek: 2 * perGuest, paidSek: 2 * perGuest, paymentStatus: 'paid' });
    await settleRefunds(sut.app);
    const partial = standIn.callsTo('/v1/refunds').find((call) => call.idempotencyKey?.startsWith(`refund-${reference}-changed-`));
    expect(partial?.body.get('amount')).toBe(String(perGuest * 100));
    // Cancelling afterwards returns what is left, no more.
    await request(server()).post(`/api/manage/${link}/cancel`).expect(200);
    await settleRefunds(sut.app);
    const cancelRefund = standIn.callsTo('/v1/refunds').find((call) => call.idempotencyKey === `refund-${reference}-cancelled-by-guest`);
    expect(cancelRefund?.body.get('amount')).toBe(String(2 * perGuest * 100));
    expect((await request(server()).get(`/api/manage/${link}`).expect(200)).body.paymentStatus).toBe('refunded');
  });

  /** The dearer change to `guests`, paid by card: its session's payment. */
  async function payForChange(link: string, guests: number): Promise<string> {
    const answer = (await request(server()).post(`/api/manage/${link}/change`).send({ guests }).expect(200)).body as ManagedChange;
    const sessionId = /pay\/(cs_test_\d+)$/.exec(answer.paymentUrl!)![1]!;
    await sendStripeEvent(server(), 'checkout.session.completed', standIn.pay(sessionId)).expect(200);
    return `pi_${sessionId}`;
  }
  /** What Stripe refunded of this booking's payments, by payment. */
  const refundedByPayment = (reference: string) =>
    standIn
      .callsTo('/v1/refunds')
      .filter((call) => call.idempotencyKey?.startsWith(`refund-${reference}-`))
      .reduce<Record<string, number>>((sum, call) => ({ ...sum, [call.body.get('payment_intent')!]: (sum[call.body.get('payment_intent')!] ?? 0) + Number(call.body.get('amount')) / 100 }), {});

  it('Refunds a booking paid in two payments (the booking, then a dearer change) from each payment: a card is never asked for more than it paid', async () => {
    const departure = await departureIn(10 * 24);
    const reference = await paidByCard(departure.id, 2);
    const link = await manageTokenFromMail(reference);
    const perGuest = ((await request(server()).get(`/api/manage/${link}`).expect(200)).body as ManagedBooking).totalSek / 2;
    const first = standIn.callsTo('/v1/checkout/sessions').find((call) => call.body.get('client_reference_id') === reference)!;
    const change = await payForChange(link, 3);
    expect((await request(server()).get(`/api/manage/${link}`).expect(200)).body).toMatchObject({ guests: 3, paidSek: 3 * perGuest });

    await request(server()).post(`/api/manage/${link}/cancel`).expect(200);
    await settleRefunds(sut.app);
    // Before: one refund of 3 guests' price from the first payment, which Stripe refuses (it paid for 2).
    const firstPayment = Object.keys(refundedByPayment(reference)).find((payment) => payment !== change)!;
    expect(firstPayment).toBeDefined();
    expect(first).toBeDefined();
    expect(refundedByPayment(reference)).toEqual({ [firstPayment]: 2 * perGuest, [change]: perGuest });
    expect((await request(server()).get(`/api/manage/${link}`).expect(200)).body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', paidSek: 0 });
  });

  it('Sends a Swedish guest paying for a dearer change back to the Swedish manage page, opens Stripe in Swedish, and names each line in Swedish by the Kiruna date (a 00:30 start is that day, not the UTC day before)', async () => {
    const departure = await departureIn(10 * 24);
    // 23:30 UTC is 00:30 or 01:30 in Kiruna: the next day there.
    const startsAt = new Date(new Date(Date.now() + 12 * 24 * HOUR).setUTCHours(23, 30, 0, 0));
    await dataSource().getRepository(Departure).update({ id: departure.id }, { startsAt });
    const kirunaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm' }).format(startsAt);
    expect(kirunaDay).not.toBe(startsAt.toISOString().slice(0, 10));
    const held = (
      await request(server())
        .post('/api/bookings')
        .set('X-Forwarded-For', newClientAddress())
        .send({ departureId: departure.id, guests: 2, name: 'Sven Svensson', email: `sv.change.${Date.now()}@example.com`, language: 'sv' })
        .expect(201)
    ).body as BookingSummary;
    const checkout = await request(server()).post(`/api/bookings/${held.reference}/checkout`).expect(200);
    const first = standIn.callsTo('/v1/checkout/sessions').at(-1)!;
    // The tour and its categories as the guest reads them (Swedish), on Stripe's page and receipt.
    const swedish = (await request(server()).get(`/api/tours/${TOUR}?lang=sv`).expect(200)).body as { title: string; priceCategories: { name: string }[] };
    expect(first.body.get('line_items[0][price_data][product_data][name]')).toBe(`${swedish.title}, ${kirunaDay}: ${swedish.priceCategories[0]!.name}`);
    await sendStripeEvent(server(), 'checkout.session.completed', standIn.pay(/pay\/(cs_test_\d+)$/.exec(checkout.body.redirectUrl)![1]!)).expect(200);
    const link = await manageTokenFromMail(held.reference);
    await request(server()).post(`/api/manage/${link}/change`).send({ guests: 3 }).expect(200);
    const change = standIn.callsTo('/v1/checkout/sessions').at(-1)!;
    // Before: https://norrsken.test/booking/manage/… (the English page), Stripe in its own choice of language, the UTC date.
    expect(change.body.get('success_url')).toBe(`${TEST_PUBLIC_URL}/sv/booking/manage/?token=${link}&changed=paid`);
    expect(change.body.get('cancel_url')).toBe(`${TEST_PUBLIC_URL}/sv/booking/manage/?token=${link}`);
    expect(change.body.get('locale')).toBe('sv');
    expect(change.body.get('line_items[0][price_data][product_data][name]')).toMatch(new RegExp(`^${swedish.title}, ${kirunaDay}: 3 ${swedish.priceCategories[0]!.name.replace(/[()+]/g, '\\$&')} \\(${held.reference}\\)$`));
  });

  it('Refunds a booking paid before payments were recorded one by one from its one payment (what it holds), then takes a dearer change\'s apart', async () => {
    const departure = await departureIn(10 * 24);
    const reference = await paidByCard(departure.id, 3);
    const link = await manageTokenFromMail(reference);
    const perGuest = ((await request(server()).get(`/api/manage/${link}`).expect(200)).body as ManagedBooking).totalSek / 3;
    const booking = await sut.app.get(DataSource).getRepository(Booking).findOneByOrFail({ reference });
    // As a booking paid before booking_payments existed: no rows.
    await sut.app.get(DataSource).getRepository(BookingPayment).delete({ bookingId: booking.id });
    await request(server()).post(`/api/manage/${link}/change`).send({ guests: 2 }).expect(200);
    const change = await payForChange(link, 3);
    await request(server()).post(`/api/manage/${link}/cancel`).expect(200);
    await settleRefunds(sut.app);
    expect(refundedByPayment(reference)).toEqual({ [booking.stripePaymentIntentId!]: 3 * perGuest, [change]: perGuest });
    expect((await request(server()).get(`/api/manage/${link}`).expect(200)).body).toMatchObject({ paymentStatus: 'refunded', paidSek: 0 });
  });

  it('Refunds every cheaper change, also one the guest made before (3 guests, then 2, then 3 again, then 2 again: two refunds)', async () => {
    const departure = await departureIn(10 * 24);
    const reference = await paidByCard(departure.id, 3);
    const link = await manageTokenFromMail(reference);
    const perGuest = ((await request(server()).get(`/api/manage/${link}`).expect(200)).body as ManagedBooking).totalSek / 3;
    await request(server()).post(`/api/manage/${link}/change`).send({ guests: 2 }).expect(200);
    await settleRefunds(sut.app);
    const change = await payForChange(link, 3);
    const again = (await request(server()).post(`/api/manage/${link}/change`).send({ guests: 2 }).expect(200)).body as ManagedBooking;
    expect(again).toMatchObject({ guests: 2, paidSek: 2 * perGuest });
    await settleRefunds(sut.app);
    // Before: the second refund had the first's cause: its insert failed and the guest's change answered 500.
    const refunded = refundedByPayment(reference);
    expect(Object.values(refunded).reduce((sum, amount) => sum + amount, 0)).toBe(2 * perGuest);
    expect(refunded[change]).toBe(perGuest);
    // What is left is what the guest paid for: cancelling returns it, from both payments.
    await request(server()).post(`/api/manage/${link}/cancel`).expect(200);
    await settleRefunds(sut.app);
    expect(Object.values(refundedByPayment(reference)).reduce((sum, amount) => sum + amount, 0)).toBe(4 * perGuest);
    expect((await request(server()).get(`/api/manage/${link}`).expect(200)).body).toMatchObject({ paymentStatus: 'refunded', paidSek: 0 });
  });

  it('Refuses a cheaper change of a card-paid booking after the free period', async () => {
    const reference = await paidByCard((await departureIn(30)).id, 2);
    const link = await manageTokenFromMail(reference);
    const late = await request(server()).post(`/api/manage/${link}/change`).send({ guests: 1 }).expect(409);
    expect(late.body.message).toBe('A cheaper booking is refunded only until 48 hours before the start. Please call us on +46 980 123 45.');
  });

  it('Refuses to change or cancel a booking whose tour has started', async () => {
    const departure = await departureIn(5 * 24);
    const later = await departureIn(6 * 24);
    const booked = (await staff(request(server()).post('/api/admin/bookings')).send({ departureId: departure.id, guests: 1, name: 'Started Guest', email: `started${Date.now()}@example.com`, payment: 'on_arrival' }).expect(201)).body as AdminBookingRow;
    const link = await manageTokenFromMail(booked.reference);
    await dataSource().getRepository(Departure).update({ id: departure.id }, { startsAt: new Date(Date.now() - HOUR) });
    expect((await request(server()).post(`/api/manage/${link}/change`).send({ departureId: later.id }).expect(409)).body.message).toBe('This tour has already started, so the booking can no longer be changed or cancelled.');
    expect((await request(server()).post(`/api/manage/${link}/cancel`).expect(409)).body.message).toBe('This tour has already started, so the booking can no longer be changed or cancelled.');
  });

  it('"Find my booking" mails the link when reference and email match, and answers the same either way', async () => {
    const departure = await departureIn(20 * 24);
    const email = `finder${Date.now()}@example.com`;
    const held = (await request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 1, name: 'Finder', email }).expect(201)).body as BookingSummary;
    const answer = 'If a booking with that reference and email exists, we have sent its link to that email address.';
    const found = await request(server()).post('/api/manage/find').set('X-Forwarded-For', newClientAddress()).send({ reference: held.reference.toLowerCase(), email: email.toUpperCase() }).expect(202);
    const wrongEmail = await request(server()).post('/api/manage/find').set('X-Forwarded-For', newClientAddress()).send({ reference: held.reference, email: 'someone@example.com' }).expect(202);
    const unknown = await request(server()).post('/api/manage/find').set('X-Forwarded-For', newClientAddress()).send({ reference: 'NAT-ZZZZZ-ZZZZZ', email }).expect(202);
    for (const response of [found, wrongEmail, unknown]) expect(response.body).toEqual({ message: answer });
    const links = await dataSource().getRepository(OutboxMail).findBy({ bookingReference: held.reference, topic: 'booking.manage-link' });
    expect(links).toHaveLength(1);
    expect(links[0].recipient).toBe(email);
    await request(server()).post('/api/manage/find').set('X-Forwarded-For', newClientAddress()).send({ reference: held.reference }).expect(400);
  });

  it('"Find my booking" mails one booking at most 3 links an hour, however many addresses ask at once, and answers the same', async () => {
    const departure = await departureIn(21 * 24);
    const email = `flooded${Date.now()}@example.com`;
    const held = (await request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 1, name: 'Flooded Guest', email }).expect(201)).body as BookingSummary;
    const ask = () => request(server()).post('/api/manage/find').set('X-Forwarded-For', newClientAddress()).send({ reference: held.reference, email });
    // Before: 30 addresses asking got the guest 30 mails.
    const answers = await Promise.all(Array.from({ length: 12 }, ask));
    answers.push(await ask());
    for (const answer of answers) expect([answer.status, answer.body.message]).toEqual([202, 'If a booking with that reference and email exists, we have sent its link to that email address.']);
    expect(await dataSource().getRepository(OutboxMail).countBy({ bookingReference: held.reference, topic: 'booking.manage-link' })).toBe(3);
  });

  it('Takes a booking by phone: pay on arrival with a mail, paid on site with a note, or no mail at all', async () => {
    const departure = await departureIn(15 * 24, 6);
    const body = { departureId: departure.id, guests: 2, name: 'Phone Guest', email: 'phone.guest@example.com', phone: '+46 70 222 33 44' };
    const onArrival = (await staff(request(server()).post('/api/admin/bookings')).send({ ...body, payment: 'on_arrival' }).expect(201)).body as AdminBookingRow;
    expect(onArrival).toMatchObject({ status: 'confirmed', source: 'staff', paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival' });
    const paid = (await staff(request(server()).post('/api/admin/bookings')).send({ ...body, payment: 'paid', paidNote: 'Kontant i receptionen' }).expect(201)).body as AdminBookingRow;
    expect(paid).toMatchObject({ paymentMethod: 'on_site', paymentStatus: 'paid', paymentNote: 'Kontant i receptionen' });
    const quiet = (await staff(request(server()).post('/api/admin/bookings')).send({ ...body, guests: 1, payment: 'on_arrival', notify: false }).expect(201)).body as AdminBookingRow;
    const topics = async (reference: string) => (await dataSource().getRepository(OutboxMail).findBy({ bookingReference: reference })).map((mail) => mail.topic).sort();
    expect(await topics(onArrival.reference)).toEqual(['booking.confirmed', 'booking.staff-notice']);
    expect(await topics(paid.reference)).toEqual(['booking.confirmed', 'booking.staff-notice']);
    expect(await topics(quiet.reference)).toEqual([]);

    const full = await staff(request(server()).post('/api/admin/bookings')).send({ ...body, payment: 'on_arrival' }).expect(409);
    expect(full.body.message).toBe('Avgången har bara 1 lediga platser.');
    await staff(request(server()).post('/api/admin/bookings')).send({ ...body, payment: 'later' }).expect(400);
    // The staff API answers in Swedish, the guest fields it shares with the guests' booking too.
    const refused = await staff(request(server()).post('/api/admin/bookings')).send({ ...body, guests: 9, email: 'nej', phone: 'ring mig', name: 'Anna www.spam.se', payment: 'on_arrival' }).expect(400);
    expect(refused.body.fields).toEqual({
      guests: ['guests måste vara ett heltal från 1 till 8'],
      email: ['email måste vara en giltig e-postadress'],
      phone: ['phone måste vara ett telefonnummer, till exempel +46 70 123 45 67'],
      name: ['name måste vara ett namn, utan radbrytningar eller webbadresser'],
    });
    const noStay = await staff(request(server()).post('/api/admin/bookings')).send({ ...body, stayPackageId: 9999, payment: 'on_arrival' }).expect(400);
    expect(noStay.body.message).toBe('Det finns inget boendepaket med id 9999.');
    await request(server()).post('/api/admin/bookings').send({ ...body, payment: 'on_arrival' }).expect(401);
    const log = (await staff(request(server()).get('/api/admin/audit-log').query({ limit: 10 })).expect(200)).body.data;
    expect(log.some((entry: { action: string; target: string }) => entry.action === 'booking.create' && entry.target === `booking:${paid.reference}`)).toBe(true);
  });

  it('Takes a German caller’s booking in German: the booking keeps the language, and the confirmation speaks it', async () => {
    const departure = await departureIn(15 * 24 + 2, 6);
    const started = Date.now();
    const body = { departureId: departure.id, guests: 2, name: 'Heike Müller', email: `heike${Date.now()}@example.com`, payment: 'on_arrival', language: 'de' };
    const booked = (await staff(request(server()).post('/api/admin/bookings')).send(body).expect(201)).body as AdminBookingRow;
    expect(booked.language).toBe('de');
    await deliverMail(sut.app);
    const mail = outboxMails(outbox, started).find((item) => item.includes(booked.reference) && item.includes(body.email));
    expect(mail).toMatch(/Subject: .*(Buchung|bestätigt)/);
    await staff(request(server()).post('/api/admin/bookings')).send({ ...body, language: 'fi' }).expect(400);
  });

  it('Moves a booking by the guest\'s rules: a cheaper date refunds the card difference, the guest is mailed', async () => {
    const from = await departureIn(25 * 24);
    const cheaper = await departureIn(26 * 24);
    await dataSource().getRepository(Departure).update({ id: cheaper.id }, { priceSek: 1000 });
    const reference = await paidByCard(from.id, 2);
    const started = Date.now();
    const moved = (await staff(request(server()).post(`/api/admin/bookings/${reference}/move`)).send({ departureId: cheaper.id }).expect(200)).body as AdminBookingRow;
    expect(moved).toMatchObject({ departure: { id: cheaper.id }, totalSek: 2000, paidAmountSek: 2000, paymentStatus: 'paid' });
    await settleRefunds(sut.app);
    expect(standIn.callsTo('/v1/refunds').find((call) => call.idempotencyKey === `refund-${reference}-changed-${from.id}-adult2-to-${cheaper.id}-adult2`)).toBeDefined();
    expect(outboxMails(outbox, started).find((mail) => mail.includes(reference) && mail.includes('Subject: Your booking has been changed'))).toContain('We are refunding the difference');

    const dearer = await departureIn(27 * 24);
    await dataSource().getRepository(Departure).update({ id: dearer.id }, { priceSek: 3000 });
    const flagged = (await staff(request(server()).post(`/api/admin/bookings/${reference}/move`)).send({ departureId: dearer.id }).expect(200)).body as AdminBookingRow;
    expect(flagged.attention).toBe('Flyttad: betalt 2000 kr, nytt totalbelopp 6000 kr; ta betalt för mellanskillnaden 4000 kr.');
  });

  it('Marks guests checked in or no-show at the meeting point, and shows it on the manifest', async () => {
    const departure = await departureIn(3 * 24);
    const booked = (await staff(request(server()).post('/api/admin/bookings')).send({ departureId: departure.id, guests: 2, name: 'Checked Guest', email: `checked${Date.now()}@example.com`, payment: 'on_arrival', notify: false }).expect(201)).body as AdminBookingRow;
    const marked = (await staff(request(server()).patch(`/api/admin/bookings/${booked.reference}/attendance`)).send({ attendance: 'checked_in' }).expect(200)).body as AdminBookingRow;
    expect(marked.attendance).toBe('checked_in');
    const manifest = (await staff(request(server()).get(`/api/admin/tour-dates/${departure.id}/manifest`)).expect(200)).body;
    // Marked in the office: the whole party, now, on no phone.
    expect(manifest.passengers).toEqual([expect.objectContaining({ reference: booked.reference, attendance: 'checked_in', checkedInGuests: 2, attendanceDevice: null, attendanceAt: expect.any(String) })]);
    await staff(request(server()).patch(`/api/admin/bookings/${booked.reference}/attendance`)).send({ attendance: 'late' }).expect(400);
    await staff(request(server()).patch(`/api/admin/bookings/${booked.reference}/attendance`)).send({ attendance: null }).expect(200);
    await staff(request(server()).post(`/api/admin/bookings/${booked.reference}/cancel`)).expect(200);
    const refused = await staff(request(server()).patch(`/api/admin/bookings/${booked.reference}/attendance`)).send({ attendance: 'no_show' }).expect(409);
    expect(refused.body.message).toBe('Bara bekräftade bokningar kan checkas in (denna är avbokad).');
  });

  it('Sends one reminder per booking REMINDER_HOURS before the start, even with two processes at it', async () => {
    const second = await createTestApp();
    try {
      const departure = await departureIn(40, 8);
      const made: AdminBookingRow[] = [];
      for (let index = 0; index < 4; index++) {
        made.push((await staff(request(server()).post('/api/admin/bookings')).send({ departureId: departure.id, guests: 1, name: `Reminded ${index}`, email: `reminded${index}.${Date.now()}@example.com`, payment: 'on_arrival' }).expect(201)).body as AdminBookingRow);
      }
      // Three were booked days ago; the fourth only now, inside the window: its confirmation says it all.
      for (const booking of made.slice(0, 3)) await moveBookingClocks(dataSource(), { reference: booking.reference }, { createdAt: new Date(Date.now() - 5 * 24 * HOUR) });
      await staff(request(server()).post(`/api/admin/bookings/${made[2].reference}/cancel`)).expect(200);
      const later = await departureIn(60, 8);
      const notYet = (await staff(request(server()).post('/api/admin/bookings')).send({ departureId: later.id, guests: 1, name: 'Not Yet', email: `notyet.${Date.now()}@example.com`, payment: 'on_arrival' }).expect(201)).body as AdminBookingRow;
      await moveBookingClocks(dataSource(), { reference: notYet.reference }, { createdAt: new Date(Date.now() - 5 * 24 * HOUR) });

      await Promise.all([sut.app.get(ReminderWorker).drain(), second.get(ReminderWorker).drain(), sut.app.get(ReminderWorker).drain(), second.get(ReminderWorker).drain()]);
      const reminders = async (reference: string) => dataSource().getRepository(OutboxMail).countBy({ bookingReference: reference, topic: 'booking.reminder' });
      expect(await reminders(made[0].reference)).toBe(1);
      expect(await reminders(made[1].reference)).toBe(1);
      expect(await reminders(made[2].reference)).toBe(0);
      expect(await reminders(made[3].reference)).toBe(0);
      expect(await reminders(notYet.reference)).toBe(0);

      const row = (await staff(request(server()).get(`/api/admin/bookings/${made[0].reference}`)).expect(200)).body as AdminBookingRow;
      expect(row.reminderSentAt).not.toBeNull();
      await deliverMail(sut.app);
      const mail = outboxMails(outbox).find((item) => item.includes(made[0].reference) && item.includes('Subject: See you soon'));
      expect(mail).toContain('Meeting point: Kiruna bus station');
      expect(mail).toContain('What to wear:');
      expect(mail).toMatch(/Manage your booking: https:\/\/norrsken\.test\/booking\/manage\/\?token=/);
    } finally {
      await second.close();
    }
  });
});
