import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';
import { Booking } from './booking.entity';
import type { BookingNotice } from './lifecycle/booking-notices';

/**
 * One transition of a booking, written by BookingWriter in the transaction that made it: the
 * booking's history for staff, beside its mails, refunds and the audit log. It holds no
 * personal data (what changed is said in statuses, amounts and ids), so erasing a guest keeps it.
 */
@Entity('booking_events')
@Index(['bookingId', 'id'])
@Index(['transition', 'createdAt'])
export class BookingEvent {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  bookingId: number;

  @ManyToOne(() => Booking, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'booking_id' })
  booking?: Booking;

  /** The transition's name in transitions.ts (hold, confirmPayment, changeByGuest, …). */
  @Column({ type: 'varchar', length: 40 })
  transition: string;

  /** guest, staff, stripe or system. */
  @Column({ type: 'varchar', length: 10 })
  actor: string;

  /** What changed: status, payment, seats, total, departure (as `från → till`). */
  @Column({ type: 'varchar', length: 300, nullable: true })
  detail: string | null;

  /** What the lifecycle told its listeners of this transition (a mail's reason, the money), when it told anything. */
  @Column({ type: 'simple-json', nullable: true })
  notice: BookingNotice | null;

  @CreatedAt()
  createdAt: Date;
}
