import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { compare } from 'bcryptjs';
import { Repository } from 'typeorm';

import { RetryLaterException } from '../../common/filters/retry-later.exception';
import { AdminUser } from '../admin-user.entity';
import { AuditLogService } from '../audit-log.service';
import { TOKEN_ALGORITHM, type AdminTokenPayload, type AuthenticatedAdmin } from './admin-token';

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;
export const WRONG_CREDENTIALS = 'Fel e-postadress eller lösenord.';

/** Compared against when the email is unknown, so both cases take as long. */
const DUMMY_HASH = '$2b$12$Xamadc53xdM51wHZiMxCT.vgtNwpJb.lXV4/7Nsdv9s1x6h9c.g7e';

@Injectable()
export class AdminAuthService {
  constructor(
    @InjectRepository(AdminUser) private readonly admins: Repository<AdminUser>,
    private readonly jwt: JwtService,
    private readonly audit: AuditLogService,
  ) {}

  /** A token for good credentials; one message for any bad part; a lockout after repeated failures. */
  async login(email: string, password: string, now = new Date()): Promise<{ token: string; email: string }> {
    const admin = await this.admins.findOneBy({ email });
    if (admin?.lockedUntil && admin.lockedUntil > now) throw this.lockedOut(admin.lockedUntil, now);
    const matches = await compare(password, admin?.passwordHash ?? DUMMY_HASH);
    if (!admin || !matches) {
      if (admin) await this.recordFailure(admin, now);
      throw new UnauthorizedException(WRONG_CREDENTIALS);
    }
    await this.admins.update({ id: admin.id }, { failedLogins: 0, lockedUntil: null, lastLoginAt: now });
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

  async adminFor(payload: AdminTokenPayload): Promise<AuthenticatedAdmin | null> {
    const admin = await this.admins.findOneBy({ id: payload.sub });
    return admin && admin.tokenVersion === payload.ver ? { id: admin.id, email: admin.email } : null;
  }

  /** Ends every token issued to this admin so far, so a copied token stops working too. */
  async logout(admin: AuthenticatedAdmin): Promise<void> {
    await this.admins.increment({ id: admin.id }, 'tokenVersion', 1);
    await this.audit.record(admin.email, 'logout', `admin:${admin.id}`);
  }

  private async recordFailure(admin: AdminUser, now: Date): Promise<void> {
    const failures = admin.failedLogins + 1;
    const lock = failures >= MAX_FAILED_LOGINS ? new Date(now.getTime() + LOCKOUT_MINUTES * 60_000) : null;
    await this.admins.update({ id: admin.id }, { failedLogins: lock ? 0 : failures, lockedUntil: lock });
    if (lock) await this.audit.record(admin.email, 'login-locked', `admin:${admin.id}`, `${MAX_FAILED_LOGINS} misslyckade inloggningar`);
  }

  private lockedOut(until: Date, now: Date): RetryLaterException {
    const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    return new RetryLaterException(`För många misslyckade inloggningar. Försök igen om ${Math.ceil(seconds / 60)} minuter.`, seconds);
  }
}
