import { Injectable } from '@nestjs/common';

import { AppConfig } from '../../config/app-config';
import type { DepartureTx } from '../../departures/departure-lock';
import { MailOutbox } from '../../mail/mail-outbox.service';
import { StripeService } from '../../stripe/stripe.service';
import { BookingMails, type CancelledMoney } from '../booking-mail.service';
import type { Booking } from '../booking.entity';
import { BookingWriter } from './booking-writer';
import { heldCardPayment, paidOutsideCard, type CancelReason } from './transitions';

/** What a cancellation leaves to do once it has committed. */
export interface CancelResult {
  refunded: boolean;
  openSession: string | null;
}

/** A cancellation with its money, for the guest's, the staff's and a departure's cancel alike. */
@Injectable()
export class Cancellations {
  constructor(
    private readonly config: AppConfig,
    private readonly stripe: StripeService,
    private readonly mails: BookingMails,
    private readonly outbox: MailOutbox,
    private readonly writer: BookingWriter,
  ) {}

  /**
   * Cancels with the money rules: a card payment is refunded in full while `free` (always for
   * staff and departures; for the guest until CANCEL_FREE_HOURS before the start), money taken
   * on site is flagged for staff to return, and the mail says which happened.
   */
  async cancelWithMoney(tx: DepartureTx, booking: Booking, reason: CancelReason, now: Date, free = true): Promise<CancelResult> {
    const transition = reason === 'guest' ? 'cancelWithLink' : reason === 'staff' ? 'cancelByStaff' : 'cancelDeparture';
    const card = heldCardPayment(booking);
    const refund = card !== null && free;
    const onSite = paidOutsideCard(booking);
    const openSession = booking.status === 'held' ? booking.stripeSessionId : null;
    const wasConfirmed = booking.status === 'confirmed';
    // Taken from its payments while the booking still holds them.
    if (refund) await this.writer.refundHeld(tx.manager, booking, `cancelled-by-${reason}`, card.amountOre, now);
    await this.writer.change(tx, booking, transition, {
      cancelReason: reason,
      cancelledAt: now,
      ...(refund ? { paymentStatus: 'refund_pending' as const } : {}),
      ...(onSite && free ? { attention: `Avbokad efter betalning på plats: betala tillbaka ${booking.totalSek} kr till gästen.` } : {}),
    });
    const money: CancelledMoney = refund
      ? { kind: 'card-refund', amountSek: card.amountOre / 100 }
      : (card || onSite) && !free
        ? { kind: 'no-refund-late', amountSek: card ? card.amountOre / 100 : booking.totalSek, freeHours: this.config.cancelFreeHours }
        : onSite
          ? { kind: 'paid-on-site', amountSek: booking.totalSek }
          : booking.paymentMethod === 'reseller' && booking.paymentStatus === 'paid'
            ? { kind: 'paid-to-reseller' }
            : { kind: 'nothing-charged' };
    const details = await this.writer.details(tx.manager, booking, now);
    await this.mails.cancelled(tx.manager, details, reason, money);
    // Staff hear of a confirmed booking the guest cancelled themselves (their own cancellations they know of).
    if (reason === 'guest' && wasConfirmed) await this.mails.guestChangedForStaff(tx.manager, details, 'cancelled');
    return { refunded: refund, openSession };
  }

  /** After the commit: mails and refunds go out, open Checkout Sessions are closed. */
  async afterCancel(results: CancelResult[]): Promise<void> {
    this.outbox.kick();
    if (results.some((result) => result.refunded)) this.writer.kickRefunds();
    for (const result of results) if (result.openSession) await this.stripe.expireSession(result.openSession);
  }
}
