import request from 'supertest';
import { DataSource } from 'typeorm';

import type { AdminBookingRow, ManifestView } from '../shared/admin-types';
import { formatSekIn } from '../shared/company';
import type { ManagedBooking } from '../shared/api-types';
import { Booking } from '../src/bookings/booking.entity';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { LinkTokens } from '../src/common/links/link-tokens';
import { AppConfig } from '../src/config/app-config';
import { Departure } from '../src/departures/departure.entity';
import { MinimumDecisions } from '../src/departures/minimum-decisions';
import { useTestApp } from './support/app';
import { aGuestEmail, bookingBuilders } from './support/bookings';
import { createTestDeparture, newClientAddress, staffToken } from './support/fixtures';

const TOUR = 'ice-fishing-on-the-torne-river';

/**
 * Money and limits held where the booking changes (the writer and the transitions table), tried
 * through the paths the attack of issue 44 took: the manage link, staff's phone booking, a
 * reseller's booking, a cancelled date, the minimum decision.
 */
describe('Every change paid for, on every channel (MySQL)', () => {
  const sut = useTestApp();
  const builders = bookingBuilders(sut);
  const dataSource = () => sut.app.get(DataSource);
  let token: string;
  beforeAll(async () => {
    token = await staffToken(dataSource(), sut.server);
  });
  const staff = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${token}`);
  const manageToken = (reference: string) => new LinkTokens(sut.app.get(AppConfig).key('booking-manage-link')).issue(reference, new Date(Date.now() + 30 * 86_400_000));
  const stored = (reference: string) => dataSource().getRepository(Booking).findOneByOrFail({ reference });
  const staffView = async (reference: string) => (await staff(request(sut.server).get(`/api/admin/bookings/${reference}`)).expect(200)).body as AdminBookingRow;
  const departure = (daysAhead = 20, capacity = 8) => createTestDeparture(dataSource(), TOUR, { daysAhead, capacity });

  it("1. Refuses to grow a reseller's paid booking through the guest's manage link, and changes nothing", async () => {
    const target = await departure();
    const sold = await builders.aResellerBooking(target.id, [{ category: 'adult', quantity: 1 }], { emailReceipt: true });
    const refused = await request(sut.server).post(`/api/manage/${manageToken(sold.reference)}/change`).send({ guests: 8 }).expect(409);
    expect(refused.body.message).toBe('This booking was bought through one of our partners: please ask them to change it, or call us on +46 980 123 45.');
    expect(await stored(sold.reference)).toMatchObject({ seats: 1, totalSek: sold.totalSek, paymentStatus: 'paid', paymentMethod: 'reseller' });
  });

  it('1. Makes the difference due on arrival when a phone booking paid on site grows, and staff see what to collect', async () => {
    const target = await departure();
    const taken = (
      await staff(request(sut.server).post('/api/admin/bookings')).send({ departureId: target.id, guests: 1, name: 'Phone Guest', email: aGuestEmail(), payment: 'paid', paidNote: 'Kontant', notify: false }).expect(201)
    ).body as AdminBookingRow;
    expect(taken).toMatchObject({ paymentStatus: 'paid', owedSek: 0, paidAmountSek: taken.totalSek });
    const grown = (await request(sut.server).post(`/api/manage/${manageToken(taken.reference)}/change`).send({ guests: 4 }).expect(200)).body as ManagedBooking;
    const row = await staffView(taken.reference);
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'due_on_arrival', paidAmountSek: taken.totalSek, owedSek: row.totalSek - taken.totalSek });
    expect(row.totalSek).toBeGreaterThan(taken.totalSek);
    expect(grown).toMatchObject({ paidSek: taken.totalSek, dueSek: row.totalSek - taken.totalSek });
    // The manifest says what to collect at the meeting point.
    const manifest = (await staff(request(sut.server).get(`/api/admin/tour-dates/${target.id}/manifest`)).expect(200)).body as ManifestView;
    expect(manifest.passengers.find((passenger) => passenger.reference === taken.reference)).toMatchObject({ paymentStatus: 'due_on_arrival', owedSek: row.totalSek - taken.totalSek });
    // The guest's mail says what is left to pay, not the whole new total.
    const changed = await dataSource().getRepository(OutboxMail).findOneByOrFail({ bookingReference: taken.reference, topic: 'booking.changed' });
    expect(changed.message.text).toContain(`To pay on arrival: ${formatSekIn('en', row.totalSek - taken.totalSek)}.`);
    // Paid on the day: the whole new price held, nothing owed.
    expect((await staff(request(sut.server).post(`/api/admin/bookings/${taken.reference}/mark-paid`)).expect(200)).body).toMatchObject({ paymentStatus: 'paid', owedSek: 0, paidAmountSek: row.totalSek });
  });

  it("Refunds the card difference when a card booking staff moved to a dearer date gets fewer guests (the booking model's third counterexample)", async () => {
    const [cheap, dear] = [await departure(29), await departure(30)];
    const paid = await builders.paidByCard(cheap.id, { guests: 2 });
    // Dearer per guest, so that two cost more than was paid and one less.
    const dearPrice = Math.round((paid.totalSek / 2) * 1.5);
    await dataSource().getRepository(Departure).update({ id: dear.id }, { priceSek: dearPrice });
    await staff(request(sut.server).post(`/api/admin/bookings/${paid.reference}/move`)).send({ departureId: dear.id }).expect(200);
    expect(await staffView(paid.reference)).toMatchObject({ paymentStatus: 'due_on_arrival', paidAmountSek: paid.totalSek, owedSek: 2 * dearPrice - paid.totalSek });
    // Before: a 500 (the change was priced as if nothing had been paid by card).
    await request(sut.server).post(`/api/manage/${manageToken(paid.reference)}/change`).send({ guests: 1 }).expect(200);
    const row = await staffView(paid.reference);
    expect(row).toMatchObject({ totalSek: dearPrice, paymentStatus: 'paid', owedSek: 0, paidAmountSek: dearPrice });
    expect(row.refunds.map((refund) => refund.amountSek)).toEqual([paid.totalSek - dearPrice]);
  });

  it('Tells staff to give back what was taken on site when a booking that grew after it was paid is cancelled, and only that', async () => {
    const target = await departure(33);
    const taken = (
      await staff(request(sut.server).post('/api/admin/bookings')).send({ departureId: target.id, guests: 1, name: 'Phone Guest', email: aGuestEmail(), payment: 'paid', notify: false }).expect(201)
    ).body as AdminBookingRow;
    await request(sut.server).post(`/api/manage/${manageToken(taken.reference)}/change`).send({ guests: 3 }).expect(200);
    const cancelled = (await staff(request(sut.server).post(`/api/admin/bookings/${taken.reference}/cancel`)).expect(200)).body as AdminBookingRow;
    // Before: "due on arrival" hid the money taken on site, and nobody was told to give it back.
    expect(cancelled).toMatchObject({ status: 'cancelled', repayableSek: taken.totalSek, attention: `Avbokad efter betalning på plats: betala tillbaka ${taken.totalSek} kr till gästen.` });
  });

  it('2. Counts a party grown through the manage link against the unpaid-seat limit', async () => {
    const email = aGuestEmail();
    const address = newClientAddress();
    const targets = await Promise.all([21, 22, 23].map((days) => departure(days)));
    const references: string[] = [];
    for (const target of targets) {
      const held = await builders.aHold(target.id, { guests: 1, email }, address);
      await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).expect(200);
      references.push(held.reference);
    }
    await request(sut.server).post(`/api/manage/${manageToken(references[0])}/change`).send({ guests: 8 }).expect(200);
    const refused = await request(sut.server).post(`/api/manage/${manageToken(references[1])}/change`).send({ guests: 8 }).expect(429);
    expect(refused.body.message).toBe('You already have 9 unpaid seats on upcoming tours; we keep at most 16 for one guest without payment. Please pay for or cancel a booking first, or call us on +46 980 123 45.');
    expect((await stored(references[1])).seats).toBe(1);
  });

  it('3. Refuses to "rebook" an unpaid hold on a date staff cancelled: it was never sold', async () => {
    const [cancelled, later] = [await departure(24), await departure(25)];
    const held = await builders.aHold(cancelled.id, { guests: 2 });
    await staff(request(sut.server).patch(`/api/admin/tour-dates/${cancelled.id}`)).send({ status: 'cancelled' }).expect(200);
    const refused = await request(sut.server).post(`/api/manage/${manageToken(held.reference)}/rebook`).send({ departureId: later.id }).expect(409);
    expect(refused.body.message).toBe('This booking was never confirmed, so there is nothing to move: please book again; the seats may still be available.');
    expect(await stored(held.reference)).toMatchObject({ status: 'cancelled', departureId: cancelled.id });
    expect(((await request(sut.server).get(`/api/manage/${manageToken(held.reference)}`).expect(200)).body as ManagedBooking).cancelledByUs).toBe(false);
  });

  it('4. Decides the minimum on confirmed seats only: a hold that may lapse does not make a date "met"', async () => {
    const target = await departure(2);
    // Its decision time (49 hours before a start 48 to 49 hours away) has just passed; the hold is live.
    await dataSource().getRepository(Departure).update({ id: target.id }, { minGuests: 2, decisionHours: 49 });
    await builders.aHold(target.id, { guests: 4 });
    await sut.app.get(MinimumDecisions).decideDue(new Date());
    expect((await dataSource().getRepository(Departure).findOneByOrFail({ id: target.id })).minimumStatus).toBe('flagged');
  });

  it('5. Lets staff record money taken on site as given back; a free rebook afterwards is due on arrival, not "paid"', async () => {
    const [cancelled, later, third] = [await departure(26), await departure(27), await departure(28)];
    const book = async () =>
      ((await staff(request(sut.server).post('/api/admin/bookings')).send({ departureId: cancelled.id, guests: 2, name: 'Site Guest', email: aGuestEmail(), payment: 'paid', notify: false }).expect(201)).body as AdminBookingRow).reference;
    const [repaid, kept] = [await book(), await book()];
    await staff(request(sut.server).patch(`/api/admin/tour-dates/${cancelled.id}`)).send({ status: 'cancelled' }).expect(200);
    const flagged = await staffView(repaid);
    expect(flagged.attention).toMatch(/betala tillbaka/);
    expect(flagged.repayableSek).toBe(flagged.totalSek);
    const recorded = (await staff(request(sut.server).post(`/api/admin/bookings/${repaid}/repaid`)).expect(200)).body as AdminBookingRow;
    expect(recorded).toMatchObject({ attention: null, repayableSek: 0, paymentStatus: 'refunded', paidAmountSek: 0 });
    await staff(request(sut.server).post(`/api/admin/bookings/${repaid}/repaid`)).expect(409);

    await request(sut.server).post(`/api/manage/${manageToken(repaid)}/rebook`).send({ departureId: later.id }).expect(200);
    expect(await staffView(repaid)).toMatchObject({ status: 'confirmed', paymentStatus: 'due_on_arrival', owedSek: flagged.totalSek });
    // Not given back: the money taken on site pays for the new date.
    await request(sut.server).post(`/api/manage/${manageToken(kept)}/rebook`).send({ departureId: third.id }).expect(200);
    expect(await staffView(kept)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', owedSek: 0, attention: null });
  });

  it("Keeps telling staff to give back what a booking paid on site holds beyond its price, through a cancelled date and a free rebook (the booking model's fourth counterexample)", async () => {
    const [cancelled, later] = [await departure(31), await departure(32)];
    const taken = (await staff(request(sut.server).post('/api/admin/bookings')).send({ departureId: cancelled.id, guests: 2, name: 'Site Guest', email: aGuestEmail(), payment: 'paid', notify: false }).expect(201)).body as AdminBookingRow;
    await request(sut.server).post(`/api/manage/${manageToken(taken.reference)}/change`).send({ guests: 1 }).expect(200);
    expect(await staffView(taken.reference)).toMatchObject({ repayableSek: taken.totalSek / 2, attention: expect.stringMatching(/betala tillbaka/) });
    await staff(request(sut.server).patch(`/api/admin/tour-dates/${cancelled.id}`)).send({ status: 'cancelled' }).expect(200);
    await request(sut.server).post(`/api/manage/${manageToken(taken.reference)}/rebook`).send({ departureId: later.id }).expect(200);
    // Before: the rebook cleared the note, and the money held beyond the price was shown to nobody.
    expect(await staffView(taken.reference)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', repayableSek: taken.totalSek / 2, attention: expect.stringMatching(/betala tillbaka/) });
    await staff(request(sut.server).post(`/api/admin/bookings/${taken.reference}/repaid`)).expect(200);
    expect(await staffView(taken.reference)).toMatchObject({ repayableSek: 0, attention: null, paidAmountSek: taken.totalSek / 2, owedSek: 0 });
  });
});
