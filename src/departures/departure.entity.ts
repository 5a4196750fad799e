import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt, UpdatedAt } from '../database/columns';
import type { Tour } from '../tours/tour.entity';

export { MAX_GROUP_SIZE } from '../../shared/taxonomy';

export type DepartureStatus = 'open' | 'closed' | 'cancelled';
export type MinimumStatus = 'met' | 'flagged' | 'run' | 'cancelled';

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

  /** Overrides the tour's minimum to run (0: this date runs whatever). */
  @Column({ type: 'int', nullable: true })
  minGuests: number | null;

  /** Overrides how long before the start a date below its minimum is decided on. */
  @Column({ type: 'int', nullable: true })
  decisionHours: number | null;

  /**
   * The minimum's decision: null until its time; `met` (enough guests then), `flagged` (below
   * it: staff told, to decide), `run` (staff run it anyway) or `cancelled` (staff cancelled it).
   */
  @Column({ type: 'varchar', length: 12, nullable: true })
  minimumStatus: MinimumStatus | null;

  @Column({ type: 'datetime', nullable: true })
  minimumDecidedAt: Date | null;

  @CreatedAt()
  createdAt: Date;

  @UpdatedAt()
  updatedAt: Date;
}
