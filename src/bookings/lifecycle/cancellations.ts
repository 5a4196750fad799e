import { Injectable } from '@nestjs/common';

import { AppConfig } from '../../config/app-config';
import type { DepartureTx } from '../../departures/departure-lock';
import type { Booking } from '../booking.entity';
import type { CancelledMoney } from './booking-notices';
import { BookingWriter } from './booking-writer';
import { heldOnSiteOre } from './booking-money';
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
   * staff and departures; for the guest until CANCEL_FREE_HOURS before the start), money taken
   * on site is flagged for staff to return, and the guest is told which happened. An open
   * Checkout Session is closed once the cancellation has committed. Answers whether a refund went out.
   */
  async cancelWithMoney(tx: DepartureTx, booking: Booking, reason: CancelReason, now: Date, free = true): Promise<boolean> {
    const transition = reason === 'guest' ? 'cancelWithLink' : reason === 'staff' ? 'cancelByStaff' : 'cancelDeparture';
    const card = heldCardPayment(booking);
    const refund = card !== null && free;
    const takenOnSite = heldOnSiteOre(booking);
    const onSite = takenOnSite > 0;
    const openSession = booking.status === 'held' ? booking.stripeSessionId : null;
    const wasConfirmed = booking.status === 'confirmed';
    const money: CancelledMoney = refund
      ? { kind: 'card-refund', amountSek: card.amountOre / 100 }
      : (card || onSite) && !free
        ? { kind: 'no-refund-late', amountSek: card ? card.amountOre / 100 : takenOnSite / 100, freeHours: this.config.cancelFreeHours }
        : onSite
          ? { kind: 'paid-on-site', amountSek: takenOnSite / 100 }
          : booking.paymentMethod === 'reseller' && booking.paymentStatus === 'paid'
            ? { kind: 'paid-to-reseller' }
            : { kind: 'nothing-charged' };
    // Taken from its payments while the booking still holds them.
    if (refund) await this.writer.refundHeld(tx.manager, booking, `cancelled-by-${reason}`, card.amountOre, now);
    await this.writer.change(
      tx,
      booking,
      transition,
      {
        cancelReason: reason,
        cancelledAt: now,
        ...(refund ? { paymentStatus: 'refund_pending' as const } : {}),
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
