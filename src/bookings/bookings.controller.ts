import { Body, CanActivate, Controller, ExecutionContext, Get, Header, HttpCode, Injectable, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';

import type { BookingSummary, ListResponse, PromoPreview, RecoveredChoices, StayPackageView } from '../../shared/api-types';
import { clock } from '../common/clock';
import { PromoTries } from '../promo-codes/promo-tries.limiter';
import { PromoRedemption } from './lifecycle/promo-redemption';
import { PromoCheckDto } from './dto/promo-check.dto';
import { clientIp } from '../common/throttling/client-ip';
import { AppConfig } from '../config/app-config';
import { bookingCalendar } from './notifications/mail-facts';
import { BookingLookupLimiter } from './booking-lookup.limiter';
import { BookingsService } from './bookings.service';
import { CheckoutDto } from './dto/checkout.dto';
import { CreateBookingDto } from './dto/create-booking.dto';
import { RecoverBookingDto } from './dto/recover-booking.dto';
import { StaysService } from './stays.service';
import { LangQuery } from '../common/i18n/lang-query.dto';

/** Every call that names a booking by its reference counts against the address's look-ups. */
@Injectable()
class BookingLookupGuard implements CanActivate {
  constructor(private readonly limiter: BookingLookupLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limiter.consume(clientIp(context.switchToHttp().getRequest<Request>()));
    return true;
  }
}

@ApiTags('bookings')
@Controller('api')
export class BookingsController {
  constructor(
    private readonly bookings: BookingsService,
    private readonly stays: StaysService,
    private readonly config: AppConfig,
    private readonly promos: PromoRedemption,
    private readonly promoTries: PromoTries,
  ) {}

  @Get('stays')
  @ApiOperation({ summary: 'List the bookable stay packages (glass igloo, guesthouse nights), in English or (lang) Swedish or German' })
  async listStays(@Query() query: LangQuery): Promise<ListResponse<StayPackageView>> {
    return { data: await this.stays.list(query.lang) };
  }

  @Post('bookings')
  @HttpCode(201)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiCreatedResponse({ description: 'Seats held for HOLD_MINUTES' })
  @ApiConflictResponse({ description: 'Not enough seats left' })
  @ApiTooManyRequestsResponse({ description: 'Over the per-guest hold limits (Retry-After says when to try again)' })
  @ApiOperation({ summary: 'Hold seats on a departure' })
  @ApiBadRequestResponse({ description: 'A bad field; `fields` names each one' })
  create(@Body() dto: CreateBookingDto, @Req() request: Request): Promise<BookingSummary> {
    return this.bookings.hold(dto, clientIp(request));
  }

  @Post('bookings/recover')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiOperation({ summary: "A recovery mail's link, used (once, for 48 hours): the tour, date and party of the booking left half way, for the booking page; the seats are not held" })
  @ApiOkResponse({ description: '{ tourId, departureId, party, language }' })
  @ApiGoneResponse({ description: 'The link was used before, has expired, or is not one of ours' })
  recover(@Body() dto: RecoverBookingDto): Promise<RecoveredChoices> {
    return this.bookings.recover(dto.token);
  }

  @Post('promo-codes/check')
  @HttpCode(200)
  @ApiOperation({ summary: 'What a promo code takes off a party on a departure (the booking page\'s preview; the booking checks again). Each try counts: 20 an hour per address' })
  @ApiOkResponse({ description: '{ terms, discountSek }: terms to apply as the party changes, and the discount on this party' })
  @ApiBadRequestResponse({ description: 'Unknown, paused, not yet or no longer valid, another tour or date, used up, party too small: `message` says which in the guest\'s language, `reason` as a word' })
  @ApiTooManyRequestsResponse({ description: 'Too many codes tried from this address in the hour' })
  async checkPromoCode(@Body() dto: PromoCheckDto, @Req() request: Request): Promise<PromoPreview> {
    await this.promoTries.consume(clientIp(request));
    return this.promos.preview(dto.code, { departureId: dto.departureId, party: dto, email: dto.email }, clock.now());
  }

  @Get('bookings/:reference')
  @UseGuards(BookingLookupGuard)
  @ApiOperation({ summary: 'Read a booking by its reference' })
  @ApiNotFoundResponse({ description: 'No booking has that reference' })
  @ApiOkResponse({ description: 'The booking summary' })
  get(@Param('reference') reference: string): Promise<BookingSummary> {
    return this.bookings.summary(reference);
  }

  @Get('bookings/:reference/calendar.ics')
  @UseGuards(BookingLookupGuard)
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @ApiOperation({ summary: 'Download a booking as a calendar entry (.ics)' })
  @ApiNotFoundResponse({ description: 'No booking has that reference' })
  @ApiOkResponse({ description: 'text/calendar: the tour as a calendar entry' })
  async calendar(@Param('reference') reference: string, @Res({ passthrough: true }) response: Response): Promise<string> {
    const booking = await this.bookings.summary(reference);
    response.setHeader('Content-Disposition', `attachment; filename="${booking.reference}.ics"`);
    return bookingCalendar(booking, this.config.publicUrl);
  }

  @Post('bookings/:reference/checkout')
  @HttpCode(200)
  @UseGuards(BookingLookupGuard)
  @ApiOperation({ summary: 'Pay for a held booking (Stripe Checkout, or confirm to pay on arrival)' })
  @ApiNotFoundResponse({ description: 'No booking has that reference, or no gift card that code' })
  @ApiConflictResponse({ description: 'The booking cannot be paid in its state' })
  @ApiOkResponse({ description: '{ redirectUrl }: Stripe Checkout (for what a gift card leaves), or the success page when paying on arrival or a gift card paid it all' })
  @ApiBadRequestResponse({ description: 'The gift card is expired, voided or used up (`reason`), in the booking\'s language; or a deposit asked where none is offered, or with a gift card' })
  @ApiTooManyRequestsResponse({ description: 'Too many gift card codes tried from this address in an hour' })
  checkout(@Param('reference') reference: string, @Body() body: CheckoutDto, @Req() request: Request): Promise<{ redirectUrl: string }> {
    return this.bookings.checkout(reference, body.giftCardCode ? { code: body.giftCardCode, clientIp: clientIp(request) } : null, body.deposit === true);
  }

  @Post('bookings/:reference/cancel')
  @HttpCode(200)
  @UseGuards(BookingLookupGuard)
  @ApiOperation({ summary: 'Release the seats of a held booking' })
  @ApiNotFoundResponse({ description: 'No booking has that reference' })
  @ApiOkResponse({ description: 'The booking, cancelled' })
  cancel(@Param('reference') reference: string): Promise<BookingSummary> {
    return this.bookings.cancel(reference);
  }
}
