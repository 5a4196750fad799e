import { Body, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';

import { CurrentAdmin, StaffController } from '../auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from '../auth/admin-token';
import { GuestEmailDto } from './dto/guest-email.dto';
import { PrivacyService, type ErasureResult, type GuestExport } from './privacy.service';

/** A guest's requests under the privacy policy, carried out by staff. */
@StaffController('api/admin/privacy')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  /** Everything held about the guest with this email, as a JSON file to send them. */
  @Get('export')
  @ApiOperation({ summary: 'Export everything held about a guest' })
  async export(@Query() query: GuestEmailDto, @CurrentAdmin() admin: AuthenticatedAdmin, @Res({ passthrough: true }) response: Response): Promise<GuestExport> {
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Content-Disposition', `attachment; filename="guest-data-${new Date().toISOString().slice(0, 10)}.json"`);
    return this.privacy.export(query.email, admin);
  }

  /** Anonymises the guest's bookings and deletes the rest of what is held about them. */
  @Post('erase')
  @HttpCode(200)
  @ApiConflictResponse({ description: 'The guest has a booking still to happen: cancel it first' })
  @ApiOperation({ summary: 'Erase a guest: bookings anonymised, the rest deleted' })
  @ApiOkResponse({ description: 'What was anonymised and deleted' })
  erase(@Body() body: GuestEmailDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<ErasureResult> {
    return this.privacy.erase(body.email, admin);
  }
}
