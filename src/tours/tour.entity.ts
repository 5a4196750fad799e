import { Column, Entity, JoinTable, ManyToMany, OneToMany, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt, UpdatedAt } from '../database/columns';
import { Category } from './category.entity';
import type { Departure } from '../departures/departure.entity';
import { Location } from './location.entity';

import type { TourImageView } from '../../shared/api-types';
import { PickupPoint } from './pickup-point.entity';
import { PriceCategory } from './price-category.entity';
import { TourQuestion } from './tour-question.entity';

export type TourImage = TourImageView;

export type TimeOfDay = 'morning' | 'day' | 'afternoon' | 'evening' | 'night';

@Entity('tours')
export class Tour {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 160, unique: true })
  slug: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  /** May hold light markup from the editors; the API cleans it (spec section 9). */
  @Column({ type: 'text' })
  shortDescription: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'varchar', length: 300 })
  imageUrl: string;

  @Column({ type: 'varchar', length: 300 })
  imageAlt: string;

  @Column({ type: 'boolean', default: false })
  isMain: boolean;

  @Column({ type: 'int' })
  durationMinutes: number;

  @Column({ type: 'int' })
  priceSek: number;

  /** The VAT rate (percent: 25, 12 or 6) its price categories sell at unless one says otherwise. */
  @Column({ type: 'int', default: 25 })
  vatRate: number;

  /** Null sorts last (spec section 9). */
  @Column({ type: 'int', nullable: true })
  sortOrder: number | null;

  /** Pickup places, shown as the card's pickup line (the API's `locations`). */
  @Column({ type: 'simple-json' })
  pickupPlaces: string[];

  @Column({ type: 'simple-json' })
  highlights: string[];

  @Column({ type: 'simple-json' })
  included: string[];

  @Column({ type: 'simple-json' })
  whatToBring: string[];

  @Column({ type: 'varchar', length: 300 })
  meetingPoint: string;

  /** Human text, such as "September to April". */
  @Column({ type: 'varchar', length: 120 })
  season: string;

  /** Months (1-12) the tour runs; drives the departure schedule and season questions. */
  @Column({ type: 'simple-json' })
  seasonMonths: number[];

  @Column({ type: 'varchar', length: 20 })
  timeOfDay: TimeOfDay;

  @Column({ type: 'int', nullable: true })
  minAge: number | null;

  /** The fewest guests (seats taken) a departure runs with; null: it always runs. A departure may set its own. */
  @Column({ type: 'int', nullable: true })
  minGuests: number | null;

  /** How long before the start a departure below its minimum is decided on (run anyway, or cancel). */
  @Column({ type: 'int', default: 24 })
  decisionHours: number;

  /** Until how long before the start a guest may change the pickup through the manage link. */
  @Column({ type: 'int', default: 2 })
  pickupCutoffHours: number;

  /** Until how long before the start "before the tour" questions can be answered through the manage link. */
  @Column({ type: 'int', default: 24 })
  answersDueHours: number;

  /** A deposit a guest may pay by card instead of the whole price: a share (1–99 %) or an amount per booking, at most one (none: paid in full). */
  @Column({ type: 'int', nullable: true })
  depositPercent: number | null;

  @Column({ type: 'int', nullable: true })
  depositSek: number | null;

  /** With a deposit, the balance is due this many days before the start. */
  @Column({ type: 'int', default: 30 })
  balanceDueDays: number;

  @Column({ type: 'simple-json' })
  images: TourImage[];

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @ManyToMany(() => Category, { eager: false })
  @JoinTable({ name: 'tour_categories' })
  categories: Category[];

  @ManyToMany(() => Location, { eager: false })
  @JoinTable({ name: 'tour_locations' })
  locations: Location[];

  @OneToMany('Departure', (departure: Departure) => departure.tour)
  departures: Departure[];

  /** What it asks of a booking or of each guest. */
  @OneToMany(() => TourQuestion, (question) => question.tour)
  questions?: TourQuestion[];

  /** The places it collects guests from (absent: guests come to the meeting point). */
  @ManyToMany(() => PickupPoint, { eager: false })
  @JoinTable({ name: 'tour_pickup_points' })
  pickupPoints?: PickupPoint[];

  /** What a seat is sold as (adult, child…); the default one's price is `priceSek`. */
  @OneToMany(() => PriceCategory, (category) => category.tour)
  priceCategories?: PriceCategory[];

  @CreatedAt()
  createdAt: Date;

  @UpdatedAt()
  updatedAt: Date;
}
