import { Injectable } from '@nestjs/common';

import type { BookingSummary } from '../../shared/api-types';
import { AppConfig } from '../config/app-config';
import { BookingLifecycle } from './booking-lifecycle.service';
import { normalizeReference } from './booking-reference';
import { mapBookingDetails, mapBookingSummary, type BookingDetails } from './booking.mapper';
import type { CreateBookingDto } from './dto/create-booking.dto';

/** What guests do with a booking by its reference; every change is a lifecycle transition. */
@Injectable()
export class BookingsService {
  constructor(
    private readonly lifecycle: BookingLifecycle,
    private readonly config: AppConfig,
  ) {}

  async hold(dto: CreateBookingDto, clientIp: string): Promise<BookingSummary> {
    return this.summary(await this.lifecycle.hold(dto, clientIp));
  }

  /** Pay on arrival confirms now; with Stripe the guest goes to Stripe's page. */
  async checkout(reference: string): Promise<{ redirectUrl: string }> {
    if (this.lifecycle.checkoutMethod === 'stripe') return this.lifecycle.startCardPayment(reference);
    await this.lifecycle.confirmOnArrival(reference);
    return { redirectUrl: `/success/?booking=${normalizeReference(reference)}` };
  }

  /** Releases a hold. A confirmed booking is changed by staff, so the guest is sent to the phone. */
  async cancel(reference: string): Promise<BookingSummary> {
    await this.lifecycle.cancelByGuest(reference);
    return this.summary(reference);
  }

  async summary(reference: string): Promise<BookingSummary> {
    return mapBookingSummary(await this.details(reference), this.config.cancelFreeHours);
  }

  async details(reference: string): Promise<BookingDetails> {
    return mapBookingDetails(await this.lifecycle.load(reference), this.lifecycle.checkoutMethod);
  }
}
