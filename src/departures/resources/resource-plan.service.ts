import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, MoreThan } from 'typeorm';

import type { BoardRow, DepartureCrewView, ResourceBoardView, ResourceKindView, ResourceType, ResourceView, TourResourceNeedView } from '../../../shared/resources';
import { SKILLS } from '../../../shared/resources';
import { COMPANY } from '../../../shared/company';
import { AuditLogService } from '../../common/audit/audit-log.service';
import { supportsRowLocks, writeTransaction } from '../../database/transactions';
import { toDate } from '../../database/sql-values';
import { withDepartureLock, withDepartureLocks } from '../departure-lock';
import { DepartureAssignment } from './departure-assignment.entity';
import { ResourceKind } from './resource-kind.entity';
import { ResourceOutage } from './resource-outage.entity';
import { joinParties, needOf, NO_ONE, overlaps, type Span } from './resource-room';
import { partyOf, ResourceRooms } from './resource-rooms';
import { SeatsRepository } from '../seats.repository';
import { Resource } from './resource.entity';
import { TourResourceNeed } from './tour-resource-need.entity';
import { TAKES_SEATS_SQL } from '../seat-rule';
import { clock } from '../../common/clock';

export interface KindInput {
  name: string;
  type: ResourceType;
  seatsEach?: number | null;
  turnaroundMinutes?: number;
}

export interface ItemInput {
  kindId: number;
  name: string;
  skills?: string[];
}

export interface NeedInput {
  kindId: number;
  fixed: number;
  perUnits?: number | null;
  categories?: string[] | null;
  skills?: string[] | null;
}

/** A departure with what an assignment decides on. */
interface Slot extends Span {
  id: number;
  tourId: number;
  tourTitle: string;
  status: string;
}

/** One departure of a guide's day. */
export interface AssignedDeparture {
  departureId: number;
  tourTitle: string;
  startsAt: string;
  endsAt: string;
}

const HOUR = 3_600_000;
const skillNames = (skills: readonly string[]): string => skills.map((skill) => SKILLS[skill as keyof typeof SKILLS] ?? skill).join(', ');
const when = (at: Date | number): string => new Date(at).toLocaleString('sv-SE', { timeZone: COMPANY.timeZone, dateStyle: 'short', timeStyle: 'short' });

/**
 * Staff's resource plan (issue 50): kinds, items and their time out of service, what each tour
 * needs, and which guide (or vehicle) goes with which departure. Each change is audited; an
 * assignment is decided under the departure's lock and the item's row lock, so two staff giving
 * one guide two overlapping tours at once give it one.
 */
