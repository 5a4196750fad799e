import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import type { WeatherReason } from '../../shared/weather-calls';
import { CreatedAt } from '../database/columns';

export type { WeatherReason };
export type WeatherDecision = 'run' | 'move';

/**
 * Staff's call on one departure from the sky board: it runs, or everyone is moved (each guest
 * offered a free move to `targetDepartureId` or a full refund). One per departure: a second
 * call on it, from any replica, meets the unique key; a "run" may still become a "move".
 */
@Entity('weather_calls')
@Index(['departureId'], { unique: true })
export class WeatherCall {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  departureId: number;

  @Column({ type: 'varchar', length: 10 })
  decision: WeatherDecision;

  @Column({ type: 'varchar', length: 10, nullable: true })
  reason: WeatherReason | null;

  @Column({ type: 'int', nullable: true })
  targetDepartureId: number | null;

  @Column({ type: 'varchar', length: 254 })
  decidedBy: string;

  @CreatedAt()
  createdAt: Date;

  @Column({ type: 'datetime' })
  decidedAt: Date;
}
