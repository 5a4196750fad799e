import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, Between, DataSource, EntityManager, In, IsNull, LessThan, MoreThan } from 'typeorm';

import { findOneJoined } from '../database/find-joined';
import type { TourDateView } from '../../shared/admin-types';
import type { DepartureView } from '../../shared/api-types';
import { ContentChanges } from '../common/cache/content-changes';
import { toDate } from '../database/sql-values';
import { SeatsRepository } from './seats.repository';
import { RoomNights } from './resources/room-nights';
import { MINIMUM_DECISIONS, type MinimumDecision } from './departure-rules';
import { Departure, type MinimumStatus } from './departure.entity';
import { unmetMinimum, type TourMinimum } from './minimum';
import { seatsLeftOf } from './seat-rule';
import { clock } from '../common/clock';
import { kirunaDate, kirunaDaysAround } from '../../shared/company';

/** A departure as staff see it, with the seats booked on it and left (by its capacity, or `left` as its pools allow too). */
export const withSeatsBooked = (view: TourDateView, booked: number, left = seatsLeftOf(view, booked)): TourDateView => ({ ...view, booked, seatsLeft: left });

/** A departure as staff see it; with `booked`, also the seats taken and left. */
export const mapTourDate = (departure: Departure, booked?: number): TourDateView => {
  const view: TourDateView = {
    id: departure.id,
    tourId: departure.tourId,
    ...(departure.tour ? { tourTitle: departure.tour.title } : {}),
    startsAt: departure.startsAt.toISOString(),
    capacity: departure.capacity,
    priceSek: departure.priceSek,
    status: departure.status,
    categoryPrices: departure.categoryPrices ?? null,
    minGuests: departure.minGuests ?? null,
    decisionHours: departure.decisionHours ?? null,
    minimumStatus: departure.minimumStatus ?? null,
  };
  return booked === undefined ? view : withSeatsBooked(view, booked);
};

export type DepartureChanges = Partial<Pick<Departure, 'capacity' | 'priceSek' | 'status' | 'categoryPrices' | 'minGuests' | 'decisionHours'>>;

