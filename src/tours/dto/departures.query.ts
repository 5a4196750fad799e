import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';

export class DeparturesQuery {
  @ApiPropertyOptional({ description: 'ISO date; defaults to now', example: '2026-12-01' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO date such as 2026-12-01' })
  from?: string;

  @ApiPropertyOptional({ description: 'ISO date, exclusive; not before from (400)', example: '2026-12-31' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO date such as 2026-12-31' })
  to?: string;
}
