import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

import { toDate } from '../database/sql-values';
import type { Departure } from './departure.entity';
import { LIVE_HOLD_SQL, OPEN_OFFER_SQL, seatsLeftOf, TAKES_SEATS_SQL } from './seat-rule';

/** The bookings and waitlist tables, read by their columns (seat-rule.ts says why). */
const BOOKINGS_TABLE = 'bookings';
const WAITLIST_TABLE = 'waitlist_entries';

/**
 * Seats left = capacity − confirmed − unexpired holds − open waitlist offers (docs/booking-lifecycle.md, "Under the lock"). The one
 * place that counts them; inside a departure-locked transaction pass its manager.
 */
interface TakenRow {
  departureId: number | string;
  taken: number | string;
}

@Injectable()
export class SeatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Seats taken on each of the departures (absent: none taken). */
  async takenByDeparture(departureIds: number[], now: Date, options: { manager?: EntityManager; excludeBookingId?: number } = {}): Promise<Map<number, number>> {
    if (departureIds.length === 0) return new Map();
    const query = (options.manager ?? this.dataSource.manager)
      .createQueryBuilder()
      .from(BOOKINGS_TABLE, 'booking')
      .select('booking.departure_id', 'departureId')
      .addSelect('SUM(booking.seats)', 'taken')
      .where('booking.departure_id IN (:...departureIds)', { departureIds })
      .andWhere(TAKES_SEATS_SQL('booking'), { now })
      .groupBy('booking.departure_id');
    if (options.excludeBookingId) query.andWhere('booking.id <> :excludeBookingId', { excludeBookingId: options.excludeBookingId });
    // Seats offered to a guest on the waitlist are theirs alone until the offer lapses.
    const offers = (options.manager ?? this.dataSource.manager)
      .createQueryBuilder()
      .from(WAITLIST_TABLE, 'entry')
      .select('entry.departure_id', 'departureId')
      .addSelect('SUM(entry.seats)', 'taken')
      .where('entry.departure_id IN (:...departureIds)', { departureIds })
      .andWhere(OPEN_OFFER_SQL('entry'), { now })
      .groupBy('entry.departure_id');
    const taken = new Map<number, number>();
    for (const rows of [await query.getRawMany<TakenRow>(), await offers.getRawMany<TakenRow>()]) {
      for (const row of rows) taken.set(Number(row.departureId), (taken.get(Number(row.departureId)) ?? 0) + Number(row.taken));
    }
    return taken;
  }

  async taken(manager: EntityManager, departureId: number, now: Date, excludeBookingId?: number): Promise<number> {
    return (await this.takenByDeparture([departureId], now, { manager, excludeBookingId })).get(departureId) ?? 0;
  }

  /**
   * The seats of a departure's confirmed bookings: what holds a seat for real, as the minimum to
   * run counts it (a hold may lapse, and a reseller's lasts a day).
   */
  async confirmed(manager: EntityManager, departureId: number): Promise<number> {
    const row = await manager
      .createQueryBuilder()
      .from(BOOKINGS_TABLE, 'booking')
      .select('COALESCE(SUM(booking.seats), 0)', 'seats')
      .where('booking.departure_id = :departureId', { departureId })
      .andWhere("booking.status = 'confirmed'")
      .getRawOne<{ seats: number | string }>();
    return Number(row?.seats ?? 0);
  }

  /**
   * The seats left on a departure, in the transaction that holds its lock; `excludeBookingId`
   * leaves out a booking's own seats (a booking being changed or paid late).
   */
  async seatsLeft(manager: EntityManager, departure: Pick<Departure, 'id' | 'capacity'>, now: Date, excludeBookingId?: number): Promise<number> {
    return seatsLeftOf(departure, await this.taken(manager, departure.id, now, excludeBookingId));
  }

  /** When the next live hold or waitlist offer lapses (and seats left change without a write): a time in ms, or Infinity. */
  async nextHoldLapse(now: Date): Promise<number> {
    const hold = await this.dataSource.manager
      .createQueryBuilder()
      .from(BOOKINGS_TABLE, 'booking')
      .select('MIN(booking.hold_expires_at)', 'next')
      .where(LIVE_HOLD_SQL('booking'), { now })
      .getRawOne<{ next: Date | string | null }>();
    const offer = await this.dataSource.manager
      .createQueryBuilder()
      .from(WAITLIST_TABLE, 'entry')
      .select('MIN(entry.offer_expires_at)', 'next')
      .where(OPEN_OFFER_SQL('entry'), { now })
      .getRawOne<{ next: Date | string | null }>();
    return Math.min(...[hold?.next, offer?.next].map((next) => (next ? toDate(next).getTime() : Number.POSITIVE_INFINITY)));
  }
}
