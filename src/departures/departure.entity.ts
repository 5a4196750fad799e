import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt, UpdatedAt } from '../database/columns';
import type { Tour } from '../tours/tour.entity';

export { MAX_GROUP_SIZE } from '../../shared/taxonomy';

export type DepartureStatus = 'open' | 'closed' | 'cancelled';

/** A tour date: one group leaving at one time. */
@Entity('departures')
@Index(['tourId', 'startsAt'])
@Index(['startsAt'])
export class Departure {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  tourId: number;

  // Named, not imported: tours sit above departures (the relation's other side is Tour.departures).
  @ManyToOne('Tour', (tour: Tour) => tour.departures, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tour_id' })
  tour?: Tour;

  @Column({ type: 'datetime' })
  startsAt: Date;

  @Column({ type: 'int' })
  capacity: number;

  /** Overrides the tour's price (its default price category's) when set. */
  @Column({ type: 'int', nullable: true })
  priceSek: number | null;

  /** Season prices of the tour's other categories on this date, by category code (absent: the category's own price). */
  @Column({ type: 'simple-json', nullable: true })
  categoryPrices: Record<string, number> | null;

  @Column({ type: 'varchar', length: 20, default: 'open' })
  status: DepartureStatus;

  @CreatedAt()
  createdAt: Date;

  @UpdatedAt()
  updatedAt: Date;
}
