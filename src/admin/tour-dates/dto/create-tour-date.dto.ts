import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsISO8601, IsOptional, Max, Min } from 'class-validator';

import { MAX_GROUP_SIZE } from '../../../../shared/taxonomy';

export class CreateTourDateDto {
  @ApiProperty({ example: 1 })
  @Type(() => Number)
  @IsInt({ message: 'tourId måste vara ett heltal' })
  @Min(1, { message: 'tourId måste vara ett heltal' })
  tourId: number;

  @ApiProperty({ example: '2026-12-24T19:00:00+01:00', description: 'ISO time with zone' })
  @IsISO8601({ strict: true }, { message: 'startsAt måste vara en tid i ISO-format, t.ex. 2026-12-24T19:00:00+01:00' })
  startsAt: string;

  @ApiProperty({ minimum: 1, maximum: MAX_GROUP_SIZE, example: MAX_GROUP_SIZE })
  @Type(() => Number)
  @IsInt({ message: `capacity måste vara ett heltal från 1 till ${MAX_GROUP_SIZE}` })
  @Min(1, { message: `capacity måste vara ett heltal från 1 till ${MAX_GROUP_SIZE}` })
  @Max(MAX_GROUP_SIZE, { message: `capacity får vara högst ${MAX_GROUP_SIZE} (gruppstorleken)` })
  capacity: number;

  @ApiPropertyOptional({ example: 1995, description: 'SEK per guest; the tour price when left out' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'priceSek måste vara ett heltal' })
  @Min(0, { message: 'priceSek får inte vara negativt' })
  @Max(1_000_000, { message: 'priceSek är orimligt högt' })
  priceSek?: number;
}
