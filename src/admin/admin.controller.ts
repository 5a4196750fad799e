import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

import { AuditLogService, type AuditLogView } from './audit-log.service';
import { AdminJwtGuard, CurrentAdmin } from './auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from './auth/admin-token';
import { CreateTourDateDto } from './tour-dates/dto/create-tour-date.dto';
import { TourDatesService, type TourDateView } from './tour-dates/tour-dates.service';

class AuditLogQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
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
    private readonly audit: AuditLogService,
  ) {}

  @Post('tour-dates')
  @HttpCode(201)
  createTourDate(@Body() dto: CreateTourDateDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<TourDateView> {
    return this.tourDates.create(dto, admin);
  }

  @Get('audit-log')
  async auditLog(@Query() query: AuditLogQuery): Promise<{ data: AuditLogView[] }> {
    return { data: await this.audit.recent(query.limit) };
  }
}
