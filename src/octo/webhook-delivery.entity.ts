import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { DueWorkColumns } from '../common/jobs/due-work-columns';
import { CreatedAt } from '../database/columns';

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * One call of a reseller's webhook, written in the transaction of the change it tells of (the
 * outbox): the worker makes it once on whichever replica claims it, retries with backoff, and
 * gives up at last (staff see it). The booking is read when the call is made: it says the
 * booking as it is then.
 */
@Entity('webhook_deliveries')
@Index('IDX_webhook_deliveries_due', ['status', 'nextAttemptAt'])
@Index('IDX_webhook_deliveries_webhook', ['webhookId', 'status'])
export class WebhookDelivery extends DueWorkColumns<WebhookDeliveryStatus> {
  @PrimaryGeneratedColumn()
  id: number;

  /** The id the receiver sees (Octo-Webhook-Id): the same on every try, for it to ignore a repeat. */
  @Column({ type: 'varchar', length: 36 })
  uuid: string;

  @Column({ type: 'int' })
  webhookId: number;

  @Column({ type: 'int' })
  bookingId: number;

  @Column({ type: 'varchar', length: 40 })
  event: string;

  /** The transition that caused it (cancelDeparture, move, expire, …). */
  @Column({ type: 'varchar', length: 40 })
  transition: string;

  /** The HTTP status of the last try (null: no answer). */
  @Column({ type: 'int', nullable: true })
  lastStatus: number | null;

  @Column({ type: 'datetime', nullable: true })
  deliveredAt: Date | null;

  @CreatedAt()
  createdAt: Date;
}
