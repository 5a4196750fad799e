import { applyDecorators, Controller, createParamDecorator, ExecutionContext, Injectable, UnauthorizedException, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';

import { ADMIN_JWT, type AuthenticatedAdmin } from './admin-token';

/** On every admin endpoint: a valid, current admin token or 401. */
@Injectable()
export class AdminJwtGuard extends AuthGuard(ADMIN_JWT) {
  override handleRequest<TUser = AuthenticatedAdmin>(error: unknown, admin: TUser | false): TUser {
    if (error || !admin) throw new UnauthorizedException('Logga in igen.');
    return admin;
  }
}

/** The admin the guard let in. */
export const CurrentAdmin = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedAdmin => context.switchToHttp().getRequest<Request & { user: AuthenticatedAdmin }>().user,
);

/**
 * A staff controller at `path`: every endpoint behind AdminJwtGuard, and documented as such (the
 * staff part of the OpenAPI document, a bearer token, 401 without one).
 */
export const StaffController = (path: string): ClassDecorator =>
  applyDecorators(ApiTags('admin'), ApiBearerAuth(), ApiUnauthorizedResponse({ description: 'No valid, current admin token' }), UseGuards(AdminJwtGuard), Controller(path));
