import { createHmac, randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';

import type { FailingWebhookView, WebhookView } from '../../shared/admin-types';
import { BookingWriter } from '../bookings/lifecycle/booking-writer';
import { ResellerBookings } from '../bookings/lifecycle/reseller-bookings.service';
import type { TransitionMade } from '../bookings/lifecycle/booking-notices';
import { clock } from '../common/clock';
import { claimDueWork, describeError, nextAttemptAfterFailure } from '../common/jobs/due-work';
import { PeriodicWorker } from '../common/jobs/periodic-worker';
import { AppConfig } from '../config/app-config';
import { insertOnly } from '../database/insert-only';
import { afterCommit } from '../database/transactions';
import { OctoBookingViews } from './octo-booking-views';
import { CAPABILITIES } from './octo-capabilities';
import { OctoError } from './octo-errors';
import { octoUtc } from './octo-time';
import { Reseller } from './reseller.entity';
import { ResellerWebhook, WEBHOOK_EVENTS, type WebhookEvent } from './reseller-webhook.entity';
import { WebhookDelivery } from './webhook-delivery.entity';

/**
 * What a reseller hears of (booking_update): a change of its booking made by someone else
 * (staff, the departure's cancellation or move, the guest, the clock), not its own calls.
 */
const TOLD_TRANSITIONS: ReadonlySet<string> = new Set(['cancelByStaff', 'cancelDeparture', 'move', 'acceptMove', 'rebook', 'expire', 'markAttendance', 'updateDetails', 'cancelWithLink', 'cancelByGuest']);

/** Webhooks a reseller may keep. */
export const MAX_WEBHOOKS = 10;
/** When a failed call is tried again: after 10 s, 1 min, 5 min, 30 min, 2 h and 6 h; then it is given up (staff see it). */
export const WEBHOOK_BACKOFF_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
/** From this many failed tries a webhook shows to staff as failing, before it is given up. */
export const FAILING_FROM_ATTEMPTS = 3;
const CALL_TIMEOUT_MS = 10_000;
const LEASE_MS = 60_000;

/** Where a webhook may not call (unless private hosts are allowed, outside production): loopback, private, link-local, shared and multicast addresses. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['224.0.0.0', 3]] as const) PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Whether an address is one a webhook may not call (an IPv4 address written as IPv6, ::ffff:a.b.c.d, as the IPv4 it is). */
function isPrivate(address: string, family: number): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** A webhook's URL as staff see it: any credentials in it (`https://user:pass@…`) hidden. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = 'hidden';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** The signature of a call: `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}" with the webhook's secret}`. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Resolves a host name to its addresses (the system's resolver; a test gives its own). */
type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => lookup(host, { all: true });

/**
 * A URL a webhook may call: http(s), and in production https to a public address (never
 * loopback, private or link-local: a key must not reach inside our network). Checked when it
 * is registered and again before every call (a name can come to point elsewhere).
 */
export async function checkWebhookUrl(raw: string, production: boolean, resolve: Resolve = systemResolve): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OctoError('BAD_REQUEST', 'url must be an absolute http(s) URL.');
  }
  if (url.protocol !== 'https:' && (production || url.protocol !== 'http:')) throw new OctoError('BAD_REQUEST', production ? 'url must be an https URL.' : 'url must be an http(s) URL.');
  if (production) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host).catch(() => []);
    if (!addresses.length) throw new OctoError('BAD_REQUEST', `url's host ${host} cannot be found.`);
    if (addresses.some(({ address, family }) => isPrivate(address, family))) throw new OctoError('BAD_REQUEST', 'url must reach a public address.');
  }
  return url;
}

/**
 * Resellers' webhooks (OCTO's octo/webhooks): registered and removed through the API, called
 * from an outbox written in the transaction of each change they tell of, once per change on
 * whichever replica claims it, signed, retried with backoff, and shown to staff when they keep
 * failing.
 */
