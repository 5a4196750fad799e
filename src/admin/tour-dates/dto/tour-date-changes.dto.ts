import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsOptional, Matches, Max, Min, registerDecorator, ValidateIf, type ValidationOptions } from 'class-validator';

import { IsLocalDate } from '../../../common/pipes/is-local-date';
import { Omittable } from '../../../common/pipes/omittable';
import { MAX_GROUP_SIZE } from '../../../../shared/taxonomy';

/** A series: these weekdays at this local (Kiruna) time, between two dates. */
export class CreateRecurringTourDatesDto {
  @ApiProperty({ minimum: 1, example: 3, description: 'The tour the series is of' })
  @Type(() => Number)
  @IsInt({ message: 'tourId måste vara ett heltal' })
  @Min(1, { message: 'tourId måste vara ett heltal' })
  tourId: number;

  /** 0 = Sunday … 6 = Saturday. */
  @ApiProperty({ type: [Number], minItems: 1, maxItems: 7, example: [1, 3, 5], description: 'Weekdays: 0 = Sunday … 6 = Saturday' })
  @IsArray({ message: 'weekdays måste vara en lista med veckodagar 0-6' })
  @ArrayMinSize(1, { message: 'välj minst en veckodag' })
  @ArrayMaxSize(7, { message: 'weekdays måste vara en lista med veckodagar 0-6' })
  @Type(() => Number)
  @IsInt({ each: true, message: 'weekdays måste vara en lista med veckodagar 0-6' })
  @Min(0, { each: true, message: 'weekdays måste vara en lista med veckodagar 0-6' })
  @Max(6, { each: true, message: 'weekdays måste vara en lista med veckodagar 0-6' })
  weekdays: number[];

  @ApiProperty({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', example: '20:00', description: 'Start time, Kiruna time' })
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'time måste vara en tid som 20:00' })
  time: string;

  @ApiProperty({ format: 'date', example: '2026-12-01', description: 'First date of the series (Kiruna)' })
  @IsLocalDate({ message: 'fromDate måste vara ett datum som 2026-12-01' })
  fromDate: string;

  @ApiProperty({ format: 'date', example: '2027-03-31', description: 'Last date of the series (Kiruna)' })
  @IsLocalDate({ message: 'toDate måste vara ett datum som 2027-03-31' })
  toDate: string;

  @ApiProperty({ minimum: 1, maximum: MAX_GROUP_SIZE, example: 8 })
  @Type(() => Number)
  @IsInt({ message: `capacity måste vara ett heltal från 1 till ${MAX_GROUP_SIZE}` })
  @Min(1, { message: `capacity måste vara ett heltal från 1 till ${MAX_GROUP_SIZE}` })
  @Max(MAX_GROUP_SIZE, { message: `capacity får vara högst ${MAX_GROUP_SIZE} (gruppstorleken)` })
  capacity: number;

  @ApiPropertyOptional({ minimum: 0, example: 1495, description: "Each date's price per adult in SEK; absent: the tour's" })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'priceSek måste vara ett heltal' })
  @Min(0, { message: 'priceSek kan inte vara negativt' })
  priceSek?: number;
}


export class UpdateTourDateDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_GROUP_SIZE, example: 8 })
  @Omittable()
  @Type(() => Number)
  @IsInt({ message: `capacity måste vara ett heltal från 1 till ${MAX_GROUP_SIZE}` })
  @Min(1, { message: `capacity måste vara ett heltal från 1 till ${MAX_GROUP_SIZE}` })
  @Max(MAX_GROUP_SIZE, { message: `capacity får vara högst ${MAX_GROUP_SIZE} (gruppstorleken)` })
  capacity?: number;

  /** null goes back to the tour's price. */
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, example: 1495, description: "The date's price per adult in SEK; null: the tour's" })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === null ? null : Number(value)))
  @ValidateIf((dto: UpdateTourDateDto) => dto.priceSek !== null)
  @IsInt({ message: 'priceSek måste vara ett heltal eller null' })
  @Min(0, { message: 'priceSek kan inte vara negativt' })
  priceSek?: number | null;

  @ApiPropertyOptional({ enum: ['open', 'closed', 'cancelled'] })
  @Omittable()
  @IsIn(['open', 'closed', 'cancelled'], { message: 'status måste vara open, closed eller cancelled' })
  status?: 'open' | 'closed' | 'cancelled';

  /** Season prices of the tour's other price categories on this date, by code; null: their own prices. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'integer', minimum: 0 }, nullable: true, example: { child: 700 } })
  @IsOptional()
  @ValidateIf((dto: UpdateTourDateDto) => dto.categoryPrices !== null)
  @IsObject({ message: 'categoryPrices måste vara ett objekt med priser per kategori, till exempel { "child": 700 }' })
  @IsCategoryPrices({ message: 'categoryPrices måste ha koder som child och hela kronor från 0 till 100000' })
  categoryPrices?: Record<string, number> | null;

  /** The fewest guests this date runs with (0: it runs whatever); null goes back to the tour's. */
  @ApiPropertyOptional({ type: Number, nullable: true, example: 3 })
  @IsOptional()
  @ValidateIf((dto: UpdateTourDateDto) => dto.minGuests !== null)
  @Type(() => Number)
  @IsInt({ message: `minGuests måste vara ett heltal från 0 till ${MAX_GROUP_SIZE}, eller null` })
  @Min(0, { message: `minGuests måste vara ett heltal från 0 till ${MAX_GROUP_SIZE}, eller null` })
  @Max(MAX_GROUP_SIZE, { message: `minGuests måste vara ett heltal från 0 till ${MAX_GROUP_SIZE}, eller null` })
  minGuests?: number | null;

  /** How many hours before the start its minimum is decided on; null goes back to the tour's. */
  @ApiPropertyOptional({ type: Number, nullable: true, example: 24 })
  @IsOptional()
  @ValidateIf((dto: UpdateTourDateDto) => dto.decisionHours !== null)
  @Type(() => Number)
  @IsInt({ message: 'decisionHours måste vara ett heltal från 1 till 336, eller null' })
  @Min(1, { message: 'decisionHours måste vara ett heltal från 1 till 336, eller null' })
  @Max(336, { message: 'decisionHours måste vara ett heltal från 1 till 336, eller null' })
  decisionHours?: number | null;
}

/** Codes of price categories and whole SEK: `{ "child": 700 }`. */
function IsCategoryPrices(options: ValidationOptions): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      target: target.constructor,
      propertyName: String(property),
      options,
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          Object.keys(value).length <= 12 &&
          Object.entries(value).every(([code, price]) => /^[a-z][a-z0-9-]{0,29}$/.test(code) && Number.isInteger(price) && (price as number) >= 0 && (price as number) <= 100_000),
      },
    });
}

/** Staff's decision on a date below its minimum to run. */
export class MinimumDecisionDto {
  @ApiProperty({ enum: ['run', 'cancel'], example: 'run', description: 'run: it goes ahead anyway; cancel: the date is cancelled, its bookings refunded and the guests mailed' })
  @IsIn(['run', 'cancel'], { message: 'decision måste vara run eller cancel' })
  decision: 'run' | 'cancel';
}
