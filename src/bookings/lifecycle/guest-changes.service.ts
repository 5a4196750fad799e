import { ConflictException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

import type { ChangePreview } from '../../../shared/api-types';
import { describeParty, parsePartyKey, partyItems, partyKey } from '../../../shared/pricing';
import { COMPANY_PHONE, kirunaDate } from '../../../shared/company';
import { describeError } from '../../common/jobs/due-work';
import { AppConfig } from '../../config/app-config';
import { withDepartureLocks } from '../../departures/departure-lock';
import { assertMoveTarget, cancellationWindow } from '../../departures/departure-rules';
import { StripeService } from '../../stripe/stripe.service';
import { BookingWriter } from './booking-writer';
import { Cancellations } from './cancellations';
import { assertSeats, laterOptions, type PartyRequest } from './bookable';
import { SeatsRepository } from '../../departures/seats.repository';
import { partyOfLines } from '../../departures/resources/resource-rooms';
import { BookingWords } from '../booking-words';
import type { Booking } from '../booking.entity';
import { changeCause, ChangePlans, type ChangePlan } from './change-plans';
import { STRIPE_SESSION_MINUTES, type CardPayment, type PaymentOutcome } from './hold-checkout.service';
import { heldOre } from './booking-money';
import { giftCardShareOre } from '../../../shared/gift-cards';
import { GiftCardLedger } from '../../gift-cards/gift-card-ledger.service';
import { nextStatus } from './transitions';
import { clock } from '../../common/clock';

/** What a guest does with a booking through the manage link: cancel it, change it, pay for a dearer change, fill in details. */
@Injectable()
export class GuestChanges {
  private readonly logger = new Logger(GuestChanges.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly stripe: StripeService,
    private readonly writer: BookingWriter,
    private readonly cancellations: Cancellations,
    private readonly changes: ChangePlans,
    private readonly seats: SeatsRepository,
    private readonly words: BookingWords,
    private readonly giftCards: GiftCardLedger,
  ) {}

  /**
   * cancelWithLink: the guest cancels through the manage link. Free (a card payment refunded in
   * full) until CANCEL_FREE_HOURS before the start; after that nothing is refunded.
   */
  async cancelWithLink(reference: string, now = clock.now()): Promise<{ refunded: boolean }> {
    // Not once the tour has started: the transition's own rule, checked by the writer.
    const refunded = await this.writer.withBooking(reference, async (tx, booking, departure) => {
      return this.cancellations.cancelWithMoney(tx, booking, 'guest', now, cancellationWindow(departure, this.config.cancelFreeHours, now).freeNow);
    });
    return { refunded };
  }

  /**
   * updateDetails: the guest's phone, notes and pickup hotel, their pickup point (until the
   * tour's pickup cutoff) and answers (merged over those given before, until the answers are
   * due); a field left out stays as it is.
   */
  async updateDetails(
    reference: string,
    changes: { phone?: string | null; notes?: string | null; pickup?: string | null; pickupPointId?: number | null; answers?: unknown },
    now = clock.now(),
  ): Promise<void> {
    const { pickupPointId, answers, ...details } = changes;
    const given: Partial<Booking> = Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined));
    await this.writer.withBooking(reference, async (tx, booking, departure) => {
      await this.writer.change(tx, booking, 'updateDetails', { ...given, ...(await laterOptions(tx.manager, booking, departure, { pickupPointId, answers }, 'guest', now)) });
    }).catch(async (error: unknown) => {
      // A refusal of the answers names the questions in the guest's words, looked up once the booking's lock is let go.
      throw await this.words.refusalInWords(error);
    });
  }

  /**
   * What a change would do, priced and checked against the seats as changeByGuest would (under
   * the same locks), without making it: the guest sees the new total and the money before confirming.
   */
  async previewChange(reference: string, change: { departureId?: number } & PartyRequest, now = clock.now()): Promise<ChangePreview> {
    const located = await this.writer.locate(reference);
    const targetId = change.departureId ?? located.departureId;
    return withDepartureLocks(this.dataSource, [located.departureId, targetId], async (tx) => {
      const booking = await this.writer.lockBooking(tx.manager, located.id);
      nextStatus('changeByGuest', booking.status);
      const asked = change.guests !== undefined || change.categories !== undefined ? { guests: change.guests, categories: change.categories } : null;
      const plan = await this.changes.plan(tx, booking, targetId, asked, now);
      const refundable = plan.kind !== 'refund-difference' || cancellationWindow(tx.departures.get(booking.departureId)!, this.config.cancelFreeHours, now).freeNow;
      return {
        departureId: plan.departureId,
        startsAt: plan.startsAt.toISOString(),
        party: plan.quote.lines,
        guests: plan.quote.guests,
        discountSek: plan.quote.discountSek,
        totalSek: plan.quote.totalSek,
        previousTotalSek: booking.totalSek,
        money:
          plan.kind === 'pay-difference'
            ? { kind: 'pay-difference', amountSek: plan.differenceOre / 100 }
            : plan.kind === 'refund-difference'
              ? refundable
                ? { kind: 'refund', amountSek: plan.refundOre / 100 }
                : { kind: 'refund-refused', amountSek: plan.refundOre / 100 }
              : { kind: 'due-on-arrival', amountSek: plan.quote.totalSek },
      };
    });
  }

  /**
   * changeByGuest: another departure of the same tour and/or another number of guests, with the
   * seat check under both departures' locks. Paying on arrival, only what is due changes. Paid by
   * card, a cheaper booking gets the difference back inside the free-cancellation period (and is
   * refused after it); a dearer one is paid through a Checkout Session for the difference, and
   * the change is made when that payment arrives (recordChangePayment).
   */
  async changeByGuest(reference: string, change: { departureId?: number; giftCardCode?: string } & PartyRequest, returnUrl: string, now = clock.now()): Promise<{ refundedSek: number; paymentUrl?: string }> {
    const located = await this.writer.locate(reference);
    const targetId = change.departureId ?? located.departureId;
    const planned = await withDepartureLocks(this.dataSource, [located.departureId, targetId], async (tx) => {
      const booking = await this.writer.lockBooking(tx.manager, located.id);
      if (booking.departureId !== located.departureId) throw new ConflictException('The booking changed at the same moment. Please try again.');
      nextStatus('changeByGuest', booking.status);
      const asked = change.guests !== undefined || change.categories !== undefined ? { guests: change.guests, categories: change.categories } : null;
      const plan = await this.changes.plan(tx, booking, targetId, asked, now);
      // A dearer change with a gift card: the card pays what it covers now (its row locked), the rest is due on arrival.
      const owedAfter = plan.quote.totalSek * 100 - heldOre(booking);
      if (change.giftCardCode && plan.kind !== 'refund-difference' && owedAfter > 0) {
        const card = await this.giftCards.lockUsable(tx.manager, change.giftCardCode, now, tx.departures.get(plan.departureId)!.tourId);
        const share = giftCardShareOre(card.balanceOre, owedAfter);
        await this.writer.recordGiftCardPayment(tx.manager, booking, card, share, now);
        await this.changes.apply(tx, booking, { ...plan, paidOre: heldOre(booking) + share }, now, { transition: 'changeByGuest', notify: true, extra: { giftCardId: card.id, giftCardOre: booking.giftCardOre + share } });
        return { kind: 'due-changes' as const, refundedSek: 0 };
      }
      if (plan.kind === 'pay-difference') {
        await this.writer.change(tx, booking, 'changeByGuest', { checkoutAttempts: booking.checkoutAttempts + 1 });
        return { ...plan, attempt: booking.checkoutAttempts, details: await this.writer.details(tx.manager, booking, now) };
      }
      if (plan.kind === 'refund-difference') {
        if (!cancellationWindow(tx.departures.get(booking.departureId)!, this.config.cancelFreeHours, now).freeNow) {
          throw new ConflictException(`A cheaper booking is refunded only until ${this.config.cancelFreeHours} hours before the start. Please call us on ${COMPANY_PHONE}.`);
        }
        await this.writer.refundHeld(tx.manager, booking, changeCause(booking, plan), plan.refundOre, now);
      }
      await this.changes.apply(tx, booking, plan, now);
      return { kind: plan.kind, refundedSek: plan.kind === 'refund-difference' ? plan.refundOre / 100 : 0 };
    });
    if (planned.kind !== 'pay-difference') return { refundedSek: planned.refundedSek };
    const { differenceOre, departureId, quote, startsAt, attempt } = planned;
    // The booking as it will be (its new party), in the words of its language.
    const details = await this.words.inBookingLanguage({ ...planned.details, party: quote.lines });
    const session = await this.stripe.createChangeSession({
      reference: details.reference,
      attempt,
      email: details.email,
      // Named as the booking's own lines are (the tour, its Kiruna date, the party), in no one language.
      description: `${details.tour.title}, ${kirunaDate(startsAt)}: ${describeParty(details.party)} (${details.reference})`,
      language: details.language,
      amountOre: differenceOre,
      change: `${departureId}:${partyKey(partyItems(quote.lines))}:${differenceOre}`,
      returnUrl,
      expiresAt: new Date(now.getTime() + STRIPE_SESSION_MINUTES * 60_000),
    });
    if (!session.url) throw new ServiceUnavailableException('We could not open the card payment page just now. Please try again in a moment.');
    return { refundedSek: 0, paymentUrl: session.url };
  }

  /**
   * rebook: a guest whose departure we cancelled moves, free, to another open date of the same
   * tour with the seats: the same party at the same total. Money refunded (or being refunded)
   * for the cancelled date is due on arrival again; money taken on site stays taken.
   */
  async rebookCancelled(reference: string, departureId: number, now = clock.now()): Promise<void> {
    const located = await this.writer.locate(reference);
    await withDepartureLocks(this.dataSource, [located.departureId, departureId], async (tx) => {
      const booking = await this.writer.lockBooking(tx.manager, located.id);
      if (booking.departureId !== located.departureId) throw new ConflictException('The booking changed at the same moment. Please try again.');
      // Which cancelled bookings may be rebooked (only ours, only once confirmed) is the transition's own rule, checked by the writer.
      const target = tx.departures.get(departureId);
      assertMoveTarget(tx.departures.get(booking.departureId)!, target, departureId, now, 'guest', { sameAllowed: true });
      assertSeats(await this.seats.seatsLeft(tx.manager, target, now, undefined, partyOfLines(booking.party, booking.seats)), booking.seats, 'change');
      await this.seats.assertRooms(tx.manager, target.startsAt, { packageId: booking.stayPackageId, rooms: booking.stayRooms }, now);
      // The money it still holds stays with it (taken on site and not given back, paid to a reseller); what went back is due again.
      const held = heldOre(booking);
      await this.writer.change(tx, booking, 'rebook', {
        departureId,
        cancelReason: null,
        cancelledAt: null,
        confirmedAt: now,
        reminderSentAt: null,
        attention: null,
        ...(held >= booking.totalSek * 100
          ? {}
          : { paymentMethod: 'on_arrival' as const, paymentStatus: 'due_on_arrival' as const, paidAmountOre: held > 0 ? held : null, stripeSessionId: null, stripeSessionUrl: null, stripeSessionExpiresAt: null }),
      }, { kind: 'confirmed' }, now);
    });
  }

  /**
   * The payment for a dearer change: under both departures' locks the change is made when the
   * seats are still there and the amount is still the difference; otherwise it is refunded.
   */
  async recordChangePayment(payment: CardPayment & { change: string }, recordEventOnce: (manager: EntityManager) => Promise<boolean>, now = clock.now()): Promise<PaymentOutcome> {
    const [departurePart, partyPart = '', differencePart] = payment.change.split(':');
    const [departureId, differenceOre] = [Number(departurePart), Number(differencePart)];
    // Our own sessions write this metadata (the party as partyKey; before categories, a number of guests); anything else is no change we offered.
    const party: PartyRequest | null = /^\d+$/.test(partyPart) ? { guests: Number(partyPart) } : (parsePartyKey(partyPart) && { categories: parsePartyKey(partyPart)! });
    if (!party || ![departureId, differenceOre].every((value) => Number.isInteger(value) && value > 0)) {
      this.logger.warn(`Ignoring a payment for ${payment.reference} that names no change we offered (${payment.change})`);
      return 'unchanged';
    }
    const located = await this.writer.locate(payment.reference);
    const outcome = await withDepartureLocks(this.dataSource, [located.departureId, departureId], async (tx): Promise<PaymentOutcome> => {
      if (!(await recordEventOnce(tx.manager))) return 'duplicate';
      if (!payment.paid || !payment.paymentIntentId) return 'unchanged';
      const booking = await this.writer.lockBooking(tx.manager, located.id);
      const amountOre = payment.amountOre ?? 0;
      const refuse = async (why: string): Promise<PaymentOutcome> => {
        await this.writer.queueRefund(tx.manager, booking, `change-refused-${payment.paymentIntentId}`, payment.paymentIntentId!, amountOre, now);
        this.logger.warn(`Refusing change payment ${payment.paymentIntentId} for ${booking.reference}: ${why}`);
        return 'refunded';
      };
      if (booking.departureId !== located.departureId || booking.status !== 'confirmed' || booking.paymentStatus !== 'paid') return refuse('the booking is no longer as it was');
      let plan: ChangePlan;
      try {
        plan = await this.changes.plan(tx, booking, departureId, party, now);
      } catch (error) {
        return refuse(describeError(error));
      }
      if (plan.kind !== 'pay-difference' || plan.differenceOre !== differenceOre || amountOre !== differenceOre || (payment.currency ?? '').toLowerCase() !== 'sek') {
        return refuse('the amount no longer matches the change');
      }
      await this.writer.recordPayment(tx.manager, booking, payment.paymentIntentId, amountOre);
      await this.changes.apply(tx, booking, { ...plan, paidOre: heldOre(booking) + amountOre }, now);
      return 'confirmed';
    });
    return outcome;
  }
}
