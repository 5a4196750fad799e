import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';

import { kirunaDate } from '../../../shared/company';
import { ContentChanges } from '../../common/cache/content-changes';
import { kirunaMidnight } from '../../common/kiruna-day';
import { supportsRowLocks } from '../../database/transactions';
import { toDate } from '../../database/sql-values';
import { TAKES_SEATS_SQL } from '../seat-rule';
import { ResourceKind } from './resource-kind.entity';
import { itemsInService } from './resource-room';
import { itemsOfKinds } from './resource-rooms';

const DAY_MS = 86_400_000;

/** The local dates (YYYY-MM-DD) of the nights a stay of `nights` takes, from the night of its tour's day. */
export function nightsOf(startsAt: Date, nights: number): string[] {
  const [year, month, day] = kirunaDate(startsAt).split('-').map(Number);
  return Array.from({ length: Math.max(1, nights) }, (_, index) => new Date(Date.UTC(year!, month! - 1, day! + index)).toISOString().slice(0, 10));
}

const dayAfter = (night: string): string => new Date(Date.parse(`${night}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** A stay package as the room count needs it (stay_packages, read by its columns: the bookings module owns it). */
interface StayRow {
  id: number;
  name: string;
  nights: number;
  roomKindId: number | null;
}

/**
 * Stays by the night (issue 50): a stay package whose `room_kind_id` names a kind of room takes,
 * for each night it covers from its tour's day, as many of those rooms as the booking's
 * `stay_rooms`. A night has as many rooms as the kind has items in service that night; what the
 * bookings (confirmed, and holds still live) hold is counted from them, nothing copied.
 *
 * Every transaction that can take rooms locks the room kinds first (`lock`: before a new booking
 * reads anything, and by BookingWriter.lockBookings right after it locks a booking with a stay),
 * with locking reads only, so its snapshot, and so the count, follows the lock: two guests
 * taking the last cabin decide one after the other, on any replica.
 */
/** What a count of rooms reads of staff's plan: the stay packages, and each room kind's rooms with their time out. */
interface RoomPlan {
  stays: StayRow[];
  rooms: Map<number, { outages: { startsAt: number; endsAt: number }[] }[]>;
}

@Injectable()
export class RoomNights {
  /** The plan as pages read it, until anything shown changes (staff's stays, rooms, time out: a change of '*'). */
  private cachedPlan?: Promise<RoomPlan>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    changes: ContentChanges,
  ) {
    changes.onChange((topics) => {
      if (topics.has('*')) this.cachedPlan = undefined;
    });
  }

  /** Locks the room kinds of these stay packages (none: nothing); a package without one is the partner's to count. */
  async lock(manager: EntityManager, packageIds: readonly (number | null | undefined)[]): Promise<void> {
    const ids = [...new Set(packageIds.filter((id): id is number => typeof id === 'number'))];
    if (ids.length === 0 || !supportsRowLocks(this.dataSource)) return;
    const rows = (await manager.query(`SELECT room_kind_id AS kindId FROM stay_packages WHERE id IN (${ids.map(() => '?').join(', ')}) LOCK IN SHARE MODE`, ids)) as { kindId: number | string | null }[];
    const kindIds = [...new Set(rows.filter((row) => row.kindId !== null).map((row) => Number(row.kindId)))];
    if (kindIds.length) await manager.find(ResourceKind, { where: { id: In(kindIds) }, order: { id: 'ASC' }, select: { id: true }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * The first night a stay of `rooms` rooms of this package has no room on, from `startsAt`
   * (null: every night has room); `excludeBookingId` leaves a changed booking's own rooms out.
   * In a transaction that took `lock` for the package.
   */
  async shortNight(manager: EntityManager, startsAt: Date, stay: { packageId: number | null; rooms: number | null }, now: Date, excludeBookingId?: number): Promise<string | null> {
    if (!stay.packageId || !stay.rooms) return null;
    const plan = await this.loadPlan(manager);
    const row = plan.stays.find((one) => one.id === stay.packageId);
    if (!row?.roomKindId) return null;
    const nights = nightsOf(startsAt, row.nights);
    const left = await this.roomsLeft(manager, plan, row.roomKindId, nights, now, excludeBookingId);
    return nights.find((night) => (left.get(night) ?? 0) < stay.rooms!) ?? null;
  }

  /** Refuses (409) a stay that has no room on one of its nights. */
  async assertRooms(manager: EntityManager, startsAt: Date, stay: { packageId: number | null; rooms: number | null }, now: Date, excludeBookingId?: number): Promise<void> {
    const night = await this.shortNight(manager, startsAt, stay, now, excludeBookingId);
    if (night) throw new ConflictException(`The stay has no room left on the night of ${night}: choose another date, or book without it.`);
  }

  /** The stay packages with no room left on one of their nights from each departure's day (the booking page shows them as full). */
  async fullStays(departures: readonly { id: number; startsAt: Date }[], now: Date): Promise<Map<number, number[]>> {
    const full = new Map<number, number[]>();
    if (departures.length === 0) return full;
    const manager = this.dataSource.manager;
    this.cachedPlan ??= this.loadPlan(manager).catch((error: unknown) => {
      this.cachedPlan = undefined;
      throw error;
    });
    const plan = await this.cachedPlan;
    for (const row of plan.stays.filter((one) => one.roomKindId !== null)) {
      const nights = new Map(departures.map((departure) => [departure.id, nightsOf(departure.startsAt, row.nights)]));
      const left = await this.roomsLeft(manager, plan, row.roomKindId!, [...new Set([...nights.values()].flat())], now);
      for (const [id, own] of nights) if (own.some((night) => (left.get(night) ?? 0) <= 0)) full.set(id, [...(full.get(id) ?? []), row.id]);
    }
    return full;
  }

  /** Rooms of a kind still free on each of the nights. */
  private async roomsLeft(manager: EntityManager, plan: RoomPlan, kindId: number, nights: string[], now: Date, excludeBookingId?: number): Promise<Map<string, number>> {
    const sorted = [...new Set(nights)].sort();
    const left = new Map<string, number>();
    if (sorted.length === 0) return left;
    const packages = plan.stays.filter((row) => row.roomKindId === kindId);
    const longest = Math.max(1, ...packages.map((row) => row.nights));
    const used = new Map<string, number>();
    if (packages.length) {
      const query = manager
        .createQueryBuilder()
        .from('bookings', 'booking')
        .innerJoin('departures', 'departure', 'departure.id = booking.departure_id')
        .select(['booking.stay_package_id AS packageId', 'booking.stay_rooms AS rooms', 'departure.starts_at AS startsAt'])
        .where('booking.stay_package_id IN (:...packageIds)', { packageIds: packages.map((row) => row.id) })
        .andWhere(TAKES_SEATS_SQL('booking'), { now })
        .andWhere('departure.starts_at >= :from AND departure.starts_at < :to', { from: new Date(kirunaMidnight(sorted[0]!).getTime() - longest * DAY_MS), to: kirunaMidnight(dayAfter(sorted.at(-1)!)) });
      if (excludeBookingId) query.andWhere('booking.id <> :excludeBookingId', { excludeBookingId });
      for (const booking of await query.getRawMany<{ packageId: number | string; rooms: number | string | null; startsAt: Date | string }>()) {
        const length = packages.find((row) => row.id === Number(booking.packageId))?.nights ?? 1;
        for (const night of nightsOf(toDate(booking.startsAt), length)) used.set(night, (used.get(night) ?? 0) + Number(booking.rooms ?? 1));
      }
    }
    const rooms = plan.rooms.get(kindId) ?? [];
    for (const night of sorted) left.set(night, itemsInService(rooms, { startsAt: kirunaMidnight(night).getTime(), endsAt: kirunaMidnight(dayAfter(night)).getTime() }) - (used.get(night) ?? 0));
    return left;
  }

  /** The stay packages, and the rooms of the kinds they take with their time out. */
  private async loadPlan(manager: EntityManager): Promise<RoomPlan> {
    const stays = await this.packages(manager);
    const kindIds = [...new Set(stays.map((stay) => stay.roomKindId).filter((id): id is number => id !== null))];
    return { stays, rooms: await itemsOfKinds(manager, kindIds) };
  }

  private async packages(manager: EntityManager): Promise<StayRow[]> {
    const query = manager.createQueryBuilder().from('stay_packages', 'stay').select(['stay.id AS id', 'stay.name AS name', 'stay.nights AS nights', 'stay.room_kind_id AS roomKindId']);
    return (await query.getRawMany<{ id: number | string; name: string; nights: number | string; roomKindId: number | string | null }>()).map((row) => ({
      id: Number(row.id),
      name: row.name,
      nights: Number(row.nights),
      roomKindId: row.roomKindId === null ? null : Number(row.roomKindId),
    }));
  }
}
