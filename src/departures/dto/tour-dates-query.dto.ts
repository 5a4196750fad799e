import { Type } from 'class-transformer';
import { IsInt, IsISO8601, IsOptional } from 'class-validator';

/** A tour and a date window: the filters the tour-date list and the booking list share. */
export class TourDatesQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'tourId måste vara ett heltal' })
  tourId?: number;

  /** Departures from this date (inclusive). */
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from måste vara ett datum, t.ex. 2026-12-01' })
  from?: string;

  /** Departures before this date. */
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to måste vara ett datum, t.ex. 2026-12-31' })
  to?: string;
}
