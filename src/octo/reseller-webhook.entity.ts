import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';

/** OCTO's events a reseller can hear of: a booking of its own that someone else changed. */
export const WEBHOOK_EVENTS = ['booking_update'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * A URL a reseller registered (OCTO's webhooks) to hear of an event: signed with a secret
 * derived from the app secret and the webhook's id (nothing secret is kept here).
 */
@Entity('reseller_webhooks')
@Index('IDX_reseller_webhooks_reseller', ['resellerId'])
export class ResellerWebhook {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  resellerId: number;

  @Column({ type: 'varchar', length: 500 })
  url: string;

  @Column({ type: 'varchar', length: 40 })
  event: WebhookEvent;

  @CreatedAt()
  createdAt: Date;
}