/** Open departures of a tour with their seats left. */
@Injectable()
export class DeparturesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly seats: SeatsRepository,
    private readonly nights: RoomNights,
    changes: ContentChanges,
  ) {
    // What upcomingWithSeats answers changes without a write when a hold lapses or a departure starts.
    changes.addClock('departures', (now) => this.seats.nextHoldLapse(now));
    changes.addClock('departures', (now) => this.nextStart(now));
  }

  /** Departures of every status starting in [from, to], of one tour or all, with their tour's title. */
  async schedule(window: { from: Date; to: Date; tourId?: number }): Promise<TourDateView[]> {
    const departures = await this.dataSource.getRepository(Departure).find({
      where: { startsAt: Between(window.from, window.to), ...(window.tourId ? { tourId: window.tourId } : {}) },
      relations: { tour: true },
      order: { startsAt: 'ASC' },
      take: 2000,
    });
    return departures.map((departure) => mapTourDate(departure));
  }

  /** The same, each with its seats booked and left at `now`. */
  async scheduleWithSeats(window: { from: Date; to: Date; tourId?: number }, now: Date): Promise<TourDateView[]> {
    const departures = await this.schedule(window);
    const booked = await this.seats.takenByDeparture(departures.map((departure) => departure.id), now);
    const left = await this.seats.leftByDeparture(
      departures.map((departure) => ({ ...departure, startsAt: new Date(departure.startsAt) })),
      now,
      { taken: booked },
    );
    return departures.map((departure) => withSeatsBooked(departure, booked.get(departure.id) ?? 0, left.get(departure.id)));
  }

  /** The start times (ms) a tour already has in [from, to]. */
  async startTimes(tourId: number, from: Date, to: Date): Promise<Set<number>> {
    const departures = await this.dataSource.getRepository(Departure).find({ where: { tourId, startsAt: Between(from, to) }, select: { startsAt: true } });
    return new Set(departures.map((departure) => departure.startsAt.getTime()));
  }

  /** New open departures of a tour, all with the same capacity and price. */
  async create(tourId: number, startTimes: Date[], seats: { capacity: number; priceSek: number | null }): Promise<TourDateView[]> {
    const departures = this.dataSource.getRepository(Departure);
    const saved = await departures.save(
      startTimes.map((startsAt) => departures.create({ tourId, startsAt, capacity: seats.capacity, priceSek: seats.priceSek, status: 'open' })),
      { chunk: 200 },
    );
    return saved.map((departure) => mapTourDate(departure, 0));
  }

  /** A departure with what the passenger list heads: its tour's title and meeting point; null when there is none. */
  async withTour(id: number): Promise<{ id: number; tourId: number; startsAt: string; capacity: number; tourTitle: string; meetingPoint: string } | null> {
    const departure = await findOneJoined(this.dataSource.manager, Departure, { where: { id }, relations: { tour: true } });
    if (!departure?.tour) return null;
    return { id: departure.id, tourId: departure.tourId, startsAt: departure.startsAt.toISOString(), capacity: departure.capacity, tourTitle: departure.tour.title, meetingPoint: departure.tour.meetingPoint };
  }

  /** When each of these departures starts (one missing is left out: a history may name one since deleted). */
  async startTimesOf(ids: readonly number[]): Promise<Map<number, Date>> {
    const departures = ids.length ? await this.dataSource.getRepository(Departure).find({ where: { id: In([...ids]) }, select: { id: true, startsAt: true } }) : [];
    return new Map(departures.map((departure) => [departure.id, departure.startsAt]));
  }

  /** The departures of a departure's tour on the Kiruna days `days` either side of its day (itself among them; none when it is unknown). */
  async sameTourAround(departureId: number, days: number): Promise<number[]> {
    const repository = this.dataSource.getRepository(Departure);
    const chosen = await repository.findOne({ where: { id: departureId }, select: { id: true, tourId: true, startsAt: true } });
    if (!chosen) return [];
    const { from, to } = kirunaDaysAround(chosen.startsAt, days);
    const reach = (days + 1) * 86_400_000;
    const near = await repository.find({ where: { tourId: chosen.tourId, startsAt: Between(new Date(chosen.startsAt.getTime() - reach), new Date(chosen.startsAt.getTime() + reach)) }, select: { id: true, startsAt: true } });
    return near.filter((departure) => kirunaDate(departure.startsAt) >= from && kirunaDate(departure.startsAt) <= to).map((departure) => departure.id);
  }

  /** A departure with its tour, or null. */
  findWithTour(id: number): Promise<Departure | null> {
    return findOneJoined(this.dataSource.manager, Departure, { where: { id }, relations: { tour: true } });
  }

  /** Changes a departure inside the transaction that holds its lock (withDepartureLock). */
  async change(manager: EntityManager, id: number, changes: DepartureChanges): Promise<void> {
    await manager.update(Departure, { id }, changes);
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

  /** Open departures in the window with their seats left; `pricesOf` gives each one's prices by category (the tours module knows them). */
  async upcomingWithSeats(
    tour: { id: number; priceSek: number } & TourMinimum,
    window: { from: Date; to?: Date; limit: number },
    pricesOf: (departure: Departure) => Record<string, number>,
    now = clock.now(),
  ): Promise<DepartureView[]> {
    const departures = await this.dataSource.getRepository(Departure).find({
      where: { tourId: tour.id, status: 'open', startsAt: window.to ? And(MoreThan(window.from), LessThan(window.to)) : MoreThan(window.from) },
      order: { startsAt: 'ASC' },
      take: window.limit,
    });
    const takenSeats = await this.seats.takenByDeparture(departures.map((departure) => departure.id), now);
    const left = await this.seats.leftByDeparture(departures, now, { taken: takenSeats });
    const fullStays = await this.nights.fullStays(departures, now);
    return departures.map((departure) => {
      const taken = takenSeats.get(departure.id) ?? 0;
      const minimum = unmetMinimum(departure, tour, taken);
      return {
      id: departure.id,
      startsAt: departure.startsAt.toISOString(),
      capacity: departure.capacity,
      seatsLeft: left.get(departure.id) ?? seatsLeftOf(departure, taken),
      priceSek: departure.priceSek ?? tour.priceSek,
      prices: pricesOf(departure),
      ...(fullStays.has(departure.id) ? { fullStays: fullStays.get(departure.id) } : {}),
      ...(minimum ? { minimum: { ...minimum, decidedAt: minimum.decidedAt.toISOString(), ...(departure.minimumStatus === 'flagged' ? { deciding: true as const } : {}) } } : {}),
      };
    });
  }
}

/**
 * The minimum decision's one write, as a transition of MINIMUM_DECISIONS: conditional on the
 * state it comes from, so that two processes deciding at once decide once. False when the
 * departure was no longer in that state.
 */
export async function decideMinimum(manager: EntityManager, id: number, decision: MinimumDecision, status: MinimumStatus, now: Date): Promise<boolean> {
  const rule = MINIMUM_DECISIONS[decision];
  if (!(rule.to as readonly MinimumStatus[]).includes(status)) throw new Error(`A minimum decision "${decision}" cannot lead to ${status}`);
  const result = await manager.update(Departure, { id, ...(rule.from === 'any' ? {} : { minimumStatus: rule.from === null ? IsNull() : rule.from }) }, { minimumStatus: status, minimumDecidedAt: now });
  return result.affected === 1;
}
