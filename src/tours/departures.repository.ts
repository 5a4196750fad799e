import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, DataSource, LessThan, MoreThan } from 'typeorm';

import type { DepartureView } from '../../shared/api-types';
import { ContentChanges } from '../common/cache/content-changes';
import { toDate } from '../database/sql-values';
import { SeatsRepository } from '../bookings/seats.repository';
import { Departure } from './departure.entity';

/** Open departures of a tour with their seats left. */
@Injectable()
export class DeparturesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly seats: SeatsRepository,
    changes: ContentChanges,
  ) {
    // What upcomingWithSeats answers changes without a write when a hold lapses or a departure starts.
    changes.addClock((now) => this.seats.nextHoldLapse(now));
    changes.addClock((now) => this.nextStart(now));
  }

  /** When the next open departure starts: a time in ms, or Infinity. */
  async nextStart(now: Date): Promise<number> {
    const row = await this.dataSource
      .getRepository(Departure)
      .createQueryBuilder('departure')
      .select('MIN(departure.starts_at)', 'next')
      .where('departure.status = :open AND departure.starts_at > :now', { open: 'open', now })
      .getRawOne<{ next: Date | string | null }>();
    return row?.next ? toDate(row.next).getTime() : Number.POSITIVE_INFINITY;
  }

  async upcomingWithSeats(tour: { id: number; priceSek: number }, window: { from: Date; to?: Date; limit: number }, now = new Date()): Promise<DepartureView[]> {
    const departures = await this.dataSource.getRepository(Departure).find({
      where: { tourId: tour.id, status: 'open', startsAt: window.to ? And(MoreThan(window.from), LessThan(window.to)) : MoreThan(window.from) },
      order: { startsAt: 'ASC' },
      take: window.limit,
    });
    const taken = await this.seats.takenByDeparture(departures.map((departure) => departure.id), now);
    return departures.map((departure) => ({
      id: departure.id,
      startsAt: departure.startsAt.toISOString(),
      capacity: departure.capacity,
      seatsLeft: Math.max(0, departure.capacity - (taken.get(departure.id) ?? 0)),
      priceSek: departure.priceSek ?? tour.priceSek,
    }));
  }
}
