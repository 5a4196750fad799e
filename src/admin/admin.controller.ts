import { Body, Controller, Get, Header, HttpCode, Param, ParseIntPipe, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiOperation, ApiTags, ApiUnauthorizedResponse, type OpenAPIObject } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { Response } from 'express';

import { ApiDocuments } from '../common/api-docs';
import { MailOutbox } from '../mail/mail-outbox.service';
import { AuditLogService, type AuditLogView } from '../common/audit/audit-log.service';
import { AdminJwtGuard, CurrentAdmin } from './auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from './auth/admin-token';
import { BookingHistory } from '../bookings/booking-history.service';
import { StaffBookingsService, type AdminBookingRow, type ManifestView } from '../bookings/staff-bookings.service';
import { AdminBookingsQuery, AttendanceDto, CreateStaffBookingDto, MoveBookingDto } from '../bookings/dto/staff-bookings.dto';
import { AdminDashboardService, type DashboardView } from './dashboard/admin-dashboard.service';
import type { BookingHistoryEntry, ContactMessageView, ConversationRow } from '../../shared/admin-types';
import type { ListResponse } from '../../shared/api-types';
import { ConversationLog } from '../chat/conversation-log.service';
import { ContactInbox } from '../contact/contact-inbox.service';
import { CreateTourDateDto } from './tour-dates/dto/create-tour-date.dto';
import { TourDatesQuery } from '../departures/dto/tour-dates-query.dto';
import { CreateRecurringTourDatesDto, MinimumDecisionDto, UpdateTourDateDto } from './tour-dates/dto/tour-date-changes.dto';
import { TourDatesService, type TourDateView } from './tour-dates/tour-dates.service';

class LimitQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit måste vara ett heltal från 1 till 500' })
  @Min(1, { message: 'limit måste vara ett heltal från 1 till 500' })
  @Max(500, { message: 'limit måste vara ett heltal från 1 till 500' })
  limit?: number;
}

class SearchQuery {
  @IsOptional()
  @IsString({ message: 'q måste vara text' })
  @MaxLength(200, { message: 'q får vara högst 200 tecken' })
  q?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page måste vara ett heltal från 1' })
  @Min(1, { message: 'page måste vara ett heltal från 1' })
  page?: number;
}

class ChatLogsQuery extends SearchQuery {
  /** Only conversations with an answer nothing of ours grounded. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => value === 'true' || value === true)
  @IsBoolean({ message: 'unanswered måste vara true eller false' })
  unanswered?: boolean;

  /** Only conversations in which the guide held seats. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => value === 'true' || value === true)
  @IsBoolean({ message: 'booked måste vara true eller false' })
  booked?: boolean;
}

class ContactQuery {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => value === 'true' || value === true)
  @IsBoolean({ message: 'unhandled måste vara true eller false' })
  unhandled?: boolean;
}

class HandledDto {
  @IsBoolean({ message: 'handled måste vara true eller false' })
  handled: boolean;
}

/** Staff endpoints; every one checks the token on the server. */
@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid, current admin token' })
@UseGuards(AdminJwtGuard)
@Controller('api/admin')
export class AdminController {
  constructor(
    private readonly tourDates: TourDatesService,
    private readonly bookings: StaffBookingsService,
    private readonly history: BookingHistory,
    private readonly dashboard: AdminDashboardService,
    private readonly conversationLog: ConversationLog,
    private readonly contactInbox: ContactInbox,
    private readonly audit: AuditLogService,
    private readonly outbox: MailOutbox,
    private readonly documents: ApiDocuments,
  ) {}

  /** The whole API, the staff endpoints too (the public part is at /api/docs). */
  @Get('openapi.json')
  @ApiExcludeEndpoint()
  openApi(): OpenAPIObject {
    return this.documents.whole();
  }

