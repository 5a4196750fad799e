import { createHash } from 'node:crypto';

import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, In, IsNull, LessThanOrEqual, Not } from 'typeorm';

import { findOneJoined, findOneJoinedOrFail } from '../../database/find-joined';
import { insertOnly } from '../../database/insert-only';
import type { BookingSummary } from '../../../shared/api-types';
import { formatGiftCardCode } from '../../../shared/gift-cards';
import { noteSeatsChanged } from '../../common/cache/content-changes';
import { bookingTransitions } from '../../common/metrics/metrics';
import { afterCommit, isDuplicateKey, supportsRowLocks } from '../../database/transactions';
import { withDepartureLock, type DepartureTx } from '../../departures/departure-lock';
import type { Departure } from '../../departures/departure.entity';
import { StripeService } from '../../stripe/stripe.service';
import { SeatsRepository } from '../../departures/seats.repository';
import { GiftCardLedger } from '../../gift-cards/gift-card-ledger.service';
import type { GiftCard } from '../../gift-cards/gift-card.entity';
import { BOOKING_REFERENCE_PATTERN, normalizeReference } from '../../../shared/booking-reference';
import { newBookingReference } from '../booking-reference';
import { BookingEvent } from '../booking-event.entity';
import { BookingPayment } from '../booking-payment.entity';
import { BookingRefund } from '../booking-refund.entity';
import { Booking } from '../booking.entity';
import { BOOKING_RELATIONS, mapBookingDetails, type BookingDetails } from '../booking.mapper';
import type { BookingNotice, NoticeListener, RefundCause, TransitionListener } from './booking-notices';
import { assertGuestMayKeepUnpaid } from '../guest-limits';
import { owedOre, repayAttention, settlePrice } from './booking-money';
import { allowedNext, BOUGHT_FROM_RESELLER, changesSeats, heldCardPayment, madeBy, nextStatus, TransitionRefusedError, type TransitionName } from './transitions';
import { clock } from '../../common/clock';

/**
 * A guest's write that leaves seats kept without payment (a confirmation to pay on arrival, a
 * party grown or moved with money due, a free rebook) is counted against the guest limits
 * (guest-limits.ts), whichever path made it.
 */
async function checkGuestLimits(tx: DepartureTx, before: Booking, after: Booking, transition: TransitionName, now: Date): Promise<void> {
  if (madeBy(transition) !== 'guest' || after.status !== 'confirmed' || owedOre(after) <= 0) return;
  const keptBefore = before.status === 'confirmed' && owedOre(before) > 0 ? before.seats : 0;
  if (after.seats <= keptBefore && after.departureId === before.departureId) return;
  await assertGuestMayKeepUnpaid(tx.manager, { email: after.email, clientIpHash: after.clientIpHash }, { id: after.id, seats: after.seats, departure: tx.departures.get(after.departureId)! }, now);
}

/** A booking's note to staff with one more thing to look at after what it already says (the column holds 300 characters). */
export const withAttention = (booking: Pick<Booking, 'attention'>, note: string): string => (booking.attention ? `${booking.attention} ${note}` : note).slice(0, 300);

/**
 * The one code that writes a booking (an ESLint rule keeps it so). Every write is a transition
 * of the table in transitions.ts: made inside the departure's lock, on the booking re-read in
 * that transaction, as an update conditional on the state it read, so a lost race changes
 * nothing. The lifecycle's services (hold and checkout, guest changes, staff actions, refunds,
 * reminders) decide; this writes, and tells its listeners (the notifications) what happened, in
 * the same transaction. Workers hear of new refunds after the commit.
 */
@Injectable()
export class BookingWriter {
  private readonly logger = new Logger(BookingWriter.name);
  private refundsDue?: () => void;
  private readonly listeners: NoticeListener[] = [];
  private readonly transitionListeners: TransitionListener[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stripe: StripeService,
    private readonly giftCards: GiftCardLedger,
    private readonly seats: SeatsRepository,
  ) {}

  get checkoutMethod(): BookingSummary['checkoutMethod'] {
    return this.stripe.checkoutMethod;
  }