@Injectable()
export class ResellerWebhooks extends PeriodicWorker implements OnModuleInit {
  protected readonly logger = new Logger(ResellerWebhooks.name);
  protected readonly everyMs = 10_000;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly writer: BookingWriter,
    private readonly views: OctoBookingViews,
    private readonly bookings: ResellerBookings,
  ) {
    super();
  }

  onModuleInit(): void {
    this.writer.onTransition((manager, made, now) => this.enqueue(manager, made, now));
  }

  /** The secret a webhook's calls are signed with: derived from the app secret and the webhook, so none is stored. */
  secretOf(webhook: Pick<ResellerWebhook, 'id' | 'resellerId'>): string {
    return `whsec_${createHmac('sha256', this.config.key('webhook-signing')).update(`${webhook.resellerId}.${webhook.id}`).digest('base64url')}`;
  }

  async register(reseller: Reseller, request: { url: string; event: string }): Promise<{ id: string; event: WebhookEvent; url: string; secret: string }> {
    if (!(WEBHOOK_EVENTS as readonly string[]).includes(request.event)) throw new OctoError('BAD_REQUEST', `event must be one of: ${WEBHOOK_EVENTS.join(', ')}.`);
    const url = await this.checkedUrl(request.url);
    const webhooks = this.dataSource.getRepository(ResellerWebhook);
    if ((await webhooks.countBy({ resellerId: reseller.id })) >= MAX_WEBHOOKS) throw new OctoError('UNPROCESSABLE_ENTITY', `A key keeps at most ${MAX_WEBHOOKS} webhooks: delete one first.`);
    const webhook = await webhooks.save(webhooks.create({ resellerId: reseller.id, url: url.toString(), event: request.event as WebhookEvent }));
    return { ...this.viewOf(webhook), secret: this.secretOf(webhook) };
  }

  async list(reseller: Reseller): Promise<{ id: string; event: WebhookEvent; url: string }[]> {
    return (await this.dataSource.getRepository(ResellerWebhook).find({ where: { resellerId: reseller.id }, order: { id: 'ASC' } })).map((webhook) => this.viewOf(webhook));
  }

  /** Removed at once: calls not yet made to it are not made. */
  async remove(reseller: Reseller, id: string): Promise<{ id: string; event: WebhookEvent; url: string }> {
    const webhook = /^[1-9]\d{0,9}$/.test(id) ? await this.dataSource.getRepository(ResellerWebhook).findOneBy({ id: Number(id), resellerId: reseller.id }) : null;
    if (!webhook) throw new OctoError('BAD_REQUEST', `There is no webhook ${id} of yours.`, { id });
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(WebhookDelivery, { webhookId: webhook.id, status: 'pending' });
      await manager.delete(ResellerWebhook, { id: webhook.id });
    });
    return this.viewOf(webhook);
  }

  /**
   * In the transaction of a transition: a call to each of the reseller's booking_update
   * webhooks, when someone else changed its booking. A call not yet tried for the same booking
   * says it already (it reads the booking when it is made).
   */
  async enqueue(manager: EntityManager, made: TransitionMade, now: Date): Promise<void> {
    if (made.resellerId === null || !TOLD_TRANSITIONS.has(made.transition)) return;
    const webhooks = await manager.find(ResellerWebhook, { where: { resellerId: made.resellerId, event: 'booking_update' }, select: { id: true } });
    if (!webhooks.length) return;
    const waiting = await manager.find(WebhookDelivery, { where: { webhookId: In(webhooks.map((webhook) => webhook.id)), bookingId: made.bookingId, status: 'pending', attempts: 0 }, select: { webhookId: true } });
    const covered = new Set(waiting.map((delivery) => delivery.webhookId));
    for (const webhook of webhooks.filter(({ id }) => !covered.has(id))) {
      await insertOnly(manager, WebhookDelivery, { uuid: randomUUID(), webhookId: webhook.id, bookingId: made.bookingId, event: 'booking_update', transition: made.transition, status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null, lastStatus: null, deliveredAt: null });
    }
    afterCommit(manager, 'reseller-webhooks', () => this.kick());
  }

  protected async runOnce(now: Date): Promise<number> {
    const claimed = await claimDueWork(this.dataSource, WebhookDelivery, now, { limit: 10, leaseMs: LEASE_MS });
    await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    return claimed.length;
  }

  /** Makes one call; marks it delivered on a 2xx, else tries again later or gives up. */
  private async deliver(delivery: WebhookDelivery): Promise<void> {
    const deliveries = this.dataSource.getRepository(WebhookDelivery);
    const claim = { id: delivery.id, status: 'pending' as const, attempts: delivery.attempts };
    const webhook = await this.dataSource.getRepository(ResellerWebhook).findOneBy({ id: delivery.webhookId });
    const reseller = webhook && (await this.dataSource.getRepository(Reseller).findOneBy({ id: webhook.resellerId }));
    if (!webhook || !reseller || reseller.revokedAt) {
      await deliveries.update(claim, { status: 'failed', lastError: webhook ? "The reseller's key is revoked." : 'The webhook was deleted.' });
      return;
    }
    let status: number | null = null;
    try {
      const booking = await this.bookings.byId(reseller.id, delivery.bookingId);
      if (!booking) throw new Error(`Booking ${delivery.bookingId} is gone.`);
      const body = JSON.stringify({
        id: delivery.uuid,
        event: delivery.event,
        utcCreatedAt: octoUtc(delivery.createdAt),
        webhook: this.viewOf(webhook),
        booking: await this.views.booking(reseller, booking, { capabilities: new Set(CAPABILITIES), lang: 'en' }),
      });
      const url = await this.checkedUrl(webhook.url);
      const timestamp = Math.floor(clock.now().getTime() / 1000);
      const response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'NorrskenArcticTours-OCTO-Webhooks/1',
          'Octo-Webhook-Id': delivery.uuid,
          'Octo-Webhook-Event': delivery.event,
          'Octo-Webhook-Signature': webhookSignature(this.secretOf(webhook), timestamp, body),
        },
        body,
      });
      status = response.status;
      await response.body?.cancel().catch(() => undefined);
      if (status < 200 || status > 299) throw new Error(`The receiver answered ${status}.`);
      await deliveries.update(claim, { status: 'delivered', deliveredAt: clock.now(), lastStatus: status, lastError: null });
    } catch (error) {
      const retryAt = nextAttemptAfterFailure(delivery.attempts, WEBHOOK_BACKOFF_MS, clock.now());
      await deliveries.update(claim, retryAt ? { nextAttemptAt: retryAt, lastStatus: status, lastError: describeError(error) } : { status: 'failed', lastStatus: status, lastError: describeError(error) });
      this.logger.warn(`Webhook ${webhook.id} of reseller ${reseller.id} (${webhook.url}), call ${delivery.uuid}: ${describeError(error)}; ${retryAt ? `trying again at ${retryAt.toISOString()}` : 'gave up'}`);
    }
  }

  private checkedUrl(raw: string): Promise<URL> {
    return checkWebhookUrl(raw, this.config.isProduction);
  }

  private viewOf(webhook: ResellerWebhook): { id: string; event: WebhookEvent; url: string } {
    return { id: String(webhook.id), event: webhook.event, url: webhook.url };
  }

  /** "Try again" for a webhook's calls that were given up (the reseller has mended its receiver): a fresh round of tries, starting now. Answers how many. */
  async retryGivenUp(webhookId: number, now = clock.now()): Promise<number> {
    const result = await this.dataSource.getRepository(WebhookDelivery).update({ webhookId, status: 'failed' }, { status: 'pending', attempts: 0, nextAttemptAt: now });
    if (result.affected) this.kick();
    return result.affected ?? 0;
  }

  /**
   * For the dashboard: webhooks whose calls keep failing (tried 3 times or more and still
   * waiting) or gave up in the last 7 days, with their reseller and the last error.
   */
  async failing(now = clock.now()): Promise<FailingWebhookView[]> {
    const rows = (await this.dataSource
      .getRepository(WebhookDelivery)
      .createQueryBuilder('delivery')
      .innerJoin(ResellerWebhook, 'webhook', 'webhook.id = delivery.webhook_id')
      .innerJoin(Reseller, 'reseller', 'reseller.id = webhook.reseller_id')
      .select(['webhook.id AS webhookId', 'webhook.url AS url', 'reseller.name AS reseller', 'delivery.last_error AS lastError', 'delivery.last_status AS lastStatus', 'delivery.status AS status', 'delivery.id AS deliveryId'])
      .where(`(delivery.status = 'pending' AND delivery.attempts >= ${FAILING_FROM_ATTEMPTS}) OR (delivery.status = 'failed' AND delivery.created_at >= :since)`, { since: new Date(now.getTime() - 7 * 86_400_000) })
      .orderBy('delivery.id', 'DESC')
      .limit(500)
      .getRawMany()) as { webhookId: number; url: string; reseller: string; lastError: string | null; lastStatus: number | null; status: string }[];
    const byWebhook = new Map<number, FailingWebhookView>();
    for (const row of rows) {
      const kept = byWebhook.get(Number(row.webhookId)) ?? { webhookId: Number(row.webhookId), reseller: row.reseller, url: shownUrl(row.url), failing: 0, failed: 0, lastError: row.lastError, lastStatus: row.lastStatus === null ? null : Number(row.lastStatus) };
      if (row.status === 'failed') kept.failed++;
      else kept.failing++;
      byWebhook.set(Number(row.webhookId), kept);
    }
    return [...byWebhook.values()];
  }

  /** Staff's view of each reseller's webhooks: calls waiting, failing and given up, and the last error. */
  async staffViews(): Promise<Map<number, WebhookView[]>> {
    const webhooks = await this.dataSource.getRepository(ResellerWebhook).find({ order: { id: 'ASC' } });
    const byReseller = new Map<number, WebhookView[]>();
    if (!webhooks.length) return byReseller;
    const counts = (await this.dataSource
      .getRepository(WebhookDelivery)
      .createQueryBuilder('delivery')
      .select('delivery.webhook_id', 'webhookId')
      .addSelect("SUM(CASE WHEN delivery.status = 'pending' THEN 1 ELSE 0 END)", 'pending')
      .addSelect(`SUM(CASE WHEN delivery.status = 'pending' AND delivery.attempts >= ${FAILING_FROM_ATTEMPTS} THEN 1 ELSE 0 END)`, 'failing')
      .addSelect("SUM(CASE WHEN delivery.status = 'failed' THEN 1 ELSE 0 END)", 'failed')
      .addSelect("SUM(CASE WHEN delivery.status = 'delivered' THEN 1 ELSE 0 END)", 'delivered')
      .groupBy('delivery.webhook_id')
      .getRawMany<{ webhookId: number; pending: string; failing: string; failed: string; delivered: string }>()) as { webhookId: number; pending: string; failing: string; failed: string; delivered: string }[];
    const lastErrors = await this.dataSource.getRepository(WebhookDelivery).find({
      where: { webhookId: In(webhooks.map((webhook) => webhook.id)), status: In(['pending', 'failed']) },
      order: { id: 'DESC' },
      select: { id: true, webhookId: true, lastError: true, lastStatus: true },
      take: 500,
    });
    for (const webhook of webhooks) {
      const count = counts.find((row) => Number(row.webhookId) === webhook.id);
      const last = lastErrors.find((delivery) => delivery.webhookId === webhook.id && delivery.lastError);
      const view: WebhookView = {
        id: webhook.id,
        url: shownUrl(webhook.url),
        event: webhook.event,
        delivered: Number(count?.delivered ?? 0),
        pending: Number(count?.pending ?? 0),
        failing: Number(count?.failing ?? 0),
        failed: Number(count?.failed ?? 0),
        lastError: last?.lastError ?? null,
        lastStatus: last?.lastStatus ?? null,
      };
      byReseller.set(webhook.resellerId, [...(byReseller.get(webhook.resellerId) ?? []), view]);
    }
    return byReseller;
  }
}
