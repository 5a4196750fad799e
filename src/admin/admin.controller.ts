import { Get, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, type OpenAPIObject } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

import { ApiDocuments } from '../common/api-docs';
import { AuditLogService, type AuditLogView } from '../common/audit/audit-log.service';
import { MailOutbox } from '../mail/mail-outbox.service';
import { CurrentAdmin, StaffController } from './auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from './auth/admin-token';
import { AdminDashboardService, type DashboardView } from './dashboard/admin-dashboard.service';

export class LimitQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit måste vara ett heltal från 1 till 500' })
  @Min(1, { message: 'limit måste vara ett heltal från 1 till 500' })
  @Max(500, { message: 'limit måste vara ett heltal från 1 till 500' })
  limit?: number;
}

/**
 * The staff desk as a whole: the dashboard, the audit log, a mail sent again, and the API's own
 * document. Each feature's endpoints are in a controller of their own beside its folder.
 */
@StaffController('api/admin')
export class AdminController {
  constructor(
    private readonly dashboard: AdminDashboardService,
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

  /** "Send again" for a mail that gave up after its last try. */
  @Post('outbox/mails/:id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a mail that gave up again' })
  async retryMail(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ queued: true }> {
    await this.outbox.retry(id);
    await this.audit.record(admin.email, 'mail.retry', `mail:${id}`);
    return { queued: true };
  }

  @Get('audit-log')
  @ApiOperation({ summary: 'Read the audit log' })
  async auditLog(@Query() query: LimitQuery): Promise<{ data: AuditLogView[] }> {
    return { data: await this.audit.recent(query.limit) };
  }
}
