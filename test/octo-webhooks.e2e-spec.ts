import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { zBooking } from '@octocloud/types';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';

import type { DashboardView, ResellerView } from '../shared/admin-types';
import { Departure } from '../src/departures/departure.entity';
import { kirunaLocal } from '../src/octo/octo-catalogue';
import { ResellerWebhooks, WEBHOOK_BACKOFF_MS } from '../src/octo/reseller-webhooks.service';
import { WebhookDelivery } from '../src/octo/webhook-delivery.entity';
import { createTestApp, useTestApp } from './support/app';
import { createTestDeparture, staffToken } from './support/fixtures';

const TOUR = 'husky-puppies-and-mini-sled-ride-for-families';

/** A reseller's receiver on loopback: records every call; `/flaky` fails its first two calls, `/down` every one. */
class Receiver {
  readonly calls: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  private server?: Server;
  private flakyLeft = 2;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((incoming, outgoing) => {
      let body = '';
      incoming.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => {
        const path = incoming.url ?? '/';
        this.calls.push({ path, headers: incoming.headers, body });
        const fail = path.startsWith('/down') || (path.startsWith('/flaky') && this.flakyLeft-- > 0);
        outgoing.writeHead(fail ? 503 : 204).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  to(path: string) {
    return this.calls.filter((call) => call.path === path);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** The receiver's side of a call's signature: recomputed from the raw body with the secret it was given. */
function signedBy(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['octo-webhook-signature']));
  return !!match && createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex') === match[2];
}

describe('OCTO webhooks: resellers hear what we change, once, signed, retried, and staff see what keeps failing (MySQL)', () => {
  const sut = useTestApp();
  const receiver = new Receiver();
  const dataSource = () => sut.app.get(DataSource);
  const worker = () => sut.app.get(ResellerWebhooks);
  let token: string;
  let productId: string;

  const staff = (method: 'get' | 'post' | 'patch', path: string) => request(sut.server)[method](`/api/admin/${path}`).set('Authorization', `Bearer ${token}`);
  const newReseller = async (name: string) => ((await staff('post', 'resellers').send({ name, commissionPercent: 10 }).expect(201)).body as ResellerView & { key: string }).key;
  const octo = (key: string, method: 'get' | 'post' | 'delete', path: string) => request(sut.server)[method](`/octo${path}`).set('Authorization', `Bearer ${key}`);
  const confirmedBooking = async (key: string, departure: Departure) => {
    const held = (await octo(key, 'post', '/bookings').send({ uuid: randomUUID(), productId, optionId: 'DEFAULT', availabilityId: kirunaLocal(departure.startsAt), unitItems: [{ unitId: 'adult' }] }).expect(200)).body;
    return (await octo(key, 'post', `/bookings/${held.uuid}/confirm`).send({ contact: { fullName: 'Sara Berg' } }).expect(200)).body as { uuid: string; supplierReference: string };
  };
  /**
   * What only time does to a call that failed: its next try comes due. The wait it was given is
   * checked first (the backoff's); the server's clock is not moved, as the suites share one
   * database and this process's other workers would act hours ahead on everyone's bookings.
   */
  const retryComesDue = async (bookingReference: string, waitMs: number) => {
    const [{ id: bookingId }] = (await dataSource().query('SELECT id FROM bookings WHERE reference = ?', [bookingReference])) as { id: number }[];
    const repository = dataSource().getRepository(WebhookDelivery);
    const [delivery] = await repository.find({ where: { bookingId, status: 'pending' } });
    expect(delivery!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(waitMs - 10_000);
    expect(delivery!.nextAttemptAt.getTime() - Date.now()).toBeLessThanOrEqual(waitMs + 1000);
    await repository.update({ id: delivery!.id, status: 'pending' }, { nextAttemptAt: new Date(Date.now() - 1000) });
  };
  const deliveries = (bookingReference: string) => dataSource().query('SELECT d.* FROM webhook_deliveries d JOIN bookings b ON b.id = d.booking_id WHERE b.reference = ? ORDER BY d.id', [bookingReference]) as Promise<{ status: string; attempts: number; uuid: string }[]>;

  beforeAll(async () => {
    await receiver.start();
    token = await staffToken(dataSource(), sut.server);
    productId = String((await request(sut.server).get(`/api/tours/${TOUR}`).expect(200)).body.id);
  });
  afterAll(() => receiver.stop());

  it('Registers, lists and deletes webhooks through the API, and refuses what it cannot call', async () => {
    const key = await newReseller('Hook OTA');
    const registered = await octo(key, 'post', '/webhooks').send({ url: `${receiver.url}/ok`, event: 'booking_update' }).expect(200);
    expect(registered.body).toEqual({ id: expect.stringMatching(/^\d+$/), event: 'booking_update', url: `${receiver.url}/ok`, secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/) });
    expect((await octo(key, 'get', '/webhooks').expect(200)).body).toEqual([{ id: registered.body.id, event: 'booking_update', url: `${receiver.url}/ok` }]);
    expect((await octo(key, 'post', '/webhooks').send({ url: `${receiver.url}/ok`, event: 'availability_update' }).expect(400)).body).toEqual({ error: 'BAD_REQUEST', errorMessage: 'event must be one of: booking_update.' });
    expect((await octo(key, 'post', '/webhooks').send({ url: 'ftp://example.com/x', event: 'booking_update' }).expect(400)).body.error).toBe('BAD_REQUEST');
    expect((await octo(key, 'post', '/webhooks').send({ url: 'not a url', event: 'booking_update' }).expect(400)).body.error).toBe('BAD_REQUEST');
    // Another reseller's webhook does not exist for it.
    const other = await newReseller('Other OTA');
    expect((await octo(other, 'delete', `/webhooks/${registered.body.id}`).expect(400)).body.error).toBe('BAD_REQUEST');
    expect((await octo(key, 'delete', `/webhooks/${registered.body.id}`).expect(200)).body.id).toBe(registered.body.id);
    expect((await octo(key, 'get', '/webhooks').expect(200)).body).toEqual([]);
  });

  it('Tells the reseller, signed, when staff cancel its booking, move it or cancel the departure; not when the reseller itself changes it', async () => {
    const key = await newReseller('Listening OTA');
    const { secret } = (await octo(key, 'post', '/webhooks').send({ url: `${receiver.url}/ok`, event: 'booking_update' }).expect(200)).body as { secret: string };
    const departure = await createTestDeparture(dataSource(), TOUR, { capacity: 8 });
    const later = await createTestDeparture(dataSource(), TOUR, { capacity: 8, daysAhead: 33 });
    const moved = await confirmedBooking(key, departure);
    const cancelled = await confirmedBooking(key, departure);
    const own = await confirmedBooking(key, departure);
    const before = receiver.to('/ok').length;

    await octo(key, 'post', `/bookings/${own.uuid}/cancel`).send({ reason: 'Guest asked us' }).expect(200);
    await staff('post', `bookings/${moved.supplierReference}/move`).send({ departureId: later.id }).expect(200);
    await staff('post', `bookings/${cancelled.supplierReference}/cancel`).expect(200);
    await worker().drain();

    const calls = receiver.to('/ok').slice(before);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(signedBy(secret, call.headers, call.body)).toBe(true);
      expect(signedBy('whsec_wrong', call.headers, call.body)).toBe(false);
      const payload = JSON.parse(call.body) as { id: string; event: string; webhook: { url: string }; booking: unknown };
      expect(payload).toMatchObject({ id: call.headers['octo-webhook-id'], event: 'booking_update', webhook: { url: `${receiver.url}/ok` } });
      expect(call.headers['octo-webhook-event']).toBe('booking_update');
      const parsed = zBooking.safeParse(payload.booking);
      if (!parsed.success) throw new Error(JSON.stringify(parsed.error));
    }
    const byUuid = new Map(calls.map((call) => [JSON.parse(call.body).booking.uuid as string, JSON.parse(call.body).booking]));
    expect(byUuid.get(moved.uuid)).toMatchObject({ status: 'CONFIRMED', availabilityId: kirunaLocal(later.startsAt) });
    expect(byUuid.get(cancelled.uuid)).toMatchObject({ status: 'CANCELLED' });
    expect(byUuid.has(own.uuid)).toBe(false);

    // The departure cancelled by staff (weather, too few guests): every booking on it, one call each.
    const onIt = await Promise.all([confirmedBooking(key, later), confirmedBooking(key, later)]);
    const mark = receiver.to('/ok').length;
    await staff('patch', `tour-dates/${later.id}`).send({ status: 'cancelled' }).expect(200);
    await worker().drain();
    const told = receiver.to('/ok').slice(mark).map((call) => JSON.parse(call.body).booking as { uuid: string; status: string });
    expect(told.map((booking) => booking.uuid).sort()).toEqual([moved.uuid, ...onIt.map((booking) => booking.uuid)].sort());
    expect(told.every((booking) => booking.status === 'CANCELLED')).toBe(true);
  });

  it('Calls a receiver that fails twice again with backoff, and it hears the change once', async () => {
    const key = await newReseller('Flaky OTA');
    await octo(key, 'post', '/webhooks').send({ url: `${receiver.url}/flaky`, event: 'booking_update' }).expect(200);
    const booking = await confirmedBooking(key, await createTestDeparture(dataSource(), TOUR));
    await staff('post', `bookings/${booking.supplierReference}/cancel`).expect(200);
    await worker().drain();
    expect(receiver.to('/flaky')).toHaveLength(1);
    // Not before its time.
    await worker().drain();
    expect(receiver.to('/flaky')).toHaveLength(1);
    await retryComesDue(booking.supplierReference, WEBHOOK_BACKOFF_MS[0]!);
    await worker().drain();
    await retryComesDue(booking.supplierReference, WEBHOOK_BACKOFF_MS[1]!);
    await worker().drain();
    await worker().drain();
    const calls = receiver.to('/flaky');
    expect(calls).toHaveLength(3);
    // The same call each time: the receiver can tell a repeat.
    expect(new Set(calls.map((call) => call.headers['octo-webhook-id'])).size).toBe(1);
    expect(await deliveries(booking.supplierReference)).toEqual([expect.objectContaining({ status: 'delivered', attempts: 3 })]);
  });

  it('Gives up on a receiver that never accepts, and shows staff it is failing', async () => {
    const key = await newReseller('Down OTA');
    await octo(key, 'post', '/webhooks').send({ url: `${receiver.url}/down`, event: 'booking_update' }).expect(200);
    const booking = await confirmedBooking(key, await createTestDeparture(dataSource(), TOUR));
    await staff('post', `bookings/${booking.supplierReference}/cancel`).expect(200);
    await worker().drain();
    for (const wait of WEBHOOK_BACKOFF_MS.slice(0, 2)) {
      await retryComesDue(booking.supplierReference, wait);
      await worker().drain();
    }
    const failing = ((await staff('get', 'resellers').expect(200)).body as ResellerView[]).find((reseller) => reseller.name === 'Down OTA')!;
    expect(failing.webhooks).toEqual([expect.objectContaining({ url: `${receiver.url}/down`, pending: 1, failing: 1, failed: 0, lastStatus: 503, lastError: 'The receiver answered 503.' })]);
    expect(((await staff('get', 'dashboard').expect(200)).body as DashboardView).failingWebhooks).toContainEqual(expect.objectContaining({ reseller: 'Down OTA', url: `${receiver.url}/down`, lastError: 'The receiver answered 503.' }));
    for (const wait of WEBHOOK_BACKOFF_MS.slice(2)) {
      await retryComesDue(booking.supplierReference, wait);
      await worker().drain();
    }
    expect(receiver.to('/down')).toHaveLength(WEBHOOK_BACKOFF_MS.length + 1);
    expect(await deliveries(booking.supplierReference)).toEqual([expect.objectContaining({ status: 'failed' })]);
    const gaveUp = ((await staff('get', 'resellers').expect(200)).body as ResellerView[]).find((reseller) => reseller.name === 'Down OTA')!;
    expect(gaveUp.webhooks[0]).toMatchObject({ pending: 0, failed: 1 });

    // The reseller mends its receiver; staff try the given-up call again: a fresh round, at once.
    const { webhookId } = ((await staff('get', 'dashboard').expect(200)).body as DashboardView).failingWebhooks.find((webhook) => webhook.reseller === 'Down OTA')!;
    expect((await staff('post', `resellers/webhooks/${webhookId}/retry`).expect(200)).body).toEqual({ retried: 1 });
    await worker().drain();
    expect(receiver.to('/down')).toHaveLength(WEBHOOK_BACKOFF_MS.length + 2);
    expect(await deliveries(booking.supplierReference)).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);
    await staff('post', `resellers/webhooks/${webhookId}/retry`).expect(404);
  });

  it('Makes each call once when two replicas work the outbox at the same moment', async () => {
    const second: NestExpressApplication = await createTestApp();
    try {
      const key = await newReseller('Busy OTA');
      const hook = (await octo(key, 'post', '/webhooks').send({ url: `${receiver.url}/busy`, event: 'booking_update' }).expect(200)).body as { id: string };
      const departure = await createTestDeparture(dataSource(), TOUR, { capacity: 8 });
      const bookings = await Promise.all(Array.from({ length: 6 }, () => confirmedBooking(key, departure)));
      await staff('patch', `tour-dates/${departure.id}`).send({ status: 'cancelled' }).expect(200);
      await Promise.all([worker().drain(), second.get(ResellerWebhooks).drain(), worker().drain()]);
      const calls = receiver.to('/busy');
      expect(calls.map((call) => JSON.parse(call.body).booking.uuid).sort()).toEqual(bookings.map((booking) => booking.uuid).sort());
      expect(new Set(calls.map((call) => call.headers['octo-webhook-id'])).size).toBe(6);
      expect(await dataSource().getRepository(WebhookDelivery).countBy({ webhookId: Number(hook.id), status: 'delivered' })).toBe(6);
    } finally {
      await second.close();
    }
  });
});