@Injectable()
export class ResourcePlan {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly seats: SeatsRepository,
    private readonly rooms: ResourceRooms,
  ) {}

  /**
   * The board for [from, to): each departure with guests or an item on it; a row per guide and
   * vehicle with the departures it is on (red where it is off or on two at once), and a row per
   * pool with what each departure needs of the items the others leave it (red where that is short).
   */
  async board(from: Date, to: Date, now: Date): Promise<ResourceBoardView> {
    const manager = this.dataSource.manager;
    const rows = await manager
      .createQueryBuilder()
      .from('departures', 'departure')
      .innerJoin('tours', 'tour', 'tour.id = departure.tour_id')
      .select(['departure.id AS id', 'departure.tour_id AS tourId', 'departure.starts_at AS startsAt', 'departure.capacity AS capacity', 'tour.title AS tourTitle', 'tour.duration_minutes AS duration'])
      .where("departure.status <> 'cancelled' AND departure.starts_at >= :from AND departure.starts_at < :to", { from, to })
      .orderBy('departure.starts_at')
      .getRawMany<{ id: number | string; tourId: number | string; startsAt: Date | string; capacity: number | string; tourTitle: string; duration: number | string }>();
    const slots = rows.map((row) => {
      const startsAt = toDate(row.startsAt);
      return { id: Number(row.id), tourId: Number(row.tourId), startsAt, capacity: Number(row.capacity), tourTitle: row.tourTitle, endsAt: new Date(startsAt.getTime() + Number(row.duration) * 60_000) };
    });
    const ids = slots.map((slot) => slot.id);
    const [taken, rooms, assignments, kinds, items, outages] = await Promise.all([
      this.seats.takenByDeparture(ids, now),
      this.rooms.roomsOf(slots, now),
      ids.length ? manager.findBy(DepartureAssignment, { departureId: In(ids) }) : Promise.resolve([]),
      manager.find(ResourceKind, { order: { id: 'ASC' } }),
      manager.find(Resource, { where: { isActive: true }, order: { name: 'ASC' } }),
      manager.createQueryBuilder(ResourceOutage, 'outage').where('outage.starts_at < :to AND outage.ends_at > :from', { from, to: new Date(to.getTime() + 24 * HOUR) }).getMany(),
    ]);
    const shown = slots.filter((slot) => (taken.get(slot.id) ?? 0) > 0 || assignments.some((one) => one.departureId === slot.id));
    const slotOf = new Map(slots.map((slot) => [slot.id, slot]));
    const board: BoardRow[] = [];
    for (const kind of kinds) {
      if (kind.type === 'equipment' || kind.type === 'vehicle') {
        const count = items.filter((item) => item.kindId === kind.id).length;
        const cells = shown.flatMap((slot) =>
          (rooms.get(slot.id) ?? [])
            .filter((room) => room.rule.kindId === kind.id && (room.need ?? 0) > 0)
            .map((room) => ({ departureId: slot.id, need: room.need, free: room.free, conflict: (room.need ?? 0) > (room.free ?? 0) ? `${room.need} behövs, ${Math.max(0, room.free ?? 0)} lediga` : null })),
        );
        board.push({ key: `kind:${kind.id}`, label: `${kind.name} (${count})`, type: kind.type, resourceId: null, cells, out: [] });
      }
      if (kind.type !== 'guide' && kind.type !== 'vehicle') continue;
      for (const item of items.filter((one) => one.kindId === kind.id)) {
        const own = outages.filter((outage) => outage.resourceId === item.id);
        const on = assignments.filter((one) => one.resourceId === item.id).map((one) => slotOf.get(one.departureId)!);
        const turnaround = kind.turnaroundMinutes * 60_000;
        const cells = on.map((slot) => {
          const span = { startsAt: slot.startsAt.getTime(), endsAt: slot.endsAt.getTime() + turnaround };
          const away = own.some((outage) => overlaps({ startsAt: outage.startsAt.getTime(), endsAt: outage.endsAt.getTime() }, span));
          const twice = on.some((other) => other.id !== slot.id && overlaps(span, { startsAt: other.startsAt.getTime(), endsAt: other.endsAt.getTime() + turnaround }));
          return { departureId: slot.id, conflict: away ? `${item.name} är ledig då` : twice ? `${item.name} är på två avgångar samtidigt` : null };
        });
        board.push({ key: `item:${item.id}`, label: item.name, type: kind.type, resourceId: item.id, cells, out: own.map(({ id, startsAt, endsAt, reason }) => ({ id, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), reason })) });
      }
    }
    const unguided = [];
    for (const slot of shown) {
      const full = await this.slotOf(manager, slot.id);
      const needed = await this.guidesNeeded(manager, full, (await this.guidesFor(manager, full)).need);
      const guides = assignments.filter((one) => one.departureId === slot.id && items.some((item) => item.id === one.resourceId && kinds.find((kind) => kind.id === item.kindId)?.type === 'guide')).length;
      if (guides < needed) unguided.push(slot.id);
    }
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      departures: shown.map((slot) => ({ id: slot.id, tourId: slot.tourId, tourTitle: slot.tourTitle, startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString(), booked: taken.get(slot.id) ?? 0, capacity: slot.capacity })),
      rows: board,
      unguided,
    };
  }

  async overview(now: Date): Promise<{ kinds: ResourceKindView[]; items: ResourceView[]; needs: TourResourceNeedView[] }> {
    const manager = this.dataSource.manager;
    const [kinds, items, outages, needs] = await Promise.all([
      manager.find(ResourceKind, { order: { id: 'ASC' } }),
      manager.find(Resource, { order: { kindId: 'ASC', name: 'ASC' } }),
      manager.find(ResourceOutage, { where: { endsAt: MoreThan(new Date(now.getTime() - 24 * HOUR)) }, order: { startsAt: 'ASC' } }),
      manager.find(TourResourceNeed, { order: { tourId: 'ASC', kindId: 'ASC' } }),
    ]);
    return {
      kinds: kinds.map(({ id, name, type, seatsEach, turnaroundMinutes }) => ({ id, name, type, seatsEach, turnaroundMinutes })),
      items: items.map((item) => ({
        id: item.id,
        kindId: item.kindId,
        name: item.name,
        skills: item.skills,
        isActive: item.isActive,
        staffEmail: item.staffEmail,
        outages: outages.filter((outage) => outage.resourceId === item.id).map(({ id, startsAt, endsAt, reason }) => ({ id, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), reason })),
      })),
      needs: needs.map(({ id, tourId, kindId, fixed, perUnits, categories, skills }) => ({ id, tourId, kindId, fixed, perUnits, categories, skills })),
    };
  }

  createKind(input: KindInput, staff: string): Promise<ResourceKindView> {
    return writeTransaction(this.dataSource, async (manager) => {
      const kind = await manager.save(manager.create(ResourceKind, { name: input.name, type: input.type, seatsEach: input.seatsEach ?? null, turnaroundMinutes: input.turnaroundMinutes ?? 30 }));
      await AuditLogService.recordWith(manager, staff, 'resource-kind.create', `resource-kind:${kind.id}`, { name: kind.name, type: kind.type });
      return { id: kind.id, name: kind.name, type: kind.type, seatsEach: kind.seatsEach, turnaroundMinutes: kind.turnaroundMinutes };
    });
  }

  createItem(input: ItemInput, staff: string): Promise<number> {
    return writeTransaction(this.dataSource, async (manager) => {
      const kind = await manager.findOneBy(ResourceKind, { id: input.kindId });
      if (!kind) throw new BadRequestException('Det finns ingen sådan resurstyp.');
      if (kind.type !== 'guide' && input.skills?.length) throw new BadRequestException('Bara guider har färdigheter.');
      const item = await manager.save(manager.create(Resource, { kindId: kind.id, name: input.name, skills: input.skills ?? [], isActive: true }));
      await AuditLogService.recordWith(manager, staff, 'resource.create', `resource:${item.id}`, { kind: kind.name, name: item.name });
      return item.id;
    });
  }

  /** Renames an item, sets a guide's skills, or retires it (its assignments stay: staff see them as conflicts). */
  updateItem(id: number, changes: { name?: string; skills?: string[]; isActive?: boolean; staffEmail?: string | null }, staff: string): Promise<void> {
    return writeTransaction(this.dataSource, async (manager) => {
      const item = await this.lockItem(manager, id);
      await manager.update(Resource, { id }, changes.staffEmail ? { ...changes, staffEmail: changes.staffEmail.trim().toLowerCase() } : changes);
      await AuditLogService.recordWith(manager, staff, 'resource.change', `resource:${item.id}`, changes);
    });
  }

  /** The guide a staff login is on the plan (an active guide item naming that login), or null. */
  async guideFor(staffEmail: string): Promise<{ id: number; name: string } | null> {
    const guide = await this.dataSource.manager
      .createQueryBuilder(Resource, 'item')
      .innerJoin(ResourceKind, 'kind', "kind.id = item.kind_id AND kind.type = 'guide'")
      .where('item.staff_email = :email AND item.is_active = :active', { email: staffEmail.toLowerCase(), active: true })
      .orderBy('item.id')
      .getOne();
    return guide ? { id: guide.id, name: guide.name } : null;
  }

  /** Takes an item out of service for [startsAt, endsAt): the seats its pool allows fall at once; departures it leaves short show as conflicts on the board. */
  addOutage(resourceId: number, outage: { startsAt: Date; endsAt: Date; reason: string }, staff: string): Promise<number> {
    if (outage.endsAt.getTime() <= outage.startsAt.getTime()) throw new BadRequestException('Slutet måste vara efter början.');
    return writeTransaction(this.dataSource, async (manager) => {
      await this.lockItem(manager, resourceId);
      const saved = await manager.save(manager.create(ResourceOutage, { resourceId, ...outage }));
      await AuditLogService.recordWith(manager, staff, 'resource.outage', `resource:${resourceId}`, { from: outage.startsAt.toISOString(), to: outage.endsAt.toISOString(), reason: outage.reason });
      return saved.id;
    });
  }

  removeOutage(id: number, staff: string): Promise<void> {
    return writeTransaction(this.dataSource, async (manager) => {
      const outage = await manager.findOneBy(ResourceOutage, { id });
      if (!outage) throw new NotFoundException('Det finns ingen sådan ledighet.');
      await manager.delete(ResourceOutage, { id });
      await AuditLogService.recordWith(manager, staff, 'resource.back', `resource:${outage.resourceId}`, { from: outage.startsAt.toISOString(), to: outage.endsAt.toISOString() });
    });
  }

  /** What one departure of a tour needs, all at once (what is not listed it no longer needs). */
  setNeeds(tourId: number, needs: NeedInput[], staff: string): Promise<TourResourceNeedView[]> {
    if (new Set(needs.map((need) => need.kindId)).size !== needs.length) throw new BadRequestException('Ange varje resurstyp en gång.');
    return writeTransaction(this.dataSource, async (manager) => {
      const tour = await manager.createQueryBuilder().from('tours', 'tour').select('tour.id', 'id').where('tour.id = :tourId', { tourId }).getRawOne<{ id: number }>();
      if (!tour) throw new NotFoundException('Det finns ingen sådan tur.');
      const kinds = needs.length ? await manager.findBy(ResourceKind, { id: In(needs.map((need) => need.kindId)) }) : [];
      if (kinds.length !== needs.length) throw new BadRequestException('Det finns ingen sådan resurstyp.');
      for (const need of needs) {
        const kind = kinds.find((one) => one.id === need.kindId)!;
        if (need.skills?.length && kind.type !== 'guide') throw new BadRequestException(`Färdigheter gäller guider, inte ${kind.name}.`);
        if (kind.type === 'room') throw new BadRequestException(`${kind.name} tas per natt med ett boende, inte per avgång.`);
        if (need.fixed === 0 && !need.perUnits && !kind.seatsEach) throw new BadRequestException(`Ange hur många ${kind.name} en avgång behöver.`);
      }
      await manager.delete(TourResourceNeed, { tourId });
      const saved = needs.length
        ? await manager.save(needs.map((need) => manager.create(TourResourceNeed, { tourId, kindId: need.kindId, fixed: need.fixed, perUnits: need.perUnits ?? null, categories: need.categories?.length ? need.categories : null, skills: need.skills?.length ? need.skills : null })))
        : [];
      await AuditLogService.recordWith(manager, staff, 'tour.resources', `tour:${tourId}`, { needs: saved.map(({ kindId, fixed, perUnits, categories, skills }) => ({ kindId, fixed, perUnits, categories, skills })) });
      return saved.map(({ id, kindId, fixed, perUnits, categories, skills }) => ({ id, tourId, kindId, fixed, perUnits, categories, skills }));
    });
  }

  /** Refuses (400) a stay's room kind that is not a kind of room (absent or null: none asked). */
  async assertRoomKind(kindId: number | null | undefined): Promise<void> {
    if (kindId === undefined || kindId === null) return;
    const kind = await this.dataSource.manager.findOneBy(ResourceKind, { id: kindId });
    if (kind?.type !== 'room') throw new BadRequestException('roomKindId måste vara en resurstyp av typen room (rum).');
  }

  /** A departure's guides: who is on it, how many it should have, and who is free and qualified. */
  async crew(departureId: number): Promise<DepartureCrewView> {
    const manager = this.dataSource.manager;
    const slot = await this.slotOf(manager, departureId);
    const assigned = await manager
      .createQueryBuilder(DepartureAssignment, 'assignment')
      .innerJoin(Resource, 'item', 'item.id = assignment.resource_id')
      .select(['item.id AS resourceId', 'item.name AS name', 'item.kind_id AS kindId'])
      .where('assignment.departure_id = :departureId', { departureId })
      .orderBy('item.name')
      .getRawMany<{ resourceId: number | string; name: string; kindId: number | string }>();
    const guides = await this.guidesFor(manager, slot);
    const suggestions = [];
    for (const guide of guides.candidates) {
      if (assigned.some((one) => Number(one.resourceId) === guide.id)) continue;
      if ((await this.refusal(manager, slot, guide, guides.skills)) === null) suggestions.push({ resourceId: guide.id, name: guide.name });
    }
    return {
      departureId,
      assigned: assigned.map((one) => ({ resourceId: Number(one.resourceId), name: one.name, kindId: Number(one.kindId) })),
      guidesNeeded: await this.guidesNeeded(manager, slot, guides.need),
      suggestions,
    };
  }

  /** Puts an item on a departure, or refuses (409) with the reason: not qualified, off that day, or already on an overlapping departure. */
  assign(departureId: number, resourceId: number, staff: string, now: Date): Promise<DepartureCrewView> {
    return this.moveAssignment(null, departureId, resourceId, staff, now);
  }

  /** Takes an item from one departure to another in one step (the board's drag): checked as an assignment, the old one kept when refused. */
  async moveAssignment(fromDepartureId: number | null, departureId: number, resourceId: number, staff: string, now: Date): Promise<DepartureCrewView> {
    await withDepartureLocks(this.dataSource, fromDepartureId ? [fromDepartureId, departureId] : [departureId], async ({ manager, departures }) => {
      if (!departures.has(departureId)) throw new NotFoundException('Det finns ingen sådan avgång.');
      const item = await this.lockItem(manager, resourceId);
      if (fromDepartureId) {
        const removed = await manager.delete(DepartureAssignment, { departureId: fromDepartureId, resourceId });
        if (!removed.affected) throw new ConflictException(`${item.name} är inte på den avgången längre.`);
      }
      const slot = await this.slotOf(manager, departureId);
      if (slot.status === 'cancelled') throw new ConflictException('Avgången är inställd.');
      if (slot.endsAt <= now.getTime()) throw new ConflictException('Avgången är redan över.');
      if (await manager.findOneBy(DepartureAssignment, { departureId, resourceId })) throw new ConflictException(`${item.name} är redan på avgången.`);
      const guides = await this.guidesFor(manager, slot);
      const refusal = await this.refusal(manager, slot, item, guides.skills);
      if (refusal) throw new ConflictException(refusal);
      await manager.save(manager.create(DepartureAssignment, { departureId, resourceId }));
      await AuditLogService.recordWith(manager, staff, fromDepartureId ? 'departure.reassign' : 'departure.assign', `departure:${departureId}`, { resource: item.name, ...(fromDepartureId ? { from: fromDepartureId } : {}) });
    });
    return this.crew(departureId);
  }

  unassign(departureId: number, resourceId: number, staff: string): Promise<void> {
    return withDepartureLock(this.dataSource, departureId, async ({ manager }) => {
      const item = await this.lockItem(manager, resourceId);
      const removed = await manager.delete(DepartureAssignment, { departureId, resourceId });
      if (!removed.affected) throw new NotFoundException(`${item.name} är inte på avgången.`);
      await AuditLogService.recordWith(manager, staff, 'departure.unassign', `departure:${departureId}`, { resource: item.name });
    });
  }

  /** Departures starting within `hours` with guests booked and fewer guides than they need (the dashboard's flag). */
  async unguided(now: Date, hours = 48): Promise<{ id: number; tourTitle: string; startsAt: string; guidesNeeded: number; guides: number }[]> {
    const manager = this.dataSource.manager;
    const rows = await manager
      .createQueryBuilder()
      .from('departures', 'departure')
      .innerJoin('bookings', 'booking', `booking.departure_id = departure.id AND ${TAKES_SEATS_SQL('booking')}`, { now })
      .select('DISTINCT departure.id', 'id')
      .where("departure.status = 'open' AND departure.starts_at > :now AND departure.starts_at < :until", { now, until: new Date(now.getTime() + hours * HOUR) })
      .getRawMany<{ id: number | string }>();
    const flagged = [];
    for (const { id } of rows) {
      const slot = await this.slotOf(manager, Number(id));
      const needed = await this.guidesNeeded(manager, slot, (await this.guidesFor(manager, slot)).need);
      const guides = await manager
        .createQueryBuilder(DepartureAssignment, 'assignment')
        .innerJoin(Resource, 'item', 'item.id = assignment.resource_id')
        .innerJoin(ResourceKind, 'kind', "kind.id = item.kind_id AND kind.type = 'guide'")
        .where('assignment.departure_id = :id', { id: slot.id })
        .getCount();
      if (guides < needed) flagged.push({ id: slot.id, tourTitle: slot.tourTitle, startsAt: new Date(slot.startsAt).toISOString(), guidesNeeded: needed, guides });
    }
    return flagged.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  }

  /** The departures an item is on in [from, to), in order (a guide's day list). */
  async assignedBetween(resourceId: number, from: Date, to: Date): Promise<{ name: string; departures: AssignedDeparture[] }> {
    const manager = this.dataSource.manager;
    const item = await manager.findOneBy(Resource, { id: resourceId });
    if (!item) throw new NotFoundException('Det finns ingen sådan resurs.');
    const rows = await manager
      .createQueryBuilder(DepartureAssignment, 'assignment')
      .innerJoin('departures', 'departure', 'departure.id = assignment.departure_id')
      .select('departure.id', 'id')
      .where('assignment.resource_id = :resourceId', { resourceId })
      .andWhere("departure.status <> 'cancelled' AND departure.starts_at >= :from AND departure.starts_at < :to", { from, to })
      .orderBy('departure.starts_at')
      .getRawMany<{ id: number | string }>();
    const departures = [];
    for (const { id } of rows) {
      const slot = await this.slotOf(manager, Number(id));
      departures.push({ departureId: slot.id, tourTitle: slot.tourTitle, startsAt: new Date(slot.startsAt).toISOString(), endsAt: new Date(slot.endsAt).toISOString() });
    }
    return { name: item.name, departures };
  }

  private async lockItem(manager: EntityManager, id: number): Promise<Resource> {
    const item = await manager.findOne(Resource, { where: { id }, ...(supportsRowLocks(this.dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!item) throw new NotFoundException('Det finns ingen sådan resurs.');
    return item;
  }

  /** A departure's time span (start to end; the turnaround is added per kind) with its tour. */
  private async slotOf(manager: EntityManager, departureId: number): Promise<Slot> {
    const row = await manager
      .createQueryBuilder()
      .from('departures', 'departure')
      .innerJoin('tours', 'tour', 'tour.id = departure.tour_id')
      .select(['departure.id AS id', 'departure.tour_id AS tourId', 'departure.starts_at AS startsAt', 'departure.status AS status', 'tour.title AS tourTitle', 'tour.duration_minutes AS duration'])
      .where('departure.id = :departureId', { departureId })
      .getRawOne<{ id: number | string; tourId: number | string; startsAt: Date | string; status: string; tourTitle: string; duration: number | string }>();
    if (!row) throw new NotFoundException('Det finns ingen sådan avgång.');
    const startsAt = toDate(row.startsAt).getTime();
    return { id: Number(row.id), tourId: Number(row.tourId), tourTitle: row.tourTitle, status: row.status, startsAt, endsAt: startsAt + Number(row.duration) * 60_000 };
  }

  /** The tour's need of guides (if it names one), the skills it asks, and every active guide. */
  private async guidesFor(manager: EntityManager, slot: Slot): Promise<{ need: TourResourceNeed | null; skills: string[]; candidates: Resource[] }> {
    const guideKinds = await manager.findBy(ResourceKind, { type: 'guide' });
    const kindIds = guideKinds.map((kind) => kind.id);
    const need = kindIds.length ? await manager.findOneBy(TourResourceNeed, { tourId: slot.tourId, kindId: In(kindIds) }) : null;
    const candidates = kindIds.length ? await manager.find(Resource, { where: { kindId: In(need ? [need.kindId] : kindIds), isActive: true }, order: { name: 'ASC' } }) : [];
    return { need, skills: need?.skills ?? [], candidates };
  }

  /** Guides a departure should have: by the tour's need for its party, one when it names none; none while nobody is booked. */
  private async guidesNeeded(manager: EntityManager, slot: Slot, need: TourResourceNeed | null): Promise<number> {
    const bookings = await manager
      .createQueryBuilder()
      .from('bookings', 'booking')
      .select(['booking.seats AS seats', 'booking.party AS party'])
      .where('booking.departure_id = :id', { id: slot.id })
      .andWhere(TAKES_SEATS_SQL('booking'), { now: clock.now() })
      .getRawMany<{ seats: number | string; party: string | null }>();
    const seats = bookings.reduce((sum, row) => sum + Number(row.seats), 0);
    if (seats === 0) return 0;
    if (!need) return 1;
    // Read as the seat rule reads them (a booking without lines counts every seat).
    const party = bookings.map((row) => partyOf({ departureId: slot.id, ...row })).reduce(joinParties, NO_ONE);
    return Math.max(1, needOf({ kindId: need.kindId, fixed: need.fixed, perUnits: need.perUnits, categories: need.categories }, party));
  }

  /** Why an item cannot go on a departure (null: it can): a guide's missing skills, time out of service, another departure it overlaps. */
  private async refusal(manager: EntityManager, slot: Slot, item: Resource, skills: readonly string[]): Promise<string | null> {
    const kind = await manager.findOneBy(ResourceKind, { id: item.kindId });
    if (!item.isActive) return `${item.name} används inte längre.`;
    const missing = kind?.type === 'guide' ? skills.filter((skill) => !item.skills.includes(skill)) : [];
    if (missing.length) return `${item.name} saknar ${skillNames(missing)}, som turen kräver.`;
    const span: Span = { startsAt: slot.startsAt, endsAt: slot.endsAt + (kind?.turnaroundMinutes ?? 0) * 60_000 };
    const outages = await manager.findBy(ResourceOutage, { resourceId: item.id });
    const away = outages.find((outage) => overlaps({ startsAt: outage.startsAt.getTime(), endsAt: outage.endsAt.getTime() }, span));
    if (away) return `${item.name} är ledig ${when(away.startsAt)}–${when(away.endsAt)}${away.reason ? ` (${away.reason})` : ''}.`;
    const others = await manager
      .createQueryBuilder(DepartureAssignment, 'assignment')
      .innerJoin('departures', 'departure', "departure.id = assignment.departure_id AND departure.status <> 'cancelled'")
      .select('departure.id', 'id')
      .where('assignment.resource_id = :resourceId AND assignment.departure_id <> :departureId', { resourceId: item.id, departureId: slot.id })
      .andWhere('departure.starts_at > :from AND departure.starts_at < :to', { from: new Date(slot.startsAt - 2 * 24 * HOUR), to: new Date(span.endsAt) })
      .getRawMany<{ id: number | string }>();
    for (const { id } of others) {
      const other = await this.slotOf(manager, Number(id));
      if (overlaps(span, { startsAt: other.startsAt, endsAt: other.endsAt + (kind?.turnaroundMinutes ?? 0) * 60_000 })) {
        return `${item.name} är redan på ${other.tourTitle} ${when(other.startsAt)}.`;
      }
    }
    return null;
  }
}
