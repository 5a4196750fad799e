import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';

import { BookingMailService } from '../bookings/booking-mail.service';
import { Booking } from '../bookings/booking.entity';
import { mapBookingSummary } from '../bookings/booking.mapper';
import { withDepartureLock } from '../bookings/departure-lock';
import { takenSeats } from '../bookings/seats';
import { Departure } from '../tours/departure.entity';
import { PaymentEvent } from './payment-event.entity';
import { StripeService } from './stripe.service';

type Outcome = 'confirmed' | 'refunded' | 'expired' | 'unchanged';

/**
 * Stripe's webhook events, each applied once: the event id is recorded in the same
 * transaction as the change, so a redelivered or out-of-order event changes nothing twice.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stripe: StripeService,
    private readonly mail: BookingMailService,
  ) {}

  async handle(event: Stripe.Event, now = new Date()): Promise<{ received: true; outcome: Outcome | 'duplicate' | 'ignored' }> {
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.expired') {
      return { received: true, outcome: 'ignored' };
    }
    const session = event.data.object as Stripe.Checkout.Session;
    const reference = session.metadata?.reference ?? session.client_reference_id ?? undefined;
    const booking = reference ? await this.dataSource.getRepository(Booking).findOneBy({ reference }) : null;
    if (!booking) {
      this.logger.warn(`Stripe event ${event.id} names no known booking (${reference ?? 'no reference'})`);
      return { received: true, outcome: 'ignored' };
    }

    const outcome = await withDepartureLock(this.dataSource, booking.departureId, async (manager) => {
      if (!(await this.recordOnce(manager, event, booking.reference))) return 'duplicate' as const;
      const fresh = await manager.findOneByOrFail(Booking, { id: booking.id });
      return event.type === 'checkout.session.completed' ? this.completed(manager, fresh, session, now) : this.expired(manager, fresh);
    });

    if (outcome === 'confirmed' || outcome === 'refunded') {
      const loaded = await this.dataSource.getRepository(Booking).findOneOrFail({
        where: { id: booking.id },
        relations: { departure: { tour: true }, stayPackage: true },
      });
      const summary = mapBookingSummary(loaded, 'stripe', now);
      await (outcome === 'confirmed' ? this.mail.confirmed(summary) : this.mail.refunded(summary));
    }
    return { received: true, outcome };
  }

  /** Paid: confirm, unless the hold lapsed and its seats went to others; then refund. */
  private async completed(manager: EntityManager, booking: Booking, session: Stripe.Checkout.Session, now: Date): Promise<Outcome> {
    if (session.payment_status !== 'paid' || booking.status === 'confirmed' || booking.status === 'refunded') return 'unchanged';
    const paymentIntentId = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    const stillHeld = booking.status === 'held' && booking.holdExpiresAt !== null && booking.holdExpiresAt > now;
    const { capacity } = await manager.findOneByOrFail(Departure, { id: booking.departureId });
    const seatsFree = stillHeld || capacity - (await takenSeats(manager, booking.departureId, now, booking.id)) >= booking.guests;
    if (seatsFree) {
      await manager.update(Booking, { id: booking.id }, { status: 'confirmed', paymentMethod: 'stripe', paymentStatus: 'paid', paidAt: now, confirmedAt: now, stripePaymentIntentId: paymentIntentId });
      return 'confirmed';
    }
    if (paymentIntentId) await this.stripe.refund(paymentIntentId, booking.reference);
    await manager.update(Booking, { id: booking.id }, { status: 'refunded', paymentMethod: 'stripe', paymentStatus: 'refunded', paidAt: now, stripePaymentIntentId: paymentIntentId });
    this.logger.warn(`Refunded ${booking.reference}: paid after its hold expired and the seats were taken`);
    return 'refunded';
  }

  /** The guest left Stripe's page unpaid: release the hold. A paid booking stays as it is. */
  private async expired(manager: EntityManager, booking: Booking): Promise<Outcome> {
    if (booking.status !== 'held') return 'unchanged';
    await manager.update(Booking, { id: booking.id }, { status: 'expired' });
    return 'expired';
  }

  private async recordOnce(manager: EntityManager, event: Stripe.Event, reference: string): Promise<boolean> {
    if (await manager.existsBy(PaymentEvent, { id: event.id })) return false;
    try {
      await manager.insert(PaymentEvent, { id: event.id, type: event.type, bookingReference: reference });
      return true;
    } catch (error) {
      if (error instanceof QueryFailedError) return false;
      throw error;
    }
  }
}
