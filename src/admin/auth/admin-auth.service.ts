import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';

import { AdminUser } from '../admin-user.entity';
import { AuditLogService } from '../../common/audit/audit-log.service';
import { LoginLimits } from './login-limits';
import { verifyPassword } from './passwords';
import { TOKEN_ALGORITHM, type AdminTokenPayload, type AuthenticatedAdmin } from './admin-token';
import { clock } from '../../common/clock';

export const WRONG_CREDENTIALS = 'Fel e-postadress eller lösenord.';

/**
 * Compared against when the email is unknown, so both cases take as long: made with the
 * same cost as real hashes (PASSWORD_HASH_ROUNDS; a unit test holds them together).
 */
export const DUMMY_HASH = '$2b$12$Xamadc53xdM51wHZiMxCT.vgtNwpJb.lXV4/7Nsdv9s1x6h9c.g7e';

@Injectable()
export class AdminAuthService {
  constructor(
    @InjectRepository(AdminUser) private readonly admins: Repository<AdminUser>,
    private readonly jwt: JwtService,
    private readonly audit: AuditLogService,
    private readonly limits: LoginLimits,
  ) {}

  /**
   * A token for good credentials; one message for any bad part. Attempts are counted per
   * address and per email from an address (LoginLimits), the same way for unknown emails.
   */
  async login(email: string, password: string, address: string, now = clock.now()): Promise<{ token: string; email: string }> {
    const attempt = await this.limits.begin(email, address, now);
    const admin = await this.admins.findOneBy({ email });
    const matches = await verifyPassword(password, admin?.passwordHash ?? DUMMY_HASH);
    if (!admin || !matches) {
      await this.limits.failed(attempt);
      throw new UnauthorizedException(WRONG_CREDENTIALS);
    }
    await this.limits.succeeded(attempt);
    await this.admins.update({ id: admin.id }, { lastLoginAt: now });
    const payload: AdminTokenPayload = { sub: admin.id, email: admin.email, ver: admin.tokenVersion };
    return { token: await this.jwt.signAsync(payload), email: admin.email };
  }

  /** The admin behind a token, if the token is good, unexpired and not logged out. */
  async verify(token: string): Promise<AuthenticatedAdmin | null> {
    try {
      const payload = await this.jwt.verifyAsync<AdminTokenPayload>(token, { algorithms: [TOKEN_ALGORITHM] });
      return this.adminFor(payload);
    } catch {
      return null;
    }
  }

  /** A token must end: one signed without `exp` (not by us) is refused like a forged one. */
  async adminFor(payload: AdminTokenPayload & { exp?: unknown }): Promise<AuthenticatedAdmin | null> {
    if (typeof payload.exp !== 'number') return null;
    const admin = await this.admins.findOneBy({ id: payload.sub });
    return admin && admin.tokenVersion === payload.ver ? { id: admin.id, email: admin.email } : null;
  }

  /** Ends every token issued to this admin so far, so a copied token stops working too. */
  async logout(admin: AuthenticatedAdmin): Promise<void> {
    await this.admins.increment({ id: admin.id }, 'tokenVersion', 1);
    await this.audit.record(admin.email, 'logout', `admin:${admin.id}`);
  }
}
