import { BadRequestException, Injectable } from '@nestjs/common';

import { partyItems, partyKey, type BookingQuote } from '../../../shared/pricing';
import { withPromo } from '../../../shared/promo-codes';
import type { DepartureTx } from '../../departures/departure-lock';
import { assertMoveTarget, assertNotStarted } from '../../departures/departure-rules';
import { SeatsRepository } from '../../departures/seats.repository';
import { partyOfLines } from '../../departures/resources/resource-rooms';
import type { Booking } from '../booking.entity';
import { StayPackage } from '../stay-package.entity';
import { assertSeats, bookedParty, quoteRequest, type PartyRequest } from './bookable';
import { departurePrices } from '../../tours/tour-prices';
import { BookingWriter } from './booking-writer';
import type { RefundCause } from './booking-notices';
import { heldGiftCardOre, heldOre } from './booking-money';
import { heldCardPayment } from './transitions';

/** A change of departure and party, priced: what happens to the money decides how it is made. */
export type ChangePlan = { departureId: number; startsAt: Date; quote: BookingQuote } & (
  | { kind: 'due-changes' }
  | { kind: 'pay-difference'; differenceOre: number }
  | { kind: 'refund-difference'; refundOre: number; paidOre: number }
);

/** The refund cause of a cheaper change: one refund per booking, from its party and date to the new ones. */
export function changeCause(booking: Booking, plan: ChangePlan): RefundCause {
  return `changed-${booking.departureId}-${partyKey(partyItems(booking.party ?? []))}-to-${plan.departureId}-${partyKey(partyItems(plan.quote.lines))}`;
}

/** Prices a change of departure or party against the seats, and makes it: for the guest's change and the staff's move. */
@Injectable()
export class ChangePlans {
  constructor(
    private readonly seats: SeatsRepository,
    private readonly writer: BookingWriter,
  ) {}

  /**
   * What a change of departure and/or party would cost, checked against the seats (inside the
   * locks); `party` null keeps the booking's own party (re-priced on the new date). A reseller
   * may move its booking to another tour's departure (OCTO's change of product); the caller has
   * checked that it sells that tour.
   */
  async plan(tx: DepartureTx, booking: Booking, targetId: number, party: PartyRequest | null, now: Date, asker: 'guest' | 'staff' | 'reseller' = 'guest'): Promise<ChangePlan> {
    const current = tx.departures.get(booking.departureId)!;
    const target = tx.departures.get(targetId);
    assertNotStarted(current, now, asker);
    assertMoveTarget(current, target, targetId, now, asker, { sameAllowed: true, anyTour: asker === 'reseller' });
    const stay = booking.stayPackageId ? await tx.manager.findOneBy(StayPackage, { id: booking.stayPackageId }) : null;
    // A reseller is refused in English, as a guest is.
    // Priced with the promo code's terms of the day it was booked (a party below the code's minimum loses the discount).
    const quote = withPromo(quoteRequest(await departurePrices(tx.manager, target), party ?? bookedParty(booking), stay, asker === 'staff' ? 'staff' : 'guest'), booking.promo);
    if (target.id === booking.departureId && partyKey(partyItems(quote.lines)) === partyKey(partyItems(booking.party ?? []))) {
      throw new BadRequestException('That is your booking as it is: choose another date or number of guests.');
    }
    assertSeats(await this.seats.seatsLeft(tx.manager, target, now, booking.id, partyOfLines(quote.lines, quote.seats)), quote.seats, asker === 'staff' ? 'staff' : 'change');
    await this.seats.assertRooms(tx.manager, target.startsAt, { packageId: booking.stayPackageId, rooms: quote.rooms }, now, booking.id);
    const base = { departureId: target.id, startsAt: target.startsAt, quote };
    // Money that goes back by itself (a card payment, paid or paid and then moved to a dearer date with the rest due; what a gift card paid) is what a change's difference is counted from.
    const card = heldCardPayment(booking);
    const giftCard = heldGiftCardOre(booking);
    if (!card && giftCard === 0) return { ...base, kind: 'due-changes' };
    const refundable = (card?.amountOre ?? 0) + giftCard;
    const differenceOre = quote.totalSek * 100 - refundable;
    // Paid by card, a dearer change is paid by card first; with a gift card and no card payment, the rest is due on arrival; with a deposit paid, the balance grows (paid by its day).
    if (differenceOre > 0) return card && booking.paymentStatus !== 'deposit_paid' ? { ...base, kind: 'pay-difference', differenceOre } : { ...base, kind: 'due-changes' };
    if (differenceOre < 0) return { ...base, kind: 'refund-difference', refundOre: -differenceOre, paidOre: heldOre(booking) + differenceOre };
    return { ...base, kind: 'due-changes' };
  }

  /** Makes a planned change (the money side already settled by the caller); the guest is told unless `notify` is false, staff too when the guest made it. */
  async apply(
    tx: DepartureTx,
    booking: Booking,
    plan: ChangePlan & { paidOre?: number },
    now: Date,
    options: { transition: 'changeByGuest' | 'move' | 'changeByReseller'; notify: boolean; extra?: Partial<Booking> } = { transition: 'changeByGuest', notify: true },
  ): Promise<void> {
    const refundedSek = plan.kind === 'refund-difference' ? plan.refundOre / 100 : 0;
    const notice = options.notify ? { kind: 'changed' as const, refundedSek, tellStaff: options.transition === 'changeByGuest' } : undefined;
    await this.writer.change(tx, booking, options.transition, {
      ...options.extra,
      departureId: plan.departureId,
      guests: plan.quote.guests,
      seats: plan.quote.seats,
      party: plan.quote.lines,
      // Answers per guest follow the party: a smaller one keeps the first guests'.
      ...(booking.answers ? { answers: { ...booking.answers, guests: booking.answers.guests.slice(0, plan.quote.guests) } } : {}),
      tourAmountSek: plan.quote.tourAmountSek,
      stayAmountSek: plan.quote.stayAmountSek,
      ...(booking.stayPackageId ? { stayRooms: plan.quote.rooms, stayVatRate: plan.quote.stayVatRate } : {}),
      discountSek: plan.quote.discountSek,
      totalSek: plan.quote.totalSek,
      reminderSentAt: plan.departureId === booking.departureId ? booking.reminderSentAt : null,
      // New guests' answers are asked for again (the reminder of missing answers goes out once more).
      ...(plan.quote.guests > booking.guests ? { answersRemindedAt: null } : {}),
      ...(plan.paidOre !== undefined ? { paidAmountOre: plan.paidOre } : {}),
    }, notice, now);
  }
}
