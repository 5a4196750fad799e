import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'expired', 'refunded'] as const;

export class AdminBookingsQuery {
  @IsOptional()
  @IsIn(BOOKING_STATUSES, { message: `status måste vara en av: ${BOOKING_STATUSES.join(', ')}` })
  status?: (typeof BOOKING_STATUSES)[number];

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'tourId måste vara ett heltal' })
  tourId?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'departureId måste vara ett heltal' })
  departureId?: number;

  /** Departures from this date (inclusive). */
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from måste vara ett datum, t.ex. 2026-12-01' })
  from?: string;

  /** Departures before this date. */
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to måste vara ett datum, t.ex. 2026-12-31' })
  to?: string;

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
