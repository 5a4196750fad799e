import { Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';

import { AppConfig } from '../config/app-config';
import { localizedPath, type Lang } from '../../shared/languages';

export interface CheckoutLine {
  name: string;
  unitAmountSek: number;
  quantity: number;
}

/** Stripe Checkout, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
@Injectable()
export class StripeService {
  private readonly logger = new Logger(StripeService.name);
  private readonly client?: Stripe;

  constructor(private readonly config: AppConfig) {
    const stripe = config.stripe;
    if (!stripe) return;
    const api = stripe.apiUrl ? new URL(stripe.apiUrl) : undefined;
    this.client = new Stripe(stripe.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  }

  get enabled(): boolean {
    return this.client !== undefined;
  }

  /** How guests pay: by card on Stripe's page when Stripe is set up, else on arrival. */
  get checkoutMethod(): 'stripe' | 'on_arrival' {
    return this.enabled ? 'stripe' : 'on_arrival';
  }

  private get stripe(): Stripe {
    if (!this.client) throw new Error('Stripe is not configured');
    return this.client;
  }

  /**
   * A Checkout Session with the server's own line items. Each session of a booking has a key
   * of its own (`attempt`), so a retried request is answered once and a new one never collides
   * with an earlier one's parameters (Stripe refuses a reused key with other parameters).
   */
  createCheckoutSession(input: { reference: string; attempt: number; email: string; lines: CheckoutLine[]; expiresAt: Date; language: Lang }): Promise<Stripe.Checkout.Session> {
    const base = this.config.publicUrl;
    return this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer_email: input.email,
        client_reference_id: input.reference,
        metadata: { reference: input.reference },
        payment_intent_data: { metadata: { reference: input.reference } },
        line_items: input.lines.map((line) => ({
          quantity: line.quantity,
          price_data: { currency: 'sek', unit_amount: line.unitAmountSek * 100, product_data: { name: line.name } },
        })),
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        // Back to the pages in the language the guest booked in, and Stripe's own page in it too.
        success_url: `${base}${localizedPath(input.language, '/success/')}?booking=${input.reference}`,
        cancel_url: `${base}${localizedPath(input.language, '/cancel/')}?booking=${input.reference}`,
        locale: input.language,
      },
      { idempotencyKey: `checkout-${input.reference}-${input.attempt}` },
    );
  }

  /**
   * A Checkout Session for the extra cost of a change a guest asked for (another date or more
   * guests); `change` names it in the metadata, so the webhook applies exactly that change.
   */
  createChangeSession(input: { reference: string; attempt: number; email: string; description: string; amountOre: number; change: string; returnUrl: string; language: Lang; expiresAt: Date }): Promise<Stripe.Checkout.Session> {
    return this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer_email: input.email,
        client_reference_id: input.reference,
        metadata: { reference: input.reference, change: input.change },
        payment_intent_data: { metadata: { reference: input.reference, change: input.change } },
        line_items: [{ quantity: 1, price_data: { currency: 'sek', unit_amount: input.amountOre, product_data: { name: input.description } } }],
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        success_url: `${input.returnUrl}&changed=paid`,
        cancel_url: input.returnUrl,
        locale: input.language,
      },
      { idempotencyKey: `change-${input.reference}-${input.attempt}` },
    );
  }

  /**
   * A Checkout Session for a deposit's balance, from the manage page and back to it. Its payment
   * pays what the confirmed booking owes (the webhook checks the amount against it then).
   */
  createBalanceSession(input: { reference: string; attempt: number; email: string; description: string; amountOre: number; returnUrl: string; language: Lang; expiresAt: Date }): Promise<Stripe.Checkout.Session> {
    const metadata = { reference: input.reference, balance: 'true' };
    return this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer_email: input.email,
        client_reference_id: input.reference,
        metadata,
        payment_intent_data: { metadata },
        line_items: [{ quantity: 1, price_data: { currency: 'sek', unit_amount: input.amountOre, product_data: { name: input.description } } }],
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        success_url: `${input.returnUrl}&balance=paid`,
        cancel_url: input.returnUrl,
        locale: input.language,
      },
      { idempotencyKey: `balance-${input.reference}-${input.attempt}` },
    );
  }

  /** A Checkout Session for a gift card bought on the site; `giftCard` in the metadata is how its payment finds the card. */
  createGiftCardSession(input: { giftCardId: number; email: string; name: string; amountOre: number; language: Lang; expiresAt: Date; successUrl: string; cancelUrl: string }): Promise<Stripe.Checkout.Session> {
    const metadata = { giftCard: String(input.giftCardId) };
    return this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer_email: input.email,
        client_reference_id: `gift-card-${input.giftCardId}`,
        metadata,
        payment_intent_data: { metadata },
        line_items: [{ quantity: 1, price_data: { currency: 'sek', unit_amount: input.amountOre, product_data: { name: input.name } } }],
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        locale: input.language,
      },
      { idempotencyKey: `gift-card-${input.giftCardId}` },
    );
  }

  /** Closes a session nobody should pay any more; a session already closed is fine. */
  async expireSession(sessionId: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      this.logger.warn(`Could not expire Checkout Session ${sessionId}: ${String(error)}`);
    }
  }

  /** Verifies the signature over the raw body; throws when it does not match. */
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.stripe!.webhookSecret);
  }

  /** A refund of `amountOre` of a payment; the key makes a retry return the same refund. */
  refund(input: { paymentIntentId: string; amountOre: number; reference: string; cause: string }): Promise<Stripe.Refund> {
    return this.stripe.refunds.create(
      { payment_intent: input.paymentIntentId, amount: input.amountOre, metadata: { reference: input.reference, cause: input.cause } },
      { idempotencyKey: `refund-${input.reference}-${input.cause}` },
    );
  }
}
