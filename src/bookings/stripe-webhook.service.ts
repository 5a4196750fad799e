import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import type Stripe from 'stripe';
import { EntityManager } from 'typeorm';

import { isDuplicateKey } from '../database/transactions';
import { HoldCheckout, type PaymentOutcome } from './lifecycle/hold-checkout.service';
import { GuestChanges } from './lifecycle/guest-changes.service';
import { PaymentEvent } from './payment-event.entity';
import { GiftCardSales } from '../gift-cards/gift-card-sales.service';
import { clock } from '../common/clock';

type Outcome = PaymentOutcome | 'expired' | 'ignored';

/**
 * Stripe's webhook events, handed to the booking lifecycle. Each event id is recorded in the
 * same transaction as the change it makes, so a redelivered or out-of-order event changes
 * nothing twice.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    private readonly checkout: HoldCheckout,
    private readonly guestChanges: GuestChanges,
    private readonly giftCards: GiftCardSales,
  ) {}

  async handle(event: Stripe.Event, now = clock.now()): Promise<{ received: true; outcome: Outcome }> {
    const paidTypes = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'];
    if (!paidTypes.includes(event.type) && event.type !== 'checkout.session.expired') return { received: true, outcome: 'ignored' };
    const session = event.data.object as Stripe.Checkout.Session;
    // A gift card bought on the site: its session names the card, not a booking.
    if (session.metadata?.giftCard) {
      if (event.type === 'checkout.session.expired') return { received: true, outcome: 'ignored' };
      const payment = { sessionId: session.id, paid: session.payment_status === 'paid', amountOre: session.amount_total ?? null, currency: session.currency ?? null };
      return { received: true, outcome: await this.giftCards.recordPayment(payment, (manager) => this.recordOnce(manager, event, null), now) };
    }
    const reference = session.metadata?.reference ?? session.client_reference_id ?? undefined;
    try {
      if (!reference) throw new NotFoundException('no reference');
      if (event.type === 'checkout.session.expired') {
        return { received: true, outcome: await this.checkout.cardSessionExpired(reference, session.id, now) };
      }
      const paymentIntentId = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      const payment = { reference, sessionId: session.id, paymentIntentId, paid: session.payment_status === 'paid', amountOre: session.amount_total ?? null, currency: session.currency ?? null };
      const recordOnce = (manager: EntityManager) => this.recordOnce(manager, event, reference);
      // A session for the extra cost of a guest's change names that change; any other pays the booking.
      const change = session.metadata?.change;
      const outcome = change ? await this.guestChanges.recordChangePayment({ ...payment, change }, recordOnce, now) : await this.checkout.recordCardPayment(payment, recordOnce, now);
      return { received: true, outcome };
    } catch (error) {
      // Stripe would redeliver an event for an unknown booking for days; it is logged instead.
      if (!(error instanceof NotFoundException)) throw error;
      this.logger.warn(`Stripe event ${event.id} names no known booking (${reference ?? 'no reference'})`);
      return { received: true, outcome: 'ignored' };
    }
  }

  private async recordOnce(manager: EntityManager, event: Stripe.Event, reference: string | null): Promise<boolean> {
    if (await manager.existsBy(PaymentEvent, { id: event.id })) return false;
    try {
      await manager.insert(PaymentEvent, { id: event.id, type: event.type, bookingReference: reference });
      return true;
    } catch (error) {
      // The same event, delivered twice at once: the other delivery recorded it.
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
