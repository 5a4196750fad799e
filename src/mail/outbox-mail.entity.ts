import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { DueWorkColumns } from '../common/jobs/due-work-columns';
import { CreatedAt } from '../database/columns';
import type { OutgoingMail } from './mail.service';

export type OutboxMailStatus = 'pending' | 'sent' | 'failed';

/**
 * One mail to send, written in the same transaction as the change it announces; the outbox
 * worker sends it (once, whichever process claims it) and retries with backoff.
 */
@Entity('mail_outbox')
@Index(['status', 'nextAttemptAt'])
export class OutboxMail extends DueWorkColumns<OutboxMailStatus> {
  @PrimaryGeneratedColumn()
  id: number;

  /** What the mail is about, such as booking.confirmed. */
  @Column({ type: 'varchar', length: 60 })
  topic: string;

  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  /** The whole message (OutgoingMail) as JSON. */
  @Column({ type: 'text', transformer: { to: (mail: OutgoingMail) => JSON.stringify(mail), from: (text: string) => JSON.parse(text) as OutgoingMail } })
  message: OutgoingMail;

  @Column({ type: 'varchar', length: 16, nullable: true })
  bookingReference: string | null;

  @Column({ type: 'datetime', nullable: true })
  sentAt: Date | null;

  @CreatedAt()
  createdAt: Date;
}
