import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Offered, then the guest's answer: moved to the other departure, or refunded in full; lapsed: no answer by the start, refunded in full. */
export type MoveOfferStatus = 'offered' | 'moved' | 'refunded' | 'lapsed';

/**
 * One guest's offer after staff moved their departure (a WeatherCall): made once per booking
 * and call (unique), answered once (a conditional update from `offered`), whichever replica
 * the guest's answer reaches.
 */
@Entity('move_offers')
@Index(['callId', 'bookingId'], { unique: true })
@Index(['bookingId'])
export class MoveOffer {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  callId: number;

  @Column({ type: 'int' })
  bookingId: number;

  @Column({ type: 'varchar', length: 10, default: 'offered' })
  status: MoveOfferStatus;

  @Column({ type: 'datetime' })
  offeredAt: Date;

  @Column({ type: 'datetime', nullable: true })
  answeredAt: Date | null;
}
