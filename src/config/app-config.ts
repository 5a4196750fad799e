import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { EnvironmentVariables, parseTrustProxy, type TrustProxy, validateEnvironment } from './environment';
import { ensurePrivateDir } from './private-files';

/**
 * What each key derived from the one app secret is for. A value made with one key (a hashed
 * address, a manage link) is worthless as another (an admin token's signature).
 */
export type KeyPurpose = 'admin-token' | 'visitor-address' | 'booking-manage-link' | 'voucher-signing' | 'webhook-signing' | 'gift-card-link' | 'waitlist-link' | 'mail-opt-out' | 'follow-up-link';

/** What the AI guide may spend (AI_* settings): one answer's time, a silent stream's, and model calls and tokens per minute and per day over every replica. */
export interface GuideBudgetSettings {
  answerMs: number;
  streamIdleMs: number;
  callsPerMinute: number;
  callsPerDay: number;
  tokensPerMinute: number;
  tokensPerDay: number;
}

export type DatabaseConfig = { type: 'mysql'; url: string } | { type: 'sqlite'; path: string };

/** The resolved configuration the rest of the app reads: defaults applied, paths absolute. */
export class AppConfig {
  readonly env: EnvironmentVariables['NODE_ENV'];
  readonly isProduction: boolean;
  readonly port: number;
  readonly dataDir: string;
  readonly database: DatabaseConfig;
  readonly publicUrl: string;
  readonly holdMinutes: number;
  /** Guests cancel free of charge until this long before the start. */
  readonly cancelFreeHours: number;
  /** The reminder mail goes out this long before the start. */
  readonly reminderHours: number;
  /** The days before a deposit's balance is due that the guest is reminded of it, most first (BALANCE_REMINDER_DAYS, default 7 and 2). */
  readonly balanceReminderDays: number[];
  /** Where guests who rated us 4 or 5 may review us too (REVIEW_TRIPADVISOR_URL, REVIEW_GOOGLE_URL). */
  readonly reviewLinks: { tripadvisor?: string; google?: string };
  /** How long a waitlist offer holds its seats, in minutes (WAITLIST_OFFER_MINUTES, default 120). */
  readonly waitlistOfferMinutes: number;
  /** VOUCHER_KEYS: the QR codes' key ids, newest (the one that signs) first. */
  readonly voucherKeyIds: string[];
  /** How long a gift card pays from its issue, in months (GIFT_CARD_VALID_MONTHS; 12, never fewer). */
  readonly giftCardValidMonths: number;
  readonly adminSeed?: { email: string; password: string };
  readonly stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
  readonly mail: { smtpUrl?: string; from: string; bookingEmail: string };
  readonly ai?: { url: string; key: string; model: string; budget: GuideBudgetSettings };
  readonly redisUrl?: string;
  /** Which proxies may set X-Forwarded-For: a hop count or addresses and ranges (Express's `trust proxy`). */
  readonly trustProxy: TrustProxy;
  /** Public pages and catalogue answers kept rendered and compressed (PAGE_CACHE=off: rendered every time). */
  readonly pageCache: boolean;
  /** The memory kept answers may take in all, in bytes (PAGE_CACHE_MB, default 64). */
  readonly pageCacheBytes: number;
  /** Whether the sky forecasts are fetched in the background (SKY_FORECASTS=off: never; the site then says no outlook is available). */
  readonly skyForecasts: boolean;
  /** On SIGTERM: how long the replica goes on serving, reporting itself not ready, before it closes (SHUTDOWN_DRAIN_SECONDS; 5 s, none under test). */
  readonly shutdownDrainMs: number;
  /** Backups: where they go, how many daily and monthly archives are kept, and the nightly time in the app (null: none). */
  readonly backup: { dir: string; keepDaily: number; keepMonthly: number; at: string | null };
  /** Prometheus metrics at /metrics on this port (unset: none). */
  readonly metricsPort?: number;
  private cachedJwtSecret?: string;
  private readonly keys = new Map<KeyPurpose, Buffer>();

