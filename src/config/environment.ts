import 'reflect-metadata';

import { isIP } from 'node:net';

import { plainToInstance, Type } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  validateSync,
  type ValidatorConstraintInterface,
} from 'class-validator';

const isSet = (value: unknown): boolean => value !== undefined && value !== '';

/** Express's `trust proxy`: how many proxy hops, or which addresses and ranges, may set X-Forwarded-For. */
export type TrustProxy = number | string[];

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY as Express takes it, or null when it is neither a hop count nor a list of addresses/ranges. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : null;
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (NAMED_RANGES.includes(entry)) return true;
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address);
    if (!family || extra !== undefined) return false;
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  });
  return valid && entries.length > 0 ? entries : null;
}

@ValidatorConstraint({ name: 'trustProxy' })
class TrustProxySetting implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && parseTrustProxy(value) !== null;
  }
}

/** Every environment variable of the runtime contract (docs/operations.md, Settings), validated once at start. */
export class EnvironmentVariables {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: 'development' | 'production' | 'test';

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @IsString()
  DATA_DIR?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.DATABASE_URL))
  @Matches(/^(mysql|mariadb):\/\/[^/]+\/[A-Za-z0-9_$-]+(\?.*)?$/, {
    message: 'DATABASE_URL must look like mysql://user:password@host:3306/database',
  })
  DATABASE_URL?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.ADMIN_EMAIL) || isSet(env.ADMIN_PASSWORD))
  @IsEmail({}, { message: 'ADMIN_EMAIL must be an email address (it is needed with ADMIN_PASSWORD)' })
  ADMIN_EMAIL?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.ADMIN_EMAIL) || isSet(env.ADMIN_PASSWORD))
  @MinLength(10, { message: 'ADMIN_PASSWORD must be at least 10 characters (it is needed with ADMIN_EMAIL)' })
  @IsString({ message: 'ADMIN_PASSWORD is needed with ADMIN_EMAIL' })
  ADMIN_PASSWORD?: string;

  @ValidateIf((env: EnvironmentVariables) => env.NODE_ENV === 'production' || isSet(env.JWT_SECRET))
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  @IsString({ message: 'JWT_SECRET is required in production' })
  JWT_SECRET?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.PUBLIC_URL))
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'PUBLIC_URL must be an absolute http(s) URL such as https://norrsken.example' },
  )
  PUBLIC_URL?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.STRIPE_SECRET_KEY) || isSet(env.STRIPE_WEBHOOK_SECRET))
  @Matches(/^(sk|rk)_(test|live)_\w+$/, {
    message: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…), set together with STRIPE_WEBHOOK_SECRET',
  })
  STRIPE_SECRET_KEY?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.STRIPE_SECRET_KEY) || isSet(env.STRIPE_WEBHOOK_SECRET))
  @Matches(/^whsec_\w+$/, {
    message: 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…), set together with STRIPE_SECRET_KEY',
  })
  STRIPE_WEBHOOK_SECRET?: string;

  /** Where the Stripe SDK sends its calls; only for a local stand-in in tests. */
  @ValidateIf((env: EnvironmentVariables) => isSet(env.STRIPE_API_URL))
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'STRIPE_API_URL must be an absolute http(s) URL' })
  STRIPE_API_URL?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.SMTP_URL))
  @Matches(/^smtps?:\/\/.+/, { message: 'SMTP_URL must look like smtp://user:password@host:587' })
  SMTP_URL?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.MAIL_FROM))
  @Matches(/^([^<>]+<[^@\s]+@[^@\s>]+>|[^@\s]+@[^@\s]+)$/, {
    message: 'MAIL_FROM must be an address such as "Norrsken Arctic Tours <hello@norrsken.example>"',
  })
  MAIL_FROM?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.BOOKING_EMAIL))
  @IsEmail({}, { message: 'BOOKING_EMAIL must be an email address' })
  BOOKING_EMAIL?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.AI_API_URL) || isSet(env.AI_API_KEY) || isSet(env.AI_MODEL))
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'AI_API_URL must be an absolute http(s) URL, set together with AI_API_KEY and AI_MODEL' },
  )
  AI_API_URL?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.AI_API_URL) || isSet(env.AI_API_KEY) || isSet(env.AI_MODEL))
  @IsString({ message: 'AI_API_KEY is needed with AI_API_URL and AI_MODEL' })
  AI_API_KEY?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.AI_API_URL) || isSet(env.AI_API_KEY) || isSet(env.AI_MODEL))
  @IsString({ message: 'AI_MODEL is needed with AI_API_URL and AI_API_KEY' })
  AI_MODEL?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'AI_ANSWER_SECONDS must be a whole number of seconds' })
  @Min(1, { message: 'AI_ANSWER_SECONDS must be at least 1' })
  @Max(120, { message: 'AI_ANSWER_SECONDS must be at most 120' })
  AI_ANSWER_SECONDS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'AI_STREAM_IDLE_SECONDS must be a whole number of seconds' })
  @Min(1, { message: 'AI_STREAM_IDLE_SECONDS must be at least 1' })
  @Max(60, { message: 'AI_STREAM_IDLE_SECONDS must be at most 60' })
  AI_STREAM_IDLE_SECONDS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'AI_CALLS_PER_MINUTE must be a whole number of calls' })
  @Min(1, { message: 'AI_CALLS_PER_MINUTE must be at least 1' })
  @Max(100000, { message: 'AI_CALLS_PER_MINUTE must be at most 100000' })
  AI_CALLS_PER_MINUTE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'AI_CALLS_PER_DAY must be a whole number of calls' })
  @Min(1, { message: 'AI_CALLS_PER_DAY must be at least 1' })
  @Max(10000000, { message: 'AI_CALLS_PER_DAY must be at most 10000000' })
  AI_CALLS_PER_DAY?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'AI_TOKENS_PER_MINUTE must be a whole number of tokens' })
  @Min(1000, { message: 'AI_TOKENS_PER_MINUTE must be at least 1000' })
  @Max(100000000, { message: 'AI_TOKENS_PER_MINUTE must be at most 100000000' })
  AI_TOKENS_PER_MINUTE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'AI_TOKENS_PER_DAY must be a whole number of tokens' })
  @Min(1000, { message: 'AI_TOKENS_PER_DAY must be at least 1000' })
  @Max(2000000000, { message: 'AI_TOKENS_PER_DAY must be at most 2000000000' })
  AI_TOKENS_PER_DAY?: number;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.REDIS_URL))
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must look like redis://host:6379' })
  REDIS_URL?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.TRUST_PROXY))
  @Validate(TrustProxySetting, {
    message: 'TRUST_PROXY must be a hop count (such as 1) or a comma-separated list of addresses and ranges (such as 10.0.0.5, 172.28.0.0/24, loopback)',
  })
  TRUST_PROXY?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'METRICS_PORT must be a port number' })
  @Min(1, { message: 'METRICS_PORT must be a port number' })
  @Max(65535, { message: 'METRICS_PORT must be a port number' })
  METRICS_PORT?: number;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.SKY_FORECASTS))
  @IsIn(['on', 'off'], { message: 'SKY_FORECASTS must be on or off' })
  SKY_FORECASTS?: 'on' | 'off';

  @ValidateIf((env: EnvironmentVariables) => isSet(env.PAGE_CACHE))
  @IsIn(['on', 'off'], { message: 'PAGE_CACHE must be on or off' })
  PAGE_CACHE?: 'on' | 'off';

  /** How long a stopping replica goes on serving, not ready, before it closes (the proxy's health checks take it out meanwhile). */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 120' })
  @Min(0, { message: 'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 120' })
  @Max(120, { message: 'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 120' })
  SHUTDOWN_DRAIN_SECONDS?: number;

  /** Where `npm run backup` writes its archives (default DATA_DIR/backups: put it on another disk). */
  @IsOptional()
  @IsString()
  BACKUP_DIR?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'BACKUP_KEEP_DAILY must be a whole number of days from 1 to 366' })
  @Min(1, { message: 'BACKUP_KEEP_DAILY must be a whole number of days from 1 to 366' })
  @Max(366, { message: 'BACKUP_KEEP_DAILY must be a whole number of days from 1 to 366' })
  BACKUP_KEEP_DAILY?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'BACKUP_KEEP_MONTHLY must be a whole number of months from 0 to 120' })
  @Min(0, { message: 'BACKUP_KEEP_MONTHLY must be a whole number of months from 0 to 120' })
  @Max(120, { message: 'BACKUP_KEEP_MONTHLY must be a whole number of months from 0 to 120' })
  BACKUP_KEEP_MONTHLY?: number;

  /** When the app itself backs up every night, Kiruna time ("03:15"); unset or off: only `npm run backup`. */
  @ValidateIf((env: EnvironmentVariables) => isSet(env.BACKUP_AT) && env.BACKUP_AT !== 'off')
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'BACKUP_AT must be a time like 03:15 (Kiruna time), or off' })
  BACKUP_AT?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'PAGE_CACHE_MB must be a whole number of megabytes' })
  @Min(1, { message: 'PAGE_CACHE_MB must be at least 1' })
  @Max(4096, { message: 'PAGE_CACHE_MB must be at most 4096' })
  PAGE_CACHE_MB?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'HOLD_MINUTES must be a whole number of minutes' })
  @Min(1, { message: 'HOLD_MINUTES must be at least 1' })
  @Max(120, { message: 'HOLD_MINUTES must be at most 120' })
  HOLD_MINUTES?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'CANCEL_FREE_HOURS must be a whole number of hours' })
  @Min(0, { message: 'CANCEL_FREE_HOURS must be at least 0' })
  @Max(720, { message: 'CANCEL_FREE_HOURS must be at most 720' })
  CANCEL_FREE_HOURS?: number;

  /** How long a gift card pays, from when it is issued (Swedish consumer guidance: at least a year). */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'GIFT_CARD_VALID_MONTHS must be a whole number of months from 12 to 120' })
  @Min(12, { message: 'GIFT_CARD_VALID_MONTHS must be a whole number of months from 12 to 120' })
  @Max(120, { message: 'GIFT_CARD_VALID_MONTHS must be a whole number of months from 12 to 120' })
  GIFT_CARD_VALID_MONTHS?: number;

  /** Where a guest who rated us 4 or 5 is offered to review us too (optional). */
  @ValidateIf((env: EnvironmentVariables) => isSet(env.REVIEW_TRIPADVISOR_URL))
  @IsUrl({ require_protocol: true, protocols: ['https'] }, { message: 'REVIEW_TRIPADVISOR_URL must be an https URL' })
  REVIEW_TRIPADVISOR_URL?: string;

  @ValidateIf((env: EnvironmentVariables) => isSet(env.REVIEW_GOOGLE_URL))
  @IsUrl({ require_protocol: true, protocols: ['https'] }, { message: 'REVIEW_GOOGLE_URL must be an https URL' })
  REVIEW_GOOGLE_URL?: string;

  /**
   * The keys that sign and check booking QR codes, newest first (`k2,k1`): the first signs new
   * codes, the others still check codes already sent; a key left out no longer checks any.
   */
  @IsOptional()
  @Matches(/^k\d{1,4}(,k\d{1,4}){0,9}$/, { message: 'VOUCHER_KEYS must be key ids like k2,k1 (newest first)' })
  VOUCHER_KEYS?: string;

  /** How long a waitlist offer holds the freed seats for its guest before they pass to the next in line. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'WAITLIST_OFFER_MINUTES must be a whole number of minutes from 10 to 1440' })
  @Min(10, { message: 'WAITLIST_OFFER_MINUTES must be a whole number of minutes from 10 to 1440' })
  @Max(1440, { message: 'WAITLIST_OFFER_MINUTES must be a whole number of minutes from 10 to 1440' })
  WAITLIST_OFFER_MINUTES?: number;

  /** The days before a deposit's balance is due that the guest is reminded of it, e.g. `7,2`. */
  @IsOptional()
  @Matches(/^\d{1,3}(,\d{1,3}){0,4}$/, { message: 'BALANCE_REMINDER_DAYS must be up to five whole numbers of days, separated by commas, e.g. 7,2' })
  BALANCE_REMINDER_DAYS?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'REMINDER_HOURS must be a whole number of hours' })
  @Min(1, { message: 'REMINDER_HOURS must be at least 1' })
  @Max(720, { message: 'REMINDER_HOURS must be at most 720' })
  REMINDER_HOURS?: number;
}

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration, the server will not start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'InvalidEnvironmentError';
  }
}

/** Validates the raw environment; throws one error that names every bad variable. */
export function validateEnvironment(raw: Record<string, unknown>): EnvironmentVariables {
  // A variable set to the empty string (compose files write `VAR: ${VAR}`) counts as unset.
  const set = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
  const env = plainToInstance(EnvironmentVariables, set, { enableImplicitConversion: false });
  // One problem per variable: the first rule it breaks.
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false, stopAtFirstError: true });
  if (errors.length > 0) {
    const problems = errors.flatMap((error) =>
      Object.values(error.constraints ?? {}).map((message) =>
        message.startsWith(error.property) ? message : `${error.property}: ${message}`,
      ),
    );
    throw new InvalidEnvironmentError(problems);
  }
  return env;
}
