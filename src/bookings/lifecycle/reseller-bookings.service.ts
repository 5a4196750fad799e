import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, DataSource, LessThan, MoreThanOrEqual, type EntityManager } from 'typeorm';

import { isMysqlFamily } from '../../database/dialect';
import { findOneJoined } from '../../database/find-joined';
import { LIVE_HOLD_SQL } from '../../departures/seat-rule';
import type { PartyItem } from '../../../shared/pricing';
import { AuditLogService } from '../../common/audit/audit-log.service';
import { AppConfig } from '../../config/app-config';
import { assertCancellationFree, assertNotStarted } from '../../departures/departure-rules';
import { normalizeReference } from '../../../shared/booking-reference';
import { Booking } from '../booking.entity';
import { BOOKING_RELATIONS } from '../booking.mapper';
import { NewBookings } from './new-bookings';
import { laterOptions } from './bookable';
import { plainText } from '../../../shared/plain-text';
import { ChangePlans } from './change-plans';
import { withDepartureLocks } from '../../departures/departure-lock';
import { BookingWriter } from './booking-writer';
import { holdIsLive, TRANSITIONS } from './transitions';
import type { Lang } from '../../../shared/languages';
import { clock } from '../../common/clock';

/** Who sells: a reseller's id and name (for the booking and the audit log), and the seats its reservations may keep. */
export interface ResellerCaller {
  id: number;
  name: string;
  heldSeats?: number;
}

/** The guest as a reseller gives them; all optional until the booking is confirmed. */
export interface ResellerContact {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  /** The guest's language, when the reseller names one the site speaks: our mails and links follow it. */
  language?: Lang;
  /** The reseller's notes about the guest. */
  notes?: string | null;
}

/** A contact's fields as the booking keeps them (those given). */
const contactFields = (contact: ResellerContact | undefined): Partial<Booking> => ({
  ...(contact?.notes !== undefined ? { contactNotes: contact.notes || null } : {}),
});

/**
 * What a reseller chooses of a tour's options (OCTO's pickups and questions), each absent when
 * not given: the pickup point (null: the meeting point), the guests' hotel, and answers (checked
 * as the site checks them; required ones may come later, until the tour's answers are due).
 */
export interface ResellerOptions {
  pickupPointId?: number | null;
  pickupHotel?: string | null;
  answers?: unknown;
}

const hotelField = (options: ResellerOptions | undefined): Partial<Booking> =>
  options?.pickupHotel !== undefined ? { pickup: options.pickupHotel ? plainText(options.pickupHotel, 'line') || null : null } : {};

