import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import type { MoveOfferStatus } from '../../shared/weather-calls';

export type { MoveOfferStatus };

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
