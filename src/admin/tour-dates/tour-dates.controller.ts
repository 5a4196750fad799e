import { Body, Get, HttpCode, Param, ParseIntPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';

import { StaffBookingsService, type ManifestView } from '../../bookings/staff-bookings.service';
import { TourDatesQuery } from '../../departures/dto/tour-dates-query.dto';
import { CurrentAdmin, StaffController } from '../auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from '../auth/admin-token';
import { CreateTourDateDto } from './dto/create-tour-date.dto';
import { CreateRecurringTourDatesDto, MinimumDecisionDto, UpdateTourDateDto } from './dto/tour-date-changes.dto';
import { TourDatesService, type TourDateView } from './tour-dates.service';

/** Departures as staff plan them: added one by one or as a series, changed, decided on below their minimum, and their passenger lists. */
@StaffController('api/admin/tour-dates')
export class TourDatesController {
  constructor(
    private readonly tourDates: TourDatesService,
    private readonly bookings: StaffBookingsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List departures in a date range' })
  async listTourDates(@Query() query: TourDatesQuery): Promise<{ data: TourDateView[] }> {
    return { data: await this.tourDates.list(query) };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Add a departure' })
  createTourDate(@Body() dto: CreateTourDateDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<TourDateView> {
    return this.tourDates.create(dto, admin);
  }

  @Post('recurring')
  @HttpCode(201)
  @ApiOperation({ summary: 'Add departures on chosen weekdays over a date range' })
  async createSeries(@Body() dto: CreateRecurringTourDatesDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ data: TourDateView[]; existing: number; past: number }> {
    // What was made, and what the series asked for that was not: dates already there, and dates past.
    const { created, existing, past } = await this.tourDates.createRecurring(dto, admin);
    return { data: created, existing, past };
  }

  @Patch(':id')
  @ApiOperation({ summary: "Change a departure's capacity, price or status" })
  updateTourDate(
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: UpdateTourDateDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<{ departure: TourDateView; affectedBookings: string[] }> {
    return this.tourDates.update(id, dto, admin);
  }

  @Post(':id/minimum')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decide on a departure below its minimum to run: run it anyway, or cancel it' })
  decideMinimum(
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: MinimumDecisionDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<{ departure: TourDateView; affectedBookings: string[] }> {
    return this.tourDates.decideMinimum(id, dto.decision, admin);
  }

  @Get(':id/manifest')
  @ApiOperation({ summary: 'The passenger list of a departure' })
  manifest(@Param('id', ParseIntPipe) id: number): Promise<ManifestView> {
    return this.bookings.manifest(id);
  }
}
