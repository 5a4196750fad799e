import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { DueWorkColumns } from '../common/jobs/due-work-columns';
import { CreatedAt } from '../database/columns';
import { Booking } from './booking.entity';

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/**
 * Money going back to a guest's card. Written in the same transaction as the change that
 * owes it; the refund worker calls Stripe (idempotency key per booking and cause) and records
 * Stripe's refund id, amount and time here. One refund per booking and cause.
 */
@Entity('booking_refunds')
@Index(['bookingId', 'cause'], { unique: true })
@Index(['status', 'nextAttemptAt'])
export class BookingRefund extends DueWorkColumns<RefundStatus> {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  bookingId: number;

  @ManyToOne(() => Booking, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'booking_id' })
  booking?: Booking;

  /** Why the money goes back: cancelled-by-staff, late-payment, duplicate-payment-pi_…, … */
  @Column({ type: 'varchar', length: 80 })
  cause: string;

  @Column({ type: 'varchar', length: 255 })
  paymentIntentId: string;

  /** In öre, as Stripe counts. */
  @Column({ type: 'int' })
  amountOre: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeRefundId: string | null;

  @Column({ type: 'datetime', nullable: true })
  refundedAt: Date | null;

  @CreatedAt()
  createdAt: Date;
}
