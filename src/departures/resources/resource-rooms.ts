import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';

import { POOL_TYPES } from '../../../shared/resources';
import type { PartyLine } from '../../../shared/pricing';
import { ContentChanges } from '../../common/cache/content-changes';
import { toDate } from '../../database/sql-values';
import { OPEN_OFFER_SQL, TAKES_SEATS_SQL } from '../seat-rule';
import { ResourceKind } from './resource-kind.entity';
import { ResourceOutage } from './resource-outage.entity';
import { Resource } from './resource.entity';
import { itemsInService, joinParties, type KindRoom, needOf, type NeedRule, NO_ONE, type Party, peakUse, type Span, unitsLeft } from './resource-room';
import { TourResourceNeed } from './tour-resource-need.entity';

/** A departure as the arithmetic needs it. */
export interface DepartureSlot {
  id: number;
  tourId: number;
  startsAt: Date;
}

interface PoolNeed extends NeedRule {
  tourId: number;
  /** The tour's length plus the kind's turnaround: how long a departure holds the items. */
  holdsMs: number;
}

export interface UseRow {
  departureId: number | string;
  seats: number | string;
  party: string | null;
}

/** A booking's (or an offer's) party by category, from its stored lines or items; every seat counts when they say nothing. */
export function partyOf(row: UseRow): Party {
  const seats = Number(row.seats);
  try {
    const lines = row.party ? (JSON.parse(row.party) as (Partial<PartyLine> & { category?: string })[]) : null;
    if (!lines?.length) return { seats };
    const byCategory: Record<string, number> = {};
    for (const line of lines) {
      const code = line.code ?? line.category;
      if (code) byCategory[code] = (byCategory[code] ?? 0) + (line.quantity ?? 0) * (line.seatsPerUnit ?? 1);
    }
    return { seats, byCategory };
  } catch {
    return { seats };
  }
}

/** A party from a booking's priced lines (what a change or a new booking asks for); without lines, every seat counts. */
export function partyOfLines(lines: readonly Pick<PartyLine, 'code' | 'quantity' | 'seatsPerUnit'>[] | null, seats: number): Party {
  if (!lines?.length) return { seats };
  const byCategory: Record<string, number> = {};
  for (const line of lines) byCategory[line.code] = (byCategory[line.code] ?? 0) + line.quantity * line.seatsPerUnit;
  return { seats, byCategory };
}

/**
 * What shared pools (snowmobiles, dog teams, vehicles) leave each departure (issue 50). Nothing is
 * copied: every answer is read from the bookings, offers, needs, items and outages of the moment,
 * over a window around the departures asked about, so it does not grow with the season. In a
 * transaction holding the departures' locks (which also lock their pools' kinds,
 * departure-lock.ts), pass its manager.
 */
/** What the arithmetic reads of staff's plan: the tours' pool needs, and each pool kind's items in service with their time out. */
interface PoolPlan {
  needs: PoolNeed[];
  items: Map<number, { outages: Span[] }[]>;
}

