import { join } from 'node:path';

import request from 'supertest';
import { DataSource } from 'typeorm';

import type { AdminBookingRow, TourBookingOptions } from '../shared/admin-types';
import type { BookingSummary, ListResponse, ManagedBooking, TourDetail } from '../shared/api-types';
import { balanceDueAt } from '../shared/deposits';
import { BookingRefund } from '../src/bookings/booking-refund.entity';
import { Booking } from '../src/bookings/booking.entity';
import { Reminders } from '../src/bookings/lifecycle/reminders.service';
import { Departure } from '../src/departures/departure.entity';
import { Tour } from '../src/tours/tour.entity';
import { deliverMail, settleRefunds, useCardPaymentApp } from './support/app';
import { aGuestEmail, manageTokenOf } from './support/bookings';
import { createTestDeparture, newClientAddress, outboxMails } from './support/fixtures';
import { sendStripeEvent } from './support/stripe-stand-in';

const outbox = join(process.env.DATA_DIR!, 'outbox');
// An overnight tour: what a deposit is for.
const CABIN = 'aurora-night-at-a-mountain-cabin-abisko';
const DAY_MS = 86_400_000;

describe('Deposits: a share by card now, the balance by its day (MySQL, Stripe stand-in)', () => {
  const sut = useCardPaymentApp();
  const server = () => sut.app.getHttpServer();
  const dataSource = () => sut.app.get(DataSource);
  const staff = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${sut.token}`);
  const sessionOf = (url: string) => /pay\/(cs_test_\d+)$/.exec(url)![1];
  const pay = (sessionId: string) => sendStripeEvent(server(), 'checkout.session.completed', sut.standIn.pay(sessionId)).expect(200);
  const lastSession = () => sut.standIn.callsTo('/v1/checkout/sessions').at(-1)!.body;
  const bookingOf = (reference: string) => dataSource().getRepository(Booking).findOneByOrFail({ reference });
  const mailsSince = async (since: number, about: string) => {
    await deliverMail(sut.app);
    return outboxMails(outbox, since).filter((mail) => mail.includes(about));
  };
  let tourId: number;
  let original: TourBookingOptions;

  const hold = async (departureId: number, guests = 2) =>
    (await request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId, guests, name: 'Deposit Guest', email: aGuestEmail() }).expect(201)).body as BookingSummary;
  const checkout = (reference: string, body: object) => request(server()).post(`/api/bookings/${reference}/checkout`).set('X-Forwarded-For', newClientAddress()).send(body);

  /** A booking on a departure `daysAhead` away whose guest paid the deposit: its summary, and the deposit in kronor. */
  async function aDepositPaid(daysAhead = 120): Promise<{ booking: BookingSummary; depositSek: number; startsAt: Date }> {
    const departure = await createTestDeparture(dataSource(), CABIN, { daysAhead });
    const booking = await hold(departure.id);
    // The hold offers the tour's terms (the checkout page's choice, when the booking page's checkout did not go through).
    expect(booking.depositTerms).toEqual({ depositPercent: 30, depositSek: null, balanceDueDays: 30 });
    const answer = await checkout(booking.reference, { deposit: true }).expect(200);
    const depositSek = Math.ceil((booking.totalSek * 30) / 100);
    expect(lastSession().get('line_items[0][price_data][unit_amount]')).toBe(String(depositSek * 100));
    await pay(sessionOf(answer.body.redirectUrl));
    // As the database keeps it (whole seconds on MySQL): the balance's day is counted from it.
    return { booking, depositSek, startsAt: (await dataSource().getRepository(Departure).findOneByOrFail({ id: departure.id })).startsAt };
  }

  beforeAll(async () => {
    tourId = (await dataSource().getRepository(Tour).findOneByOrFail({ slug: CABIN })).id;
    original = (await staff(request(server()).get(`/api/admin/tours/${tourId}/booking-options`)).expect(200)).body as TourBookingOptions;
  });
  // The tour asks 30 % with the balance 30 days before, for each test; as it was after each (while the app still runs), for the other suites.
  beforeEach(async () => {
    const saved = (await staff(request(server()).put(`/api/admin/tours/${tourId}/booking-options`)).send({ ...original, depositPercent: 30, depositSek: null, balanceDueDays: 30 }).expect(200)).body as TourBookingOptions;
    expect(saved).toMatchObject({ depositPercent: 30, depositSek: null, balanceDueDays: 30 });
  });
  afterEach(async () => {
    await staff(request(server()).put(`/api/admin/tours/${tourId}/booking-options`)).send(original).expect(200);
  });

  it('Staff set a deposit as a share or an amount, never both; the tour page states it', async () => {
    const both = await staff(request(server()).put(`/api/admin/tours/${tourId}/booking-options`)).send({ ...original, depositPercent: 30, depositSek: 1000, balanceDueDays: 30 }).expect(400);
    expect(both.body.message).toContain('inte båda');
    await staff(request(server()).put(`/api/admin/tours/${tourId}/booking-options`)).send({ ...original, depositPercent: 100, balanceDueDays: 30 }).expect(400);
    const tour = (await request(server()).get(`/api/tours/${CABIN}`).expect(200)).body as TourDetail;
    expect(tour.deposit).toEqual({ depositPercent: 30, depositSek: null, balanceDueDays: 30 });
  });

  it('The guest pays the deposit by card: confirmed with the balance owed by its day, told in the mail, listed for staff', async () => {
    const since = Date.now() - 1000;
    const { booking, depositSek, startsAt } = await aDepositPaid();
    expect(lastSession().get('line_items[0][price_data][product_data][name]')).toContain('Deposit');
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'confirmed', paymentStatus: 'deposit_paid', paidAmountOre: depositSek * 100, depositOre: depositSek * 100, balanceDueDays: 30 });

    const balanceSek = booking.totalSek - depositSek;
    const dueAt = balanceDueAt(startsAt, 30).toISOString();
    const summary = (await request(server()).get(`/api/bookings/${booking.reference}`).expect(200)).body as BookingSummary;
    expect(summary.deposit).toEqual({ depositSek, balanceSek, balanceDueAt: dueAt, late: false });

    const [confirmation] = await mailsSince(since, booking.reference);
    expect(confirmation).toContain('Deposit paid');
    expect(confirmation).toContain('You paid a deposit of');
    expect(confirmation).toContain('The deposit is kept if you cancel');

    const owed = (await staff(request(server()).get('/api/admin/deposits')).expect(200)).body as ListResponse<AdminBookingRow>;
    expect(owed.data.find((row) => row.reference === booking.reference)).toMatchObject({ owedSek: balanceSek, paymentStatus: 'deposit_paid', deposit: { depositSek, balanceSek, late: false } });
  });

  it('Reminds the guest of the balance once at each set day before it is due, then the balance is paid through the manage page', async () => {
    const { booking, depositSek, startsAt } = await aDepositPaid();
    const reminders = sut.app.get(Reminders);
    const dueAt = balanceDueAt(startsAt, 30).getTime();
    const balanceMails = async (since: number) => (await mailsSince(since, booking.reference)).filter((mail) => mail.includes('is due soon'));

    const since = Date.now() - 1000;
    await reminders.sendBalanceReminders(new Date(dueAt - 10 * DAY_MS));
    expect((await bookingOf(booking.reference)).balanceRemindersSent).toBe(0);
    // Seven days before, then again (another process, a restart): one mail.
    await reminders.sendBalanceReminders(new Date(dueAt - 6 * DAY_MS));
    await reminders.sendBalanceReminders(new Date(dueAt - 6 * DAY_MS + 60_000));
    expect((await bookingOf(booking.reference)).balanceRemindersSent).toBe(1);
    expect(await balanceMails(since)).toHaveLength(1);
    expect((await balanceMails(since))[0]).toContain(`Pay the balance of`);
    await reminders.sendBalanceReminders(new Date(dueAt - 1 * DAY_MS));
    expect((await bookingOf(booking.reference)).balanceRemindersSent).toBe(2);
    expect(await balanceMails(since)).toHaveLength(2);

    const token = await manageTokenOf(sut.app, booking.reference);
    const managed = (await request(server()).get(`/api/manage/${token}`).expect(200)).body as ManagedBooking;
    expect(managed).toMatchObject({ paymentStatus: 'deposit_paid', dueSek: booking.totalSek - depositSek, deposit: { balanceSek: booking.totalSek - depositSek } });
    const { paymentUrl } = (await request(server()).post(`/api/manage/${token}/balance`).expect(200)).body as { paymentUrl: string };
    expect(lastSession().get('line_items[0][price_data][unit_amount]')).toBe(String((booking.totalSek - depositSek) * 100));
    expect(lastSession().get('metadata[balance]')).toBe('true');
    await pay(sessionOf(paymentUrl));
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paidAmountOre: booking.totalSek * 100 });
    // Nothing more to pay: no session, and no longer on staff's list.
    await request(server()).post(`/api/manage/${token}/balance`).expect(409);
    const owed = (await staff(request(server()).get('/api/admin/deposits')).expect(200)).body as ListResponse<AdminBookingRow>;
    expect(owed.data.some((row) => row.reference === booking.reference)).toBe(false);

    // The guest cancels in the free period: all but the deposit goes back, as the terms said.
    const cancelSince = Date.now() - 1000;
    await request(server()).post(`/api/manage/${token}/cancel`).expect(200);
    const refunds = await dataSource().getRepository(BookingRefund).find({ where: { bookingId: (await bookingOf(booking.reference)).id } });
    expect(refunds.reduce((sum, refund) => sum + refund.amountOre, 0)).toBe((booking.totalSek - depositSek) * 100);
    await settleRefunds(sut.app);
    const cancelled = (await mailsSince(cancelSince, booking.reference)).find((mail) => mail.includes('has been cancelled'))!;
    expect(cancelled).toContain('the deposit of');
  });

  it('Flags a balance past its day to staff once, and keeps the booking; a guest who cancels then keeps nothing back of the deposit', async () => {
    const { booking, depositSek, startsAt } = await aDepositPaid();
    const reminders = sut.app.get(Reminders);
    const dueAt = balanceDueAt(startsAt, 30).getTime();
    const since = Date.now() - 1000;
    await reminders.sendBalanceReminders(new Date(dueAt + 3_600_000));
    await reminders.sendBalanceReminders(new Date(dueAt + 7_200_000));
    const late = await bookingOf(booking.reference);
    expect(late).toMatchObject({ status: 'confirmed', paymentStatus: 'deposit_paid' });
    expect(late.balanceLateAt).not.toBeNull();
    expect(late.attention).toContain('Resten');
    const staffMails = (await mailsSince(since, booking.reference)).filter((mail) => mail.includes('Resten obetald'));
    expect(staffMails).toHaveLength(1);
    // The flag is staff's: the guest's page reads it as the booking's own state (late from the day on).
    const owed = (await staff(request(server()).get('/api/admin/deposits')).expect(200)).body as ListResponse<AdminBookingRow>;
    expect(owed.data.find((row) => row.reference === booking.reference)?.attention).toContain('Resten');

    const token = await manageTokenOf(sut.app, booking.reference);
    const cancelSince = Date.now() - 1000;
    await request(server()).post(`/api/manage/${token}/cancel`).expect(200);
    expect(await dataSource().getRepository(BookingRefund).countBy({ bookingId: late.id })).toBe(0);
    const cancelled = (await mailsSince(cancelSince, booking.reference)).find((mail) => mail.includes('has been cancelled'))!;
    expect(cancelled).toContain(`deposit of`);
    expect(cancelled).toContain('is kept');
    expect(depositSek).toBeGreaterThan(0);
  });

  it('A larger party through the manage link grows the balance, not a card payment now', async () => {
    const { booking, depositSek } = await aDepositPaid();
    const token = await manageTokenOf(sut.app, booking.reference);
    const changed = (await request(server()).post(`/api/manage/${token}/change`).send({ guests: 3 }).expect(200)).body as ManagedBooking & { paymentUrl?: string };
    expect(changed.paymentUrl).toBeUndefined();
    expect(changed).toMatchObject({ paymentStatus: 'deposit_paid', dueSek: changed.totalSek - depositSek });
    expect(changed.totalSek).toBeGreaterThan(booking.totalSek);
  });

  it('Refuses a deposit with a gift card, and where the balance would already be due (the whole price is asked)', async () => {
    const soon = await hold((await createTestDeparture(dataSource(), CABIN, { daysAhead: 20 })).id);
    const tooLate = await checkout(soon.reference, { deposit: true }).expect(400);
    expect(tooLate.body.message).toContain('paid in full');
    const far = await hold((await createTestDeparture(dataSource(), CABIN, { daysAhead: 120 })).id);
    const withCard = await checkout(far.reference, { deposit: true, giftCardCode: 'ABCD-EFGH-JKMN' }).expect(400);
    expect(withCard.body.message).toContain('gift card');
    // The whole price still checks out as before, on a new session.
    await checkout(far.reference, {}).expect(200);
    expect(lastSession().get('line_items[0][price_data][unit_amount]')).not.toBe(String(Math.ceil((far.totalSek * 30) / 100) * 100));
    expect(await bookingOf(far.reference)).toMatchObject({ status: 'held', depositOre: 0 });
  });
});
