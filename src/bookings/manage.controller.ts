import { Body, Controller, Get, Header, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';

import type { ChangePreview, ManagedBooking, ManagedChange } from '../../shared/api-types';
import { clientIp } from '../common/throttling/client-ip';
import { ChangeManagedBookingDto, FindBookingDto, UpdateManagedBookingDto, RebookManagedBookingDto, WeatherOfferAnswerDto } from './dto/manage-booking.dto';
import { ManageService } from './manage.service';

/** An answer with the guest's own booking and details: never kept by a browser or a proxy. */
const NotKept = (): MethodDecorator => Header('Cache-Control', 'no-store');

/** The guest's own booking, through the signed token in the booking mails. */
@ApiTags('manage')
@Controller('api/manage')
@UseGuards(ThrottlerGuard)
export class ManageController {
  constructor(private readonly manage: ManageService) {}

  @Post('find')
  @HttpCode(202)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @ApiOperation({ summary: 'Mail the manage link to a guest whose reference and email match' })
  @ApiBadRequestResponse({ description: 'A bad field; `fields` names each one' })
  @ApiAcceptedResponse({ description: 'The same answer whether or not they match' })
  find(@Body() dto: FindBookingDto, @Req() request: Request): Promise<{ message: string }> {
    return this.manage.find(dto, clientIp(request));
  }

  @Get(':token')
  @NotKept()
  @ApiOperation({ summary: 'Read a booking as its guest sees it, with the cancellation policy' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  @ApiOkResponse({ description: 'The booking as its guest sees it, with the policy' })
  view(@Param('token') token: string): Promise<ManagedBooking> {
    return this.manage.view(token);
  }

  @Post(':token/cancel')
  @HttpCode(200)
  @NotKept()
  @ApiOperation({ summary: 'Cancel a booking under the cancellation policy' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  @ApiConflictResponse({ description: 'The tour has started, or the booking cannot be cancelled' })
  @ApiOkResponse({ description: 'The booking, cancelled; a refund when one is due' })
  cancel(@Param('token') token: string): Promise<ManagedBooking> {
    return this.manage.cancel(token);
  }

  @Post(':token/change/preview')
  @HttpCode(200)
  @NotKept()
  @ApiOperation({ summary: 'What a change of date or guests would cost or give back, without making it' })
  @ApiBadRequestResponse({ description: 'A bad field, or the same booking as it is' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  @ApiConflictResponse({ description: 'Not enough seats, or the change is not allowed now' })
  @ApiOkResponse({ description: 'The new total and what happens to the money' })
  previewChange(@Param('token') token: string, @Body() dto: ChangeManagedBookingDto): Promise<ChangePreview> {
    return this.manage.previewChange(token, dto);
  }

  @Post(':token/balance')
  @HttpCode(200)
  @NotKept()
  @ApiOperation({ summary: "Pay the balance of a booking that paid its deposit: Stripe's page, back to the manage page after" })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  @ApiConflictResponse({ description: 'The booking owes no balance, or the tour has started' })
  @ApiOkResponse({ description: "{ paymentUrl }: Stripe's page for what the booking owes" })
  payBalance(@Param('token') token: string): Promise<{ paymentUrl: string }> {
    return this.manage.payBalance(token);
  }

  @Post(':token/rebook')
  @HttpCode(200)
  @NotKept()
  @ApiOperation({ summary: 'Move a booking whose date we cancelled to another date, free' })
  @ApiBadRequestResponse({ description: 'A bad field, or a date of another tour' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  @ApiConflictResponse({ description: 'Not enough seats, or the booking was not cancelled by us' })
  @ApiOkResponse({ description: 'The booking, confirmed on the new date' })
  rebook(@Param('token') token: string, @Body() dto: RebookManagedBookingDto): Promise<ManagedBooking> {
    return this.manage.rebook(token, dto.departureId);
  }

  @Post(':token/weather-offer')
  @HttpCode(200)
  @NotKept()
  @ApiOperation({ summary: 'Answer a move after the weather: the other date (free) or a full refund' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired, or there is no offer' })
  @ApiConflictResponse({ description: 'Already answered, or the other date has no room or is closed' })
  @ApiOkResponse({ description: 'The booking, moved or cancelled and refunded' })
  answerWeatherOffer(@Param('token') token: string, @Body() dto: WeatherOfferAnswerDto): Promise<ManagedBooking> {
    return this.manage.answerWeatherOffer(token, dto.choice);
  }

  @Post(':token/change')
  @HttpCode(200)
  @NotKept()
  @ApiOperation({ summary: 'Move a booking to another date or change its guests' })
  @ApiBadRequestResponse({ description: 'A bad field, or the same booking as it is' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  @ApiConflictResponse({ description: 'Not enough seats, or the change is not allowed now' })
  @ApiOkResponse({ description: 'The change, made, or the payment page for a dearer one (with a gift card: it pays what it covers, the rest due on arrival)' })
  @ApiTooManyRequestsResponse({ description: 'Too many gift card codes tried from this address in an hour' })
  change(@Param('token') token: string, @Body() dto: ChangeManagedBookingDto, @Req() request: Request): Promise<ManagedChange> {
    return this.manage.change(token, dto, clientIp(request));
  }

  @Patch(':token')
  @NotKept()
  @ApiOperation({ summary: 'Change the phone, notes or pickup hotel of a booking' })
  @ApiBadRequestResponse({ description: 'A bad field; `fields` names each one' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  @ApiOkResponse({ description: 'The booking, changed' })
  update(@Param('token') token: string, @Body() dto: UpdateManagedBookingDto): Promise<ManagedBooking> {
    return this.manage.update(token, dto);
  }
}
