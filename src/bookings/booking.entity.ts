import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt, UpdatedAt } from '../database/columns';
import { Departure } from '../tours/departure.entity';
import { StayPackage } from './stay-package.entity';

export type BookingStatus = 'held' | 'confirmed' | 'cancelled' | 'expired' | 'refunded';
export type PaymentMethod = 'on_arrival' | 'stripe';
export type PaymentStatus = 'unpaid' | 'due_on_arrival' | 'paid' | 'refunded';

@Entity('bookings')
@Index(['departureId', 'status'])
@Index(['status', 'holdExpiresAt'])
export class Booking {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unguessable and readable on the phone, such as NAT-7K4Q9X. */
  @Column({ type: 'varchar', length: 16, unique: true })
  reference: string;

  @Column({ type: 'int' })
  departureId: number;

  @ManyToOne(() => Departure, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'departure_id' })
  departure?: Departure;

  @Column({ type: 'int', nullable: true })
  stayPackageId: number | null;

  @ManyToOne(() => StayPackage, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'stay_package_id' })
  stayPackage?: StayPackage | null;

  @Column({ type: 'int' })
  guests: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'varchar', length: 20 })
  status: BookingStatus;

  @Column({ type: 'datetime', nullable: true })
  holdExpiresAt: Date | null;

  @Column({ type: 'int' })
  tourAmountSek: number;

  @Column({ type: 'int', default: 0 })
  stayAmountSek: number;

  @Column({ type: 'int' })
  totalSek: number;

  @Column({ type: 'varchar', length: 20, nullable: true })
  paymentMethod: PaymentMethod | null;

  @Column({ type: 'varchar', length: 20, default: 'unpaid' })
  paymentStatus: PaymentStatus;

  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  stripeSessionId: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripePaymentIntentId: string | null;

  @Column({ type: 'datetime', nullable: true })
  paidAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  confirmedAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  cancelledAt: Date | null;

  @CreatedAt()
  createdAt: Date;

  @UpdatedAt()
  updatedAt: Date;
}