/** Why a reseller's request cannot be done, as OCTO names it (the API answers with the code). */
export class ResellerRefusal extends ConflictException {
  constructor(
    readonly code: 'UNPROCESSABLE_ENTITY' | 'INVALID_BOOKING_UUID' | 'BAD_REQUEST',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Seats one reseller may keep on reservations not yet confirmed, over all departures, unless
 * staff give its key another figure: a hold lasts up to a day, and a key must not be a way to
 * empty the calendar in half a second.
 */
export const RESELLER_HELD_SEATS = 24;

/** The seats a reseller's live reservations keep. */
async function heldSeatsOf(manager: EntityManager, resellerId: number, now: Date): Promise<number> {
  const row = await manager
    .createQueryBuilder(Booking, 'booking')
    .select('COALESCE(SUM(booking.seats), 0)', 'seats')
    .where('booking.reseller_id = :resellerId', { resellerId })
    .andWhere(LIVE_HOLD_SQL('booking'), { now })
    .getRawOne<{ seats: number | string }>();
  return Number(row?.seats ?? 0);
}

/** Refuses a reservation of `seats` more when the reseller's live reservations (`except` one being changed) would keep more than its key may. */
async function assertHeldSeats(manager: EntityManager, reseller: ResellerCaller, seats: number, now: Date, except?: Booking): Promise<void> {
  const limit = reseller.heldSeats ?? RESELLER_HELD_SEATS;
  const held = (await heldSeatsOf(manager, reseller.id, now)) - (except && holdIsLive(except, now) ? except.seats : 0);
  if (held + seats > limit) {
    throw new ResellerRefusal('UNPROCESSABLE_ENTITY', `This key already holds ${held} seats on reservations waiting for confirmation; at most ${limit} are held for this key. Confirm or cancel some first.`);
  }
}

/** The reseller's row locked (MySQL), so that its reservations on different departures are counted one after another. */
async function lockReseller(manager: EntityManager, resellerId: number): Promise<void> {
  if (isMysqlFamily(manager.connection.options)) await manager.query('SELECT id FROM resellers WHERE id = ? FOR UPDATE', [resellerId]);
}

/** A booking a reseller reserved has a name from the start; the reseller gives the guest's at confirmation. */
const placeholderName = (reseller: ResellerCaller): string => `Guest of ${reseller.name}`.slice(0, 120);

/**
 * A reseller's bookings (the OCTO API): reserved (a hold under the same seat rule and departure
 * lock as every booking), extended, confirmed (paid to the reseller), updated and cancelled
 * (before the cancellation cutoff). Every change is also in the audit log, naming the reseller.
 */
@Injectable()
export class ResellerBookings {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly writer: BookingWriter,
    private readonly audit: AuditLogService,
    private readonly newBookings: NewBookings,
    private readonly changes: ChangePlans,
  ) {}

  /** The reseller's booking with this uuid (another reseller's does not exist for it). */
  async find(reseller: ResellerCaller, uuid: string): Promise<Booking | null> {
    return findOneJoined(this.dataSource.manager, Booking, { where: { octoUuid: uuid.toLowerCase(), resellerId: reseller.id }, relations: BOOKING_RELATIONS });
  }

  /** A reseller's booking by our id (a webhook's call reads it when it is made), or null. */
  async byId(resellerId: number, id: number): Promise<Booking | null> {
    return findOneJoined(this.dataSource.manager, Booking, { where: { id, resellerId }, relations: BOOKING_RELATIONS });
  }

  /** The reseller's bookings by its reference, our reference, and departures starting in [from, to). */
  async search(reseller: ResellerCaller, filter: { resellerReference?: string; reference?: string; startsFrom?: Date; startsBefore?: Date }): Promise<Booking[]> {
    return this.dataSource.getRepository(Booking).find({
      where: {
        resellerId: reseller.id,
        ...(filter.resellerReference !== undefined ? { resellerReference: filter.resellerReference } : {}),
        ...(filter.reference !== undefined ? { reference: normalizeReference(filter.reference) } : {}),
        ...(filter.startsFrom && filter.startsBefore ? { departure: { startsAt: And(MoreThanOrEqual(filter.startsFrom), LessThan(filter.startsBefore)) } } : {}),
      },
      relations: BOOKING_RELATIONS,
      order: { id: 'ASC' },
      take: 500,
    });
  }

  /**
   * holdForReseller: seats held until `expiresAt` (never past the departure's start). The uuid is
   * the idempotency key: the same uuid again gives the same booking, whichever replica gets it.
   */
  async hold(
    reseller: ResellerCaller,
    request: { uuid: string; departureId: number; party: PartyItem[]; expiresAt: Date; resellerReference: string | null; notes: string | null; contact: ResellerContact; options?: ResellerOptions },
    now = clock.now(),
  ): Promise<Booking> {
    const uuid = request.uuid.toLowerCase();
    const contact = request.contact;
    const reference = await this.newBookings.openBooking(
      {
        by: 'reseller',
        transition: 'holdForReseller',
        departureId: request.departureId,
        party: { categories: request.party },
        stay: null,
        options: { pickupPointId: request.options?.pickupPointId ?? null, answers: request.options?.answers },
        contact: { name: contact.name || placeholderName(reseller), email: contact.email ?? '', phone: contact.phone ?? undefined, notes: request.notes ?? undefined },
        first: async (manager) => (await this.byUuid(manager, reseller, uuid))?.reference,
        // Its reservations on every departure are counted one request after another.
        lock: (manager) => lockReseller(manager, reseller.id),
        check: (manager, quote) => assertHeldSeats(manager, reseller, quote.seats, now),
        fields: (departure) => ({
          status: TRANSITIONS.holdForReseller.to,
          holdExpiresAt: new Date(Math.min(request.expiresAt.getTime(), departure.startsAt.getTime())),
          paymentStatus: 'unpaid',
          source: 'reseller',
          resellerId: reseller.id,
          resellerReference: request.resellerReference,
          octoUuid: uuid,
          ...contactFields(contact),
          ...hotelField(request.options),
          mailGuest: false,
          language: contact.language ?? 'en',
        }),
        then: (manager, booking, departure) => this.record(manager, reseller, 'reseller.reserve', booking.reference, { uuid, departureId: departure.id, party: request.party }),
      },
      now,
    );
    return this.writer.load(reference);
  }

  /** extendHold: a live hold lasts until `expiresAt`, refused past the departure's start (its booking cutoff). */
  async extend(reseller: ResellerCaller, booking: Booking, expiresAt: Date, now = clock.now()): Promise<Booking> {
    await this.writer.withBooking(booking.reference, async (tx, current, departure) => {
      if (!holdIsLive(current, now)) throw new ResellerRefusal('UNPROCESSABLE_ENTITY', `This booking is not on hold (it is ${current.status === 'held' ? 'expired' : current.status}) and cannot be extended.`);
      if (expiresAt > departure.startsAt) throw new ResellerRefusal('UNPROCESSABLE_ENTITY', `A hold cannot last past the availability's cutoff (${departure.startsAt.toISOString()}).`);
      await this.writer.change(tx, current, 'extendHold', { holdExpiresAt: expiresAt });
      await this.record(tx.manager, reseller, 'reseller.extend', current.reference, { holdExpiresAt: expiresAt.toISOString() });
    });
    return this.writer.load(booking.reference);
  }

  /**
   * changeByReseller: another departure (of any tour the reseller sells: OCTO's change of date or
   * product) and/or another party, under both departures' locks and the seat rule, as a guest's
   * change is planned. A reservation's new seats count against the key's held seats, and it
   * lasts no longer than the new departure's start. A confirmed booking's new price is the
   * reseller's (the writer settles it: the reseller is charged it), and its guest is told when
   * the reseller asked for our mails. Moved to another tour, its pickup and answers, which
   * were that tour's, go.
   */
  async change(reseller: ResellerCaller, booking: Booking, change: { departureId: number; party: PartyItem[] }, now = clock.now()): Promise<Booking> {
    await withDepartureLocks(this.dataSource, [booking.departureId, change.departureId], async (tx) => {
      const current = await this.writer.lockBooking(tx.manager, booking.id);
      if (current.departureId !== booking.departureId) throw new ConflictException('The booking changed at the same moment. Please try again.');
      if (current.status === 'held' && !holdIsLive(current, now)) throw new ResellerRefusal('UNPROCESSABLE_ENTITY', 'This booking is expired and cannot be changed.');
      const plan = await this.changes.plan(tx, current, change.departureId, { categories: change.party }, now, 'reseller');
      const held = current.status === 'held';
      // What it costs less is what a cancellation would give back: only inside the free cancellation period, as a cancellation.
      if (!held && plan.quote.totalSek < current.totalSek) assertCancellationFree(tx.departures.get(current.departureId)!, this.config.cancelFreeHours, now, 'reseller');
      if (held) {
        await lockReseller(tx.manager, reseller.id);
        await assertHeldSeats(tx.manager, reseller, plan.quote.seats, now, current);
      }
      const otherTour = tx.departures.get(plan.departureId)!.tourId !== tx.departures.get(current.departureId)!.tourId;
      await this.changes.apply(tx, current, plan, now, {
        transition: 'changeByReseller',
        notify: !held,
        extra: {
          ...(held ? { holdExpiresAt: new Date(Math.min(current.holdExpiresAt!.getTime(), plan.startsAt.getTime())) } : {}),
          ...(otherTour ? { pickupPointId: null, answers: null } : {}),
        },
      });
      await this.record(tx.manager, reseller, 'reseller.change', current.reference, { departureId: plan.departureId, party: change.party });
    });
    return this.writer.load(booking.reference);
  }

  /** confirmByReseller: a live hold becomes a booking the reseller has been paid for; the guest gets our mails only when the reseller asks. */
  async confirm(
    reseller: ResellerCaller,
    booking: Booking,
    request: { contact: ResellerContact; resellerReference?: string; emailReceipt: boolean; notes?: string | null; options?: ResellerOptions },
    now = clock.now(),
  ): Promise<Booking> {
    await this.writer.withBooking(booking.reference, async (tx, current, departure) => {
      if (current.status === 'confirmed') return;
      if (!holdIsLive(current, now)) throw new ResellerRefusal('UNPROCESSABLE_ENTITY', `This booking is ${current.status === 'held' ? 'expired' : current.status} and cannot be confirmed.`);
      const email = (request.contact.email ?? current.email).toLowerCase();
      if (request.emailReceipt && !email) throw new ResellerRefusal('BAD_REQUEST', 'emailReceipt needs contact.emailAddress.');
      await this.writer.change(tx, current, 'confirmByReseller', {
        paymentMethod: 'reseller',
        paymentStatus: 'paid',
        paidAt: now,
        confirmedAt: now,
        holdExpiresAt: null,
        name: request.contact.name || current.name,
        email,
        phone: request.contact.phone ?? current.phone,
        ...(request.notes !== undefined ? { notes: request.notes } : {}),
        ...(request.resellerReference !== undefined ? { resellerReference: request.resellerReference } : {}),
        ...(request.contact.language ? { language: request.contact.language } : {}),
        ...contactFields(request.contact),
        ...hotelField(request.options),
        ...(await laterOptions(tx.manager, current, departure, request.options ?? {}, 'reseller', now)),
        mailGuest: request.emailReceipt,
      }, { kind: 'confirmed' }, now);
      await this.record(tx.manager, reseller, 'reseller.confirm', current.reference, { emailReceipt: request.emailReceipt });
    });
    return this.writer.load(booking.reference);
  }

  /** updateByReseller: the reseller's reference, notes, the guest's details and whether they get our mails. */
  async update(
    reseller: ResellerCaller,
    booking: Booking,
    request: { contact?: ResellerContact; resellerReference?: string; emailReceipt?: boolean; notes?: string | null; options?: ResellerOptions },
    now = clock.now(),
  ): Promise<Booking> {
    await this.writer.withBooking(booking.reference, async (tx, current, departure) => {
      if (current.status !== 'held' && current.status !== 'confirmed') throw new ResellerRefusal('UNPROCESSABLE_ENTITY', `This booking is ${current.status} and cannot be changed.`);
      if (!holdIsLive(current, now) && current.status === 'held') throw new ResellerRefusal('UNPROCESSABLE_ENTITY', 'This booking is expired and cannot be changed.');
      assertNotStarted(departure, now, 'reseller');
      const email = request.contact?.email !== undefined ? (request.contact.email ?? '').toLowerCase() : current.email;
      const mailGuest = request.emailReceipt ?? current.mailGuest;
      if (mailGuest && !email) throw new ResellerRefusal('BAD_REQUEST', 'emailReceipt needs contact.emailAddress.');
      await this.writer.change(tx, current, 'updateByReseller', {
        ...(request.contact?.name ? { name: request.contact.name } : {}),
        email,
        ...(request.contact?.phone !== undefined ? { phone: request.contact.phone } : {}),
        ...(request.notes !== undefined ? { notes: request.notes } : {}),
        ...(request.resellerReference !== undefined ? { resellerReference: request.resellerReference } : {}),
        ...(request.contact?.language ? { language: request.contact.language } : {}),
        ...contactFields(request.contact),
        ...hotelField(request.options),
        ...(await laterOptions(tx.manager, current, departure, request.options ?? {}, 'reseller', now)),
        mailGuest,
      });
      // What changed, not the guest's details themselves: the audit log keeps no personal data.
      await this.record(tx.manager, reseller, 'reseller.update', current.reference, {
        ...(request.contact ? { contact: Object.keys(request.contact) } : {}),
        ...(request.resellerReference !== undefined ? { resellerReference: request.resellerReference } : {}),
        ...(request.emailReceipt !== undefined ? { emailReceipt: request.emailReceipt } : {}),
        ...(request.notes !== undefined ? { notes: 'changed' } : {}),
        ...(request.options?.pickupPointId !== undefined ? { pickupPointId: request.options.pickupPointId } : {}),
        ...(request.options?.answers !== undefined ? { answers: 'changed' } : {}),
      });
    });
    return this.writer.load(booking.reference);
  }

  /**
   * cancelByReseller: a hold at any time, a confirmed booking until CANCEL_FREE_HOURS before the
   * start (after that only staff cancel it). No money moves on our side: the reseller refunds
   * its guest. Cancelling again answers the cancelled booking.
   */
  async cancel(reseller: ResellerCaller, booking: Booking, reason: string | null, now = clock.now()): Promise<Booking> {
    await this.writer.withBooking(booking.reference, async (tx, current, departure) => {
      if (current.status === 'cancelled') return;
      if (current.status === 'expired') throw new ResellerRefusal('UNPROCESSABLE_ENTITY', 'This booking expired and cannot be cancelled.');
      const wasConfirmed = current.status === 'confirmed';
      if (wasConfirmed) assertCancellationFree(departure, this.config.cancelFreeHours, now, 'reseller');
      // A confirmed booking's guest (when the reseller asked for our mails) and staff are told; a hold just goes.
      const notice = wasConfirmed ? { kind: 'cancelled' as const, reason: 'reseller' as const, money: { kind: 'paid-to-reseller' as const }, tellStaff: true } : undefined;
      await this.writer.change(tx, current, 'cancelByReseller', { cancelReason: 'reseller', cancelNote: reason?.slice(0, 500) || null, cancelledAt: now }, notice, now);
      await this.record(tx.manager, reseller, 'reseller.cancel', current.reference, { reason });
    });
    return this.writer.load(booking.reference);
  }

  /** A revoked key's reservations let go at once, as if their time had run out (its confirmed bookings stand). Answers how many. */
  async releaseHolds(resellerId: number, now = clock.now()): Promise<number> {
    const holds = await this.dataSource.getRepository(Booking).find({ where: { resellerId, status: 'held' }, select: { id: true, reference: true } });
    let released = 0;
    for (const { reference } of holds) {
      await this.writer.withBooking(reference, async (tx, booking) => {
        if (booking.status !== 'held') return;
        await this.writer.change(tx, booking, 'expire', { holdExpiresAt: booking.holdExpiresAt && booking.holdExpiresAt < now ? booking.holdExpiresAt : now }, undefined, now);
        released++;
      });
    }
    return released;
  }

  /** The booking with this uuid, read in the transaction; another reseller's uuid is refused. */
  private async byUuid(manager: EntityManager, reseller: ResellerCaller, uuid: string): Promise<Booking | null> {
    const existing = await manager.findOne(Booking, { where: { octoUuid: uuid }, select: { id: true, reference: true, resellerId: true } });
    if (existing && existing.resellerId !== reseller.id) throw new ResellerRefusal('INVALID_BOOKING_UUID', 'This uuid is already used.');
    return existing;
  }

  private record(manager: EntityManager, reseller: ResellerCaller, action: string, reference: string, details: object): Promise<void> {
    return this.audit.record(`reseller:${reseller.id} (${reseller.name})`, action, `booking:${reference}`, details, manager);
  }
}
