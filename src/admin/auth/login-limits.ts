import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, LessThan } from 'typeorm';

import { RetryLaterException } from '../../common/filters/retry-later.exception';
import { supportsRowLocks, writeTransaction } from '../../database/transactions';
import { FailedLogin, LoginThrottle } from './login-throttle.entity';
import { clock } from '../../common/clock';

/**
 * How hard staff login may be tried. The limits count per address, and per email per address:
 * a guesser slows only themself, and the owner logs in from their own address whatever an
 * outsider sends. Unknown and known emails are counted alike, so the answers tell nothing.
 */
export const LOGIN_LIMITS = {
  /** Failed logins one address may make in a window, whatever emails it tries. */
  perAddress: 20,
  addressWindowMs: 15 * 60_000,
  /** Failures for one email from one address before each further try must wait… */
  freeFailures: 3,
  /** …first this long, doubling with each further failure, up to `maxDelayMs`. */
  firstDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
  /** An email's count from an address starts over after this long without a failure. */
  accountMemoryMs: 24 * 3_600_000,
} as const;

/** How long failed logins are kept for staff to look into. */
export const FAILED_LOGIN_DAYS = 90;

/** The wait before the next try after `failures` failures of one email from one address. */
export function delayAfterFailures(failures: number): number {
  if (failures < LOGIN_LIMITS.freeFailures) return 0;
  return Math.min(LOGIN_LIMITS.firstDelayMs * 2 ** (failures - LOGIN_LIMITS.freeFailures), LOGIN_LIMITS.maxDelayMs);
}

export interface ThrottleState {
  failures: number;
  windowStartedAt: Date;
  nextAttemptAt: Date | null;
}

export type Admission = { admitted: true; address: ThrottleState; account: ThrottleState } | { admitted: false; retryAt: Date };

/**
 * Decides one attempt on the two counts (read under lock). An admitted attempt is counted as a
 * failure before its password is checked, so parallel attempts see each other; a good
 * password gives the count back.
 */
export function admit(address: ThrottleState, account: ThrottleState, now: Date): Admission {
  const freshAddress = now.getTime() - address.windowStartedAt.getTime() >= LOGIN_LIMITS.addressWindowMs ? { failures: 0, windowStartedAt: now, nextAttemptAt: null } : address;
  const freshAccount = now.getTime() - account.windowStartedAt.getTime() >= LOGIN_LIMITS.accountMemoryMs ? { failures: 0, windowStartedAt: now, nextAttemptAt: null } : account;
  if (freshAddress.failures >= LOGIN_LIMITS.perAddress) {
    return { admitted: false, retryAt: new Date(freshAddress.windowStartedAt.getTime() + LOGIN_LIMITS.addressWindowMs) };
  }
  if (freshAccount.nextAttemptAt && freshAccount.nextAttemptAt > now) return { admitted: false, retryAt: freshAccount.nextAttemptAt };
  const failures = freshAccount.failures + 1;
  const delay = delayAfterFailures(failures);
  return {
    admitted: true,
    address: { ...freshAddress, failures: freshAddress.failures + 1 },
    // The window of an email's count moves with each failure: it is forgotten a day after the last.
    account: { failures, windowStartedAt: now, nextAttemptAt: delay > 0 ? new Date(now.getTime() + delay) : null },
  };
}

/** The 429 of a refused login: the same words for every email. */
export function loginRefused(retryAt: Date, now: Date): RetryLaterException {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const wait = seconds === 1 ? '1 sekund' : seconds < 60 ? `${seconds} sekunder` : Math.ceil(seconds / 60) === 1 ? '1 minut' : `${Math.ceil(seconds / 60)} minuter`;
  return new RetryLaterException(`För många misslyckade inloggningar. Försök igen om ${wait}.`, seconds);
}

/** A running attempt's keys, handed back when its password check has an answer. */
export interface LoginAttempt {
  email: string;
  address: string;
  addressKey: string;
  accountKey: string;
}

