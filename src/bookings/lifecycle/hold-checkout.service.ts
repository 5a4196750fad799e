import { BadRequestException, ConflictException, GoneException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, LessThanOrEqual } from 'typeorm';

import { describeError } from '../../common/jobs/due-work';
import { hashIp } from '../../common/throttling/client-ip';
import { AppConfig } from '../../config/app-config';
import { withDepartureLock } from '../../departures/departure-lock';
import { hasStarted, takesBookingsFrom } from '../../departures/departure-rules';
import { SeatsRepository } from '../../departures/seats.repository';
import { partyOfLines } from '../../departures/resources/resource-rooms';
import { StripeService, type CheckoutLine } from '../../stripe/stripe.service';
import { normalizeReference } from '../../../shared/booking-reference';
import { formatSekIn, kirunaDate } from '../../../shared/company';
import { giftCardShareOre } from '../../../shared/gift-cards';
import { promoLabel } from '../../../shared/promo-codes';
import { depositPlan } from '../../../shared/deposits';
import type { Departure } from '../../departures/departure.entity';
import { tourDepositTerms } from '../../tours/tour-options';
import { describeParty } from '../../../shared/pricing';
import { GiftCardLedger } from '../../gift-cards/gift-card-ledger.service';
import { Booking } from '../booking.entity';
import { BookingWords } from '../booking-words';
import type { BookingDetails } from '../booking.mapper';
import type { CreateBookingDto } from '../dto/create-booking.dto';
import { assertGuestMayHold, lockGuest } from '../guest-limits';
import { heldOre, owedOre } from './booking-money';
import { findActiveStay } from './bookable';
import { NewBookings } from './new-bookings';
import type { RefundCause } from './booking-notices';
import { BookingWriter } from './booking-writer';
import { holdIsLive, TransitionRefusedError, TRANSITIONS, type TransitionName } from './transitions';
import { clock } from '../../common/clock';

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

/** A waitlist offer a hold takes: claimed under the departure's lock (or refused), then told its booking. */
export interface HeldOffer {
  claim(manager: EntityManager): Promise<void>;
  taken(manager: EntityManager, bookingId: number): Promise<void>;
}

export type PaymentOutcome = 'confirmed' | 'refunded' | 'unchanged' | 'duplicate';

/**
 * A guest's booking from hold to paid: the hold, checkout on arrival or by card, Stripe's word
 * on the payment, and holds that lapse or that the guest lets go.
 */
@Injectable()
export class HoldCheckout {
  private readonly logger = new Logger(HoldCheckout.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly stripe: StripeService,
    private readonly seats: SeatsRepository,
    private readonly writer: BookingWriter,
    private readonly words: BookingWords,
    private readonly newBookings: NewBookings,
    private readonly giftCards: GiftCardLedger,
  ) {}

  /**
   * hold: seats for HOLD_MINUTES, if the departure has them and the guest is within the limits.
   * `offer`: a waitlist offer taken with this hold, claimed under the departure's lock before the
   * seats are counted (its own seats are then free for it) and told the booking once written.
   */
  async hold(dto: CreateBookingDto, clientIp: string, now = clock.now(), offer?: HeldOffer): Promise<string> {
    const stay = dto.stayPackageId ? await findActiveStay(this.dataSource, dto.stayPackageId, 'guest') : null;
    const guest = { email: dto.email.toLowerCase(), clientIpHash: hashIp(clientIp, this.config.key('visitor-address')) };
    // A refusal of the answers names the questions in the guest's words: looked up once the lock is let go.
    return this.newBookings
      .openBooking(
        {
          by: 'guest',
          transition: 'hold',
          departureId: dto.departureId,
          party: dto,
          stay,
          options: dto,
          contact: dto,
          promoCode: dto.promoCode,
          lock: async (manager) => {
            await lockGuest(manager, guest);
            await offer?.claim(manager);
          },
          ...(offer ? { answersLater: true, then: (manager: EntityManager, booking: Booking) => offer.taken(manager, booking.id) } : {}),
          check: (manager, quote, departure) => assertGuestMayHold(manager, guest, { seats: quote.seats, departure }, now),
          fields: () => ({
            status: TRANSITIONS.hold.to,
            holdExpiresAt: new Date(now.getTime() + this.config.holdMinutes * 60_000),
            paymentStatus: 'unpaid',
            clientIpHash: guest.clientIpHash,
            language: dto.language ?? 'en',
            remindMe: dto.remindMe === true,
          }),
        },
        now,
      )
      .catch(async (error: unknown) => {
        throw await this.words.refusalInWords(error);
      });
  }

