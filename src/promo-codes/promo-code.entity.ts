import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';
import type { PromoKind } from '../../shared/promo-codes';

/**
 * A promo code staff hand out (a partner, a newsletter): what it takes off, what it applies to, and
 * its limits. Its uses are the bookings made with it that are held or confirmed (counted under the
 * code's row lock when a booking takes it), so a lapsed hold or a cancellation gives its use back
 * and nothing is counted twice. A booking keeps the terms it was made with.
 */
@Entity('promo_codes')
@Index('IDX_promo_codes_code', ['code'], { unique: true })
export class PromoCode {
  @PrimaryGeneratedColumn()
  id: number;

  /** Upper case letters and digits, as guests type it (normalizePromoCode). */
  @Column({ type: 'varchar', length: 30 })
  code: string;

  @Column({ type: 'varchar', length: 10 })
  kind: PromoKind;

  /** Percent (1–100) or kronor off. */
  @Column({ type: 'int' })
  value: number;

  /** The tours it is for (ids); null: every tour. */
  @Column({ type: 'simple-json', nullable: true })
  tourIds: number[] | null;

  /** The price categories it takes off (codes); null: all of them. */
  @Column({ type: 'simple-json', nullable: true })
  categories: string[] | null;

  /** The first and last day (Kiruna, YYYY-MM-DD) a booking may be made with it; null: no limit. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  bookFrom: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  bookUntil: string | null;

  /** The first and last day of the tours it is for; null: no limit. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  tourFrom: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  tourUntil: string | null;

  /** Bookings it may be on at once (held or confirmed); null: no limit. */
  @Column({ type: 'int', nullable: true })
  maxUses: number | null;

  /** The same for one guest's email address. */
  @Column({ type: 'int', nullable: true })
  maxUsesPerEmail: number | null;

  @Column({ type: 'int', default: 1 })
  minGuests: number;

  /** Paused by staff: refused as unknown until resumed. */
  @Column({ type: 'boolean', default: false })
  paused: boolean;

  /** Who it is for, in staff's words ("Newsletter December", "Hotel Arctic partner"). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  note: string | null;

  @CreatedAt()
  createdAt: Date;
}
