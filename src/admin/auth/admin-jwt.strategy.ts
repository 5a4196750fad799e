import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';

import { AppConfig } from '../../config/app-config';
import { AdminAuthService } from './admin-auth.service';
import { ADMIN_JWT, TOKEN_ALGORITHM, type AdminTokenPayload, type AuthenticatedAdmin } from './admin-token';

/** Bearer tokens signed with our secret and HS256 only; `alg: none` or another algorithm fails. */
@Injectable()
export class AdminJwtStrategy extends PassportStrategy(Strategy, ADMIN_JWT) {
  constructor(
    config: AppConfig,
    private readonly auth: AdminAuthService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.key('admin-token'),
      algorithms: [TOKEN_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  async validate(payload: AdminTokenPayload): Promise<AuthenticatedAdmin> {
    const admin = await this.auth.adminFor(payload);
    if (!admin) throw new UnauthorizedException('Logga in igen.');
    return admin;
  }
}
