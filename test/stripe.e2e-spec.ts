import { join } from 'node:path';

import type { NestExpressApplication } from '@nestjs/platform-express';
import Stripe from 'stripe';
import request from 'supertest';
import { DataSource } from 'typeorm';

import type { BookingSummary } from '../client/api/types';
import { Booking } from '../src/bookings/booking.entity';
import { createTestApp } from './support/app';
import { createTestDeparture, newClientAddress, outboxMails } from './support/fixtures';
import { StripeStandIn } from './support/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_norrsken';
const outbox = join(process.env.DATA_DIR!, 'outbox');
const signer = new Stripe('sk_test_signer');
let eventCount = 0;

describe('Card payment with Stripe (MySQL, Stripe stand-in)', () => {
  const standIn = new StripeStandIn();
  let app: NestExpressApplication;
  const server = () => app.getHttpServer();
  const dataSource = () => app.get(DataSource);

  beforeAll(async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_norrsken';
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_API_URL = await standIn.start();
    app = await createTestApp();
  });

  afterAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_URL;
    await app.close();
    await standIn.stop();
  });

  async function holdAndCheckout(guests = 2, departureId?: number): Promise<{ booking: BookingSummary; sessionId: string }> {
    const departure = departureId ?? (await createTestDeparture(dataSource(), 'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour')).id;
    const held = await request(server())
      .post('/api/bookings')
      .set('X-Forwarded-For', newClientAddress())
      .send({ departureId: departure, guests, name: 'Card Guest', email: 'card@example.com' })
      .expect(201);
    const checkout = await request(server()).post(`/api/bookings/${held.body.reference}/checkout`).expect(200);
    const sessionId = /pay\/(cs_test_\d+)$/.exec(checkout.body.redirectUrl)![1];
    return { booking: held.body as BookingSummary, sessionId };
  }

  function sendEvent(type: 'checkout.session.completed' | 'checkout.session.expired', session: { id: string; reference: string }, id = `evt_test_${++eventCount}`) {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          payment_status: type === 'checkout.session.completed' ? 'paid' : 'unpaid',
          payment_intent: type === 'checkout.session.completed' ? `pi_${session.id}` : null,
          client_reference_id: session.reference,
          metadata: { reference: session.reference },
        },
      },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return request(server()).post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
  }

  const bookingOf = (reference: string) => dataSource().getRepository(Booking).findOneByOrFail({ reference });

  it('Creates a Checkout Session with the server-computed line items and an idempotency key', async () => {
    const { booking, sessionId } = await holdAndCheckout(3);
    expect(booking.checkoutMethod).toBe('stripe');
    const call = standIn.callsTo('/v1/checkout/sessions').at(-1)!;
    expect(call.idempotencyKey).toBe(`checkout-${booking.reference}`);
    expect(call.body.get('line_items[0][price_data][unit_amount]')).toBe(String(1950 * 100));
    expect(call.body.get('line_items[0][price_data][currency]')).toBe('sek');
    expect(call.body.get('line_items[0][quantity]')).toBe('3');
    expect(call.body.get('success_url')).toBe(`https://norrsken.test/success/?booking=${booking.reference}`);
    expect(call.body.get('cancel_url')).toBe(`https://norrsken.test/cancel/?booking=${booking.reference}`);
    const stored = await bookingOf(booking.reference);
    expect(stored.stripeSessionId).toBe(sessionId);
    // The hold lasts as long as Stripe's session (at least 30 minutes).
    expect(stored.holdExpiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('Confirms and marks paid on checkout.session.completed, once, however often it arrives', async () => {
    const { booking, sessionId } = await holdAndCheckout();
    const started = Date.now();
    const event = `evt_test_dup_${booking.reference}`;
    await sendEvent('checkout.session.completed', { id: sessionId, reference: booking.reference }, event).expect(200);
    const paid = await bookingOf(booking.reference);
    expect(paid).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'stripe', stripePaymentIntentId: `pi_${sessionId}` });
    const mails = () => outboxMails(outbox, started).filter((mail) => mail.includes(booking.reference) && mail.includes('To: card@example.com'));
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toContain('Payment: Paid by card');

    await sendEvent('checkout.session.completed', { id: sessionId, reference: booking.reference }, event).expect(200);
    await sendEvent('checkout.session.completed', { id: sessionId, reference: booking.reference }).expect(200);
    expect(mails()).toHaveLength(1);
    expect((await bookingOf(booking.reference)).paidAt!.getTime()).toBe(paid.paidAt!.getTime());
  });

  it('Ignores an expiry that arrives after the payment (out of order)', async () => {
    const { booking, sessionId } = await holdAndCheckout();
    await sendEvent('checkout.session.completed', { id: sessionId, reference: booking.reference }).expect(200);
    await sendEvent('checkout.session.expired', { id: sessionId, reference: booking.reference }).expect(200);
    expect((await bookingOf(booking.reference)).status).toBe('confirmed');
  });

  it('Releases the seats on checkout.session.expired', async () => {
    const departure = await createTestDeparture(dataSource(), 'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour');
    const { booking, sessionId } = await holdAndCheckout(8, departure.id);
    await sendEvent('checkout.session.expired', { id: sessionId, reference: booking.reference }).expect(200);
    expect((await bookingOf(booking.reference)).status).toBe('expired');
    await request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 8, name: 'Next', email: 'next@example.com' }).expect(201);
  });

  it('Refunds a late payment whose seats are gone, and tells the guest', async () => {
    const departure = await createTestDeparture(dataSource(), 'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour');
    const { booking, sessionId } = await holdAndCheckout(6, departure.id);
    await dataSource().getRepository(Booking).update({ reference: booking.reference }, { holdExpiresAt: new Date(Date.now() - 1000) });
    await request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 4, name: 'Other', email: 'other@example.com' }).expect(201);
    const started = Date.now();

    await sendEvent('checkout.session.completed', { id: sessionId, reference: booking.reference }).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'refunded', paymentStatus: 'refunded' });
    const refund = standIn.callsTo('/v1/refunds').at(-1)!;
    expect(refund.body.get('payment_intent')).toBe(`pi_${sessionId}`);
    expect(refund.idempotencyKey).toBe(`refund-${booking.reference}`);
    const mail = outboxMails(outbox, started).find((item) => item.includes(booking.reference));
    expect(mail).toContain('Subject: Your payment has been refunded');
  });

  it('Honours a late payment when the seats are still free', async () => {
    const { booking, sessionId } = await holdAndCheckout(2);
    await dataSource().getRepository(Booking).update({ reference: booking.reference }, { holdExpiresAt: new Date(Date.now() - 1000), status: 'expired' });
    await sendEvent('checkout.session.completed', { id: sessionId, reference: booking.reference }).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

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
