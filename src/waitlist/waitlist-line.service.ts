import { ConflictException, GoneException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, LessThanOrEqual, MoreThan, Not } from 'typeorm';

import { AuditLogService } from '../common/audit/audit-log.service';
import { noteSeatsChanged } from '../common/cache/content-changes';
import { clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { withDepartureLock, withDepartureLocks } from '../departures/departure-lock';
import { assertBookable, hasStarted, takesBookingsFrom } from '../departures/departure-rules';
import type { Departure } from '../departures/departure.entity';
import { SeatsRepository } from '../departures/seats.repository';
import { DeparturesRepository } from '../departures/departures.repository';
import { BookingWriter } from '../bookings/lifecycle/booking-writer';
import { bookingTerms } from '../tours/tour-options';
import { quoteRequest } from '../bookings/lifecycle/bookable';
import { HoldCheckout, type HeldOffer } from '../bookings/lifecycle/hold-checkout.service';
import { ANY_DATE_DAYS, type StaffWaitlistEntry, type WaitlistOtherDate, type WaitlistPartyItem, type WaitlistPlace, type WaitlistStatus } from '../../shared/waitlist';
import type { JoinWaitlistDto } from './dto/join-waitlist.dto';
import { WaitlistEntry } from './waitlist-entry.entity';
import { WaitlistLinks } from './waitlist-links';
import { WaitlistMails } from './waitlist-mails';

/** How many a departure's line holds at most (a guard against filling the table, not a business rule). */
const MAX_IN_LINE = 200;

/** Refusals to the guest; their Swedish and German are in common/i18n/refusals. */
export const WAITLIST_REFUSALS = {
  seatsFree: (count: number) => `There are ${count} seats left on this departure: book them now.`,
  gone: 'This waitlist link is no longer valid.',
  lapsed: 'This offer has lapsed: the seats have gone to the next guest in line.',
  notOffered: 'No seats are offered to you yet: we will email you when they are.',
  full: 'The waitlist for this departure is full.',
} as const;

/**
 * A departure's waitlist (issue 49). Guests join a full (or too small) departure with their party;
 * when seats come back (a cancellation, a lapsed hold or offer, staff adding capacity, a move),
 * `offerFreedSeats` gives them to the first entries in line whose party fits, each an offer that
 * holds those seats for that guest alone for WAITLIST_OFFER_MINUTES (the seat rule counts it as
 * taken). Every change of an entry is conditional on its state before and made under the
 * departure's lock, with its mail in the same transaction: exactly once, whichever replica or pass
 * gets there, and again after a restart.
 */
@Injectable()
export class WaitlistLine {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly seats: SeatsRepository,
    private readonly departures: DeparturesRepository,
    private readonly holds: HoldCheckout,
    private readonly writer: BookingWriter,
    private readonly links: WaitlistLinks,
    private readonly mails: WaitlistMails,
    private readonly audit: AuditLogService,
  ) {}

  /**
   * join: the guest's party in line for a departure that cannot seat it now, and with "any date
   * this week" for the tour's other dates around it that cannot either (one group: one offer at a
   * time). Joining again with the same email while in line updates the party and keeps the place.
   * Answers the link of the chosen date's entry.
   */
  async join(dto: JoinWaitlistDto, now = clock.now()): Promise<{ token: string; place: number }> {
    const email = dto.email.trim().toLowerCase();
    const dates = dto.anyDateThisWeek ? await this.departures.sameTourAround(dto.departureId, ANY_DATE_DAYS) : [dto.departureId];
    return withDepartureLocks(this.dataSource, [dto.departureId, ...dates], async ({ manager, departures }) => {
      const departure = departures.get(dto.departureId) ?? null;
      assertBookable(departure, dto.departureId, now, 'guest');
      const terms = await bookingTerms(manager, departure);
      const quote = quoteRequest(terms.prices, dto, null, 'guest');
      const seatsLeft = await this.seats.seatsLeft(manager, departure, now);
      if (seatsLeft >= quote.seats) throw new ConflictException(WAITLIST_REFUSALS.seatsFree(seatsLeft));
      const party: WaitlistPartyItem[] = quote.lines.filter((line) => line.quantity > 0).map((line) => ({ category: line.code, quantity: line.quantity, name: line.name }));
      const fields = { name: dto.name.trim(), language: dto.language ?? 'en', party, seats: quote.seats };
      const chosen = await this.enter(manager, departure, email, fields, now);
      // The other dates that cannot seat the party either (those that can, the guest can book now).
      const others: { entry: WaitlistEntry; departure: Departure }[] = [];
      for (const id of dates) {
        const other = departures.get(id);
        if (!other || id === departure.id || other.tourId !== departure.tourId || hasStarted(other, now) || !takesBookingsFrom(other, 'guest')) continue;
        if ((await this.seats.seatsLeft(manager, other, now)) >= quote.seats) continue;
        others.push({ entry: (await this.enter(manager, other, email, fields, now)).entry, departure: other });
      }
      if (others.length) await manager.update(WaitlistEntry, { id: In([chosen.entry.id, ...others.map(({ entry }) => entry.id)]) }, { groupId: chosen.entry.id });
      const place = (await this.placeOf(manager, chosen.entry)) ?? 1;
      if (chosen.isNew) {
        const otherDates = others.map((other) => other.departure.startsAt).sort((a, b) => a.getTime() - b.getTime());
        await this.mails.joined(manager, chosen.entry, departure, place, this.links.url(chosen.entry, departure), now, otherDates);
      }
      return { token: this.links.token(chosen.entry, departure), place };
    });
  }

  /** The guest's entry for one departure: their waiting one with the party as now asked, or a new one at the end of the line. */
  private async enter(manager: EntityManager, departure: Departure, email: string, fields: Pick<WaitlistEntry, 'name' | 'language' | 'party' | 'seats'>, now: Date): Promise<{ entry: WaitlistEntry; isNew: boolean }> {
    const existing = await manager.findOne(WaitlistEntry, { where: { departureId: departure.id, email, status: In(['waiting', 'offered']) } });
    if (existing) {
      // An open offer is not changed under the guest: it is for the party it was made for.
      if (existing.status !== 'waiting') return { entry: existing, isNew: false };
      await manager.update(WaitlistEntry, { id: existing.id, status: 'waiting' }, fields);
      return { entry: { ...existing, ...fields }, isNew: false };
    }
    const inLine = await manager.count(WaitlistEntry, { where: { departureId: departure.id, status: 'waiting' } });
    if (inLine >= MAX_IN_LINE) throw new ConflictException(WAITLIST_REFUSALS.full);
    return { entry: await manager.save(manager.create(WaitlistEntry, { departureId: departure.id, tourId: departure.tourId, email, status: 'waiting', ...fields, createdAt: now })), isNew: true };
  }

  /** The guest's place, by the entry's link. */
  async view(token: string, now = clock.now()): Promise<WaitlistPlace> {
    const entry = await this.byToken(token, now);
    const startsAt = (await this.departures.startTimesOf([entry.departureId])).get(entry.departureId);
    const tour = await this.mails.tourIn(entry.tourId, entry.language);
    const booking = entry.bookingId ? await this.referenceOf(entry.bookingId) : null;
    return {
      status: this.statusAt(entry, now),
      place: entry.status === 'waiting' ? await this.placeOf(this.dataSource.manager, entry) : null,
      tour: { slug: tour?.slug ?? '', title: tour?.title ?? '' },
      departure: { id: entry.departureId, startsAt: startsAt?.toISOString() ?? '' },
      party: entry.party,
      seats: entry.seats,
      name: entry.name,
      email: entry.email,
      offerExpiresAt: entry.status === 'offered' && entry.offerExpiresAt ? entry.offerExpiresAt.toISOString() : null,
      bookingReference: booking,
      otherDates: await this.otherDatesOf(entry, now),
    };
  }

  /** The guest's other dates in the entry's group, each with its place and its own link. */
  private async otherDatesOf(entry: WaitlistEntry, now: Date): Promise<WaitlistOtherDate[]> {
    if (entry.groupId === null) return [];
    const siblings = await this.dataSource.getRepository(WaitlistEntry).find({ where: { groupId: entry.groupId, id: Not(entry.id) }, order: { id: 'ASC' } });
    const starts = await this.departures.startTimesOf(siblings.map((sibling) => sibling.departureId));
    const dates: WaitlistOtherDate[] = [];
    for (const sibling of siblings) {
      const startsAt = starts.get(sibling.departureId);
      if (!startsAt) continue;
      dates.push({ departureId: sibling.departureId, startsAt: startsAt.toISOString(), status: this.statusAt(sibling, now), place: await this.placeOf(this.dataSource.manager, sibling), token: this.links.token(sibling, { startsAt }) });
    }
    return dates.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  }

  /** leave: out of line, on every date of the entry's group (an open offer's seats are free at once, for the next in line). Leaving twice is no error. */
  async leave(token: string, now = clock.now()): Promise<void> {
    const entry = await this.byToken(token, now);
    const entries = entry.groupId === null ? [entry] : await this.dataSource.getRepository(WaitlistEntry).find({ where: { groupId: entry.groupId, status: In(['waiting', 'offered']) } });
    for (const one of entries) {
      await withDepartureLock(this.dataSource, one.departureId, async ({ manager }) => {
        // Re-read under the lock: an offer made since the link was read frees seats when left.
        const current = await manager.findOneByOrFail(WaitlistEntry, { id: one.id });
        const left = await manager.update(WaitlistEntry, { id: one.id, status: In(['waiting', 'offered']) }, { status: 'left', endedAt: now, offerExpiresAt: null });
        if (left.affected && current.status === 'offered') noteSeatsChanged(manager.queryRunner);
      });
    }
  }

  /**
   * book: the guest takes their offer, in one tap: a hold of the offered seats for their party
   * (questions and pickup can follow on the manage page), claimed under the departure's lock, so
   * a lapsed or taken offer is refused and a second tap finds the booking the first made.
   */
  async book(token: string, clientIp: string, now = clock.now()): Promise<{ reference: string }> {
    const entry = await this.byToken(token, now);
    if (entry.status === 'booked' && entry.bookingId) return { reference: (await this.referenceOf(entry.bookingId))! };
    const offer: HeldOffer = {
      claim: async (manager) => {
        const claimed = await manager.update(WaitlistEntry, { id: entry.id, status: 'offered', offerExpiresAt: MoreThan(now) }, { status: 'booked', endedAt: now });
        if (!claimed.affected) {
          const current = await manager.findOneByOrFail(WaitlistEntry, { id: entry.id });
          throw current.status === 'waiting' ? new ConflictException(WAITLIST_REFUSALS.notOffered) : new GoneException(WAITLIST_REFUSALS.lapsed);
        }
      },
      taken: async (manager, bookingId) => {
        await manager.update(WaitlistEntry, { id: entry.id }, { bookingId });
        if (entry.groupId !== null) await this.endOtherDates(manager, entry, now);
      },
    };
    const party = entry.party.filter((item) => item.quantity > 0).map(({ category, quantity }) => ({ category, quantity }));
    const reference = await this.holds.hold({ departureId: entry.departureId, categories: party, name: entry.name, email: entry.email, language: entry.language }, clientIp, now, offer);
    return { reference };
  }

  /**
   * A booking from one date of a group ends the guest's other dates. An offer open on one of them
   * (made by a pass racing this one) gives its seats back at once: seats only come free here, so
   * that departure's lock is not needed for it.
   */
  private async endOtherDates(manager: EntityManager, entry: WaitlistEntry, now: Date): Promise<void> {
    const open = await manager.find(WaitlistEntry, { where: { groupId: entry.groupId!, id: Not(entry.id), status: In(['waiting', 'offered']) }, select: { id: true, status: true } });
    if (!open.length) return;
    await manager.update(WaitlistEntry, { id: In(open.map((other) => other.id)), status: In(['waiting', 'offered']) }, { status: 'left', endedAt: now, offerExpiresAt: null });
    if (open.some((other) => other.status === 'offered')) noteSeatsChanged(manager.queryRunner);
  }

  /**
   * One pass of the line, for every departure with someone in it: entries of departures that have
   * started or were cancelled end; offers past their time are missed (their seats were free the
   * moment they lapsed); then seats left go to the first waiting entries whose party fits, in
   * order. Answers how many entries changed.
   */
  async offerFreedSeats(now = clock.now()): Promise<number> {
    let changed = 0;
    const rows = await this.dataSource
      .getRepository(WaitlistEntry)
      .createQueryBuilder('entry')
      .select('DISTINCT entry.departure_id', 'departureId')
      .where('entry.status IN (:...open)', { open: ['waiting', 'offered'] })
      .getRawMany<{ departureId: number | string }>();
    for (const { departureId } of rows) {
      changed += await withDepartureLock(this.dataSource, Number(departureId), ({ manager }, departure) => this.settle(manager, departure, Number(departureId), now));
    }
    return changed;
  }

  /** Under the departure's lock: ends, lapses and offers, re-reading everything it decides on. */
  private async settle(manager: EntityManager, departure: Departure | null, departureId: number, now: Date): Promise<number> {
    let changed = 0;
    if (!departure || hasStarted(departure, now) || departure.status === 'cancelled') {
      const ended = await manager.update(WaitlistEntry, { departureId, status: In(['waiting', 'offered']) }, { status: 'ended', endedAt: now, offerExpiresAt: null });
      return ended.affected ?? 0;
    }
    const missed = await manager.update(WaitlistEntry, { departureId, status: 'offered', offerExpiresAt: LessThanOrEqual(now) }, { status: 'missed', endedAt: now });
    changed += missed.affected ?? 0;
    if (!takesBookingsFrom(departure, 'guest')) return changed;
    let seatsLeft = await this.seats.seatsLeft(manager, departure, now);
    if (seatsLeft <= 0) return changed;
    const waiting = await manager.find(WaitlistEntry, { where: { departureId, status: 'waiting' }, order: { id: 'ASC' } });
    for (const entry of waiting) {
      if (entry.seats > seatsLeft || (await this.offeredElsewhere(manager, entry, now))) continue;
      if (await this.makeOffer(manager, departure, entry, 'auto', now)) {
        seatsLeft -= entry.seats;
        changed++;
      }
      if (seatsLeft <= 0) break;
    }
    return changed;
  }

  /** "Any date this week": one offer at a time to a guest, so an offer open on another of their dates waits this one. */
  private async offeredElsewhere(manager: EntityManager, entry: WaitlistEntry, now: Date): Promise<boolean> {
    if (entry.groupId === null) return false;
    return manager.exists(WaitlistEntry, { where: { groupId: entry.groupId, id: Not(entry.id), status: 'offered', offerExpiresAt: MoreThan(now) } });
  }

  /** An offer to `entry` (waiting, or missed when staff offer again), with its mail; false when another pass got there first. */
  private async makeOffer(manager: EntityManager, departure: Departure, entry: WaitlistEntry, by: 'auto' | 'staff', now: Date): Promise<boolean> {
    const until = new Date(Math.min(now.getTime() + this.config.waitlistOfferMinutes * 60_000, departure.startsAt.getTime()));
    const made = await manager.update(WaitlistEntry, { id: entry.id, status: entry.status }, { status: 'offered', offeredAt: now, offerExpiresAt: until, offeredBy: by, endedAt: null });
    if (!made.affected) return false;
    noteSeatsChanged(manager.queryRunner);
    await this.mails.offered(manager, { ...entry, offerExpiresAt: until }, departure, this.links.url(entry, departure), now);
    return true;
  }

  /** Staff offer the seats to an entry by hand, out of turn (refused, in Swedish, when the seats are not there). */
  async offerByHand(entryId: number, staffEmail: string, now = clock.now()): Promise<void> {
    const found = await this.dataSource.getRepository(WaitlistEntry).findOneBy({ id: entryId });
    if (!found) throw new NotFoundException(`Det finns ingen plats i kön med id ${entryId}.`);
    await withDepartureLock(this.dataSource, found.departureId, async ({ manager }, departure) => {
      const entry = await manager.findOneByOrFail(WaitlistEntry, { id: entryId });
      if (!departure || hasStarted(departure, now) || !takesBookingsFrom(departure, 'guest')) throw new ConflictException('Avgången tar inte emot bokningar.');
      if (entry.status !== 'waiting' && entry.status !== 'missed') throw new ConflictException(`Gästen är inte i kö (${entry.status}).`);
      const seatsLeft = await this.seats.seatsLeft(manager, departure, now);
      if (seatsLeft < entry.seats) throw new ConflictException(`Sällskapet behöver ${entry.seats} platser; ${seatsLeft} är lediga.`);
      await this.makeOffer(manager, departure, entry, 'staff', now);
      await this.audit.record(staffEmail, 'waitlist.offer', `waitlist:${entry.id}`, `departure:${departure.id}`, manager);
    });
  }

  /** A departure's line, for staff: everyone in it, and the last offers' outcomes. */
  async ofDeparture(departureId: number): Promise<StaffWaitlistEntry[]> {
    const entries = await this.dataSource.getRepository(WaitlistEntry).find({ where: { departureId }, order: { id: 'ASC' } });
    const references = await this.writer.summaries(this.dataSource.manager, entries.flatMap((entry) => (entry.bookingId ? [entry.bookingId] : [])));
    const now = clock.now();
    return entries.map((entry) => ({
      id: entry.id,
      status: this.statusAt(entry, now),
      name: entry.name,
      email: entry.email,
      language: entry.language,
      party: entry.party,
      seats: entry.seats,
      createdAt: entry.createdAt.toISOString(),
      offeredAt: entry.offeredAt?.toISOString() ?? null,
      offerExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
      offeredBy: entry.offeredBy,
      bookingReference: entry.bookingId ? (references.get(entry.bookingId)?.reference ?? null) : null,
    }));
  }

  /** How many wait (in line, or holding an offer) on each departure: the month view's figure. */
  async countsByDeparture(departureIds: number[]): Promise<Map<number, number>> {
    if (!departureIds.length) return new Map();
    const rows = await this.dataSource
      .getRepository(WaitlistEntry)
      .createQueryBuilder('entry')
      .select('entry.departure_id', 'departureId')
      .addSelect('COUNT(*)', 'count')
      .where('entry.departure_id IN (:...departureIds)', { departureIds })
      .andWhere('entry.status IN (:...open)', { open: ['waiting', 'offered'] })
      .groupBy('entry.departure_id')
      .getRawMany<{ departureId: number | string; count: number | string }>();
    return new Map(rows.map((row) => [Number(row.departureId), Number(row.count)]));
  }

  private heldBy(email: string): Promise<WaitlistEntry[]> {
    return this.dataSource.getRepository(WaitlistEntry).find({ where: { email: email.toLowerCase() }, order: { id: 'ASC' } });
  }

  /** A guest's places in line, for their data export. */
  async exported(email: string): Promise<Record<string, unknown>[]> {
    const entries = await this.heldBy(email);
    const starts = await this.departures.startTimesOf(entries.map((entry) => entry.departureId));
    return entries.map((entry) => ({
      departureId: entry.departureId,
      departureStartsAt: starts.get(entry.departureId)?.toISOString() ?? null,
      status: entry.status,
      name: entry.name,
      email: entry.email,
      language: entry.language,
      party: entry.party,
      joinedAt: entry.createdAt.toISOString(),
      offeredAt: entry.offeredAt?.toISOString() ?? null,
      endedAt: entry.endedAt?.toISOString() ?? null,
    }));
  }

  /** Erases a guest's entries (an open offer's seats are free at once); how many went. */
  async forget(email: string): Promise<number> {
    const entries = await this.heldBy(email);
    let removed = 0;
    for (const entry of entries) {
      removed += await withDepartureLock(this.dataSource, entry.departureId, async ({ manager }) => {
        // As it is now, under the lock (an offer may have been made since the list was read).
        const current = await manager.findOneBy(WaitlistEntry, { id: entry.id });
        if (!current) return 0;
        await manager.delete(WaitlistEntry, { id: current.id });
        if (current.status === 'offered') noteSeatsChanged(manager.queryRunner);
        return 1;
      });
    }
    return removed;
  }

  /** An offer past its time reads as missed before the pass writes it so. */
  private statusAt(entry: WaitlistEntry, now: Date): WaitlistStatus {
    return entry.status === 'offered' && entry.offerExpiresAt && entry.offerExpiresAt <= now ? 'missed' : entry.status;
  }

  /** 1 for the next in line: the waiting entries before it on its departure, plus one. */
  private async placeOf(manager: EntityManager, entry: Pick<WaitlistEntry, 'id' | 'departureId' | 'status'>): Promise<number | null> {
    if (entry.status !== 'waiting') return null;
    const before = await manager
      .getRepository(WaitlistEntry)
      .createQueryBuilder('entry')
      .where('entry.departure_id = :departureId', { departureId: entry.departureId })
      .andWhere("entry.status = 'waiting'")
      .andWhere('entry.id < :id', { id: entry.id })
      .getCount();
    return before + 1;
  }

  private async referenceOf(bookingId: number): Promise<string | null> {
    return (await this.writer.summaries(this.dataSource.manager, [bookingId])).get(bookingId)?.reference ?? null;
  }

  private async byToken(token: string, now: Date): Promise<WaitlistEntry> {
    const id = this.links.entryId(token, now);
    const entry = id === null ? null : await this.dataSource.getRepository(WaitlistEntry).findOneBy({ id });
    if (!entry) throw new NotFoundException(WAITLIST_REFUSALS.gone);
    return entry;
  }
}
