import {
  BadRequestException,
  ConflictException,
  GoneException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, In, IsNull, LessThanOrEqual, QueryFailedError } from 'typeorm';

import type { BookingSummary } from '../../shared/api-types';
import { cancellationTerms } from '../../shared/cancellation-policy';
import { quoteBooking } from '../../shared/pricing';
import { COMPANY_PHONE } from '../../shared/taxonomy';
import { claimDueWork, describeError, nextAttemptAfterFailure } from '../common/jobs/due-work';
import { bookingTransitions } from '../common/metrics/metrics';
import { hashIp } from '../common/throttling/client-ip';
import { AppConfig } from '../config/app-config';
import { isMysqlFamily } from '../database/data-source-options';
import { supportsRowLocks } from '../database/transactions';
import { MailOutbox } from '../mail/mail-outbox.service';
import { StripeService } from '../payments/stripe.service';
import type { Departure } from '../tours/departure.entity';
import { noteSeatsChanged } from '../common/cache/content-changes';
import { changesSeats, heldAmountOre, heldCardPayment, holdIsLive, nextStatus, paidOutsideCard, TRANSITIONS, type CancelReason, type TransitionName } from './booking-lifecycle';
import { BookingMails, type CancelledMoney, type RefundCause } from './booking-mail.service';
import { BOOKING_REFERENCE_PATTERN, newBookingReference, normalizeReference } from './booking-reference';
import { BookingRefund } from './booking-refund.entity';
import { Booking } from './booking.entity';
import { mapBookingDetails, type BookingDetails } from './booking.mapper';
import { pricePerGuest, withDepartureLock, withDepartureLocks, type DepartureTx } from '../tours/departure-lock';
import type { CreateBookingDto } from './dto/create-booking.dto';
import { assertGuestMayConfirmUnpaid, assertGuestMayHold, lockGuest } from './guest-limits';
import { SeatsRepository } from './seats.repository';
import { StayPackage } from './stay-package.entity';

/** Stripe keeps a Checkout Session open at least 30 minutes; the hold lasts as long. */
export const STRIPE_SESSION_MINUTES = 31;
/** A session closer than this to its end is not handed out again: a fresh one is made. */
const SESSION_REUSE_MARGIN_MS = 2 * 60_000;

/** A card payment as Stripe reported it (checkout.session.completed). */
export interface CardPayment {
  reference: string;
  sessionId: string;
  paymentIntentId: string | null;
  paid: boolean;
  amountOre: number | null;
  currency: string | null;
}

/** A change of departure and party, priced: what happens to the money decides how it is made. */
type ChangePlan = { departureId: number; startsAt: Date; guests: number; quote: ReturnType<typeof quoteBooking> } & (
  | { kind: 'due-changes' }
  | { kind: 'pay-difference'; differenceOre: number }
  | { kind: 'refund-difference'; refundOre: number; paidOre: number }
);

/** What a cancellation leaves to do once it has committed. */
interface CancelResult {
  refunded: boolean;
  openSession: string | null;
}

export type PaymentOutcome = 'confirmed' | 'refunded' | 'unchanged' | 'duplicate';

const isDuplicateKey = (error: unknown) =>
  error instanceof QueryFailedError && /ER_DUP_ENTRY|UNIQUE constraint failed/.test(String((error as { code?: string }).code ?? error.message));

/**
 * The one owner of the booking lifecycle (booking-lifecycle.ts has the table). Every method is
 * one transition: it takes the departure lock, re-reads the booking in that transaction, and
 * changes it with an update conditional on the state it read, so a lost race changes nothing.
 * Mails and refunds are rows written in the same transaction; workers carry them out.
 */
/** What an anonymised booking shows where the guest's name was. */
export const ANONYMISED_NAME = 'Anonymiserad gäst';

