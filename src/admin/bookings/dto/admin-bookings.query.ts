import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

import { BOOKING_STATUSES, type BookingStatus } from '../../../bookings/booking-lifecycle';
import { TourDatesQuery } from '../../tour-dates/dto/tour-date-changes.dto';


export class AdminBookingsQuery extends TourDatesQuery {
  @IsOptional()
  @IsIn(BOOKING_STATUSES, { message: `status måste vara en av: ${BOOKING_STATUSES.join(', ')}` })
  status?: BookingStatus;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'departureId måste vara ett heltal' })
  departureId?: number;

  /** Reference, name or email. */
  @IsOptional()
  @IsString()
  @MaxLength(120)
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  q?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  pageSize?: number;
}

export class MoveBookingDto {
  @Type(() => Number)
  @IsInt({ message: 'departureId måste vara ett heltal' })
  @Min(1, { message: 'departureId måste vara ett heltal' })
  departureId: number;
}