@Injectable()
export class ResourceRooms {
  /** Staff's plan as pages read it, until anything shown changes (a change of '*': a resource, a need, a tour's length). */
  private cachedPlan?: Promise<PoolPlan>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    changes: ContentChanges,
  ) {
    changes.onChange((topics) => {
      if (topics.has('*')) this.cachedPlan = undefined;
    });
  }

  /**
   * Each departure's rooms under its tour's pool needs (absent: its tour needs no pool). Pages
   * read staff's plan from memory (emptied by any change of it, here or, through the change
   * notices, on another replica); a transaction (`manager`) reads it afresh, with the bookings.
   */
  async roomsOf(departures: readonly DepartureSlot[], now: Date, options: { manager?: EntityManager; excludeBookingId?: number } = {}): Promise<Map<number, KindRoom[]>> {
    const manager = options.manager ?? this.dataSource.manager;
    const rooms = new Map<number, KindRoom[]>();
    if (departures.length === 0) return rooms;
    const ownTours = [...new Set(departures.map((departure) => departure.tourId))];
    const plan = options.manager ? await this.loadPlan(manager, ownTours) : await this.pagesPlan();
    const kindIds = new Set(plan.needs.filter((need) => ownTours.includes(need.tourId)).map((need) => need.kindId));
    if (kindIds.size === 0) return rooms;
    const needs = plan.needs.filter((need) => kindIds.has(need.kindId));
    const longest = Math.max(...needs.map((need) => need.holdsMs));
    const starts = departures.map((departure) => departure.startsAt.getTime());
    const window = { from: new Date(Math.min(...starts) - longest), to: new Date(Math.max(...starts) + longest) };
    const sharingTours = [...new Set(needs.map((need) => need.tourId))];

    // Every departure of every tour sharing these kinds that can overlap, with what its bookings and open offers take.
    const neighbours = await manager
      .createQueryBuilder()
      .from('departures', 'departure')
      .select(['departure.id AS id', 'departure.tour_id AS tourId', 'departure.starts_at AS startsAt'])
      .where('departure.tour_id IN (:...sharingTours)', { sharingTours })
      .andWhere("departure.status <> 'cancelled'")
      .andWhere('departure.starts_at > :from AND departure.starts_at < :to', window)
      .getRawMany<{ id: number | string; tourId: number | string; startsAt: Date | string }>();
    const slots = new Map<number, DepartureSlot>(neighbours.map((row) => [Number(row.id), { id: Number(row.id), tourId: Number(row.tourId), startsAt: toDate(row.startsAt) }]));
    for (const departure of departures) slots.set(departure.id, departure);
    const parties = await this.partiesOf(manager, [...slots.keys()], now, options.excludeBookingId);
    // What each departure holds of each kind, once.
    const uses = new Map<number, (Span & { need: number; departureId: number })[]>();
    for (const kindId of kindIds) {
      uses.set(
        kindId,
        [...slots.values()].flatMap((other) => {
          const theirs = needs.find((need) => need.tourId === other.tourId && need.kindId === kindId);
          if (!theirs) return [];
          const startsAt = other.startsAt.getTime();
          return [{ departureId: other.id, startsAt, endsAt: startsAt + theirs.holdsMs, need: needOf(theirs, parties.get(other.id) ?? NO_ONE) }];
        }),
      );
    }

    for (const departure of departures) {
      const own = parties.get(departure.id) ?? NO_ONE;
      const result: KindRoom[] = [];
      for (const rule of needs.filter((need) => need.tourId === departure.tourId)) {
        const span: Span = { startsAt: departure.startsAt.getTime(), endsAt: departure.startsAt.getTime() + rule.holdsMs };
        const others = (uses.get(rule.kindId) ?? []).filter((use) => use.departureId !== departure.id);
        const free = itemsInService(plan.items.get(rule.kindId) ?? [], span) - peakUse(span, others);
        result.push({ rule, unitsLeft: unitsLeft(rule, free, own), need: needOf(rule, own), free });
      }
      rooms.set(departure.id, result);
    }
    return rooms;
  }

  private pagesPlan(): Promise<PoolPlan> {
    this.cachedPlan ??= this.loadPlan(this.dataSource.manager).catch((error: unknown) => {
      this.cachedPlan = undefined;
      throw error;
    });
    return this.cachedPlan;
  }

  /** Staff's plan: the pool needs (of every tour sharing a kind with `tours`, or of all), and those kinds' items with their time out. */
  private async loadPlan(manager: EntityManager, tours?: number[]): Promise<PoolPlan> {
    const query = manager
      .createQueryBuilder(TourResourceNeed, 'need')
      .innerJoin(ResourceKind, 'kind', 'kind.id = need.kind_id')
      .innerJoin('tours', 'tour', 'tour.id = need.tour_id')
      .select(['need.tour_id AS tourId', 'need.kind_id AS kindId', 'need.fixed AS fixed', 'need.per_units AS perUnits', 'need.categories AS categories'])
      .addSelect(['kind.seats_each AS seatsEach', 'kind.turnaround_minutes AS turnaround', 'tour.duration_minutes AS duration'])
      .where('kind.type IN (:...pools)', { pools: POOL_TYPES });
    if (tours) query.andWhere('need.kind_id IN (SELECT own.kind_id FROM tour_resource_needs own WHERE own.tour_id IN (:...tours))', { tours });
    const rows = await query.getRawMany<Record<string, number | string | null>>();
    const needs = rows.map((row) => ({
      tourId: Number(row.tourId),
      kindId: Number(row.kindId),
      fixed: Number(row.fixed),
      // A vehicle carries its seats: one per so many guests, unless the tour says otherwise.
      perUnits: row.perUnits !== null ? Number(row.perUnits) : row.seatsEach !== null && Number(row.fixed) === 0 ? Number(row.seatsEach) : null,
      categories: row.categories ? (JSON.parse(String(row.categories)) as string[]) : null,
      holdsMs: (Number(row.duration) + Number(row.turnaround)) * 60_000,
    }));
    const kindIds = [...new Set(needs.map((need) => need.kindId))];
    return { needs, items: await itemsOfKinds(manager, kindIds) };
  }

  /** What the confirmed bookings, live holds and open waitlist offers of each departure take, together. */
  private async partiesOf(manager: EntityManager, departureIds: number[], now: Date, excludeBookingId?: number): Promise<Map<number, Party>> {
    const bookings = manager
      .createQueryBuilder()
      .from('bookings', 'booking')
      .select(['booking.departure_id AS departureId', 'booking.seats AS seats', 'booking.party AS party'])
      .where('booking.departure_id IN (:...departureIds)', { departureIds })
      .andWhere(TAKES_SEATS_SQL('booking'), { now });
    if (excludeBookingId) bookings.andWhere('booking.id <> :excludeBookingId', { excludeBookingId });
    const offers = manager
      .createQueryBuilder()
      .from('waitlist_entries', 'entry')
      .select(['entry.departure_id AS departureId', 'entry.seats AS seats', 'entry.party AS party'])
      .where('entry.departure_id IN (:...departureIds)', { departureIds })
      .andWhere(OPEN_OFFER_SQL('entry'), { now });
    const parties = new Map<number, Party>();
    for (const row of [...(await bookings.getRawMany<UseRow>()), ...(await offers.getRawMany<UseRow>())]) {
      const id = Number(row.departureId);
      parties.set(id, joinParties(parties.get(id) ?? NO_ONE, partyOf(row)));
    }
    return parties;
  }
}

/** The active items of each kind, with their time out of service (pools' and rooms' alike). */
export async function itemsOfKinds(manager: EntityManager, kindIds: number[]): Promise<Map<number, { outages: Span[] }[]>> {
  const byKind = new Map<number, { outages: Span[] }[]>();
  if (kindIds.length === 0) return byKind;
  const items = await manager.find(Resource, { where: { kindId: In(kindIds), isActive: true }, select: { id: true, kindId: true } });
  const outages = items.length ? await manager.find(ResourceOutage, { where: { resourceId: In(items.map((item) => item.id)) } }) : [];
  for (const item of items) {
    const own = outages.filter((outage) => outage.resourceId === item.id).map((outage) => ({ startsAt: outage.startsAt.getTime(), endsAt: outage.endsAt.getTime() }));
    byKind.set(item.kindId, [...(byKind.get(item.kindId) ?? []), { outages: own }]);
  }
  return byKind;
}