  constructor(private readonly vars: EnvironmentVariables) {
    this.env = vars.NODE_ENV ?? 'development';
    this.isProduction = this.env === 'production';
    this.port = vars.PORT ?? 3000;
    this.dataDir = resolve(vars.DATA_DIR || './data');
    this.database = vars.DATABASE_URL
      ? { type: 'mysql', url: vars.DATABASE_URL }
      : { type: 'sqlite', path: join(this.dataDir, 'arctic.sqlite') };
    this.shutdownDrainMs = (vars.SHUTDOWN_DRAIN_SECONDS ?? (this.env === 'test' ? 0 : 5)) * 1000;
    this.backup = {
      dir: resolve(vars.BACKUP_DIR || join(this.dataDir, 'backups')),
      keepDaily: vars.BACKUP_KEEP_DAILY ?? 7,
      keepMonthly: vars.BACKUP_KEEP_MONTHLY ?? 12,
      at: vars.BACKUP_AT && vars.BACKUP_AT !== 'off' ? vars.BACKUP_AT : null,
    };
    this.publicUrl = (vars.PUBLIC_URL || `http://localhost:${this.port}`).replace(/\/+$/, '');
    this.holdMinutes = vars.HOLD_MINUTES ?? 15;
    this.cancelFreeHours = vars.CANCEL_FREE_HOURS ?? 48;
    this.reminderHours = vars.REMINDER_HOURS ?? 48;
    this.balanceReminderDays = [...new Set((vars.BALANCE_REMINDER_DAYS ?? '7,2').split(',').map(Number))].sort((a, b) => b - a);
    this.giftCardValidMonths = vars.GIFT_CARD_VALID_MONTHS ?? 12;
    this.waitlistOfferMinutes = vars.WAITLIST_OFFER_MINUTES ?? 120;
    this.voucherKeyIds = [...new Set((vars.VOUCHER_KEYS ?? 'k1').split(','))];
    this.reviewLinks = { ...(vars.REVIEW_TRIPADVISOR_URL ? { tripadvisor: vars.REVIEW_TRIPADVISOR_URL } : {}), ...(vars.REVIEW_GOOGLE_URL ? { google: vars.REVIEW_GOOGLE_URL } : {}) };
    if (vars.ADMIN_EMAIL && vars.ADMIN_PASSWORD) {
      this.adminSeed = { email: vars.ADMIN_EMAIL.toLowerCase(), password: vars.ADMIN_PASSWORD };
    }
    if (vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET) {
      this.stripe = { secretKey: vars.STRIPE_SECRET_KEY, webhookSecret: vars.STRIPE_WEBHOOK_SECRET, apiUrl: vars.STRIPE_API_URL || undefined };
    }
    this.mail = {
      smtpUrl: vars.SMTP_URL || undefined,
      from: vars.MAIL_FROM || 'Norrsken Arctic Tours <hello@norrsken-arctic.se>',
      bookingEmail: vars.BOOKING_EMAIL || 'booking@norrsken-arctic.se',
    };
    if (vars.AI_API_URL && vars.AI_API_KEY && vars.AI_MODEL) {
      this.ai = {
        url: vars.AI_API_URL,
        key: vars.AI_API_KEY,
        model: vars.AI_MODEL,
        budget: {
          answerMs: (vars.AI_ANSWER_SECONDS ?? 15) * 1000,
          streamIdleMs: (vars.AI_STREAM_IDLE_SECONDS ?? 8) * 1000,
          callsPerMinute: vars.AI_CALLS_PER_MINUTE ?? 60,
          callsPerDay: vars.AI_CALLS_PER_DAY ?? 5000,
          tokensPerMinute: vars.AI_TOKENS_PER_MINUTE ?? 200_000,
          tokensPerDay: vars.AI_TOKENS_PER_DAY ?? 5_000_000,
        },
      };
    }
    this.redisUrl = vars.REDIS_URL || undefined;
    this.pageCache = vars.PAGE_CACHE !== 'off';
    this.skyForecasts = vars.SKY_FORECASTS !== 'off';
    this.pageCacheBytes = (vars.PAGE_CACHE_MB ?? 64) * 1024 * 1024;
    this.metricsPort = vars.METRICS_PORT;
    this.trustProxy = (vars.TRUST_PROXY && parseTrustProxy(vars.TRUST_PROXY)) || ['loopback'];
  }

  static fromEnvironment(raw: Record<string, unknown> = process.env): AppConfig {
    return new AppConfig(validateEnvironment(raw));
  }

  /** The key for one purpose, derived from the app secret with HKDF-SHA256. */
  key(purpose: KeyPurpose): Buffer {
    let key = this.keys.get(purpose);
    if (!key) this.keys.set(purpose, (key = Buffer.from(hkdfSync('sha256', this.jwtSecret, 'norrsken', purpose, 32))));
    return key;
  }

  /** The 32-byte seed of a QR code signing key: k1's is the first one's (codes sent before keys rotated), each later one its own. */
  voucherSeed(keyId: string): Buffer {
    return keyId === 'k1' ? this.key('voucher-signing') : Buffer.from(hkdfSync('sha256', this.jwtSecret, 'norrsken', `voucher-signing:${keyId}`, 32));
  }

  /**
   * The app secret every key is derived from: from JWT_SECRET, or (outside production) generated once into DATA_DIR
   * so that tokens survive a restart.
   */
  get jwtSecret(): string {
    if (this.cachedJwtSecret) return this.cachedJwtSecret;
    if (this.vars.JWT_SECRET) return (this.cachedJwtSecret = this.vars.JWT_SECRET);
    const file = join(this.dataDir, 'jwt-secret');
    if (!existsSync(file)) {
      ensurePrivateDir(this.dataDir);
      try {
        writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
        chmodSync(file, 0o600);
      } catch (error) {
        // Another process wrote it first: use theirs.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    return (this.cachedJwtSecret = readFileSync(file, 'utf8').trim());
  }
}