  /** confirmOnArrival: a live hold becomes a booking paid on the day (checkout without Stripe). */
  async confirmOnArrival(reference: string, now = clock.now()): Promise<void> {
    await this.writer.withBooking(reference, async (tx, booking) => {
      if (booking.status === 'confirmed') return;
      this.assertLiveHold(booking, now);
      // The guest limits on unpaid seats are checked by the writer, on this as on every guest's write.
      await this.writer.change(tx, booking, 'confirmOnArrival', { paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival', confirmedAt: now }, { kind: 'confirmed' }, now);
    });
  }

  /**
   * A gift card at checkout, under the booking's lock with the card's row locked. A card that
   * covers the total pays it all (payByGiftCard: paid). One that covers part pays its share with
   * the rest due on arrival when there is no card payment (payByGiftCard); with card payments its
   * share is noted and the guest pays the rest on Stripe's page, the card spent with that payment
   * (recordCardPayment; a checkout without the code takes the card back, startCardPayment). A
   * card that cannot pay is refused (GiftCardRefusedError), and nothing changes.
   */
  async applyGiftCard(reference: string, code: string, now = clock.now()): Promise<'confirmed' | 'rest-by-card'> {
    return this.writer.withBooking(reference, async (tx, booking, departure) => {
      if (booking.status === 'confirmed') return 'confirmed' as const;
      this.assertLiveHold(booking, now);
      // A session opened for another amount must not be paid: a new one is made for what is left.
      const closeSession = { stripeSessionId: null, stripeSessionUrl: null, stripeSessionExpiresAt: null };
      const card = await this.giftCards.lockUsable(tx.manager, code, now, departure.tourId);
      const totalOre = booking.totalSek * 100;
      const share = giftCardShareOre(card.balanceOre, totalOre);
      if (share === totalOre || this.writer.checkoutMethod === 'on_arrival') {
        await this.writer.recordGiftCardPayment(tx.manager, booking, card, share, now);
        this.writer.closeCheckoutSession(tx.manager, booking.stripeSessionId);
        const paidAll = share === totalOre;
        await this.writer.change(
          tx,
          booking,
          'payByGiftCard',
          {
            paymentMethod: paidAll ? 'gift_card' : 'on_arrival',
            paymentStatus: paidAll ? 'paid' : 'due_on_arrival',
            paidAmountOre: share,
            giftCardId: card.id,
            giftCardOre: share,
            confirmedAt: now,
            ...(paidAll ? { paidAt: now } : {}),
            ...closeSession,
          },
          { kind: 'confirmed' },
          now,
        );
        return 'confirmed' as const;
      }
      this.writer.closeCheckoutSession(tx.manager, booking.stripeSessionId);
      await this.writer.change(tx, booking, 'startCardPayment', { giftCardId: card.id, giftCardOre: share, ...closeSession });
      return 'rest-by-card' as const;
    });
  }

  /**
   * startCardPayment: hands out the open Checkout Session, or makes a new one. The hold is
   * extended to the new session's end before Stripe is called, under the lock and only while it
   * is live, so it cannot lapse while the guest is on Stripe's page; a lapsed hold answers 410.
   * With `deposit` the session asks the tour's deposit (shared/deposits.ts, at this moment's
   * price and date), noted on the booking so that its payment confirms it with the balance owed.
   */
  async startCardPayment(reference: string, options: { giftCard: 'keep' | 'drop'; deposit?: boolean } = { giftCard: 'drop' }, now = clock.now()): Promise<{ redirectUrl: string }> {
    const successUrl = `/success/?booking=${normalizeReference(reference)}`;
    type Start = { redirectUrl: string } | { redirectUrl?: undefined; attempt: number; sessionEnds: Date; previousHold: Date; details: BookingDetails };
    const started = await this.writer.withBooking(reference, async (tx, booking, departure): Promise<Start> => {
      if (booking.status === 'confirmed') return { redirectUrl: successUrl };
      this.assertLiveHold(booking, now);
      const deposit = options.deposit ? await this.depositFor(tx.manager, booking, departure, options.giftCard, now) : null;
      // A checkout without the gift card noted at an earlier try pays the whole total: a new session, the card taken back.
      const droppingCard = options.giftCard === 'drop' && booking.giftCardId !== null;
      // A session for the whole price does not pay a deposit, nor one for a deposit the whole price: a new one is made.
      const otherAmount = droppingCard || (deposit?.depositOre ?? 0) !== booking.depositOre;
      if (!otherAmount && booking.stripeSessionUrl && booking.stripeSessionExpiresAt && booking.stripeSessionExpiresAt.getTime() - now.getTime() > SESSION_REUSE_MARGIN_MS) {
        return { redirectUrl: booking.stripeSessionUrl };
      }
      if (otherAmount) this.writer.closeCheckoutSession(tx.manager, booking.stripeSessionId);
      const sessionEnds = new Date(now.getTime() + STRIPE_SESSION_MINUTES * 60_000);
      const previousHold = booking.holdExpiresAt!;
      const attempt = booking.checkoutAttempts + 1;
      await this.writer.change(tx, booking, 'startCardPayment', {
        checkoutAttempts: attempt,
        paymentMethod: 'stripe',
        holdExpiresAt: previousHold > sessionEnds ? previousHold : sessionEnds,
        stripeSessionId: null,
        stripeSessionUrl: null,
        stripeSessionExpiresAt: null,
        ...(droppingCard ? { giftCardId: null, giftCardOre: 0 } : {}),
        depositOre: deposit?.depositOre ?? 0,
        balanceDueDays: deposit?.balanceDueDays ?? null,
      });
      return { attempt, sessionEnds, previousHold, details: await this.writer.details(tx.manager, booking, now) };
    });
    if (started.redirectUrl !== undefined) return { redirectUrl: started.redirectUrl };

    const { attempt, sessionEnds, previousHold } = started;
    // Stripe's page and its receipt name the tour, the categories and the stay in the guest's language.
    const details = await this.words.inBookingLanguage(started.details);
    let session: Awaited<ReturnType<StripeService['createCheckoutSession']>>;
    try {
      session = await this.stripe.createCheckoutSession({
        reference: details.reference,
        attempt,
        email: details.email,
        language: details.language,
        expiresAt: sessionEnds,
        lines: checkoutLines(details),
      });
      if (!session.url) throw new Error('Stripe returned no checkout URL');
    } catch (error) {
      this.logger.error(`Stripe could not open a Checkout Session for ${details.reference}: ${describeError(error)}`);
      // Give the hold back its own end, unless another checkout has started since.
      await this.writer.withBooking(reference, async (tx, booking) => {
        if (booking.checkoutAttempts === attempt && booking.status === 'held' && !booking.stripeSessionId) {
          await this.writer.change(tx, booking, 'startCardPayment', { holdExpiresAt: previousHold });
        }
      });
      throw new ServiceUnavailableException('We could not open the card payment page just now. Please try again in a moment.');
    }

    const sessionExpiresAt = new Date((session.expires_at ?? sessionEnds.getTime() / 1000) * 1000);
    const recorded = await this.writer.withBooking(reference, async (tx, booking) => {
      if (booking.checkoutAttempts !== attempt || booking.status !== 'held') return booking;
      await this.writer.change(tx, booking, 'startCardPayment', {
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
    throw new TransitionRefusedError('startCardPayment', recorded.status);
  }

  /**
   * startBalancePayment: a Checkout Session for what a booking that paid its deposit still owes,
   * from the manage page (`returnUrl`) and back to it. Its payment is confirmPayment's (exactly
   * what the booking owes when it arrives; anything else goes back).
   */
  async startBalancePayment(reference: string, returnUrl: string, now = clock.now()): Promise<{ paymentUrl: string }> {
    const started = await this.writer.withBooking(reference, async (tx, booking) => {
      const owed = owedOre(booking);
      if (booking.status === 'confirmed' && (booking.paymentStatus !== 'deposit_paid' || owed <= 0)) throw new ConflictException('This booking has no balance to pay.');
      await this.writer.change(tx, booking, 'startBalancePayment', { checkoutAttempts: booking.checkoutAttempts + 1 });
      return { owed, attempt: booking.checkoutAttempts, details: await this.writer.details(tx.manager, booking, now) };
    });
    const details = await this.words.inBookingLanguage(started.details);
    const lang = details.language;
    try {
      const session = await this.stripe.createBalanceSession({
        reference: details.reference,
        attempt: started.attempt,
        email: details.email,
        description: `${details.tour.title}, ${kirunaDate(details.departure.startsAt)}: ${describeParty(details.party)}. ${BALANCE_WORDS[lang](formatSekIn(lang, details.totalSek))}`,
        amountOre: started.owed,
        returnUrl,
        language: lang,
        expiresAt: new Date(now.getTime() + STRIPE_SESSION_MINUTES * 60_000),
      });
      if (!session.url) throw new Error('Stripe returned no checkout URL');
      return { paymentUrl: session.url };
    } catch (error) {
      this.logger.error(`Stripe could not open the balance's Checkout Session for ${details.reference}: ${describeError(error)}`);
      throw new ServiceUnavailableException('We could not open the card payment page just now. Please try again in a moment.');
    }
  }

  /**
   * confirmPayment or refusePayment for a Stripe payment. Confirms only when the seats are
   * there under the lock and the amount and currency match the total; any other payment is
   * refunded (a refund row, carried out by the refund worker) and the guest told.
   * `recordEventOnce` stores the provider's event in the same transaction.
   */
  async recordCardPayment(payment: CardPayment, recordEventOnce: (manager: EntityManager) => Promise<boolean>, now = clock.now()): Promise<PaymentOutcome> {
    const outcome = await this.writer.withBooking(payment.reference, async (tx, booking, departure) => {
      if (!(await recordEventOnce(tx.manager))) return 'duplicate';
      if (!payment.paid || !payment.paymentIntentId) return 'unchanged';
      const paymentIntentId = payment.paymentIntentId;
      const amountOre = payment.amountOre ?? booking.totalSek * 100;
      if (booking.stripePaymentIntentId === paymentIntentId) return 'unchanged';
      const refuse = async (kind: string, statusChange?: { transition: TransitionName; changes?: Partial<Booking> }): Promise<PaymentOutcome> => {
        if (statusChange) await this.writer.change(tx, booking, statusChange.transition, statusChange.changes ?? {});
        // A booking that holds no money and owes none shows the stray payment going back; one that is paid, or owes money (confirmed to pay on arrival), keeps what it says.
        if (booking.paymentStatus !== 'paid' && booking.status !== 'confirmed') await this.writer.change(tx, booking, 'refusePayment', { paymentStatus: 'refund_pending' });
        await this.writer.queueRefund(tx.manager, booking, `${kind}-${paymentIntentId}` as RefundCause, paymentIntentId, amountOre, now);
        this.logger.warn(`Refusing payment ${paymentIntentId} for ${booking.reference}: ${kind}`);
        return 'refunded';
      };

      if (booking.paymentStatus === 'paid') return refuse('duplicate-payment');
      if (booking.status === 'confirmed') {
        // Confirmed meanwhile with money still due (to pay on arrival, or moved to a dearer date): a card payment of what it owes settles it; any other goes back.
        const owed = owedOre(booking);
        if (owed <= 0 || amountOre !== owed || (payment.currency ?? '').toLowerCase() !== 'sek') return refuse('amount-mismatch');
        await this.writer.recordPayment(tx.manager, booking, paymentIntentId, amountOre);
        await this.writer.change(tx, booking, 'confirmPayment', { paymentMethod: 'stripe', paymentStatus: 'paid', paidAt: now, stripePaymentIntentId: paymentIntentId, stripeSessionId: payment.sessionId, paidAmountOre: heldOre(booking) + amountOre }, undefined, now);
        return 'confirmed';
      }
      if (booking.status === 'cancelled') return refuse(booking.cancelReason === 'departure' ? 'departure-cancelled' : 'payment-after-cancel');
      if (departure.status === 'cancelled') {
        return refuse('departure-cancelled', booking.status === 'held' ? { transition: 'cancelDeparture', changes: { cancelReason: 'departure', cancelledAt: now } } : undefined);
      }
      if (hasStarted(departure, now)) return refuse('departure-left', booking.status === 'held' ? { transition: 'expire' } : undefined);
      // A gift card noted at checkout pays its share: the card pays that, the payment the rest. A deposit noted at checkout is what the payment is for.
      const giftCardShare = booking.giftCardId !== null ? booking.giftCardOre : 0;
      const expectedOre = booking.depositOre > 0 ? booking.depositOre : booking.totalSek * 100 - giftCardShare;
      if ((payment.currency ?? '').toLowerCase() !== 'sek' || amountOre !== expectedOre) return refuse('amount-mismatch');
      const live = holdIsLive(booking, now);
      const seatsFree = live || (takesBookingsFrom(departure, 'guest') && (await this.seats.seatsLeft(tx.manager, departure, now, booking.id, partyOfLines(booking.party, booking.seats))) >= booking.seats &&
          (await this.seats.roomsFree(tx.manager, departure.startsAt, { packageId: booking.stayPackageId, rooms: booking.stayRooms }, now, booking.id)));
      if (!seatsFree) return refuse('late-payment', booking.status === 'held' ? { transition: 'expire' } : undefined);
      if (booking.giftCardId !== null && giftCardShare > 0) {
        // Spent now, with its row locked: a card another booking emptied meanwhile cannot pay, and the payment goes back.
        const card = await this.giftCards.lockById(tx.manager, booking.giftCardId);
        if (card.status !== 'active' || card.expiresAt <= now || card.balanceOre < giftCardShare) return refuse('gift-card-spent');
        await this.writer.recordGiftCardPayment(tx.manager, booking, card, giftCardShare, now);
      }

      await this.writer.recordPayment(tx.manager, booking, paymentIntentId, amountOre);
      await this.writer.change(tx, booking, 'confirmPayment', {
        paymentMethod: 'stripe',
        // A deposit confirms the booking with its balance owed by its due day.
        paymentStatus: booking.depositOre > 0 ? 'deposit_paid' : 'paid',
        paidAt: now,
        confirmedAt: now,
        stripePaymentIntentId: paymentIntentId,
        stripeSessionId: payment.sessionId,
        paidAmountOre: amountOre + giftCardShare,
      }, { kind: 'confirmed' }, now);
      return 'confirmed';
    });
    return outcome;
  }

  /** expire, for Stripe's checkout.session.expired: only the booking's current session ends its hold. */
  async cardSessionExpired(reference: string, sessionId: string, now = clock.now()): Promise<'expired' | 'unchanged'> {
    return this.writer.withBooking(reference, async (tx, booking) => {
      if (booking.status !== 'held' || booking.stripeSessionId !== sessionId) return 'unchanged';
      await this.writer.change(tx, booking, 'expire', { holdExpiresAt: booking.holdExpiresAt && booking.holdExpiresAt < now ? booking.holdExpiresAt : now, stripeSessionUrl: null, stripeSessionExpiresAt: null });
      return 'expired';
    });
  }

  /** expire: lapsed holds are marked expired (they stopped counting the moment they lapsed). */
  async expireLapsedHolds(now = clock.now()): Promise<number> {
    const lapsed = await this.dataSource.getRepository(Booking).find({
      where: { status: 'held', holdExpiresAt: LessThanOrEqual(now) },
      select: { id: true, departureId: true },
      take: 500,
    });
    let expired = 0;
    for (const departureId of new Set(lapsed.map((booking) => booking.departureId))) {
      const ids = lapsed.filter((booking) => booking.departureId === departureId).map((booking) => booking.id);
      expired += await withDepartureLock(this.dataSource, departureId, (tx) => this.writer.expireLapsed(tx, ids, now));
    }
    return expired;
  }

  /** cancelByGuest: a hold is released. Cancelling twice, or a lapsed hold, changes nothing. */
  async cancelByGuest(reference: string, now = clock.now()): Promise<void> {
    await this.writer.withBooking(reference, async (tx, booking) => {
      if (booking.status === 'cancelled' || booking.status === 'expired') return;
      await this.writer.change(tx, booking, 'cancelByGuest', { cancelReason: 'guest', cancelledAt: now });
      this.writer.closeCheckoutSession(tx.manager, booking.stripeSessionId);
    });
  }

  /** The deposit a hold may pay now, or why not (400): a gift card pays with the whole price, and a tour or date without one is paid in full. */
  private async depositFor(manager: EntityManager, booking: Booking, departure: Departure, giftCard: 'keep' | 'drop', now: Date): Promise<{ depositOre: number; balanceDueDays: number }> {
    if (this.writer.checkoutMethod !== 'stripe') throw new BadRequestException('A deposit is paid by card, and this site takes no card payments: the booking is paid on arrival.');
    if (giftCard === 'keep') throw new BadRequestException('A gift card pays towards the whole price, not a deposit: choose to pay in full to use it.');
    const terms = await tourDepositTerms(manager, departure.tourId);
    const plan = depositPlan(terms, booking.totalSek, departure.startsAt, now);
    if (!terms || !plan) throw new BadRequestException('This booking is paid in full: the tour asks no deposit, or its balance would already be due.');
    return { depositOre: plan.depositSek * 100, balanceDueDays: terms.balanceDueDays };
  }

  private assertLiveHold(booking: Booking, now: Date): void {
    if (holdIsLive(booking, now)) return;
    if (booking.status === 'held' || booking.status === 'expired') {
      throw new GoneException('Your seat hold has expired. Please book again; the seats may still be available.');
    }
    throw new TransitionRefusedError('startCardPayment', booking.status);
  }
}

/** "gift card" on Stripe's page, in the guest's language. */
const GIFT_CARD_WORD = { en: 'gift card', sv: 'presentkort', de: 'Gutschein' } as const;
/** A balance's line on Stripe's page, in the guest's language. */
const BALANCE_WORDS = {
  en: (total: string) => `The balance (of ${total}; the deposit is paid)`,
  sv: (total: string) => `Resten (av ${total}; handpenningen är betald)`,
  de: (total: string) => `Der Restbetrag (von ${total}; die Anzahlung ist bezahlt)`,
} as const;
/** A deposit's line on Stripe's page, in the guest's language. */
const DEPOSIT_WORDS = {
  en: (total: string, due: string) => `Deposit (of ${total}; the rest by ${due})`,
  sv: (total: string, due: string) => `Handpenning (av ${total}; resten senast ${due})`,
  de: (total: string, due: string) => `Anzahlung (von ${total}; der Rest bis ${due})`,
} as const;

/**
 * What Stripe's page lists: one line per price category (a free one, an infant on a lap, is named
 * in the others' description, not charged) and the stay. Stripe takes no discount lines, so a
 * booking with a promo code's discount or a gift card's share is one line of what is left, the
 * price, the discount and the card named in it; a deposit is one line of the deposit, the total
 * and the balance's day named in it.
 */
export function checkoutLines(details: BookingDetails): CheckoutLine[] {
  const lang = details.language;
  const what = `${details.tour.title}, ${kirunaDate(details.departure.startsAt)}`;
  if (details.deposit && details.status === 'held') {
    const terms = DEPOSIT_WORDS[lang](formatSekIn(lang, details.totalSek), kirunaDate(details.deposit.balanceDueAt));
    return [{ name: `${what}: ${describeParty(details.party)}. ${terms}`, unitAmountSek: details.deposit.depositSek, quantity: 1 }];
  }
  if (details.giftCardSek > 0 || details.discountSek > 0) {
    const less = [
      ...(details.promo && details.discountSek > 0 ? [`− ${formatSekIn(lang, details.discountSek)} ${promoLabel(details.promo, lang)}`] : []),
      ...(details.giftCardSek > 0 ? [`− ${formatSekIn(lang, details.giftCardSek)} ${GIFT_CARD_WORD[lang]}`] : []),
    ];
    return [{ name: `${what}: ${describeParty(details.party)} (${formatSekIn(lang, details.tourAmountSek + details.stayAmountSek)} ${less.join(' ')})`, unitAmountSek: details.totalSek - details.giftCardSek, quantity: 1 }];
  }
  return [
    ...details.party.filter((line) => line.unitPriceSek > 0).map((line) => ({ name: `${what}: ${line.name}`, unitAmountSek: line.unitPriceSek, quantity: line.quantity })),
    ...(details.stayPackage ? [stayLine(details.stayPackage, details.stayAmountSek)] : []),
  ];
}

/** A stay as a Checkout line: its rooms at the price each was booked at; one line for the whole stay if that price is not whole kronor. */
function stayLine(stay: { name: string; rooms: number }, amountSek: number): { name: string; unitAmountSek: number; quantity: number } {
  return amountSek % stay.rooms === 0 ? { name: stay.name, unitAmountSek: amountSek / stay.rooms, quantity: stay.rooms } : { name: stay.name, unitAmountSek: amountSek, quantity: 1 };
}