  /**
   * Runs `work` under the lock of the booking's departure with the booking re-read (and row
   * locked) in that transaction. A booking moved meanwhile is looked up again.
   */
  async withBooking<T>(reference: string, work: (tx: DepartureTx, booking: Booking, departure: Departure) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const { id, departureId } = await this.locate(reference);
      const result = await withDepartureLock(this.dataSource, departureId, async (tx, departure) => {
        const booking = await this.lockBooking(tx.manager, id);
        if (booking.departureId !== departureId) return { moved: true as const };
        return { moved: false as const, value: await work(tx, booking, departure!) };
      });
      if (!result.moved) return result.value;
      if (attempt >= 3) throw new ConflictException('The booking changed at the same moment. Please try again.');
    }
  }

  /** The booking's id and departure, to know which locks to take before reading it again under them. */
  async locate(reference: string): Promise<Pick<Booking, 'id' | 'departureId'>> {
    const normalized = normalizeReference(reference);
    const booking = BOOKING_REFERENCE_PATTERN.test(normalized)
      ? await this.dataSource.getRepository(Booking).findOne({ where: { reference: normalized }, select: { id: true, departureId: true } })
      : null;
    if (!booking) throw new NotFoundException(`There is no booking with reference ${reference}.`);
    return booking;
  }

  /** The booking a reference names, with everything its mails and pages show. */
  /** A booking by its id, with its departure (null when there is none). */
  loadById(id: number): Promise<Booking | null> {
    return findOneJoined(this.dataSource.manager, Booking, { where: { id }, relations: BOOKING_RELATIONS });
  }

  async load(reference: string): Promise<Booking> {
    const normalized = normalizeReference(reference);
    const booking = BOOKING_REFERENCE_PATTERN.test(normalized)
      ? await findOneJoined(this.dataSource.manager, Booking, { where: { reference: normalized }, relations: BOOKING_RELATIONS })
      : null;
    if (!booking) throw new NotFoundException(`There is no booking with reference ${reference}.`);
    return booking;
  }

  async lockBooking(manager: EntityManager, id: number): Promise<Booking> {
    const [booking] = await this.lockBookings(manager, { id });
    return booking;
  }

  /** Who these bookings are, by id: for the staff's views of them (a read; nothing locked). */
  async summaries(manager: EntityManager, ids: number[]): Promise<Map<number, { reference: string; name: string; guests: number }>> {
    const rows = await manager.find(Booking, { where: { id: In(ids) }, select: { id: true, reference: true, name: true, guests: true } });
    return new Map(rows.map((row) => [row.id, { reference: row.reference, name: row.name, guests: row.guests }]));
  }

  /** Locks the bookings, then the room kinds of their stays (a change may move or grow a stay's nights: RoomNights). */
  async lockBookings(manager: EntityManager, where: FindOptionsWhere<Booking>): Promise<Booking[]> {
    const bookings = await manager.find(Booking, { where, order: { id: 'ASC' }, ...(supportsRowLocks(this.dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    await this.seats.lockRooms(manager, bookings.map((booking) => booking.stayPackageId));
    return bookings;
  }

  /**
   * The one write of a booking: allowed by the table from the state read, and conditional on
   * that state (and departure) still being there.
   */
  async change(tx: DepartureTx, booking: Booking, transition: TransitionName, asked: Partial<Booking>, notice?: BookingNotice, now = clock.now()): Promise<void> {
    const departure = tx.departures.get(booking.departureId);
    if (!departure) throw new Error(`Departure ${booking.departureId} of ${booking.reference} is not locked by this transaction`);
    const status = allowedNext(transition, booking, departure, now);
    const settled = { ...asked, ...this.settle(booking, { ...booking, ...asked, status }, transition) };
    const changes = { ...settled, ...repayAttention({ ...booking, ...settled, status }) };
    await checkGuestLimits(tx, booking, { ...booking, ...changes, status }, transition, now);
    const result = await tx.manager.update(
      Booking,
      { id: booking.id, status: booking.status, paymentStatus: booking.paymentStatus, departureId: booking.departureId },
      { ...changes, status },
    );
    if (result.affected !== 1) throw new ConflictException('The booking changed at the same moment. Please try again.');
    this.noted(tx.manager, transition);
    await this.record(tx.manager, booking, transition, describeChange(booking, { ...changes, status }), now, notice);
    Object.assign(booking, changes, { status });
    if (notice) await this.announce(tx.manager, booking, notice, now);
  }

  /**
   * The money side of the change, where every change passes: a new price settled against what
   * the booking holds (booking-money.ts), refused in the asker's words when its channel cannot
   * collect it.
   */
  private settle(before: Booking, after: Booking, transition: TransitionName): Partial<Booking> {
    const settled = settlePrice(before, after, madeBy(transition));
    if ('changes' in settled) return settled.changes;
    throw madeBy(transition) === 'guest'
      ? new TransitionRefusedError(transition, before.status, BOUGHT_FROM_RESELLER)
      : new ConflictException('Bokningen är betald via en återförsäljare: ändringar som påverkar priset görs av återförsäljaren.');
  }

  /** remind: marks the reminder sent, once, and tells of it (false when another process got there first). */
  async markReminded(tx: DepartureTx, booking: Booking, now: Date): Promise<boolean> {
    nextStatus('remind', booking.status);
    const marked = await tx.manager.update(Booking, { id: booking.id, status: 'confirmed', reminderSentAt: IsNull() }, { reminderSentAt: now });
    if (marked.affected !== 1) return false;
    booking.reminderSentAt = now;
    await this.announce(tx.manager, booking, { kind: 'reminder' }, now);
    return true;
  }

  /** The answers still missing are asked for: marked once, and told (false when another process got there first). */
  async markAnswersReminded(tx: DepartureTx, booking: Booking, now: Date, notice: Extract<BookingNotice, { kind: 'answersMissing' }>): Promise<boolean> {
    nextStatus('remind', booking.status);
    const marked = await tx.manager.update(Booking, { id: booking.id, status: 'confirmed', answersRemindedAt: IsNull() }, { answersRemindedAt: now });
    if (marked.affected !== 1) return false;
    booking.answersRemindedAt = now;
    await this.announce(tx.manager, booking, notice, now);
    return true;
  }

  /**
   * A hold left unpaid whose guest ticked "remind me": its one recovery mail, marked and told
   * once (false when another process got there first, or the guest has not ticked).
   */
  async markRecoverySent(tx: DepartureTx, booking: Booking, now: Date): Promise<boolean> {
    const marked = await tx.manager.update(Booking, { id: booking.id, remindMe: true, recoverySentAt: IsNull(), status: In(['held', 'expired']) }, { recoverySentAt: now });
    if (marked.affected !== 1) return false;
    booking.recoverySentAt = now;
    await this.announce(tx.manager, booking, { kind: 'recovery' }, now);
    return true;
  }

  /** The morning after the tour: the rating request, marked and told once. */
  async markReviewRequested(tx: DepartureTx, booking: Booking, now: Date): Promise<boolean> {
    const marked = await tx.manager.update(Booking, { id: booking.id, status: 'confirmed', reviewRequestedAt: IsNull() }, { reviewRequestedAt: now });
    if (marked.affected !== 1) return false;
    booking.reviewRequestedAt = now;
    await this.announce(tx.manager, booking, { kind: 'reviewRequest' }, now);
    return true;
  }

  /** The recovery link is used: once (false for a second time). */
  async markRecoveryUsed(bookingId: number, now: Date): Promise<boolean> {
    const marked = await this.dataSource.manager.update(Booking, { id: bookingId, recoverySentAt: Not(IsNull()), recoveryUsedAt: IsNull() }, { recoveryUsedAt: now });
    return marked.affected === 1;
  }

  /** A listener asks to hear of every transition (at start, before any booking is written). */
  onTransition(listener: TransitionListener): void {
    this.transitionListeners.push(listener);
  }

  /** The notifications ask to hear of every notice (at start, before any booking is written). */
  onNotice(listener: NoticeListener): void {
    this.listeners.push(listener);
  }

  /**
   * Tells the listeners what happened to the booking, in the transaction that made it happen:
   * for news that is no transition of its own (an offer, a refund Stripe made).
   */
  async announce(manager: EntityManager, booking: Booking, notice: BookingNotice, now: Date): Promise<void> {
    for (const listener of this.listeners) await listener(manager, booking, notice, now);
  }

  /** expire, for lapsed holds of the locked departure: conditional, so a hold extended or confirmed meanwhile is left alone. */
  async expireLapsed(tx: DepartureTx, ids: number[], now: Date): Promise<number> {
    const lapsed = await tx.manager.find(Booking, { where: { id: In(ids), status: 'held', holdExpiresAt: LessThanOrEqual(now) }, select: { id: true, resellerId: true } });
    if (!lapsed.length) return 0;
    const result = await tx.manager.update(Booking, { id: In(lapsed.map((booking) => booking.id)), status: 'held', holdExpiresAt: LessThanOrEqual(now) }, { status: nextStatus('expire', 'held') });
    // Under the departure's lock nothing else changed them between the read and the update.
    for (const booking of lapsed) await this.record(tx.manager, booking, 'expire', 'status: held → expired', now);
    return result.affected ?? 0;
  }

  /** A new booking (a hold, a reseller's hold, or one staff take) under a fresh reference. */
  async insert(manager: EntityManager, transition: 'hold' | 'bookByStaff' | 'holdForReseller', fields: Partial<Booking>, notice?: BookingNotice, now = clock.now()): Promise<Booking> {
    for (let attempt = 1; ; attempt++) {
      try {
        // Taken paid (on site, by staff): it holds its whole price from the start.
        const money = fields.paymentStatus === 'paid' && fields.paidAmountOre === undefined ? { paidAmountOre: (fields.totalSek ?? 0) * 100 } : {};
        const booking = await manager.save(Booking, manager.create(Booking, { ...fields, ...money, reference: newBookingReference() }));
        this.noted(manager, transition);
        await this.record(manager, booking, transition, describeState(booking), now, notice);
        if (notice) await this.announce(manager, booking, notice, now);
        return booking;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // A reseller's uuid names one booking: another request with it got there first (on another departure).
        if (fields.octoUuid && (await manager.exists(Booking, { where: { octoUuid: fields.octoUuid } }))) throw new ConflictException('This uuid is already used.');
        // A clash of random references is rare; draw another.
        if (attempt >= 5) throw error;
        this.logger.warn('Booking reference clash; drawing another');
      }
    }
  }

  /**
   * A refund of one whole payment that the booking does not hold (paid twice, too late, for a
   * change it could not make), carried out by the refund worker after the commit.
   */
  async queueRefund(manager: EntityManager, booking: Booking, cause: RefundCause, paymentIntentId: string, amountOre: number, now: Date): Promise<void> {
    await this.insertRefund(manager, booking, cause, paymentIntentId, amountOre, now);
  }

  /**
   * A card payment the booking now holds: its checkout's, or a dearer change's. What the booking
   * gives back later is taken from these (refundHeld).
   */
  async recordPayment(manager: EntityManager, booking: Booking, paymentIntentId: string, amountOre: number): Promise<void> {
    await this.payments(manager, booking);
    await manager.createQueryBuilder().insert().into(BookingPayment).values({ bookingId: booking.id, paymentIntentId, amountOre, refundedOre: 0 }).orIgnore().updateEntity(false).execute();
  }

  /**
   * A gift card's share of the booking, spent on the card (its row locked, its balance checked)
   * and recorded as one of the booking's payments, so that what goes back later goes back to the
   * card. The caller writes the booking's money fields with the transition it makes.
   */
  async recordGiftCardPayment(manager: EntityManager, booking: Booking, card: GiftCard, amountOre: number, now: Date): Promise<void> {
    const entryId = await this.giftCards.spend(manager, card, amountOre, booking, now);
    await this.payments(manager, booking);
    await manager.insert(BookingPayment, { bookingId: booking.id, paymentIntentId: giftCardPaymentId(card.id, entryId), amountOre, refundedOre: 0 });
  }

  /**
   * Money the booking holds going back to where it came from (a cancellation, a cheaper change):
   * taken from its payments newest first, each refund no more than its payment has left, as
   * Stripe refunds a payment and never more than it paid. A card payment's part is a refund for
   * the refund worker; a gift card's goes back onto the card at once, in this transaction, and
   * the booking holds that much less of the card's money. `cause` names the event; one the
   * booking has had before (the same change made again) is numbered, so that every event is
   * refunded. Called under the booking's lock, as every change of its money is. Answers where
   * the money went.
   */
  async refundHeld(manager: EntityManager, booking: Booking, cause: RefundCause, amountOre: number, now: Date): Promise<{ toCardOre: number; toGiftCardOre: number }> {
    const taken = new Set((await manager.find(BookingRefund, { where: { bookingId: booking.id }, select: { id: true, cause: true } })).map((refund) => refund.cause));
    const base = fitCause(cause);
    let event = base;
    for (let count = 2; taken.has(event); count++) event = `${base}#${count}`;
    // The first part of the refund is the event; a second, from an older payment, is `event.2`.
    const part = (index: number) => (index === 0 ? event : `${event}.${index + 1}`);
    let left = amountOre;
    let parts = 0;
    const went = { toCardOre: 0, toGiftCardOre: 0 };
    for (const payment of await this.payments(manager, booking)) {
      const amount = Math.min(left, payment.amountOre - payment.refundedOre);
      if (amount <= 0) continue;
      await manager.update(BookingPayment, { id: payment.id }, { refundedOre: payment.refundedOre + amount });
      const giftCardId = giftCardOfPayment(payment.paymentIntentId);
      if (giftCardId === null) {
        await this.insertRefund(manager, booking, part(parts++), payment.paymentIntentId, amount, now);
        went.toCardOre += amount;
      } else {
        const { card } = await this.giftCards.giveBack(manager, giftCardId, amount, booking, event, now);
        // A card staff voided pays nothing more: what went back to it is for staff to settle with the guest.
        if (card.status === 'void') {
          booking.attention = withAttention(booking, `${amount / 100} kr gick tillbaka till det makulerade presentkortet ${formatGiftCardCode(card.code)}: ge ut ett nytt eller betala tillbaka för hand.`);
          await manager.update(Booking, { id: booking.id }, { attention: booking.attention });
        }
        await manager.insert(BookingRefund, { bookingId: booking.id, cause: part(parts++), paymentIntentId: payment.paymentIntentId, amountOre: amount, status: 'succeeded', attempts: 0, nextAttemptAt: now, refundedAt: now });
        await manager.update(Booking, { id: booking.id }, { giftCardOre: booking.giftCardOre - amount });
        booking.giftCardOre -= amount;
        went.toGiftCardOre += amount;
      }
      left -= amount;
      if (left === 0) return went;
    }
    // More than its payments have left: asked of its first payment, for Stripe to refuse and staff to see.
    this.logger.error(`${booking.reference} owes ${left} öre more than its card payments have left (${event})`);
    await this.insertRefund(manager, booking, part(parts), booking.stripePaymentIntentId ?? 'unknown', left, now);
    return { ...went, toCardOre: went.toCardOre + left };
  }

  /** The booking's card payments, newest first; one paid before payments were recorded is recorded now, with what it holds. */
  private async payments(manager: EntityManager, booking: Booking): Promise<BookingPayment[]> {
    const recorded = await manager.find(BookingPayment, { where: { bookingId: booking.id }, order: { id: 'DESC' } });
    const card = heldCardPayment(booking);
    if (recorded.length > 0 || !card) return recorded;
    return [await manager.save(manager.create(BookingPayment, { bookingId: booking.id, paymentIntentId: card.paymentIntentId, amountOre: card.amountOre, refundedOre: 0 }))];
  }

  /** One refund row (once per booking and cause), carried out by the refund worker after the commit. */
  private async insertRefund(manager: EntityManager, booking: Booking, cause: string, paymentIntentId: string, amountOre: number, now: Date): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(BookingRefund)
      .values({ bookingId: booking.id, cause, paymentIntentId, amountOre, status: 'pending', attempts: 0, nextAttemptAt: now })
      .orIgnore()
      .updateEntity(false)
      .execute();
    afterCommit(manager, 'refunds', () => this.refundsAreDue());
  }

  /** The refund worker asks to hear of new refunds, so that they go out at once after the commit. */
  onRefundsDue(listener: () => void): void {
    this.refundsDue = listener;
  }

  /** A Checkout Session nobody should pay any more (its hold is gone, or its total changed): closed at Stripe once this transaction has committed. */
  closeCheckoutSession(manager: EntityManager, sessionId: string | null): void {
    if (sessionId) afterCommit(manager, `stripe-session:${sessionId}`, () => this.stripe.expireSession(sessionId));
  }

  /** Tells the refund worker that refunds wait (called after the commit that made them due). */
  refundsAreDue(): void {
    this.refundsDue?.();
  }

  /** The booking as its mails show it, read again in the transaction. */
  async details(manager: EntityManager, booking: Booking, now: Date): Promise<BookingDetails> {
    const loaded = await findOneJoinedOrFail(manager, Booking, { where: { id: booking.id }, relations: BOOKING_RELATIONS });
    return mapBookingDetails(loaded, this.checkoutMethod, now);
  }

  /** The transition in the booking's history, in the same transaction. */
  /** The transition in the booking's history, and told to the transition listeners, in its transaction. */
  private async record(manager: EntityManager, booking: Pick<Booking, 'id' | 'resellerId'>, transition: TransitionName, detail: string | null, now: Date, notice?: BookingNotice): Promise<void> {
    await insertOnly(manager, BookingEvent, { bookingId: booking.id, transition, actor: madeBy(transition), detail: detail?.slice(0, 300) || null, notice: notice ?? null });
    for (const listener of this.transitionListeners) await listener(manager, { bookingId: booking.id, resellerId: booking.resellerId ?? null, transition }, now);
  }

  private noted(manager: EntityManager, transition: TransitionName): void {
    if (changesSeats(transition)) noteSeatsChanged(manager.queryRunner);
    bookingTransitions.inc({ transition });
  }
}

/** The fields a booking's history follows, with the words staff read them by. */
const FOLLOWED: [keyof Booking, string][] = [
  ['status', 'status'],
  ['paymentStatus', 'betalning'],
  ['departureId', 'avgång'],
  ['seats', 'platser'],
  ['totalSek', 'total (kr)'],
  ['attendance', 'närvaro'],
  ['checkedInGuests', 'incheckade'],
  ['pickupPointId', 'upphämtning'],
];

/** A new booking's followed fields that have a value, in the same words: "status: held; betalning: unpaid; avgång: 12; platser: 2; total (kr): 1990". */
export function describeState(booking: Booking): string {
  return FOLLOWED.filter(([field]) => booking[field] !== null && booking[field] !== undefined)
    .map(([field, label]) => `${label}: ${String(booking[field])}`)
    .join('; ');
}

/** What a write changes of the followed fields, as "status: held → confirmed; total (kr): 1990 → 2490". */
export function describeChange(before: Booking, after: Partial<Booking>): string | null {
  const changed = FOLLOWED.filter(([field]) => field in after && after[field] !== before[field]).map(
    ([field, label]) => `${label}: ${String(before[field] ?? '–')} → ${String(after[field] ?? '–')}`,
  );
  return changed.length ? changed.join('; ') : null;
}

/** A gift card's payment of a booking, as its payments list it: the card and its ledger entry (never the code, which pays). */
const giftCardPaymentId = (cardId: number, entryId: number) => `giftcard:${cardId}:${entryId}`;

/** The gift card a payment came from; null for a card payment through Stripe. */
export function giftCardOfPayment(paymentIntentId: string): number | null {
  const match = /^giftcard:(\d+):\d+$/.exec(paymentIntentId);
  return match ? Number(match[1]) : null;
}

/**
 * A refund's cause as kept (80 characters, with room for a count and a part): a longer one (a
 * change between parties of many long category codes) is cut and given a digest of the whole,
 * so two causes never become one.
 */
export function fitCause(cause: string): string {
  return cause.length <= 64 ? cause : `${cause.slice(0, 52)}~${createHash('sha256').update(cause).digest('hex').slice(0, 11)}`;
}
