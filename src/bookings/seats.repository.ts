import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

import { toDate } from '../database/sql-values';
import { LIVE_HOLD_SQL, TAKES_SEATS_SQL } from './booking-lifecycle';
import { Booking } from './booking.entity';

/**
 * Seats left = capacity − confirmed − unexpired holds (DESIGN.md, booking rules). The one
 * place that counts them; inside a departure-locked transaction pass its manager.
 */
@Injectable()
export class SeatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Seats taken on each of the departures (absent: none taken). */
  async takenByDeparture(departureIds: number[], now: Date, options: { manager?: EntityManager; excludeBookingId?: number } = {}): Promise<Map<number, number>> {
    if (departureIds.length === 0) return new Map();
    const query = (options.manager ?? this.dataSource.manager)
      .createQueryBuilder(Booking, 'booking')
      .select('booking.departure_id', 'departureId')
      .addSelect('SUM(booking.guests)', 'taken')
      .where('booking.departure_id IN (:...departureIds)', { departureIds })
      .andWhere(TAKES_SEATS_SQL('booking'), { now })
      .groupBy('booking.departure_id');
    if (options.excludeBookingId) query.andWhere('booking.id <> :excludeBookingId', { excludeBookingId: options.excludeBookingId });
    const rows = await query.getRawMany<{ departureId: number | string; taken: number | string }>();
    return new Map(rows.map((row) => [Number(row.departureId), Number(row.taken)]));
  }

  async taken(manager: EntityManager, departureId: number, now: Date, excludeBookingId?: number): Promise<number> {
    return (await this.takenByDeparture([departureId], now, { manager, excludeBookingId })).get(departureId) ?? 0;
  }

  /** When the next live hold lapses (and seats left change without a write): a time in ms, or Infinity. */
  async nextHoldLapse(now: Date): Promise<number> {
    const row = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .select('MIN(booking.hold_expires_at)', 'next')
      .where(LIVE_HOLD_SQL('booking'), { now })
      .getRawOne<{ next: Date | string | null }>();
    return row?.next ? toDate(row.next).getTime() : Number.POSITIVE_INFINITY;
  }

  /** The bookings that hold seats on a departure, by name: who is coming. */
  seatHolders(departureId: number, now: Date): Promise<Booking[]> {
    return this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .where('booking.departure_id = :departureId', { departureId })
      .andWhere(TAKES_SEATS_SQL('booking'), { now })
      .orderBy('booking.name', 'ASC')
      .getMany();
  }
}
