import { Injectable } from '@nestjs/common';

import type { TourDetail } from '../../shared/api-types';
import type { Booking } from '../bookings/booking.entity';
import { VoucherCodes } from '../bookings/voucher-codes';
import { clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { octoBooking } from './octo-booking.mapper';
import { OctoCatalogue, type OctoView } from './octo-catalogue';
import type { OctoAvailability, OctoBooking } from './octo-types';
import type { Reseller } from './reseller.entity';

/** A reseller's booking as OCTO shows it: in an answer to the reseller, and in a webhook's call. */
@Injectable()
export class OctoBookingViews {
  constructor(
    private readonly catalogue: OctoCatalogue,
    private readonly config: AppConfig,
    private readonly vouchers: VoucherCodes,
  ) {}

  /** The booking as OCTO's Booking, with the capabilities `view` asks for; `tours` keeps the tours already read for a list of bookings. */
  async booking(reseller: Reseller, booking: Booking, view: OctoView, tours = new Map<string, Promise<TourDetail>>()): Promise<OctoBooking> {
    const productId = String(booking.departure!.tourId);
    let availability: OctoAvailability | null = null;
    let tour: TourDetail | null = null;
    try {
      if (!tours.has(productId)) tours.set(productId, this.catalogue.tour(reseller, productId, view.lang));
      tour = await tours.get(productId)!;
      availability = this.catalogue.availabilityOf(reseller, tour, await this.catalogue.departureOf(tour, booking.departure!), 1, view);
    } catch {
      // A departure that has left, closed or been cancelled has no availability to show.
    }
    return octoBooking(
      booking,
      {
        reseller,
        productId,
        availability,
        cancelFreeHours: this.config.cancelFreeHours,
        pricing: (priceSek) => this.catalogue.pricing(reseller, priceSek),
        voucherCode: (reference) => this.vouchers.code(reference),
        view,
        tour,
      },
      clock.now(),
    );
  }
}
