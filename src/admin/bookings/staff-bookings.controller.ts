import { Body, Get, Header, HttpCode, Param, ParseIntPipe, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';

import type { BookingHistoryEntry } from '../../../shared/admin-types';
import type { ListResponse } from '../../../shared/api-types';
import { BookingHistory } from '../../bookings/booking-history.service';
import { AdminBookingsQuery, AttendanceDto, CreateStaffBookingDto, MoveBookingDto } from '../../bookings/dto/staff-bookings.dto';
import { StaffBookingsService, type AdminBookingRow } from '../../bookings/staff-bookings.service';
import { CurrentAdmin, StaffController } from '../auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from '../auth/admin-token';

/** Bookings as staff see and change them: found, exported, taken on the phone, paid, moved, cancelled, checked in. */
@StaffController('api/admin')
export class StaffBookingsController {
  constructor(
    private readonly bookings: StaffBookingsService,
    private readonly history: BookingHistory,
  ) {}

  @Get('bookings')
  @ApiOperation({ summary: 'Find bookings by status, tour, dates and text, a page at a time' })
  listBookings(@Query() query: AdminBookingsQuery): Promise<{ data: AdminBookingRow[]; total: number; page: number; pageSize: number }> {
    return this.bookings.list(query);
  }

  @Get('bookings.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiOperation({ summary: 'Export the bookings found as CSV' })
  async bookingsCsv(@Query() query: AdminBookingsQuery, @Res({ passthrough: true }) response: Response): Promise<string> {
    response.setHeader('Content-Disposition', `attachment; filename="bokningar-${new Date().toISOString().slice(0, 10)}.csv"`);
    return this.bookings.csv(query);
  }

  @Post('bookings')
  @HttpCode(201)
  @ApiOperation({ summary: 'Take a booking on the phone or at the desk' })
  createBooking(@Body() dto: CreateStaffBookingDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    return this.bookings.create(dto, admin);
  }

  @Get('deposits')
  @ApiOperation({ summary: "What guests owe after a deposit: confirmed bookings with the balance unpaid, soonest due first (a late one flagged)" })
  async owedBalances(): Promise<ListResponse<AdminBookingRow>> {
    return { data: await this.bookings.owedBalances() };
  }

  @Get('bookings/:reference')
  @ApiOperation({ summary: 'Read a booking' })
  booking(@Param('reference') reference: string): Promise<AdminBookingRow> {
    return this.bookings.detail(reference);
  }

  @Get('bookings/:reference/history')
  @ApiOperation({ summary: "A booking's history: every transition, mail, refund and staff action, with when and who" })
  async bookingHistory(@Param('reference') reference: string): Promise<ListResponse<BookingHistoryEntry>> {
    return { data: await this.history.of(reference) };
  }

  @Post('bookings/:reference/mark-paid')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark a booking paid' })
  markPaid(@Param('reference') reference: string, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    return this.bookings.markPaid(reference, admin);
  }

  @Post('bookings/:reference/repaid')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record money taken on site as given back by hand (after a cancellation or a cheaper change)' })
  @ApiOkResponse({ description: 'The booking, holding only its price (or nothing once cancelled)' })
  @ApiConflictResponse({ description: 'The booking holds no money taken on site to give back' })
  recordRepayment(@Param('reference') reference: string, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    return this.bookings.recordRepayment(reference, admin);
  }

  @Post('bookings/:reference/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a booking (a card payment is refunded)' })
  cancelBooking(@Param('reference') reference: string, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    return this.bookings.cancel(reference, admin);
  }

  @Patch('bookings/:reference/attendance')
  @ApiOperation({ summary: 'Check guests in, or mark them no-show' })
  markAttendance(@Param('reference') reference: string, @Body() dto: AttendanceDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    return this.bookings.markAttendance(reference, dto.attendance, admin);
  }

  @Post('bookings/:reference/move')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move a booking to another departure of the same tour' })
  moveBooking(@Param('reference') reference: string, @Body() dto: MoveBookingDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    return this.bookings.move(reference, dto.departureId, admin);
  }

  /** "Try again" for a refund that gave up after its last try. */
  @Post('refunds/:id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Try a refund that failed again' })
  async retryRefund(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ queued: true }> {
    await this.bookings.retryRefund(id, admin);
    return { queued: true };
  }
}
