import { BadRequestException, Controller, Headers, HttpCode, NotFoundException, Post, type RawBodyRequest, Req } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type Stripe from 'stripe';

import { StripeWebhookService } from './stripe-webhook.service';
import { StripeService } from '../stripe/stripe.service';

@ApiTags('payments')
@Controller('api/payments')
export class StripeWebhookController {
  constructor(
    private readonly stripe: StripeService,
    private readonly payments: StripeWebhookService,
  ) {}

  /** Stripe's signed events; the signature covers the raw body, so it is checked before anything else. */
  @Post('stripe/webhook')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async stripeWebhook(@Req() request: RawBodyRequest<Request>, @Headers('stripe-signature') signature?: string): Promise<{ received: true }> {
    if (!this.stripe.enabled) throw new NotFoundException('Card payments are not enabled.');
    if (!signature || !request.rawBody) throw new BadRequestException('The Stripe signature is missing.');
    let event: Stripe.Event;
    try {
      event = this.stripe.verifyEvent(request.rawBody, signature);
    } catch {
      throw new BadRequestException('The Stripe signature does not match.');
    }
    await this.payments.handle(event);
    return { received: true };
  }
}
