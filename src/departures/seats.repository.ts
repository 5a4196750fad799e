import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

import { toDate } from '../database/sql-values';
import type { Departure } from './departure.entity';
import { type Party, seatsLeftWith } from './resources/resource-room';
import { ResourceRooms } from './resources/resource-rooms';
import { RoomNights } from './resources/room-nights';
import { LIVE_HOLD_SQL, OPEN_OFFER_SQL, seatsLeftOf, TAKES_SEATS_SQL } from './seat-rule';

/** The bookings and waitlist tables, read by their columns (seat-rule.ts says why). */
const BOOKINGS_TABLE = 'bookings';
const WAITLIST_TABLE = 'waitlist_entries';

/** A departure as the seat rule needs it. */
export type SeatSlot = Pick<Departure, 'id' | 'tourId' | 'startsAt' | 'capacity'>;

interface TakenRow {
  departureId: number | string;
  taken: number | string;
}

/**
 * Seats left = capacity − confirmed − unexpired holds − open waitlist offers, and never more than
 * the shared pools the departure needs still allow over its time span (ResourceRooms, issue 50)
 * (docs/booking-lifecycle.md, "Under the lock"). The one place that counts them; inside a
 * departure-locked transaction pass its manager.
 */
@Injectable()
export class SeatsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rooms: ResourceRooms,
    private readonly nights: RoomNights,
  ) {}

  /** Locks the room kinds of these stay packages (RoomNights): first, before the transaction reads what they guard. */
  lockRooms(manager: EntityManager, packageIds: readonly (number | null | undefined)[]): Promise<void> {
    return this.nights.lock(manager, packageIds);
  }

  /** Refuses (409) a stay with no room left on one of its nights from `startsAt` (RoomNights). */
  assertRooms(manager: EntityManager, startsAt: Date, stay: { packageId: number | null; rooms: number | null }, now: Date, excludeBookingId?: number): Promise<void> {
    return this.nights.assertRooms(manager, startsAt, stay, now, excludeBookingId);
  }

  /** Whether a stay has a room on every night from `startsAt`. */
  async roomsFree(manager: EntityManager, startsAt: Date, stay: { packageId: number | null; rooms: number | null }, now: Date, excludeBookingId?: number): Promise<boolean> {
    return (await this.nights.shortNight(manager, startsAt, stay, now, excludeBookingId)) === null;
  }

  /** The seats left on each departure at `now`, by its capacity and its pools (what pages and resellers are shown); `taken` when already counted. */
  async leftByDeparture(departures: readonly SeatSlot[], now: Date, options: { manager?: EntityManager; taken?: Map<number, number> } = {}): Promise<Map<number, number>> {
    const taken = options.taken ?? (await this.takenByDeparture(departures.map((departure) => departure.id), now, options));
    const rooms = await this.rooms.roomsOf(departures, now, options);
    return new Map(departures.map((departure) => [departure.id, seatsLeftWith(seatsLeftOf(departure, taken.get(departure.id) ?? 0), rooms.get(departure.id) ?? [])]));
  }

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
   * leaves out a booking's own seats (a booking being changed or paid late). With `party`, the
   * seats left for that party: a child who needs no sled may have room where an adult has none.
   */
  async seatsLeft(manager: EntityManager, departure: SeatSlot, now: Date, excludeBookingId?: number, party?: Party): Promise<number> {
    const capacityLeft = seatsLeftOf(departure, await this.taken(manager, departure.id, now, excludeBookingId));
    const rooms = (await this.rooms.roomsOf([departure], now, { manager, excludeBookingId })).get(departure.id) ?? [];
    return seatsLeftWith(capacityLeft, rooms, party);
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
