import { createHash, randomBytes } from 'node:crypto';

import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';

import type { ResellerView, WebhookView } from '../../shared/admin-types';
import { AuditLogService } from '../common/audit/audit-log.service';
import { RESELLER_HELD_SEATS, ResellerBookings } from '../bookings/lifecycle/reseller-bookings.service';
import { ToursService } from '../tours/tours.service';
import { Reseller } from './reseller.entity';
import { ResellerWebhooks } from './reseller-webhooks.service';
import { clock } from '../common/clock';

/** What a key looks like: a prefix to recognise it by, and 256 random bits. */
const KEY_PREFIX = 'octo_';

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const view = (reseller: Reseller, webhooks: WebhookView[] = []): ResellerView => ({
  id: reseller.id,
  name: reseller.name,
  keyHint: reseller.keyHint,
  commissionPercent: reseller.commissionPercent,
  tourIds: reseller.tourIds,
  requestsPerMinute: reseller.requestsPerMinute,
  heldSeats: reseller.heldSeats,
  createdAt: reseller.createdAt.toISOString(),
  revokedAt: reseller.revokedAt?.toISOString() ?? null,
  webhooks,
});

/**
 * Resellers and their keys: staff create one (the key is shown once), and revoke it; every OCTO
 * call looks its key up in the database, so a revoked key is refused at once on every replica.
 */
@Injectable()
export class ResellersService {
  constructor(
    @InjectRepository(Reseller) private readonly resellers: Repository<Reseller>,
    private readonly tours: ToursService,
    private readonly audit: AuditLogService,
    private readonly resellerBookings: ResellerBookings,
    private readonly webhooks: ResellerWebhooks,
  ) {}

  /** The live reseller a key belongs to, or null. */
  async byKey(key: string): Promise<Reseller | null> {
    if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
    return this.resellers.findOne({ where: { keyHash: hashKey(key), revokedAt: IsNull() } });
  }

  async list(): Promise<ResellerView[]> {
    const [resellers, webhooks] = await Promise.all([this.resellers.find({ order: { id: 'ASC' } }), this.webhooks.staffViews()]);
    return resellers.map((reseller) => view(reseller, webhooks.get(reseller.id)));
  }

  async create(input: { name: string; commissionPercent: number; tourIds: number[] | null; requestsPerMinute?: number; heldSeats?: number }, staffEmail: string): Promise<ResellerView & { key: string }> {
    for (const tourId of input.tourIds ?? []) {
      if (!(await this.tours.exists(tourId))) throw new BadRequestException(`Det finns ingen tur med id ${tourId}.`);
    }
    const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const reseller = await this.resellers.save(
      this.resellers.create({ name: input.name, commissionPercent: input.commissionPercent, tourIds: input.tourIds, requestsPerMinute: input.requestsPerMinute ?? 120, heldSeats: input.heldSeats ?? RESELLER_HELD_SEATS, keyHash: hashKey(key), keyHint: key.slice(-4), revokedAt: null }),
    );
    await this.audit.record(staffEmail, 'reseller.create', `reseller:${reseller.id}`, { name: reseller.name, commissionPercent: reseller.commissionPercent, tourIds: reseller.tourIds, heldSeats: reseller.heldSeats });
    return { ...view(reseller), key };
  }

  /** "Try again" for a webhook's calls that were given up; in the audit log. Answers how many go again. */
  async retryWebhook(webhookId: number, staffEmail: string): Promise<number> {
    const retried = await this.webhooks.retryGivenUp(webhookId);
    if (!retried) throw new NotFoundException(`Webbhook ${webhookId} har inga anrop som gavs upp.`);
    await this.audit.record(staffEmail, 'reseller.webhook-retry', `webhook:${webhookId}`, { retried });
    return retried;
  }

  /** Revoked at once, for good (a conditional update: revoking twice keeps the first time). */
  async revoke(id: number, staffEmail: string): Promise<ResellerView> {
    const result = await this.resellers.update({ id, revokedAt: IsNull() }, { revokedAt: clock.now() });
    const reseller = await this.resellers.findOneBy({ id });
    if (!reseller) throw new NotFoundException(`Det finns ingen återförsäljare med id ${id}.`);
    if (result.affected) {
      // Its reservations hold seats for up to a day: a revoked key's let go at once.
      const released = await this.resellerBookings.releaseHolds(id);
      await this.audit.record(staffEmail, 'reseller.revoke', `reseller:${id}`, { name: reseller.name, releasedHolds: released });
    }
    return view(reseller);
  }
}
