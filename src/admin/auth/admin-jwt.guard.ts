import { createParamDecorator, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
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
