import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { DepartureView } from '../../client/api/types';
import { Booking } from '../bookings/booking.entity';
import { toDate } from '../database/sql-values';
import { Departure } from './departure.entity';

interface AvailabilityRow {
  id: number;
  startsAt: Date | string;
  capacity: number | string;
  priceSek: number | string | null;
  tourPriceSek: number | string;
  taken: number | string | null;
}

/** Seats left = capacity − confirmed − unexpired holds (DESIGN.md, booking rules). */
@Injectable()
export class DeparturesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async upcomingWithSeats(tourId: number, window: { from: Date; to?: Date; limit: number }, now = new Date()): Promise<DepartureView[]> {
    const query = this.dataSource
      .createQueryBuilder()
      .select('departure.id', 'id')
      .addSelect('departure.starts_at', 'startsAt')
      .addSelect('departure.capacity', 'capacity')
      .addSelect('departure.price_sek', 'priceSek')
      .addSelect('tour.price_sek', 'tourPriceSek')
      .addSelect(
        `SUM(CASE WHEN booking.status = 'confirmed' OR (booking.status = 'held' AND booking.hold_expires_at > :now) THEN booking.guests ELSE 0 END)`,
        'taken',
      )
      .from(Departure, 'departure')
      .innerJoin('departure.tour', 'tour')
      .leftJoin(Booking, 'booking', 'booking.departure_id = departure.id')
      .where('departure.tour_id = :tourId', { tourId })
      .andWhere("departure.status = 'open'")
      .andWhere('departure.starts_at > :from', { from: window.from })
      .groupBy('departure.id')
      .addGroupBy('departure.starts_at')
      .addGroupBy('departure.capacity')
      .addGroupBy('departure.price_sek')
      .addGroupBy('tour.price_sek')
      .orderBy('departure.starts_at', 'ASC')
      .limit(window.limit)
      .setParameter('now', now);
    if (window.to) query.andWhere('departure.starts_at < :to', { to: window.to });
    const rows = await query.getRawMany<AvailabilityRow>();
    return rows.map((row) => {
      const capacity = Number(row.capacity);
      return {
        id: Number(row.id),
        startsAt: toDate(row.startsAt).toISOString(),
        capacity,
        seatsLeft: Math.max(0, capacity - Number(row.taken ?? 0)),
        priceSek: Number(row.priceSek ?? row.tourPriceSek),
      };
    });
  }
}