  @Get('dashboard')
  @ApiOperation({ summary: "The dashboard: today's and tomorrow's departures, sales, holds, messages" })
  overview(): Promise<DashboardView> {
    return this.dashboard.overview();
  }

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

  /** "Send again" for a mail that gave up after its last try. */
  @Post('outbox/mails/:id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a mail that gave up again' })
  async retryMail(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ queued: true }> {
    await this.outbox.retry(id);
    await this.audit.record(admin.email, 'mail.retry', `mail:${id}`);
    return { queued: true };
  }

  /** "Try again" for a refund that gave up after its last try. */
  @Post('refunds/:id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Try a refund that failed again' })
  async retryRefund(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ queued: true }> {
    await this.bookings.retryRefund(id, admin);
    return { queued: true };
  }

  @Get('tour-dates')
  @ApiOperation({ summary: 'List departures in a date range' })
  async listTourDates(@Query() query: TourDatesQuery): Promise<{ data: TourDateView[] }> {
    return { data: await this.tourDates.list(query) };
  }

  @Post('tour-dates')
  @HttpCode(201)
  @ApiOperation({ summary: 'Add a departure' })
  createTourDate(@Body() dto: CreateTourDateDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<TourDateView> {
    return this.tourDates.create(dto, admin);
  }

  @Post('tour-dates/recurring')
  @HttpCode(201)
  @ApiOperation({ summary: 'Add departures on chosen weekdays over a date range' })
  async createSeries(@Body() dto: CreateRecurringTourDatesDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ data: TourDateView[]; existing: number; past: number }> {
    // What was made, and what the series asked for that was not: dates already there, and dates past.
    const { created, existing, past } = await this.tourDates.createRecurring(dto, admin);
    return { data: created, existing, past };
  }

  @Patch('tour-dates/:id')
  @ApiOperation({ summary: "Change a departure's capacity, price or status" })
  updateTourDate(
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: UpdateTourDateDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<{ departure: TourDateView; affectedBookings: string[] }> {
    return this.tourDates.update(id, dto, admin);
  }

  @Post('tour-dates/:id/minimum')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decide on a departure below its minimum to run: run it anyway, or cancel it' })
  decideMinimum(
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: MinimumDecisionDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<{ departure: TourDateView; affectedBookings: string[] }> {
    return this.tourDates.decideMinimum(id, dto.decision, admin);
  }

  @Get('tour-dates/:id/manifest')
  @ApiOperation({ summary: 'The passenger list of a departure' })
  manifest(@Param('id', ParseIntPipe) id: number): Promise<ManifestView> {
    return this.bookings.manifest(id);
  }

  @Get('chat-logs')
  @ApiOperation({ summary: "Search the AI guide's conversations" })
  conversations(@Query() query: ChatLogsQuery): Promise<{ data: ConversationRow[]; total: number }> {
    return this.conversationLog.conversations(query.q?.trim() || undefined, query.page, query.unanswered === true, query.booked === true);
  }

  @Get('chat-logs/:id')
  @ApiOperation({ summary: 'Read one conversation with the AI guide' })
  transcript(@Param('id') id: string) {
    return this.conversationLog.transcript(id);
  }

  @Get('contact-messages')
  @ApiOperation({ summary: 'List the contact messages' })
  async contactMessages(@Query() query: ContactQuery): Promise<{ data: ContactMessageView[] }> {
    return { data: await this.contactInbox.messages(query.unhandled ?? false) };
  }

  @Patch('contact-messages/:id')
  @ApiOperation({ summary: 'Mark a contact message handled' })
  markHandled(@Param('id', ParseIntPipe) id: number, @Body() dto: HandledDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<ContactMessageView> {
    return this.contactInbox.markHandled(id, dto.handled, admin.email);
  }

  @Get('audit-log')
  @ApiOperation({ summary: 'Read the audit log' })
  async auditLog(@Query() query: LimitQuery): Promise<{ data: AuditLogView[] }> {
    return { data: await this.audit.recent(query.limit) };
  }
}