@Injectable()
export class BookingLifecycle {
  private readonly logger = new Logger(BookingLifecycle.name);
  private refundsDue?: () => void;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly stripe: StripeService,
    private readonly seats: SeatsRepository,
    private readonly mails: BookingMails,
    private readonly outbox: MailOutbox,
  ) {}

  get checkoutMethod(): BookingSummary['checkoutMethod'] {
    return this.stripe.enabled ? 'stripe' : 'on_arrival';
  }

  /** hold: seats for HOLD_MINUTES, if the departure has them and the guest is within the limits. */
  async hold(dto: CreateBookingDto, clientIp: string, now = new Date()): Promise<string> {
    const stay = dto.stayPackageId ? await this.findStay(dto.stayPackageId, `There is no stay package with id ${dto.stayPackageId}.`) : null;
    const guest = { email: dto.email.toLowerCase(), clientIpHash: hashIp(clientIp, this.config.key('visitor-address')) };
    return withDepartureLock(this.dataSource, dto.departureId, async ({ manager }, departure) => {
      if (!departure) throw new BadRequestException(`There is no departure with id ${dto.departureId}.`);
      if (departure.startsAt <= now) throw new BadRequestException('This departure has already left. Please choose a later date.');
      if (departure.status !== 'open') throw new ConflictException('This departure is not open for booking. Please choose another date.');
      await lockGuest(manager, guest);
      const seatsLeft = departure.capacity - (await this.seats.taken(manager, departure.id, now));
      if (seatsLeft < dto.guests) {
        throw new ConflictException(
          seatsLeft <= 0
            ? 'This departure is sold out. Please choose another date.'
            : `Only ${seatsLeft} ${seatsLeft === 1 ? 'seat is' : 'seats are'} left on this departure.`,
        );
      }
      await assertGuestMayHold(manager, guest, dto.guests, now);
      const quote = quoteBooking(await pricePerGuest(manager, departure), dto.guests, stay);
      const booking = await this.insertWithUniqueReference(manager, 'hold', {
        departureId: departure.id,
        stayPackageId: stay?.id ?? null,
        guests: dto.guests,
        name: dto.name,
        email: guest.email,
        phone: dto.phone ?? null,
        notes: dto.notes ?? null,
        status: TRANSITIONS.hold.to,
        holdExpiresAt: new Date(now.getTime() + this.config.holdMinutes * 60_000),
        tourAmountSek: quote.tourAmountSek,
        stayAmountSek: quote.stayAmountSek,
        totalSek: quote.totalSek,
        paymentStatus: 'unpaid',
        clientIpHash: guest.clientIpHash,
      });
      return booking.reference;
    });
  }

  /** confirmOnArrival: a live hold becomes a booking paid on the day (checkout without Stripe). */
  async confirmOnArrival(reference: string, now = new Date()): Promise<void> {
    const confirmed = await this.withBooking(reference, async (tx, booking) => {
      if (booking.status === 'confirmed') return false;
      this.assertLiveHold(booking, now);
      await assertGuestMayConfirmUnpaid(tx.manager, booking, booking, now);
      await this.change(tx, booking, 'confirmOnArrival', { paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival', confirmedAt: now });
      await this.mails.confirmed(tx.manager, await this.details(tx.manager, booking, now));
      return true;
    });
    if (confirmed) this.outbox.kick();
  }

  /**
   * startCardPayment: hands out the open Checkout Session, or makes a new one. The hold is
   * extended to the new session's end before Stripe is called, under the lock and only while it
   * is live, so it cannot lapse while the guest is on Stripe's page; a lapsed hold answers 410.
   */
  async startCardPayment(reference: string, now = new Date()): Promise<{ redirectUrl: string }> {
    const successUrl = `/success/?booking=${normalizeReference(reference)}`;
    type Start = { redirectUrl: string } | { redirectUrl?: undefined; attempt: number; sessionEnds: Date; previousHold: Date; details: BookingDetails };
    const started = await this.withBooking(reference, async (tx, booking): Promise<Start> => {
      if (booking.status === 'confirmed') return { redirectUrl: successUrl };
      this.assertLiveHold(booking, now);
      if (booking.stripeSessionUrl && booking.stripeSessionExpiresAt && booking.stripeSessionExpiresAt.getTime() - now.getTime() > SESSION_REUSE_MARGIN_MS) {
        return { redirectUrl: booking.stripeSessionUrl };
      }
      const sessionEnds = new Date(now.getTime() + STRIPE_SESSION_MINUTES * 60_000);
      const previousHold = booking.holdExpiresAt!;
      const attempt = booking.checkoutAttempts + 1;
      await this.change(tx, booking, 'startCardPayment', {
        checkoutAttempts: attempt,
        paymentMethod: 'stripe',
        holdExpiresAt: previousHold > sessionEnds ? previousHold : sessionEnds,
        stripeSessionId: null,
        stripeSessionUrl: null,
        stripeSessionExpiresAt: null,
      });
      return { attempt, sessionEnds, previousHold, details: await this.details(tx.manager, booking, now) };
    });
    if (started.redirectUrl !== undefined) return { redirectUrl: started.redirectUrl };

    const { attempt, sessionEnds, previousHold, details } = started;
    let session: Awaited<ReturnType<StripeService['createCheckoutSession']>>;
    try {
      session = await this.stripe.createCheckoutSession({
        reference: details.reference,
        attempt,
        email: details.email,
        expiresAt: sessionEnds,
        lines: [
          { name: `${details.tour.title}, ${details.departure.startsAt.slice(0, 10)}`, unitAmountSek: details.tourAmountSek / details.guests, quantity: details.guests },
          ...(details.stayPackage ? [{ name: details.stayPackage.name, unitAmountSek: details.stayAmountSek / details.stayPackage.rooms, quantity: details.stayPackage.rooms }] : []),
        ],
      });
      if (!session.url) throw new Error('Stripe returned no checkout URL');
    } catch (error) {
      this.logger.error(`Stripe could not open a Checkout Session for ${details.reference}: ${describeError(error)}`);
      // Give the hold back its own end, unless another checkout has started since.
      await this.withBooking(reference, async (tx, booking) => {
        if (booking.checkoutAttempts === attempt && booking.status === 'held' && !booking.stripeSessionId) {
          await this.change(tx, booking, 'startCardPayment', { holdExpiresAt: previousHold });
        }
      });
      throw new ServiceUnavailableException('We could not open the card payment page just now. Please try again in a moment.');
    }

    const sessionExpiresAt = new Date((session.expires_at ?? sessionEnds.getTime() / 1000) * 1000);
    const recorded = await this.withBooking(reference, async (tx, booking) => {
      if (booking.checkoutAttempts !== attempt || booking.status !== 'held') return booking;
      await this.change(tx, booking, 'startCardPayment', {
        stripeSessionId: session.id,
        stripeSessionUrl: session.url,
        stripeSessionExpiresAt: sessionExpiresAt,
        holdExpiresAt: booking.holdExpiresAt! > sessionExpiresAt ? booking.holdExpiresAt : sessionExpiresAt,
      });
      return null;
    });
    if (recorded === null) return { redirectUrl: session.url! };
    // Staff cancelled it, or another checkout took over meanwhile: nobody should pay this session.
    await this.stripe.expireSession(session.id);
    if (recorded.status === 'held' && recorded.stripeSessionUrl) return { redirectUrl: recorded.stripeSessionUrl };
    if (recorded.status === 'confirmed') return { redirectUrl: successUrl };
    throw new ConflictException(`This booking is ${recorded.status} and cannot be paid.`);
  }

  /**
   * confirmPayment or refusePayment for a Stripe payment. Confirms only when the seats are
   * there under the lock and the amount and currency match the total; any other payment is
   * refunded (a refund row, carried out by the refund worker) and the guest told.
   * `recordEventOnce` stores the provider's event in the same transaction.
   */
  async recordCardPayment(payment: CardPayment, recordEventOnce: (manager: EntityManager) => Promise<boolean>, now = new Date()): Promise<PaymentOutcome> {
    const outcome = await this.withBooking(payment.reference, async (tx, booking, departure) => {
      if (!(await recordEventOnce(tx.manager))) return 'duplicate';
      if (!payment.paid || !payment.paymentIntentId) return 'unchanged';
      const paymentIntentId = payment.paymentIntentId;
      const amountOre = payment.amountOre ?? booking.totalSek * 100;
      if (booking.stripePaymentIntentId === paymentIntentId) return 'unchanged';
      const refuse = async (kind: string, statusChange?: { transition: TransitionName; changes?: Partial<Booking> }): Promise<PaymentOutcome> => {
        if (statusChange) await this.change(tx, booking, statusChange.transition, statusChange.changes ?? {});
        if (booking.paymentStatus !== 'paid') await this.change(tx, booking, 'refusePayment', { paymentStatus: 'refund_pending' });
        await this.queueRefund(tx.manager, booking, `${kind}-${paymentIntentId}` as RefundCause, paymentIntentId, amountOre, now);
        this.logger.warn(`Refusing payment ${paymentIntentId} for ${booking.reference}: ${kind}`);
        return 'refunded';
      };

      if (booking.paymentStatus === 'paid') return refuse('duplicate-payment');
      if (booking.status === 'cancelled') return refuse(booking.cancelReason === 'departure' ? 'departure-cancelled' : 'payment-after-cancel');
      if (departure.status === 'cancelled') {
        return refuse('departure-cancelled', booking.status === 'held' ? { transition: 'cancelDeparture', changes: { cancelReason: 'departure', cancelledAt: now } } : undefined);
      }
      if (departure.startsAt <= now) return refuse('departure-left', booking.status === 'held' ? { transition: 'expire' } : undefined);
      if ((payment.currency ?? '').toLowerCase() !== 'sek' || amountOre !== booking.totalSek * 100) return refuse('amount-mismatch');
      const live = holdIsLive(booking, now);
      const seatsFree = live || (departure.status === 'open' && departure.capacity - (await this.seats.taken(tx.manager, departure.id, now, booking.id)) >= booking.guests);
      if (!seatsFree) return refuse('late-payment', booking.status === 'held' ? { transition: 'expire' } : undefined);

      await this.change(tx, booking, 'confirmPayment', {
        paymentMethod: 'stripe',
        paymentStatus: 'paid',
        paidAt: now,
        confirmedAt: now,
        stripePaymentIntentId: paymentIntentId,
        stripeSessionId: payment.sessionId,
        paidAmountOre: amountOre,
      });
      await this.mails.confirmed(tx.manager, await this.details(tx.manager, booking, now));
      return 'confirmed';
    });
    if (outcome === 'confirmed') this.outbox.kick();
    if (outcome === 'refunded') this.kickRefunds();
    return outcome;
  }

  /** expire, for Stripe's checkout.session.expired: only the booking's current session ends its hold. */
  async cardSessionExpired(reference: string, sessionId: string, now = new Date()): Promise<'expired' | 'unchanged'> {
    return this.withBooking(reference, async (tx, booking) => {
      if (booking.status !== 'held' || booking.stripeSessionId !== sessionId) return 'unchanged';
      await this.change(tx, booking, 'expire', { holdExpiresAt: booking.holdExpiresAt && booking.holdExpiresAt < now ? booking.holdExpiresAt : now, stripeSessionUrl: null, stripeSessionExpiresAt: null });
      return 'expired';
    });
  }

  /** expire: lapsed holds are marked expired (they stopped counting the moment they lapsed). */
  async expireLapsedHolds(now = new Date()): Promise<number> {
    const lapsed = await this.dataSource.getRepository(Booking).find({
      where: { status: 'held', holdExpiresAt: LessThanOrEqual(now) },
      select: { id: true, departureId: true },
      take: 500,
    });
    let expired = 0;
    for (const departureId of new Set(lapsed.map((booking) => booking.departureId))) {
      const ids = lapsed.filter((booking) => booking.departureId === departureId).map((booking) => booking.id);
      expired += await withDepartureLock(this.dataSource, departureId, async ({ manager }) => {
        // Conditional: a hold extended or confirmed meanwhile is left alone.
        const result = await manager.update(Booking, { id: In(ids), status: 'held', holdExpiresAt: LessThanOrEqual(now) }, { status: nextStatus('expire', 'held') });
        return result.affected ?? 0;
      });
    }
    return expired;
  }

  /** cancelByGuest: a hold is released. Cancelling twice, or a lapsed hold, changes nothing. */
  async cancelByGuest(reference: string, now = new Date()): Promise<void> {
    const openSession = await this.withBooking(reference, async (tx, booking) => {
      if (booking.status === 'cancelled' || booking.status === 'expired') return null;
      await this.change(tx, booking, 'cancelByGuest', { cancelReason: 'guest', cancelledAt: now });
      return booking.stripeSessionId;
    });
    if (openSession) await this.stripe.expireSession(openSession);
  }

  /**
   * cancelWithLink: the guest cancels through the manage link. Free (a card payment refunded in
   * full) until CANCEL_FREE_HOURS before the start; after that nothing is refunded.
   */
  async cancelWithLink(reference: string, now = new Date()): Promise<{ refunded: boolean }> {
    const result = await this.withBooking(reference, async (tx, booking, departure) => {
      if (departure.startsAt <= now) throw new ConflictException('This tour has already started, so the booking can no longer be cancelled.');
      return this.cancelWithMoney(tx, booking, 'guest', now, cancellationTerms(departure.startsAt, this.config.cancelFreeHours, now).freeNow);
    });
    await this.afterCancel([result]);
    return { refunded: result.refunded };
  }

  /** updateDetails: the guest's phone, notes and pickup hotel (a field left out stays as it is). */
  async updateDetails(reference: string, changes: { phone?: string | null; notes?: string | null; pickup?: string | null }): Promise<void> {
    const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    await this.withBooking(reference, (tx, booking) => this.change(tx, booking, 'updateDetails', given));
  }

  /** bookByStaff: a booking taken on the phone or at the desk, confirmed at once (no per-guest limits). */
  async bookByStaff(
    input: { departureId: number; guests: number; name: string; email: string; phone?: string; notes?: string; stayPackageId?: number; payment: 'on_arrival' | 'paid'; paidNote?: string; notify: boolean },
    now = new Date(),
  ): Promise<string> {
    const stay = input.stayPackageId ? await this.findStay(input.stayPackageId, `Det finns inget boendepaket med id ${input.stayPackageId}.`) : null;
    const reference = await withDepartureLock(this.dataSource, input.departureId, async ({ manager }, departure) => {
      if (!departure) throw new BadRequestException(`Det finns ingen avgång med id ${input.departureId}.`);
      if (departure.startsAt <= now) throw new BadRequestException('Avgången har redan gått.');
      if (departure.status === 'cancelled') throw new ConflictException('Avgången är inställd.');
      const seatsLeft = departure.capacity - (await this.seats.taken(manager, departure.id, now));
      if (seatsLeft < input.guests) throw new ConflictException(`Avgången har bara ${Math.max(0, seatsLeft)} lediga platser.`);
      const quote = quoteBooking(await pricePerGuest(manager, departure), input.guests, stay);
      const paid = input.payment === 'paid';
      const booking = await this.insertWithUniqueReference(manager, 'bookByStaff', {
        departureId: departure.id,
        stayPackageId: stay?.id ?? null,
        guests: input.guests,
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone ?? null,
        notes: input.notes ?? null,
        status: TRANSITIONS.bookByStaff.to,
        holdExpiresAt: null,
        tourAmountSek: quote.tourAmountSek,
        stayAmountSek: quote.stayAmountSek,
        totalSek: quote.totalSek,
        paymentMethod: paid ? 'on_site' : 'on_arrival',
        paymentStatus: paid ? 'paid' : 'due_on_arrival',
        paymentNote: input.paidNote ?? null,
        paidAt: paid ? now : null,
        confirmedAt: now,
        source: 'staff',
      });
      if (input.notify) await this.mails.confirmed(manager, await this.details(manager, booking, now));
      return booking.reference;
    });
    if (input.notify) this.outbox.kick();
    return reference;
  }

  /**
   * remind: one reminder per booking, REMINDER_HOURS before the start, for confirmed bookings
   * made before that window opened (a later booking's confirmation says it all). The mark and
   * the mail are one transaction, conditional on no reminder yet: any number of processes
   * send each reminder once.
   */
  async sendDueReminders(now = new Date()): Promise<number> {
    const windowEnd = new Date(now.getTime() + this.config.reminderHours * 3_600_000);
    const due = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .innerJoin('booking.departure', 'departure')
      .select(['booking.id', 'booking.reference'])
      .where("booking.status = 'confirmed'")
      .andWhere('booking.reminder_sent_at IS NULL')
      .andWhere("departure.status <> 'cancelled'")
      .andWhere('departure.starts_at > :now AND departure.starts_at <= :windowEnd', { now, windowEnd })
      .andWhere(`booking.created_at <= ${isMysqlFamily(this.dataSource.options) ? 'DATE_SUB(departure.starts_at, INTERVAL :hours HOUR)' : "datetime(departure.starts_at, '-' || :hours || ' hours')"}`, { hours: this.config.reminderHours })
      .orderBy('booking.id', 'ASC')
      .take(200)
      .getMany();
    let sent = 0;
    for (const { reference } of due) {
      sent += await this.withBooking(reference, async (tx, booking) => {
        if (booking.reminderSentAt !== null || booking.status !== 'confirmed') return 0;
        nextStatus('remind', booking.status);
        const marked = await tx.manager.update(Booking, { id: booking.id, status: 'confirmed', reminderSentAt: IsNull() }, { reminderSentAt: now });
        if (marked.affected !== 1) return 0;
        await this.mails.reminder(tx.manager, { ...(await this.details(tx.manager, booking, now)), pickup: booking.pickup });
        return 1;
      });
    }
    if (sent > 0) this.outbox.kick();
    return sent;
  }

  /** cancelByStaff: seats released, a card payment refunded in full, the guest told. */
  async cancelByStaff(reference: string, now = new Date()): Promise<{ refunded: boolean }> {
    const result = await this.withBooking(reference, (tx, booking) => this.cancelWithMoney(tx, booking, 'staff', now));
    await this.afterCancel([result]);
    return { refunded: result.refunded };
  }

  /**
   * cancelDeparture: every live booking of a departure whose cancellation the caller is writing
   * in `tx` (which holds that departure's lock). Returns the cancelled references.
   */
  async cancelDeparture(tx: DepartureTx, departureId: number, now: Date): Promise<{ references: string[]; afterCommit: () => Promise<void> }> {
    if (!tx.departures.has(departureId)) throw new Error(`Departure ${departureId} is not locked by this transaction`);
    const bookings = await this.lockBookings(tx.manager, { departureId, status: In(['held', 'confirmed']) });
    const results: CancelResult[] = [];
    for (const booking of bookings) results.push(await this.cancelWithMoney(tx, booking, 'departure', now));
    return { references: bookings.map((booking) => booking.reference), afterCommit: () => this.afterCancel(results) };
  }

  /**
   * changeByGuest: another departure of the same tour and/or another number of guests, with the
   * seat check under both departures' locks. Paying on arrival, only what is due changes. Paid by
   * card, a cheaper booking gets the difference back inside the free-cancellation period (and is
   * refused after it); a dearer one is paid through a Checkout Session for the difference, and
   * the change is made when that payment arrives (recordChangePayment).
   */
  async changeByGuest(reference: string, change: { departureId?: number; guests?: number }, returnUrl: string, now = new Date()): Promise<{ refundedSek: number; paymentUrl?: string }> {
    const located = await this.locate(reference);
    const targetId = change.departureId ?? located.departureId;
    const planned = await withDepartureLocks(this.dataSource, [located.departureId, targetId], async (tx) => {
      const booking = await this.lockBooking(tx.manager, located.id);
      if (booking.departureId !== located.departureId) throw new ConflictException('The booking changed at the same moment. Please try again.');
      nextStatus('changeByGuest', booking.status);
      const guests = change.guests ?? booking.guests;
      const plan = await this.planChange(tx, booking, targetId, guests, now);
      if (plan.kind === 'pay-difference') {
        await this.change(tx, booking, 'changeByGuest', { checkoutAttempts: booking.checkoutAttempts + 1 });
        return { ...plan, attempt: booking.checkoutAttempts, details: await this.details(tx.manager, booking, now) };
      }
      if (plan.kind === 'refund-difference') {
        if (!cancellationTerms(tx.departures.get(booking.departureId)!.startsAt, this.config.cancelFreeHours, now).freeNow) {
          throw new ConflictException(`A cheaper booking is refunded only until ${this.config.cancelFreeHours} hours before the start. Please call us on ${COMPANY_PHONE}.`);
        }
        await this.queueRefund(tx.manager, booking, `changed-${booking.departureId}-${booking.guests}-to-${targetId}-${guests}`, booking.stripePaymentIntentId!, plan.refundOre, now);
      }
      await this.applyChange(tx, booking, plan, now);
      return { kind: plan.kind, refundedSek: plan.kind === 'refund-difference' ? plan.refundOre / 100 : 0 };
    });
    if (planned.kind !== 'pay-difference') {
      this.outbox.kick();
      if (planned.refundedSek > 0) this.kickRefunds();
      return { refundedSek: planned.refundedSek };
    }
    const { details, differenceOre, departureId, guests, startsAt, attempt } = planned;
    const session = await this.stripe.createChangeSession({
      reference: details.reference,
      attempt,
      email: details.email,
      description: `${details.tour.title}: change of booking ${details.reference} to ${guests} guest(s) on ${startsAt.toISOString().slice(0, 10)}`,
      amountOre: differenceOre,
      change: `${departureId}:${guests}:${differenceOre}`,
      returnUrl,
      expiresAt: new Date(now.getTime() + STRIPE_SESSION_MINUTES * 60_000),
    });
    if (!session.url) throw new ServiceUnavailableException('We could not open the card payment page just now. Please try again in a moment.');
    return { refundedSek: 0, paymentUrl: session.url };
  }

  /**
   * The payment for a dearer change: under both departures' locks the change is made when the
   * seats are still there and the amount is still the difference; otherwise it is refunded.
   */
  async recordChangePayment(payment: CardPayment & { change: string }, recordEventOnce: (manager: EntityManager) => Promise<boolean>, now = new Date()): Promise<PaymentOutcome> {
    const [departureId, guests, differenceOre] = payment.change.split(':').map(Number);
    // Our own sessions write this metadata; anything else is no change we offered.
    if (![departureId, guests, differenceOre].every((value) => Number.isInteger(value) && value > 0)) {
      this.logger.warn(`Ignoring a payment for ${payment.reference} that names no change we offered (${payment.change})`);
      return 'unchanged';
    }
    const located = await this.locate(payment.reference);
    const outcome = await withDepartureLocks(this.dataSource, [located.departureId, departureId], async (tx): Promise<PaymentOutcome> => {
      if (!(await recordEventOnce(tx.manager))) return 'duplicate';
      if (!payment.paid || !payment.paymentIntentId) return 'unchanged';
      const booking = await this.lockBooking(tx.manager, located.id);
      const amountOre = payment.amountOre ?? 0;
      const refuse = async (why: string): Promise<PaymentOutcome> => {
        await this.queueRefund(tx.manager, booking, `change-refused-${payment.paymentIntentId}`, payment.paymentIntentId!, amountOre, now);
        this.logger.warn(`Refusing change payment ${payment.paymentIntentId} for ${booking.reference}: ${why}`);
        return 'refunded';
      };
      if (booking.departureId !== located.departureId || booking.status !== 'confirmed' || booking.paymentStatus !== 'paid') return refuse('the booking is no longer as it was');
      let plan: ChangePlan;
      try {
        plan = await this.planChange(tx, booking, departureId, guests, now);
      } catch (error) {
        return refuse(describeError(error));
      }
      if (plan.kind !== 'pay-difference' || plan.differenceOre !== differenceOre || amountOre !== differenceOre || (payment.currency ?? '').toLowerCase() !== 'sek') {
        return refuse('the amount no longer matches the change');
      }
      await this.applyChange(tx, booking, { ...plan, paidOre: heldAmountOre(booking) + amountOre }, now);
      return 'confirmed';
    });
    this.outbox.kick();
    if (outcome === 'refunded') this.kickRefunds();
    return outcome;
  }

  /** What a change of departure and party would cost, checked against the seats (inside the locks). */
  private async planChange(tx: DepartureTx, booking: Booking, targetId: number, guests: number, now: Date): Promise<ChangePlan> {
    const current = tx.departures.get(booking.departureId)!;
    const target = tx.departures.get(targetId);
    if (current.startsAt <= now) throw new ConflictException('This tour has already started, so the booking can no longer be changed.');
    if (!target || target.tourId !== current.tourId) throw new BadRequestException('Please choose another date of the same tour.');
    if (target.status !== 'open' || target.startsAt <= now) throw new ConflictException('That date is not open for booking. Please choose another.');
    if (target.id === booking.departureId && guests === booking.guests) throw new BadRequestException('That is your booking as it is: choose another date or number of guests.');
    const seatsLeft = target.capacity - (await this.seats.taken(tx.manager, target.id, now, booking.id));
    if (seatsLeft < guests) throw new ConflictException(seatsLeft <= 0 ? 'That date is sold out. Please choose another.' : `Only ${seatsLeft} ${seatsLeft === 1 ? 'seat is' : 'seats are'} left on that date.`);
    const stay = booking.stayPackageId ? await tx.manager.findOneBy(StayPackage, { id: booking.stayPackageId }) : null;
    const quote = quoteBooking(await pricePerGuest(tx.manager, target), guests, stay);
    const base = { departureId: target.id, startsAt: target.startsAt, guests, quote };
    const card = heldCardPayment(booking);
    if (!card) return { ...base, kind: 'due-changes' };
    const heldOre = card.amountOre;
    const differenceOre = quote.totalSek * 100 - heldOre;
    if (differenceOre > 0) return { ...base, kind: 'pay-difference', differenceOre };
    if (differenceOre < 0) return { ...base, kind: 'refund-difference', refundOre: -differenceOre, paidOre: heldOre + differenceOre };
    return { ...base, kind: 'due-changes' };
  }

  private async applyChange(
    tx: DepartureTx,
    booking: Booking,
    plan: ChangePlan & { paidOre?: number },
    now: Date,
    options: { transition: 'changeByGuest' | 'move'; notify: boolean; extra?: Partial<Booking> } = { transition: 'changeByGuest', notify: true },
  ): Promise<void> {
    await this.change(tx, booking, options.transition, {
      ...options.extra,
      departureId: plan.departureId,
      guests: plan.guests,
      tourAmountSek: plan.quote.tourAmountSek,
      stayAmountSek: plan.quote.stayAmountSek,
      totalSek: plan.quote.totalSek,
      reminderSentAt: plan.departureId === booking.departureId ? booking.reminderSentAt : null,
      ...(plan.paidOre !== undefined ? { paidAmountOre: plan.paidOre } : {}),
    });
    if (!options.notify) return;
    await this.mails.changed(tx.manager, await this.details(tx.manager, booking, now), { refundedSek: plan.kind === 'refund-difference' ? plan.refundOre / 100 : 0 });
  }

  /**
   * move: staff move a booking to another open departure of the same tour with the seats, by
   * the guest's change rules: at that departure's price, a cheaper card booking refunded the
   * difference, a dearer one flagged for staff to collect; a confirmed guest is mailed.
   */
  async move(reference: string, departureId: number, now = new Date()): Promise<void> {
    const booking = await this.locate(reference);
    const result = await withDepartureLocks(this.dataSource, [booking.departureId, departureId], async (tx) => {
      const fresh = await this.lockBooking(tx.manager, booking.id);
      if (fresh.departureId !== booking.departureId) throw new ConflictException('Bokningen ändrades samtidigt. Försök igen.');
      nextStatus('move', fresh.status);
      const target = tx.departures.get(departureId);
      if (!target) throw new BadRequestException(`Det finns ingen avgång med id ${departureId}.`);
      if (fresh.departureId === departureId) throw new BadRequestException('Bokningen är redan på den avgången.');
      if (target.tourId !== tx.departures.get(fresh.departureId)!.tourId) throw new BadRequestException('Avgången hör till en annan tur.');
      if (target.status !== 'open' || target.startsAt <= now) throw new BadRequestException('Avgången är inte öppen för bokning.');
      const seatsLeft = target.capacity - (await this.seats.taken(tx.manager, target.id, now));
      if (seatsLeft < fresh.guests) throw new ConflictException(`Avgången har bara ${Math.max(0, seatsLeft)} lediga platser.`);
      const plan = await this.planChange(tx, fresh, departureId, fresh.guests, now);
      if (plan.kind === 'refund-difference') {
        await this.queueRefund(tx.manager, fresh, `changed-${fresh.departureId}-${fresh.guests}-to-${departureId}-${fresh.guests}`, fresh.stripePaymentIntentId!, plan.refundOre, now);
      }
      const openSession = fresh.status === 'held' ? fresh.stripeSessionId : null;
      await this.applyChange(tx, fresh, plan, now, {
        transition: 'move',
        notify: fresh.status === 'confirmed',
        // An open session was made for the old total; a new checkout makes one for the new.
        extra: {
          ...(openSession ? { stripeSessionId: null, stripeSessionUrl: null, stripeSessionExpiresAt: null } : {}),
          ...(plan.kind === 'pay-difference' ? { attention: `Flyttad: betalt ${heldAmountOre(fresh) / 100} kr, nytt totalbelopp ${plan.quote.totalSek} kr; ta betalt för mellanskillnaden ${plan.differenceOre / 100} kr.` } : {}),
        },
      });
      return { openSession, refunded: plan.kind === 'refund-difference' };
    });
    this.outbox.kick();
    if (result.refunded) this.kickRefunds();
    if (result.openSession) await this.stripe.expireSession(result.openSession);
  }

  /** markAttendance: checked in or no-show at the meeting point (null takes the mark back). */
  async markAttendance(reference: string, attendance: Booking['attendance']): Promise<void> {
    await this.withBooking(reference, (tx, booking) => this.change(tx, booking, 'markAttendance', { attendance }));
  }

  /**
   * anonymise: the guest's details removed for good (retention after 7 years, or erasure on
   * request); reference, tour, dates, guests and amounts stay for the accounts. A confirmed
   * booking whose tour is still to come is refused: the guest is expected there.
   */
  async anonymise(reference: string, now = new Date()): Promise<'anonymised' | 'already'> {
    return this.withBooking(reference, async (tx, booking, departure) => {
      if (booking.anonymisedAt) return 'already';
      if (booking.status === 'confirmed' && departure.startsAt > now) {
        throw new ConflictException(`Bokningen ${booking.reference} gäller en kommande tur: avboka den innan gästens uppgifter tas bort.`);
      }
      await this.change(tx, booking, 'anonymise', {
        name: ANONYMISED_NAME,
        email: '',
        phone: null,
        notes: null,
        pickup: null,
        paymentNote: null,
        attention: null,
        clientIpHash: null,
        stripeSessionUrl: null,
        anonymisedAt: now,
      });
      return 'anonymised';
    });
  }

  /** markPaidOnSite: staff took the money on the day (cash, card terminal). */
  async markPaidOnSite(reference: string, now = new Date()): Promise<boolean> {
    return this.withBooking(reference, async (tx, booking) => {
      nextStatus('markPaidOnSite', booking.status);
      if (booking.paymentStatus === 'paid') return false;
      await this.change(tx, booking, 'markPaidOnSite', { paymentStatus: 'paid', paidAt: now });
      return true;
    });
  }

  /**
   * settleRefund for every due refund: Stripe is asked (with the refund's idempotency key, so a
   * retry after a crash returns the same refund), then the refund and the booking are updated
   * and the guest mailed in one transaction. Failures are retried with backoff.
   */
  async settleDueRefunds(now = new Date()): Promise<number> {
    const claimed = await claimDueWork(this.dataSource, BookingRefund, now, { limit: 10, leaseMs: 120_000 });
    for (const refund of claimed) {
      const booking = await this.dataSource.getRepository(Booking).findOneOrFail({ where: { id: refund.bookingId }, select: { id: true, reference: true } });
      try {
        const made = await this.stripe.refund({ paymentIntentId: refund.paymentIntentId, amountOre: refund.amountOre, reference: booking.reference, cause: refund.cause });
        await this.withBooking(booking.reference, async (tx, fresh) => {
          const done = await tx.manager.update(
            BookingRefund,
            { id: refund.id, status: 'pending' },
            { status: 'succeeded', stripeRefundId: made.id, amountOre: made.amount ?? refund.amountOre, refundedAt: new Date((made.created ?? now.getTime() / 1000) * 1000), lastError: null },
          );
          if (!done.affected) return;
          const stillPending = await tx.manager.countBy(BookingRefund, { bookingId: fresh.id, status: In(['pending', 'failed']) });
          if (fresh.paymentStatus === 'refund_pending' && stillPending === 0) await this.change(tx, fresh, 'settleRefund', { paymentStatus: 'refunded' });
          await this.mails.refunded(tx.manager, await this.details(tx.manager, fresh, now), { cause: refund.cause, amountOre: made.amount ?? refund.amountOre, stripeRefundId: made.id });
        });
        this.outbox.kick();
      } catch (error) {
        const retryAt = nextAttemptAfterFailure(refund.attempts, [30_000, 120_000, 600_000, 3_600_000], new Date());
        this.logger.error(`Refund #${refund.id} of ${booking.reference} failed (${describeError(error)})${retryAt ? '' : '; gave up, staff must act'}`);
        await this.dataSource
          .getRepository(BookingRefund)
          .update({ id: refund.id, status: 'pending' }, retryAt ? { nextAttemptAt: retryAt, lastError: describeError(error) } : { status: 'failed', lastError: describeError(error) });
      }
    }
    return claimed.length;
  }

  /** "Try again" for a refund that gave up. */
  async retryRefund(id: number): Promise<void> {
    const result = await this.dataSource.getRepository(BookingRefund).update({ id, status: 'failed' }, { status: 'pending', attempts: 0, nextAttemptAt: new Date() });
    if (!result.affected) throw new NotFoundException(`Det finns ingen misslyckad återbetalning med id ${id}.`);
    this.kickRefunds();
  }

  /** The booking a reference names, with everything its mails and pages show. */
  async load(reference: string): Promise<Booking> {
    const normalized = normalizeReference(reference);
    const booking = BOOKING_REFERENCE_PATTERN.test(normalized)
      ? await this.dataSource.getRepository(Booking).findOne({ where: { reference: normalized }, relations: { departure: { tour: true }, stayPackage: true } })
      : null;
    if (!booking) throw new NotFoundException(`There is no booking with reference ${reference}.`);
    return booking;
  }

  // ---- the parts every transition shares ----

  /**
   * Runs `work` under the lock of the booking's departure with the booking re-read (and row
   * locked) in that transaction. A booking moved meanwhile is looked up again.
   */
  private async withBooking<T>(reference: string, work: (tx: DepartureTx, booking: Booking, departure: Departure) => Promise<T>): Promise<T> {
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

  private async locate(reference: string): Promise<Pick<Booking, 'id' | 'departureId'>> {
    const normalized = normalizeReference(reference);
    const booking = BOOKING_REFERENCE_PATTERN.test(normalized)
      ? await this.dataSource.getRepository(Booking).findOne({ where: { reference: normalized }, select: { id: true, departureId: true } })
      : null;
    if (!booking) throw new NotFoundException(`There is no booking with reference ${reference}.`);
    return booking;
  }

  private async lockBooking(manager: EntityManager, id: number): Promise<Booking> {
    const [booking] = await this.lockBookings(manager, { id });
    return booking;
  }

  private lockBookings(manager: EntityManager, where: FindOptionsWhere<Booking>): Promise<Booking[]> {
    return manager.find(Booking, { where, order: { id: 'ASC' }, ...(supportsRowLocks(this.dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /**
   * The one write of a booking: allowed by the table from the state read, and conditional on
   * that state (and departure) still being there.
   */
  private async change(tx: DepartureTx, booking: Booking, transition: TransitionName, changes: Partial<Booking>): Promise<void> {
    const status = nextStatus(transition, booking.status);
    const result = await tx.manager.update(
      Booking,
      { id: booking.id, status: booking.status, paymentStatus: booking.paymentStatus, departureId: booking.departureId },
      { ...changes, status },
    );
    if (result.affected !== 1) throw new ConflictException('The booking changed at the same moment. Please try again.');
    if (changesSeats(transition)) noteSeatsChanged(tx.manager.queryRunner);
    bookingTransitions.inc({ transition });
    Object.assign(booking, changes, { status });
  }

  private assertLiveHold(booking: Booking, now: Date): void {
    if (holdIsLive(booking, now)) return;
    if (booking.status === 'held' || booking.status === 'expired') {
      throw new GoneException('Your seat hold has expired. Please book again; the seats may still be available.');
    }
    throw new ConflictException(`This booking is ${booking.status} and cannot be paid.`);
  }

  /**
   * Cancels with the money rules: a card payment is refunded in full while `free` (always for
   * staff and departures; for the guest until CANCEL_FREE_HOURS before the start), money taken
   * on site is flagged for staff to return, and the mail says which happened.
   */
  private async cancelWithMoney(tx: DepartureTx, booking: Booking, reason: CancelReason, now: Date, free = true): Promise<CancelResult> {
    const transition = reason === 'guest' ? 'cancelWithLink' : reason === 'staff' ? 'cancelByStaff' : 'cancelDeparture';
    const card = heldCardPayment(booking);
    const refund = card !== null && free;
    const onSite = paidOutsideCard(booking);
    const openSession = booking.status === 'held' ? booking.stripeSessionId : null;
    await this.change(tx, booking, transition, {
      cancelReason: reason,
      cancelledAt: now,
      ...(refund ? { paymentStatus: 'refund_pending' as const } : {}),
      ...(onSite && free ? { attention: `Avbokad efter betalning på plats: betala tillbaka ${booking.totalSek} kr till gästen.` } : {}),
    });
    if (refund) await this.queueRefund(tx.manager, booking, `cancelled-by-${reason}`, card.paymentIntentId, card.amountOre, now);
    const money: CancelledMoney = refund
      ? { kind: 'card-refund', amountSek: card.amountOre / 100 }
      : (card || onSite) && !free
        ? { kind: 'no-refund-late', amountSek: card ? card.amountOre / 100 : booking.totalSek, freeHours: this.config.cancelFreeHours }
        : onSite
          ? { kind: 'paid-on-site', amountSek: booking.totalSek }
          : { kind: 'nothing-charged' };
    await this.mails.cancelled(tx.manager, await this.details(tx.manager, booking, now), reason, money);
    return { refunded: refund, openSession };
  }

  private async afterCancel(results: CancelResult[]): Promise<void> {
    this.outbox.kick();
    if (results.some((result) => result.refunded)) this.kickRefunds();
    for (const result of results) if (result.openSession) await this.stripe.expireSession(result.openSession);
  }

  private async queueRefund(manager: EntityManager, booking: Booking, cause: RefundCause, paymentIntentId: string, amountOre: number, now: Date): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(BookingRefund)
      .values({ bookingId: booking.id, cause, paymentIntentId, amountOre, status: 'pending', attempts: 0, nextAttemptAt: now })
      .orIgnore()
      .execute();
  }

  /** The refund worker asks to hear of new refunds, so that they go out at once after the commit. */
  onRefundsDue(listener: () => void): void {
    this.refundsDue = listener;
  }

  private kickRefunds(): void {
    this.refundsDue?.();
  }

  private async details(manager: EntityManager, booking: Booking, now: Date): Promise<BookingDetails> {
    const loaded = await manager.findOneOrFail(Booking, { where: { id: booking.id }, relations: { departure: { tour: true }, stayPackage: true } });
    return mapBookingDetails(loaded, this.checkoutMethod, now);
  }

  /** An active stay package; `unknown` is the 400's message, in the language of whoever asked (a guest, or the staff). */
  private async findStay(id: number, unknown: string): Promise<StayPackage> {
    const stay = await this.dataSource.getRepository(StayPackage).findOneBy({ id, isActive: true });
    if (!stay) throw new BadRequestException(unknown);
    return stay;
  }

  private async insertWithUniqueReference(manager: EntityManager, transition: 'hold' | 'bookByStaff', fields: Partial<Booking>): Promise<Booking> {
    for (let attempt = 1; ; attempt++) {
      try {
        const booking = await manager.save(Booking, manager.create(Booking, { ...fields, reference: newBookingReference() }));
        if (changesSeats(transition)) noteSeatsChanged(manager.queryRunner);
        bookingTransitions.inc({ transition });
        return booking;
      } catch (error) {
        // A clash of random references is rare; draw another.
        if (attempt >= 5 || !isDuplicateKey(error)) throw error;
        this.logger.warn('Booking reference clash; drawing another');
      }
    }
  }
}
