import { Body, Controller, Get, Header, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Response } from 'express';

import type { BookingSummary, ListResponse, StayPackageView } from '../../client/api/types';
import { AppConfig } from '../config/app-config';
import { bookingCalendar } from './booking-mail.service';
import { BookingsService } from './bookings.service';
import { CreateBookingDto } from './dto/create-booking.dto';
import { StaysService } from './stays.service';

/** Looking bookings up by reference is limited, so references cannot be guessed by brute force. */
const LOOKUP_LIMIT = { default: { limit: 60, ttl: 60_000 } };

@ApiTags('bookings')
@Controller('api')
@UseGuards(ThrottlerGuard)
export class BookingsController {
  constructor(
    private readonly bookings: BookingsService,
    private readonly stays: StaysService,
    private readonly config: AppConfig,
  ) {}

  @Get('stays')
  async listStays(): Promise<ListResponse<StayPackageView>> {
    return { data: await this.stays.list() };
  }

  @Post('bookings')
  @HttpCode(201)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiCreatedResponse({ description: 'Seats held for HOLD_MINUTES' })
  @ApiConflictResponse({ description: 'Not enough seats left' })
  create(@Body() dto: CreateBookingDto): Promise<BookingSummary> {
    return this.bookings.hold(dto);
  }

  @Get('bookings/:reference')
  @Throttle(LOOKUP_LIMIT)
  get(@Param('reference') reference: string): Promise<BookingSummary> {
    return this.bookings.summary(reference);
  }

  @Get('bookings/:reference/calendar.ics')
  @Throttle(LOOKUP_LIMIT)
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  async calendar(@Param('reference') reference: string, @Res({ passthrough: true }) response: Response): Promise<string> {
    const booking = await this.bookings.summary(reference);
    response.setHeader('Content-Disposition', `attachment; filename="${booking.reference}.ics"`);
    return bookingCalendar(booking, this.config.publicUrl);
  }

  @Post('bookings/:reference/checkout')
  @HttpCode(200)
  @Throttle(LOOKUP_LIMIT)
  checkout(@Param('reference') reference: string): Promise<{ redirectUrl: string }> {
    return this.bookings.checkout(reference);
  }

  @Post('bookings/:reference/cancel')
  @HttpCode(200)
  @Throttle(LOOKUP_LIMIT)
  cancel(@Param('reference') reference: string): Promise<BookingSummary> {
    return this.bookings.cancel(reference);
  }
}
