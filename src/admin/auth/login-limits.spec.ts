import { getRounds } from 'bcrypt';

import { PASSWORD_HASH_ROUNDS } from './passwords';
import { DUMMY_HASH } from './admin-auth.service';
import { admit, delayAfterFailures, LOGIN_LIMITS, loginRefused, type ThrottleState } from './login-limits';

const NOW = new Date('2026-11-22T12:00:00Z');
const fresh = (): ThrottleState => ({ failures: 0, windowStartedAt: NOW, nextAttemptAt: null });
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe(delayAfterFailures.name, () => {
  it('lets the first tries through, then doubles the wait up to 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6].map(delayAfterFailures)).toEqual([0, 0, 2_000, 4_000, 8_000, 16_000]);
    expect(delayAfterFailures(40)).toBe(LOGIN_LIMITS.maxDelayMs);
  });
});

describe(admit.name, () => {
  it('counts an admitted attempt as a failure before its password is checked', () => {
    const decision = admit(fresh(), fresh(), NOW);
    expect(decision).toMatchObject({ admitted: true, address: { failures: 1 }, account: { failures: 1, nextAttemptAt: null } });
  });

  it('refuses until the wait after the last failure is over, and admits after it', () => {
    const account = { failures: 3, windowStartedAt: NOW, nextAttemptAt: at(2) };
    expect(admit(fresh(), account, at(1))).toEqual({ admitted: false, retryAt: at(2) });
    expect(admit(fresh(), account, at(2))).toMatchObject({ admitted: true, account: { failures: 4, nextAttemptAt: at(2 + 4) } });
  });

  it('refuses an address past its failures in the window, whatever the email, until the window ends', () => {
    const address = { failures: LOGIN_LIMITS.perAddress, windowStartedAt: NOW, nextAttemptAt: null };
    expect(admit(address, fresh(), at(60))).toEqual({ admitted: false, retryAt: new Date(NOW.getTime() + LOGIN_LIMITS.addressWindowMs) });
    expect(admit(address, fresh(), new Date(NOW.getTime() + LOGIN_LIMITS.addressWindowMs))).toMatchObject({ admitted: true, address: { failures: 1 } });
  });

  it("forgets an email's count a day after its last failure", () => {
    const account = { failures: 12, windowStartedAt: NOW, nextAttemptAt: at(900) };
    expect(admit(fresh(), account, new Date(NOW.getTime() + LOGIN_LIMITS.accountMemoryMs))).toMatchObject({ admitted: true, account: { failures: 1 } });
  });
});

describe(loginRefused.name, () => {
  it('says how long to wait in Swedish, with Retry-After in seconds', () => {
    expect(loginRefused(at(1), NOW).message).toBe('För många misslyckade inloggningar. Försök igen om 1 sekund.');
    expect(loginRefused(at(2), NOW).message).toBe('För många misslyckade inloggningar. Försök igen om 2 sekunder.');
    expect(loginRefused(at(60), NOW).message).toBe('För många misslyckade inloggningar. Försök igen om 1 minut.');
    expect(loginRefused(at(900), NOW)).toMatchObject({ message: 'För många misslyckade inloggningar. Försök igen om 15 minuter.', retryAfterSeconds: 900 });
  });
});

describe('DUMMY_HASH', () => {
  it('costs as much to check as a real password hash, so unknown emails take as long', () => {
    expect(getRounds(DUMMY_HASH)).toBe(PASSWORD_HASH_ROUNDS);
  });
});
