import { Injectable } from '@nestjs/common';

import type { BookingSummary } from '../../shared/api-types';
import { AppConfig } from '../config/app-config';
import { MinimumDecisions } from '../departures/minimum-decisions';
import { BookingWords, inWords } from './booking-words';
import { HoldCheckout } from './lifecycle/hold-checkout.service';
import { BookingWriter } from './lifecycle/booking-writer';
import { normalizeReference } from '../../shared/booking-reference';
import { mapBookingDetails, mapBookingSummary, type BookingDetails } from './booking.mapper';
import type { CreateBookingDto } from './dto/create-booking.dto';
import { clock } from '../common/clock';

/** What guests do with a booking by its reference; every change is a lifecycle transition. */
@Injectable()
export class BookingsService {
  constructor(
    private readonly holds: HoldCheckout,
    private readonly writer: BookingWriter,
    private readonly config: AppConfig,
    private readonly words: BookingWords,
    private readonly minimums: MinimumDecisions,
  ) {}

  async hold(dto: CreateBookingDto, clientIp: string): Promise<BookingSummary> {
    return this.summary(await this.holds.hold(dto, clientIp));
  }

  /** Pay on arrival confirms now; with Stripe the guest goes to Stripe's page. */
  async checkout(reference: string): Promise<{ redirectUrl: string }> {
    if (this.writer.checkoutMethod === 'stripe') return this.holds.startCardPayment(reference);
    await this.holds.confirmOnArrival(reference);
    return { redirectUrl: `/success/?booking=${normalizeReference(reference)}` };
  }

  /** Releases a hold. A confirmed booking is changed by staff, so the guest is sent to the phone. */
  async cancel(reference: string): Promise<BookingSummary> {
    await this.holds.cancelByGuest(reference);
    return this.summary(reference);
  }

  /** What the booking's pages show, in the language it was booked in. */
  async summary(reference: string): Promise<BookingSummary> {
    const details = await this.details(reference);
    // A date still short of its minimum: the checkout page says so before the guest confirms, the success page after, as the mail does.
    const minimum = details.status === 'confirmed' || details.status === 'held' ? await this.minimums.pendingView(details.departure.id, clock.now(), undefined, details.status === 'held' ? details.seats : 0) : undefined;
    return { ...inWords(mapBookingSummary(details, this.config.cancelFreeHours), await this.words.forBooking(details)), ...(minimum ? { minimum } : {}) };
  }

  async details(reference: string): Promise<BookingDetails> {
    return mapBookingDetails(await this.writer.load(reference), this.writer.checkoutMethod);
  }
}
