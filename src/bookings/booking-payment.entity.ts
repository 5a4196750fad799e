import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';
import { Booking } from './booking.entity';

/**
 * A card payment a booking holds: its checkout's, and one for each dearer change the guest
 * paid for. Money going back (a cancellation, a cheaper change) is taken from these, newest
 * first, each refund no more than its payment has left: Stripe refunds a payment, never a booking.
 */
@Entity('booking_payments')
@Index(['paymentIntentId'], { unique: true })
export class BookingPayment {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'int' })
  bookingId: number;

  @ManyToOne(() => Booking, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'booking_id' })
  booking?: Booking;

  @Column({ type: 'varchar', length: 255 })
  paymentIntentId: string;

  /** What the card paid, in öre. */
  @Column({ type: 'int' })
  amountOre: number;

  /** What has been given back of it (refunds queued or made), in öre. */
  @Column({ type: 'int', default: 0 })
  refundedOre: number;

  @CreatedAt()
  createdAt: Date;
}
