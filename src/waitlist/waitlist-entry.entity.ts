import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';
import type { Lang } from '../../shared/languages';
import type { WaitlistPartyItem, WaitlistStatus } from '../../shared/waitlist';

/**
 * A guest in line for a full departure (issue 49). The line is the order of ids among the
 * departure's `waiting` entries. An `offered` entry's seats count as taken until its offer lapses
 * (the seat rule, seat-rule.ts), so nobody else can take them; only WaitlistLine changes a status,
 * each change conditional on the one before, under the departure's lock.
 */
@Entity('waitlist_entries')
@Index('IDX_waitlist_entries_departure', ['departureId', 'status'])
@Index('IDX_waitlist_entries_email', ['email'])
@Index('IDX_waitlist_entries_group', ['groupId'])
export class WaitlistEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  departureId: number;

  @Column({ type: 'int' })
  tourId: number;

  /**
   * "Any date this week": the entries of one guest for several dates of the tour share the id of
   * the entry for the date they chose (null: this date alone). One offer at a time goes to a group;
   * a booking from it ends the others.
   */
  @Column({ type: 'int', nullable: true })
  groupId: number | null;

  @Column({ type: 'varchar', length: 10, default: 'waiting' })
  status: WaitlistStatus;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  /** Lower case, as bookings keep it. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 5, default: 'en' })
  language: Lang;

  /** The party by price category, as the guest asked. */
  @Column({ type: 'simple-json' })
  party: WaitlistPartyItem[];

  /** The seats that party takes (counted as a booking counts them, at joining). */
  @Column({ type: 'int' })
  seats: number;

  @Column({ type: 'datetime', nullable: true })
  offeredAt: Date | null;

  /** While `offered`: when the held seats go back (and on to the next in line). */
  @Column({ type: 'datetime', nullable: true })
  offerExpiresAt: Date | null;

  /** Who made the offer: the line (`auto`) or staff by hand. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  offeredBy: 'auto' | 'staff' | null;

  /** The booking the guest made from the offer. */
  @Column({ type: 'int', nullable: true })
  bookingId: number | null;

  @Column({ type: 'datetime', nullable: true })
  endedAt: Date | null;

  @CreatedAt()
  createdAt: Date;
}
