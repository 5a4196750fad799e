import { Body, Controller, Get, Headers, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';

import { clientIp } from '../../common/throttling/client-ip';
import { LoginDto } from '../dto/login.dto';
import { AdminAuthService } from './admin-auth.service';
import { AdminJwtGuard, CurrentAdmin } from './admin-jwt.guard';
import type { AuthenticatedAdmin } from './admin-token';

/** Requests of any outcome per address: a flood guard; LoginLimits counts the failures. */
export const LOGIN_REQUEST_LIMIT = { default: { limit: 60, ttl: 60_000 } };

@ApiTags('admin')
@Controller('api/admin')
export class AdminAuthController {
  constructor(private readonly auth: AdminAuthService) {}

  @Post('login')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @Throttle(LOGIN_REQUEST_LIMIT)
  @ApiUnauthorizedResponse({ description: 'Wrong email or password (one message for both)' })
  @ApiTooManyRequestsResponse({ description: 'Too many failures from this address, or for this email from this address: wait as Retry-After says' })
  @ApiOperation({ summary: 'Sign in as staff' })
  @ApiOkResponse({ description: '{ token, email }' })
  @ApiBadRequestResponse({ description: 'A bad field; `fields` names each one' })
  async login(@Body() dto: LoginDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<{ token: string; email: string }> {
    response.setHeader('Cache-Control', 'no-store');
    return this.auth.login(dto.email, dto.password, clientIp(request));
  }

  /** 200 `{ valid: true, email }` for a good token of an existing admin; 401 `{ valid: false }` otherwise. */
  @Get('validate-token')
  @ApiBearerAuth()
  @ApiOperation({ summary: "Check a staff member's token" })
  @ApiOkResponse({ description: '{ valid: true, email }' })
  @ApiUnauthorizedResponse({ description: '{ valid: false }: no token, or a bad or expired one' })
  async validateToken(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ valid: true; email: string } | { valid: false }> {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    const admin = token ? await this.auth.verify(token) : null;
    if (!admin) {
      response.status(401);
      return { valid: false };
    }
    return { valid: true, email: admin.email };
  }

  @Post('logout')
  @HttpCode(200)
  @UseGuards(AdminJwtGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Sign out: every token issued so far stops working' })
  @ApiOkResponse({ description: '{ loggedOut: true }' })
  @ApiUnauthorizedResponse({ description: 'No token, or a bad or expired one' })
  async logout(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ loggedOut: true }> {
    await this.auth.logout(admin);
    return { loggedOut: true };
  }
}
