import { Module } from '@nestjs/common';

import { StripeService } from './stripe.service';

/** Stripe's API (Checkout Sessions, refunds, signed webhook events), at the bottom: bookings use it, it knows no booking. */
@Module({
  providers: [StripeService],
  exports: [StripeService],
})
export class StripeModule {}
