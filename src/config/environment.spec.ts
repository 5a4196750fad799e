import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { AppConfig } from './app-config';
import { InvalidEnvironmentError, validateEnvironment } from './environment';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    validateEnvironment(env);
    return [];
  } catch (error) {
    return (error as InvalidEnvironmentError).problems;
  }
};

describe(validateEnvironment.name, () => {
  it('accepts an empty environment: SQLite, pay on arrival, mail to the outbox', () => {
    expect(problemsOf({})).toEqual([]);
  });

  it('takes a variable set to the empty string as unset, as compose files set them', () => {
    expect(problemsOf({ NODE_ENV: '', PORT: '', DATABASE_URL: '', HOLD_MINUTES: '', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })).toEqual([]);
    const config = AppConfig.fromEnvironment({ NODE_ENV: '', PORT: '', HOLD_MINUTES: '', JWT_SECRET: 'x'.repeat(40) });
    expect(config).toMatchObject({ env: 'development', port: 3000, holdMinutes: 15 });
    expect(config.stripe).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'x', DATABASE_URL: 'postgres://x/y', PUBLIC_URL: 'nope', BOOKING_EMAIL: 'nope', HOLD_MINUTES: '500', CANCEL_FREE_HOURS: '-1', REMINDER_HOURS: 'soon' });
    const named = (variable: string) => problems.some((problem) => problem.startsWith(variable));
    for (const variable of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'BOOKING_EMAIL', 'HOLD_MINUTES', 'CANCEL_FREE_HOURS', 'REMINDER_HOURS']) expect(named(variable)).toBe(true);
  });

  it('takes TRUST_PROXY as a hop count or a list of addresses and ranges, loopback only by default', () => {
    expect(AppConfig.fromEnvironment({}).trustProxy).toEqual(['loopback']);
    expect(AppConfig.fromEnvironment({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(AppConfig.fromEnvironment({ TRUST_PROXY: '172.28.0.10, 10.0.0.0/8,fd00::/8, loopback' }).trustProxy).toEqual(['172.28.0.10', '10.0.0.0/8', 'fd00::/8', 'loopback']);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1, proxy.example', '99']) expect(problemsOf({ TRUST_PROXY: bad })).toEqual([expect.stringMatching(/^TRUST_PROXY must be a hop count/)]);
  });

  it('derives a different key for each purpose from the one secret', () => {
    const config = AppConfig.fromEnvironment({ JWT_SECRET: 'x'.repeat(40) });
    const keys = (['admin-token', 'visitor-address', 'booking-manage-link'] as const).map((purpose) => config.key(purpose).toString('hex'));
    expect(new Set([...keys, Buffer.from(config.jwtSecret).toString('hex')]).size).toBe(4);
    expect(AppConfig.fromEnvironment({ JWT_SECRET: 'x'.repeat(40) }).key('admin-token').toString('hex')).toBe(keys[0]);
  });

  it('refuses a missing or short JWT_SECRET in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual(['JWT_SECRET is required in production']);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toEqual(['JWT_SECRET must be at least 32 characters']);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toEqual([]);
  });

  it('wants the Stripe keys, the AI settings and the admin seed in complete sets', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' }).some((problem) => problem.startsWith('STRIPE_WEBHOOK_SECRET'))).toBe(true);
    expect(problemsOf({ AI_API_URL: 'http://localhost:1234/v1' })).toEqual([
      'AI_API_KEY is needed with AI_API_URL and AI_MODEL',
      'AI_MODEL is needed with AI_API_URL and AI_API_KEY',
    ]);
    expect(problemsOf({ ADMIN_EMAIL: 'staff@norrsken.test' }).some((problem) => problem.startsWith('ADMIN_PASSWORD'))).toBe(true);
  });
});

describe(AppConfig.name, () => {
  it('generates the JWT secret once into DATA_DIR, readable only by its owner', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-config-'));
    try {
      const first = AppConfig.fromEnvironment({ DATA_DIR: dataDir }).jwtSecret;
      const second = AppConfig.fromEnvironment({ DATA_DIR: dataDir }).jwtSecret;
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(second).toBe(first);
      expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
      expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('uses MySQL when DATABASE_URL is set and SQLite under DATA_DIR otherwise', () => {
    expect(AppConfig.fromEnvironment({ DATABASE_URL: 'mysql://u:p@db:3306/arctic' }).database).toEqual({ type: 'mysql', url: 'mysql://u:p@db:3306/arctic' });
    expect(AppConfig.fromEnvironment({ DATA_DIR: '/srv/data' }).database).toEqual({ type: 'sqlite', path: '/srv/data/arctic.sqlite' });
  });
});
