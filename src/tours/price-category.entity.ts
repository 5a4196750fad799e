import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import type { Tour } from './tour.entity';

/**
 * What a tour sells a seat as: adult, child, infant, family… each with its price in SEK, an age
 * band, the seats one takes (an infant on a lap none, a family four) and its limits per booking.
 * Exactly one category per tour is the default: `guests: N` means N of it, and its price is the
 * tour's `price`.
 */
@Entity('tour_price_categories')
@Index(['tourId', 'code'], { unique: true })
export class PriceCategory {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  tourId: number;

  @ManyToOne('Tour', (tour: Tour) => tour.priceCategories, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tour_id' })
  tour?: Tour;

  /** Stable and lowercase (adult, child, family, driver…): what the API and resellers name. */
  @Column({ type: 'varchar', length: 30 })
  code: string;

  /** What guests read: "Adult", "Child (4-12)". */
  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'int' })
  priceSek: number;

  @Column({ type: 'int', nullable: true })
  ageMin: number | null;

  @Column({ type: 'int', nullable: true })
  ageMax: number | null;

  /** Seats one of these takes: 1, 0 for an infant on a lap, 4 for a family unit. */
  @Column({ type: 'int', default: 1 })
  seatsPerUnit: number;

  /** People one of these is: 1, or 4 for a family unit (an infant is a guest who takes no seat). */
  @Column({ type: 'int', default: 1 })
  guestsPerUnit: number;

  /** When chosen at all, at least this many… */
  @Column({ type: 'int', default: 0 })
  minPerBooking: number;

  /** …and at most this many (null: as many as there are seats). */
  @Column({ type: 'int', nullable: true })
  maxPerBooking: number | null;

  /** An adult: the one an accompanied category needs beside it. */
  @Column({ type: 'boolean', default: false })
  isAdult: boolean;

  /** Must be booked together with an adult category (children, infants). */
  @Column({ type: 'boolean', default: false })
  needsAdult: boolean;

  @Column({ type: 'boolean', default: false })
  isDefault: boolean;

  /** A ticket for a party: whom one replaces, as a party key (`adult2.child2`); null for a category of its own. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  bundleOf: string | null;

  /** Its own VAT rate (percent); null: the tour's. */
  @Column({ type: 'int', nullable: true })
  vatRate: number | null;

  @Column({ type: 'int', default: 0 })
  sortOrder: number;
}
