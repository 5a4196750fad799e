import request from 'supertest';
import { DataSource } from 'typeorm';

import type { BookingHistoryEntry, DashboardView } from '../shared/admin-types';
import type { BookingSummary } from '../shared/api-types';
import { BookingEvent } from '../src/bookings/booking-event.entity';
import { Booking } from '../src/bookings/booking.entity';
import { BookingsService } from '../src/bookings/bookings.service';
import { HoldSweeperService } from '../src/bookings/hold-sweeper.service';
import { ManageLinks } from '../src/bookings/manage-links.service';
import { mailHtml } from '../src/mail/mail-layout';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { formatStaffTime } from '../shared/staff-words';
import { deliverMail, useTestApp } from './support/app';
import { createTestDeparture, newClientAddress, staffToken } from './support/fixtures';
import { moveBookingClocks } from './support/bookings';

const TOUR = 'daytime-snowshoe-hike-kiruna';

describe("A booking's history and staff told of guests' own changes (MySQL)", () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  let token: string;
  beforeAll(async () => {
    token = await staffToken(dataSource(), sut.server);
  });
  const staff = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${token}`);
  const history = async (reference: string) => ((await staff(request(sut.server).get(`/api/admin/bookings/${reference}/history`)).expect(200)).body as { data: BookingHistoryEntry[] }).data;
  /** The manage token of a booking, as its confirmation mail carries it. */
  const manageToken = async (reference: string) => {
    const booking = await sut.app.get(BookingsService).details(reference);
    return new URL(sut.app.get(ManageLinks).url(booking)).searchParams.get('token')!;
  };

  async function confirmedBooking(departureId: number, guests = 2): Promise<string> {
    const held = (
      await request(sut.server)
        .post('/api/bookings')
        .set('X-Forwarded-For', newClientAddress())
        .send({ departureId, guests, name: 'History Guest', email: `history.${Date.now()}@example.com` })
        .expect(201)
    ).body as BookingSummary;
    await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).expect(200);
    return held.reference;
  }

  it("Lists every transition, mail and staff action with when and who, and tells staff of a guest's change by mail and on the dashboard", async () => {
    const from = await createTestDeparture(dataSource(), TOUR, { daysAhead: 20 });
    const to = await createTestDeparture(dataSource(), TOUR, { daysAhead: 21 });
    const reference = await confirmedBooking(from.id);
    const link = await manageToken(reference);
    await request(sut.server).post(`/api/manage/${link}/change`).send({ departureId: to.id, guests: 3 }).expect(200);
    await staff(request(sut.server).post(`/api/admin/bookings/${reference}/mark-paid`)).expect(200);
    await deliverMail(sut.app);

    const entries = await history(reference);
    const transitions = entries.filter((entry) => entry.kind === 'transition');
    expect(transitions.map((entry) => [entry.what, entry.who])).toEqual([
      ['Platser reserverade', 'Gästen'],
      ['Bekräftad, betalas på plats', 'Gästen'],
      ['Datum eller sällskap ändrat av gästen', 'Gästen'],
      ['Betald på plats', 'Personal'],
    ]);
    // In staff's words: states by their Swedish labels, a departure by its time, money in kronor.
    expect(transitions[1].detail).toBe('status: reserverad → bekräftad; betalning: ej betald → betalas på plats');
    const change = new RegExp(`^avgång: ${formatStaffTime(from.startsAt)} → ${formatStaffTime(to.startsAt)}; platser: 2 → 3; totalt: ([\\d\\s]+) kr → ([\\d\\s]+) kr$`).exec(transitions[2].detail ?? '');
    expect(change).not.toBeNull();
    const kronor = (text: string) => Number(text.replace(/\s/g, ''));
    expect(kronor(change![2])).toBe((kronor(change![1]) * 3) / 2);
    // Who on staff's side: the audit log names the address.
    expect(entries.find((entry) => entry.kind === 'staff')).toMatchObject({ what: 'Markerade bokningen som betald på plats', who: expect.stringContaining('@') });
    // The mails: confirmation and staff notice, the change to the guest and the notice of it to staff.
    const mails = entries.filter((entry) => entry.kind === 'mail').map((entry) => entry.what);
    expect(mails).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Mejl: Booking confirmed: /),
        expect.stringMatching(/^Mejl: Ny bokning /),
        expect.stringMatching(/^Mejl: Your booking has been changed/),
        `Mejl: Gästen ändrade ${reference}: Daytime Snowshoe Hike in Kiruna`,
      ]),
    );
    expect(entries.map((entry) => entry.at)).toEqual([...entries.map((entry) => entry.at)].sort());

    const notice = await dataSource().getRepository(OutboxMail).findOneByOrFail({ bookingReference: reference, topic: 'booking.guest-change-notice' });
    expect(notice.recipient).toBe('booking@norrsken-arctic.se');
    expect(notice.status).toBe('sent');
    const dashboard = (await staff(request(sut.server).get('/api/admin/dashboard')).expect(200)).body as DashboardView;
    expect(dashboard.guestChanges.find((change) => change.reference === reference)).toMatchObject({
      change: 'changed',
      name: 'History Guest',
      tourTitle: 'Daytime Snowshoe Hike in Kiruna',
      detail: expect.stringMatching(new RegExp(`^avgång: ${formatStaffTime(from.startsAt)} → ${formatStaffTime(to.startsAt)}; platser: 2 → 3; totalt: `)),
    });
  });

  it('Names what staff did in their words: a move by its departures, a cancellation by what it was', async () => {
    const from = await createTestDeparture(dataSource(), TOUR, { daysAhead: 24 });
    const to = await createTestDeparture(dataSource(), TOUR, { daysAhead: 25 });
    const reference = await confirmedBooking(from.id, 1);
    await staff(request(sut.server).post(`/api/admin/bookings/${reference}/move`)).send({ departureId: to.id }).expect(200);
    await staff(request(sut.server).post(`/api/admin/bookings/${reference}/cancel`)).expect(200);
    const entries = await history(reference);
    expect(entries.filter((entry) => entry.kind === 'staff').map((entry) => [entry.what, entry.detail])).toEqual([
      ['Flyttade bokningen', `från ${formatStaffTime(from.startsAt)} till ${formatStaffTime(to.startsAt)}`],
      ['Avbokade bokningen', 'var bekräftad; kortbetalning återbetalas: nej'],
    ]);
    expect(entries.find((entry) => entry.what === 'Flyttad av personal')?.detail).toBe(`avgång: ${formatStaffTime(from.startsAt)} → ${formatStaffTime(to.startsAt)}`);
    // No raw value of ours is left for staff to decode (the guest's mails are in the guest's language).
    for (const entry of entries.filter((entry) => entry.kind !== 'mail')) expect(`${entry.what} ${entry.detail}`).not.toMatch(/held|confirmed|due_on_arrival|booking\.|\{/);
  });

  it('Tells staff when a guest cancels a confirmed booking, once, though the guest sends it twice at once', async () => {
    const departure = await createTestDeparture(dataSource(), TOUR, { daysAhead: 22 });
    const reference = await confirmedBooking(departure.id);
    const link = await manageToken(reference);
    const answers = await Promise.all([0, 1].map(() => request(sut.server).post(`/api/manage/${link}/cancel`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const booking = await dataSource().getRepository(Booking).findOneByOrFail({ reference });
    const events = await dataSource().getRepository(BookingEvent).findBy({ bookingId: booking.id });
    expect(events.map((event) => event.transition)).toEqual(['hold', 'confirmOnArrival', 'cancelWithLink']);
    expect(await dataSource().getRepository(OutboxMail).countBy({ bookingReference: reference, topic: 'booking.guest-change-notice' })).toBe(1);
    const notice = await dataSource().getRepository(OutboxMail).findOneByOrFail({ bookingReference: reference, topic: 'booking.guest-change-notice' });
    expect(notice.message.text).toContain(`History Guest avbokade sin bokning ${reference} via sin bokningslänk.`);
    expect(notice.message.text).toContain('Tur: Daytime Snowshoe Hike in Kiruna');
    // Its HTML part, from the same content: in Swedish, with a button to the booking in the admin.
    const html = mailHtml(notice.message.layout!);
    expect(html).toContain('lang="sv"');
    expect(html).toMatch(new RegExp(`<a href="[^"]*/secure-admin-42/bookings/\\?q=${reference}"[^>]*>[\\s\\S]*?Se bokningen`));
    const dashboard = (await staff(request(sut.server).get('/api/admin/dashboard')).expect(200)).body as DashboardView;
    expect(dashboard.guestChanges.find((change) => change.reference === reference)).toMatchObject({ change: 'cancelled' });
  });

  it('Records a lapsed hold as the system, and no notice for a hold the guest lets go', async () => {
    const departure = await createTestDeparture(dataSource(), TOUR, { daysAhead: 23 });
    const held = (
      await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 1, name: 'Lapse Guest', email: `lapse.${Date.now()}@example.com` }).expect(201)
    ).body as BookingSummary;
    await moveBookingClocks(dataSource(), { reference: held.reference }, { holdExpiresAt: new Date(Date.now() - 60_000) });
    await sut.app.get(HoldSweeperService).sweep();
    const entries = await history(held.reference);
    expect(entries.filter((entry) => entry.kind === 'transition').map((entry) => [entry.what, entry.who, entry.detail])).toEqual([
      ['Platser reserverade', 'Gästen', expect.stringContaining('status: reserverad')],
      ['Reservationen gick ut', 'Systemet', 'status: reserverad → förfallen'],
    ]);
    expect(await dataSource().getRepository(OutboxMail).countBy({ bookingReference: held.reference, topic: 'booking.guest-change-notice' })).toBe(0);
  });

  it('Answers 404 for an unknown booking and 401 without a token', async () => {
    await staff(request(sut.server).get('/api/admin/bookings/NAT-AAAAA-AAAAA/history')).expect(404);
    await request(sut.server).get('/api/admin/bookings/NAT-AAAAA-AAAAA/history').expect(401);
  });
});
