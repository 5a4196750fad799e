import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

import { BOOKING_SOURCES, type BookingSource } from '../../../shared/booking-channel';
import { BOOKING_SORTS, type BookingSort } from '../../../shared/admin-types';
import { BOOKING_STATUSES, type BookingStatus } from '../lifecycle/transitions';
import { CreateBookingDto, STAFF_LANGUAGE } from './create-booking.dto';
import { CleanText } from '../../common/text/plain-text';
import { TourDatesQuery } from '../../departures/dto/tour-dates-query.dto';


export class AdminBookingsQuery extends TourDatesQuery {
  @IsOptional()
  @IsIn(BOOKING_STATUSES, { message: `status måste vara en av: ${BOOKING_STATUSES.join(', ')}` })
  status?: BookingStatus;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'departureId måste vara ett heltal' })
  departureId?: number;

  /** Reference, name, email or phone. */
  @IsOptional()
  @IsString({ message: 'q måste vara text' })
  @MaxLength(120, { message: 'q får vara högst 120 tecken' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  q?: string;

  /** Where the booking came from: the site, staff or a reseller. */
  @IsOptional()
  @IsIn(BOOKING_SOURCES, { message: `channel måste vara en av: ${BOOKING_SOURCES.join(', ')}` })
  channel?: BookingSource;

  /** Only these bookings (comma-separated references): the rows staff ticked, for their CSV. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',').map((reference) => reference.trim().toUpperCase()).filter(Boolean) : value))
  @IsString({ each: true, message: 'references måste vara referenser åtskilda med komma' })
  @ArrayMaxSize(200, { message: 'references får vara högst 200 referenser' })
  references?: string[];

  /** The column to order by (the departure by default), and which way. */
  @IsOptional()
  @IsIn(BOOKING_SORTS, { message: `sort måste vara en av: ${BOOKING_SORTS.join(', ')}` })
  sort?: BookingSort;

  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'dir måste vara asc eller desc' })
  dir?: 'asc' | 'desc';

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page måste vara ett heltal från 1' })
  @Min(1, { message: 'page måste vara ett heltal från 1' })
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'pageSize måste vara ett heltal från 1 till 200' })
  @Min(1, { message: 'pageSize måste vara ett heltal från 1 till 200' })
  @Max(200, { message: 'pageSize måste vara ett heltal från 1 till 200' })
  pageSize?: number;
}

export class MoveBookingDto {
  @ApiProperty({ minimum: 1, example: 42, description: 'Another open departure of the same tour' })
  @Type(() => Number)
  @IsInt({ message: 'departureId måste vara ett heltal' })
  @Min(1, { message: 'departureId måste vara ett heltal' })
  departureId: number;
}

/** A booking taken on the phone or at the desk (POST /api/admin/bookings). */
export class CreateStaffBookingDto extends CreateBookingDto {
  /** The guest's fields answer in Swedish here (a getter on the prototype: no field of the body). */
  get [STAFF_LANGUAGE](): boolean {
    return true;
  }

  @IsIn(['on_arrival', 'paid'], { message: 'payment måste vara on_arrival eller paid' })
  payment: 'on_arrival' | 'paid';

  @IsOptional()
  @CleanText('line', 'undefined')
  @IsString({ message: 'paidNote måste vara text' })
  @MaxLength(300, { message: 'paidNote får vara högst 300 tecken' })
  paidNote?: string;

  /** Send the guest the confirmation mail (default yes). */
  @IsOptional()
  @IsBoolean({ message: 'notify måste vara true eller false' })
  notify?: boolean;

  /** A gift card the guest pays with (its code as they read it out): it pays what it covers, the rest as `payment` says. */
  @IsOptional()
  @IsString({ message: 'giftCardCode måste vara koden på presentkortet' })
  @MaxLength(40, { message: 'giftCardCode måste vara koden på presentkortet' })
  giftCardCode?: string;
}

export class AttendanceDto {
  @ApiProperty({ enum: ['checked_in', 'no_show'], nullable: true, description: 'Checked in or no-show at the meeting point; null takes the mark back' })
  @IsIn(['checked_in', 'no_show', null], { message: 'attendance måste vara checked_in, no_show eller null' })
  attendance: 'checked_in' | 'no_show' | null;
}
