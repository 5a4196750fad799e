import { join } from 'node:path';

import Stripe from 'stripe';
import request from 'supertest';
import { DataSource } from 'typeorm';

import type { AdminBookingRow } from '../shared/admin-types';
import type { BookingSummary } from '../shared/api-types';
import { BookingRefund } from '../src/bookings/booking-refund.entity';
import { Booking } from '../src/bookings/booking.entity';
import { HoldCheckout } from '../src/bookings/lifecycle/hold-checkout.service';
import { RefundWorker } from '../src/bookings/refund.worker';
import { deliverMail, settleRefunds, useCardPaymentApp } from './support/app';
import { createTestDeparture, newClientAddress, outboxMails } from './support/fixtures';
import { sendStripeEvent } from './support/stripe-stand-in';
import { moveBookingClocks } from './support/bookings';
import { waitFor } from './support/time';
import { clock } from '../src/common/clock';

const outbox = join(process.env.DATA_DIR!, 'outbox');
const signer = new Stripe('sk_test_signer');
const SNOWMOBILE = 'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour';
let guestCount = 0;

describe('Card payment with Stripe (MySQL, Stripe stand-in)', () => {
  const sut = useCardPaymentApp();
  afterEach(() => clock.reset());
  const standIn = sut.standIn;
  const server = () => sut.app.getHttpServer();
  const dataSource = () => sut.app.get(DataSource);
  const staff = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${sut.token}`);



  const hold = async (departureId: number, guests: number) =>
    (
      await request(server())
        .post('/api/bookings')
        .set('X-Forwarded-For', newClientAddress())
        .send({ departureId, guests, name: 'Card Guest', email: `card${++guestCount}.${Date.now()}@example.com` })
        .expect(201)
    ).body as BookingSummary;

  const checkout = (reference: string) => request(server()).post(`/api/bookings/${reference}/checkout`);
  const sessionOf = (redirectUrl: string) => /pay\/(cs_test_\d+)$/.exec(redirectUrl)![1];

  async function holdAndCheckout(guests = 2, departureId?: number): Promise<{ booking: BookingSummary; sessionId: string }> {
    const departure = departureId ?? (await createTestDeparture(dataSource(), SNOWMOBILE)).id;
    const booking = await hold(departure, guests);
    const started = await checkout(booking.reference).expect(200);
    return { booking, sessionId: sessionOf(started.body.redirectUrl) };
  }

  const sendEvent = (type: 'checkout.session.completed' | 'checkout.session.expired', object: object, id?: string) => sendStripeEvent(server(), type, object, id);

  /** The guest pays the session on Stripe's page; Stripe tells us. */
  const pay = (sessionId: string, override: object = {}, eventId?: string) => sendEvent('checkout.session.completed', standIn.pay(sessionId, override), eventId);
  const expire = (sessionId: string) => sendEvent('checkout.session.expired', { ...standIn.sessions.get(sessionId), status: 'expired' });
  const bookingOf = (reference: string) => dataSource().getRepository(Booking).findOneByOrFail({ reference });
  const refundsOf = async (reference: string) => dataSource().getRepository(BookingRefund).findBy({ bookingId: (await bookingOf(reference)).id });
  const mailsAbout = (reference: string, since: number) => outboxMails(outbox, since).filter((mail) => mail.includes(reference));
  const manifestGuests = async (departureId: number) => (await staff(request(server()).get(`/api/admin/tour-dates/${departureId}/manifest`)).expect(200)).body.totalGuests as number;

  it('Creates a Checkout Session with the server-computed line items and a key of its own', async () => {
    const { booking, sessionId } = await holdAndCheckout(3);
    expect(booking.checkoutMethod).toBe('stripe');
    const call = standIn.callsTo('/v1/checkout/sessions').at(-1)!;
    expect(call.idempotencyKey).toBe(`checkout-${booking.reference}-1`);
    expect(call.body.get('line_items[0][price_data][unit_amount]')).toBe(String(1950 * 100));
    expect(call.body.get('line_items[0][price_data][currency]')).toBe('sek');
    expect(call.body.get('line_items[0][quantity]')).toBe('3');
    expect(call.body.get('success_url')).toBe(`https://norrsken.test/success/?booking=${booking.reference}`);
    expect(call.body.get('cancel_url')).toBe(`https://norrsken.test/cancel/?booking=${booking.reference}`);
    const stored = await bookingOf(booking.reference);
    expect(stored.stripeSessionId).toBe(sessionId);
    // The hold lasts as long as Stripe's session (at least 30 minutes).
    expect(stored.holdExpiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(stored.holdExpiresAt!.getTime()).toBeGreaterThanOrEqual(stored.stripeSessionExpiresAt!.getTime());
  });

  it('Sends a guest who booked in Swedish or German back to the pages in that language, and opens Stripe in it', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    for (const language of ['sv', 'de'] as const) {
      const held = await request(server())
        .post('/api/bookings')
        .set('X-Forwarded-For', newClientAddress())
        .send({ departureId: departure.id, guests: 1, name: 'Greta Lind', email: `lang.${language}.${Date.now()}@example.com`, language })
        .expect(201);
      const reference = (held.body as BookingSummary).reference;
      expect((await bookingOf(reference)).language).toBe(language);
      await checkout(reference).expect(200);
      const call = standIn.callsTo('/v1/checkout/sessions').at(-1)!;
      expect(call.body.get('success_url')).toBe(`https://norrsken.test/${language}/success/?booking=${reference}`);
      expect(call.body.get('cancel_url')).toBe(`https://norrsken.test/${language}/cancel/?booking=${reference}`);
      expect(call.body.get('locale')).toBe(language);
    }
    const refused = await request(server())
      .post('/api/bookings')
      .set('X-Forwarded-For', newClientAddress())
      .send({ departureId: departure.id, guests: 1, name: 'Greta Lind', email: `lang.fr.${Date.now()}@example.com`, language: 'fr' })
      .expect(400);
    expect(refused.body.fields.language).toEqual(['language must be one of en, sv, de']);
  });

  it('Answers a second checkout with the open session, and a session near its end with a fresh one under a fresh key, never a 5xx', async () => {
    const { booking, sessionId } = await holdAndCheckout(2);
    const calls = standIn.callsTo('/v1/checkout/sessions').length;
    const again = await checkout(booking.reference).expect(200);
    expect(sessionOf(again.body.redirectUrl)).toBe(sessionId);
    expect(standIn.callsTo('/v1/checkout/sessions')).toHaveLength(calls);

    // The session is about to close: a new one, with a new key (Stripe refuses a key reused with a new expires_at).
    await moveBookingClocks(dataSource(), { reference: booking.reference }, { stripeSessionExpiresAt: new Date(Date.now() + 30_000) });
    const fresh = await checkout(booking.reference).expect(200);
    expect(sessionOf(fresh.body.redirectUrl)).not.toBe(sessionId);
    expect(standIn.callsTo('/v1/checkout/sessions').at(-1)!.idempotencyKey).toBe(`checkout-${booking.reference}-2`);

    // The stand-in holds Stripe's rule: the old fixed key with new parameters is refused.
    const reused = new Stripe('sk_test_norrsken', { host: '127.0.0.1', port: Number(new URL(process.env.STRIPE_API_URL!).port), protocol: 'http', maxNetworkRetries: 0 });
    const params = { mode: 'payment' as const, line_items: [{ quantity: 1, price_data: { currency: 'sek', unit_amount: 100, product_data: { name: 'x' } } }] };
    await reused.checkout.sessions.create({ ...params, expires_at: 2_000_000_000 }, { idempotencyKey: `key-${booking.reference}` });
    await expect(reused.checkout.sessions.create({ ...params, expires_at: 2_000_000_001 }, { idempotencyKey: `key-${booking.reference}` })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('Answers 503 and keeps the hold as it was when Stripe cannot open a session', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const booking = await hold(departure.id, 2);
    const before = (await bookingOf(booking.reference)).holdExpiresAt!;
    standIn.failing = '/v1/checkout/sessions';
    const failed = await checkout(booking.reference).expect(503);
    expect(failed.body.message).toBe('We could not open the card payment page just now. Please try again in a moment.');
    expect((await bookingOf(booking.reference)).holdExpiresAt!.getTime()).toBe(before.getTime());
    standIn.failing = undefined;
    await checkout(booking.reference).expect(200);
  });

  it('Confirms and marks paid on checkout.session.completed, once, however often it arrives', async () => {
    const { booking, sessionId } = await holdAndCheckout();
    const started = Date.now();
    const event = `evt_test_dup_${booking.reference}`;
    await pay(sessionId, {}, event).expect(200);
    const paid = await bookingOf(booking.reference);
    expect(paid).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'stripe', stripePaymentIntentId: `pi_${sessionId}`, paidAmountOre: 2 * 1950 * 100 });
    await deliverMail(sut.app);
    const mails = () => mailsAbout(booking.reference, started).filter((mail) => mail.includes('Subject: Booking confirmed'));
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toContain('Payment: Paid by card');

    await pay(sessionId, {}, event).expect(200);
    await pay(sessionId).expect(200);
    await deliverMail(sut.app);
    expect(mails()).toHaveLength(1);
    expect((await bookingOf(booking.reference)).paidAt!.getTime()).toBe(paid.paidAt!.getTime());
    expect(await refundsOf(booking.reference)).toHaveLength(0);
  });

  it('Ignores an expiry that arrives after the payment, and the expiry of a session that was replaced', async () => {
    const { booking, sessionId } = await holdAndCheckout();
    await pay(sessionId).expect(200);
    await expire(sessionId).expect(200);
    expect((await bookingOf(booking.reference)).status).toBe('confirmed');

    const second = await holdAndCheckout();
    await moveBookingClocks(dataSource(), { reference: second.booking.reference }, { stripeSessionExpiresAt: new Date(Date.now() + 30_000) });
    await checkout(second.booking.reference).expect(200);
    await expire(second.sessionId).expect(200);
    expect((await bookingOf(second.booking.reference)).status).toBe('held');
  });

  it('Releases the seats on checkout.session.expired', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const { booking, sessionId } = await holdAndCheckout(8, departure.id);
    await expire(sessionId).expect(200);
    expect((await bookingOf(booking.reference)).status).toBe('expired');
    await hold(departure.id, 8);
  });

  it('Refunds a late payment whose seats are gone, records the refund, and tells the guest', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const { booking, sessionId } = await holdAndCheckout(6, departure.id);
    await moveBookingClocks(dataSource(), { reference: booking.reference }, { holdExpiresAt: new Date(Date.now() - 1000) });
    await hold(departure.id, 4);
    const started = Date.now();

    await pay(sessionId).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'expired', paymentStatus: 'refund_pending' });
    await settleRefunds(sut.app);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'expired', paymentStatus: 'refunded' });
    const call = standIn.callsTo('/v1/refunds').at(-1)!;
    expect(call.body.get('payment_intent')).toBe(`pi_${sessionId}`);
    expect(call.body.get('amount')).toBe(String(6 * 1950 * 100));
    expect(call.idempotencyKey).toBe(`refund-${booking.reference}-late-payment-pi_${sessionId}`);
    const [refund] = await refundsOf(booking.reference);
    expect(refund).toMatchObject({ status: 'succeeded', amountOre: 6 * 1950 * 100, stripeRefundId: expect.stringMatching(/^re_test_/) });
    expect(refund.refundedAt).toBeInstanceOf(Date);
    const mail = mailsAbout(booking.reference, started).find((item) => item.includes('Subject: Your payment has been refunded'));
    expect(mail).toContain('the seats had been taken by then');
    expect(mail).toContain(refund.stripeRefundId);
    expect(await manifestGuests(departure.id)).toBe(4);
  });

  it('Honours a late payment when the seats are still free', async () => {
    const { booking, sessionId } = await holdAndCheckout(2);
    await moveBookingClocks(dataSource(), { reference: booking.reference }, { holdExpiresAt: new Date(Date.now() - 1000) });
    await sut.app.get(HoldCheckout).expireLapsedHolds();
    await pay(sessionId).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('Cannot oversell on the card path: a checkout started just before the hold lapses keeps the seats while Stripe is slow', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const guestA = await hold(departure.id, 8);
    await moveBookingClocks(dataSource(), { reference: guestA.reference }, { holdExpiresAt: new Date(Date.now() + 1500) });
    standIn.delays = { '/v1/checkout/sessions': 3000 };
    const checkoutA = checkout(guestA.reference);
    const answerA = checkoutA.then((response) => response);
    // A's checkout has begun (its hold extended before Stripe is asked); then the server's clock passes the hold's old end.
    await waitFor(async () => (await bookingOf(guestA.reference)).checkoutAttempts > 0, { what: "A's checkout to begin" });
    clock.advance(2500);
    // A second after A's hold would have lapsed, B tries for the same 8 seats.
    const guestB = await request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 8, name: 'Guest Bee', email: `bee.${Date.now()}@example.com` });
    expect(guestB.status).toBe(409);
    const sessionA = sessionOf((await answerA).body.redirectUrl);
    await pay(sessionA).expect(200);
    expect((await bookingOf(guestA.reference)).status).toBe('confirmed');
    expect(await manifestGuests(departure.id)).toBe(8);
  });

  it('Answers 410 to a checkout that starts after the hold lapsed, and the next guest gets the seats', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const guestA = await hold(departure.id, 8);
    await moveBookingClocks(dataSource(), { reference: guestA.reference }, { holdExpiresAt: new Date(Date.now() - 500) });
    await hold(departure.id, 8);
    const late = await checkout(guestA.reference).expect(410);
    expect(late.body.message).toBe('Your seat hold has expired. Please book again; the seats may still be available.');
    expect(await manifestGuests(departure.id)).toBe(8);
  });

  it('Refunds a payment that arrives after staff cancelled the booking, and tells the guest', async () => {
    const { booking, sessionId } = await holdAndCheckout(2);
    await staff(request(server()).post(`/api/admin/bookings/${booking.reference}/cancel`)).expect(200);
    // The open session was closed at Stripe, but a guest already on the page may still pay.
    expect(standIn.sessions.get(sessionId)!.status).toBe('expired');
    const started = Date.now();
    await pay(sessionId).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    await settleRefunds(sut.app);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect((await refundsOf(booking.reference))[0]).toMatchObject({ cause: `payment-after-cancel-pi_${sessionId}`, status: 'succeeded' });
    expect(mailsAbout(booking.reference, started).find((mail) => mail.includes('Subject: Your payment has been refunded'))).toContain('arrived after the booking had been cancelled');
  });

  it('Cancelling a departure refunds its card-paid bookings in full, and a payment arriving afterwards too', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const paid = await holdAndCheckout(3, departure.id);
    await pay(paid.sessionId).expect(200);
    const pending = await holdAndCheckout(2, departure.id);
    const started = Date.now();

    const cancelled = (await staff(request(server()).patch(`/api/admin/tour-dates/${departure.id}`).send({ status: 'cancelled' })).expect(200)).body;
    expect(cancelled.affectedBookings).toEqual(expect.arrayContaining([paid.booking.reference, pending.booking.reference]));
    expect(await bookingOf(paid.booking.reference)).toMatchObject({ status: 'cancelled', cancelReason: 'departure', paymentStatus: 'refund_pending' });
    await pay(pending.sessionId).expect(200);
    await settleRefunds(sut.app);

    const detail = (await staff(request(server()).get(`/api/admin/bookings/${paid.booking.reference}`)).expect(200)).body as AdminBookingRow;
    expect(detail).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', paidAmountSek: 3 * 1950 });
    expect(detail.refunds).toEqual([expect.objectContaining({ cause: 'cancelled-by-departure', amountSek: 3 * 1950, status: 'succeeded', stripeRefundId: expect.stringMatching(/^re_/) })]);
    expect(standIn.callsTo('/v1/refunds').some((call) => call.idempotencyKey === `refund-${paid.booking.reference}-cancelled-by-departure`)).toBe(true);
    expect(await bookingOf(pending.booking.reference)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });

    const mails = mailsAbout(paid.booking.reference, started);
    expect(mails.find((mail) => mail.includes('Subject: Your booking has been cancelled'))).toContain('We are refunding the 5\u00a0850 SEK you paid by card in full');
    expect(mails.find((mail) => mail.includes('Subject: Your payment has been refunded'))).toContain(detail.refunds[0].stripeRefundId!);
    const unpaidMail = mailsAbout(pending.booking.reference, started).find((mail) => mail.includes('Subject: Your booking has been cancelled'));
    expect(unpaidMail).toContain('Nothing has been charged.');
  });

  it('Refunds a payment whose amount no longer matches the total after staff moved the booking', async () => {
    const from = await createTestDeparture(dataSource(), SNOWMOBILE, { daysAhead: 40 });
    const to = await createTestDeparture(dataSource(), SNOWMOBILE, { daysAhead: 41, priceSek: 2500 });
    const { booking, sessionId } = await holdAndCheckout(2, from.id);
    await staff(request(server()).post(`/api/admin/bookings/${booking.reference}/move`).send({ departureId: to.id })).expect(200);
    expect(standIn.sessions.get(sessionId)!.status).toBe('expired');
    await pay(sessionId).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'held', totalSek: 5000, paymentStatus: 'refund_pending' });
    await settleRefunds(sut.app);
    expect((await refundsOf(booking.reference))[0]).toMatchObject({ cause: `amount-mismatch-pi_${sessionId}`, amountOre: 2 * 1950 * 100, status: 'succeeded' });

    // The guest pays the new total through a fresh session, and is confirmed.
    const fresh = sessionOf((await checkout(booking.reference).expect(200)).body.redirectUrl);
    await pay(fresh).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paidAmountOre: 500_000 });
  });

  it('Refunds a second payment of a booking already paid', async () => {
    const { booking, sessionId } = await holdAndCheckout(1);
    await moveBookingClocks(dataSource(), { reference: booking.reference }, { stripeSessionExpiresAt: new Date(Date.now() + 30_000) });
    const second = sessionOf((await checkout(booking.reference).expect(200)).body.redirectUrl);
    await pay(second).expect(200);
    await pay(sessionId).expect(200);
    await settleRefunds(sut.app);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', stripePaymentIntentId: `pi_${second}` });
    expect(await refundsOf(booking.reference)).toEqual([expect.objectContaining({ cause: `duplicate-payment-pi_${sessionId}`, status: 'succeeded' })]);
  });

  it('Staff cancel and a payment racing each other always end cancelled with exactly one full refund', async () => {
    for (let round = 0; round < 6; round++) {
      const { booking, sessionId } = await holdAndCheckout(2);
      const [cancel, webhook] = await Promise.all([staff(request(server()).post(`/api/admin/bookings/${booking.reference}/cancel`)), pay(sessionId)]);
      expect([cancel.status, webhook.status]).toEqual([200, 200]);
      await settleRefunds(sut.app);
      expect(await bookingOf(booking.reference)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      const refunds = await refundsOf(booking.reference);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amountOre: 2 * 1950 * 100, status: 'succeeded' });
    }
  });

  it('Retries a refund Stripe refuses, shows it to staff after the last try, and sends it again on request', async () => {
    const { booking, sessionId } = await holdAndCheckout(1);
    await pay(sessionId).expect(200);
    standIn.failing = '/v1/refunds';
    await staff(request(server()).post(`/api/admin/bookings/${booking.reference}/cancel`)).expect(200);
    // Far enough ahead that every backoff has passed: the worker uses up all its tries.
    await sut.app.get(RefundWorker).drain(new Date(Date.now() + 24 * 3_600_000));
    const [refund] = await refundsOf(booking.reference);
    expect(refund).toMatchObject({ status: 'failed', attempts: 5, lastError: expect.stringContaining('failing on purpose') });
    const dashboard = (await staff(request(server()).get('/api/admin/dashboard')).expect(200)).body;
    expect(dashboard.failedRefunds).toEqual(expect.arrayContaining([expect.objectContaining({ id: refund.id, bookingReference: booking.reference })]));

    standIn.failing = undefined;
    await staff(request(server()).post(`/api/admin/refunds/${refund.id}/retry`)).expect(200);
    await settleRefunds(sut.app);
    expect((await refundsOf(booking.reference))[0].status).toBe('succeeded');
    expect((await bookingOf(booking.reference)).paymentStatus).toBe('refunded');
    await staff(request(server()).post(`/api/admin/refunds/${refund.id}/retry`)).expect(404);
  }, 120_000);

  it('Rejects a webhook with a bad or missing signature with 400, changing nothing', async () => {
    const { booking, sessionId } = await holdAndCheckout();
    const payload = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: { id: sessionId, payment_status: 'paid', metadata: { reference: booking.reference } } } });
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const bad = await request(server()).post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', forged).send(payload).expect(400);
    expect(bad.body.message).toBe('The Stripe signature does not match.');
    const missing = await request(server()).post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').send(payload).expect(400);
    expect(missing.body.message).toBe('The Stripe signature is missing.');
    expect((await bookingOf(booking.reference)).status).toBe('held');
  });
});