@Injectable()
export class LoginLimits {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Counts the attempt, or refuses it with a 429 before any password is checked. */
  async begin(email: string, address: string, now = clock.now()): Promise<LoginAttempt> {
    const attempt: LoginAttempt = {
      email,
      address,
      addressKey: `address:${address}`.slice(0, 80),
      accountKey: `account:${createHash('sha256').update(`${email}\n${address}`).digest('hex')}`,
    };
    const admission = await writeTransaction(this.dataSource, async (manager) => {
      const [addressRow, accountRow] = await this.lockRows(manager, [attempt.addressKey, attempt.accountKey], now);
      const decision = admit(addressRow, accountRow, now);
      if (decision.admitted) {
        await manager.update(LoginThrottle, { throttleKey: attempt.addressKey }, decision.address);
        await manager.update(LoginThrottle, { throttleKey: attempt.accountKey }, decision.account);
      }
      return decision;
    });
    if (!admission.admitted) throw loginRefused(admission.retryAt, now);
    return attempt;
  }

  /** A good password: the email's count from this address starts over, and the address gets its count back. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await writeTransaction(this.dataSource, async (manager) => {
      await manager.update(LoginThrottle, { throttleKey: attempt.accountKey }, { failures: 0, nextAttemptAt: null });
      await manager
        .createQueryBuilder()
        .update(LoginThrottle)
        .set({ failures: () => 'failures - 1' })
        .where({ throttleKey: attempt.addressKey })
        .andWhere('failures > 0')
        .execute();
    });
  }

  /** A wrong email or password: kept for the staff dashboard. */
  async failed(attempt: LoginAttempt): Promise<void> {
    await this.dataSource.getRepository(FailedLogin).insert({ email: attempt.email.slice(0, 254), address: attempt.address.slice(0, 64) });
  }

  /** The latest failed logins, newest first, and how many there were in the last 24 hours. */
  async recentFailures(now = clock.now(), limit = 10): Promise<{ lastDay: number; latest: FailedLogin[] }> {
    const failures = this.dataSource.getRepository(FailedLogin);
    const [lastDay, latest] = await Promise.all([
      failures.createQueryBuilder('failure').where('failure.created_at > :since', { since: new Date(now.getTime() - 86_400_000) }).getCount(),
      failures.find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit }),
    ]);
    return { lastDay, latest };
  }

  /** The retention job: forgets failed logins after 90 days, and counts that hold nothing back any more. */
  async forgetOld(now: Date): Promise<number> {
    const [failures, throttles] = await Promise.all([
      this.dataSource.getRepository(FailedLogin).delete({ createdAt: LessThan(new Date(now.getTime() - FAILED_LOGIN_DAYS * 86_400_000)) }),
      this.dataSource.getRepository(LoginThrottle).delete({ windowStartedAt: LessThan(new Date(now.getTime() - LOGIN_LIMITS.accountMemoryMs)) }),
    ]);
    return (failures.affected ?? 0) + (throttles.affected ?? 0);
  }

  /** Creates the rows if new, then locks them in key order (an upsert locks on MySQL at once). */
  private async lockRows(manager: EntityManager, keys: [string, string], now: Date): Promise<[LoginThrottle, LoginThrottle]> {
    const sorted = [...keys].sort();
    await manager
      .createQueryBuilder()
      .insert()
      .into(LoginThrottle)
      .values(sorted.map((throttleKey) => ({ throttleKey, windowStartedAt: now, failures: 0 })))
      .orUpdate(['throttle_key'], ['throttle_key'])
      .execute();
    const rows = await manager.find(LoginThrottle, {
      where: { throttleKey: In(sorted) },
      order: { throttleKey: 'ASC' },
      ...(supportsRowLocks(manager.connection) ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    const byKey = new Map(rows.map((row) => [row.throttleKey, row]));
    return [byKey.get(keys[0])!, byKey.get(keys[1])!];
  }
}
