import { Injectable } from '@nestjs/common';

import { AppConfig } from '../../config/app-config';
import type { DepartureTx } from '../../departures/departure-lock';
import type { Booking } from '../booking.entity';
import type { CancelledMoney } from './booking-notices';
import { BookingWriter } from './booking-writer';
import { heldGiftCardOre, heldOnSiteOre } from './booking-money';
import { heldCardPayment, type CancelReason } from './transitions';

/** A cancellation with its money, for the guest's, the staff's and a departure's cancel alike. */
@Injectable()
export class Cancellations {
  constructor(
    private readonly config: AppConfig,
    private readonly writer: BookingWriter,
  ) {}

  /**
   * Cancels with the money rules: a card payment is refunded in full while `free` (always for
   * staff and departures; for the guest until CANCEL_FREE_HOURS before the start, less a
   * deposit, which the guest's own cancellation leaves with us, as the booking page said before
   * paying), and what a gift card paid goes back onto the card on the same terms; money taken
   * on site is flagged for staff to return, and the guest is told which happened. An open
   * Checkout Session is closed once the cancellation has committed. Answers whether a refund went out.
   */
  async cancelWithMoney(tx: DepartureTx, booking: Booking, reason: CancelReason, now: Date, free = true): Promise<boolean> {
    const transition = reason === 'guest' ? 'cancelWithLink' : reason === 'staff' ? 'cancelByStaff' : 'cancelDeparture';
    // What goes back by itself: a card payment through Stripe, a gift card's share onto the card.
    const paidByCardOre = heldCardPayment(booking)?.amountOre ?? 0;
    const keptOre = reason === 'guest' && free ? Math.min(booking.depositOre, paidByCardOre) : 0;
    const cardOre = paidByCardOre - keptOre;
    const giftCardOre = heldGiftCardOre(booking);
    const refund = cardOre + giftCardOre > 0 && free;
    const takenOnSite = heldOnSiteOre(booking);
    const onSite = takenOnSite > 0;
    const openSession = booking.status === 'held' ? booking.stripeSessionId : null;
    const wasConfirmed = booking.status === 'confirmed';
    const money: CancelledMoney = refund
      ? cardOre > 0
        ? { kind: 'card-refund', amountSek: cardOre / 100, giftCardSek: giftCardOre / 100, ...(keptOre > 0 ? { keptDepositSek: keptOre / 100 } : {}) }
        : { kind: 'gift-card-refund', amountSek: giftCardOre / 100 }
      : (cardOre + giftCardOre > 0 || onSite) && !free
        ? { kind: 'no-refund-late', amountSek: (cardOre + giftCardOre + takenOnSite) / 100, freeHours: this.config.cancelFreeHours }
        : keptOre > 0
          ? { kind: 'deposit-kept', amountSek: keptOre / 100 }
          : onSite
          ? { kind: 'paid-on-site', amountSek: takenOnSite / 100 }
          : booking.paymentMethod === 'reseller' && booking.paymentStatus === 'paid'
            ? { kind: 'paid-to-reseller' }
            : { kind: 'nothing-charged' };
    // Taken from its payments while the booking still holds them; a gift card's share is back on the card at once.
    const went = refund ? await this.writer.refundHeld(tx.manager, booking, `cancelled-by-${reason}`, cardOre + giftCardOre, now) : null;
    await this.writer.change(
      tx,
      booking,
      transition,
      {
        cancelReason: reason,
        cancelledAt: now,
        ...(went ? { paymentStatus: went.toCardOre > 0 ? ('refund_pending' as const) : ('refunded' as const) } : {}),
        ...(onSite && free ? { attention: `Avbokad efter betalning på plats: betala tillbaka ${takenOnSite / 100} kr till gästen.` } : {}),
      },
      // Staff hear of a confirmed booking the guest cancelled themselves (their own cancellations they know of).
      { kind: 'cancelled', reason, money, tellStaff: reason === 'guest' && wasConfirmed },
      now,
    );
    this.writer.closeCheckoutSession(tx.manager, openSession);
    return refund;
  }
}
