/**
 * Failures that say the database is out of reach for now (down, restarting, out of connections,
 * locked), not that a query or our code is wrong: a request that meets one is answered 503 with
 * Retry-After, a page too, so that visitors, resellers' systems and search engines try again
 * later rather than take it for a broken address.
 */

/** How long a visitor is asked to wait before trying again, in seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = 'We cannot reach our booking system just now. Please try again in a moment.';

/** Node's network errors, and mysql2's for a connection lost, refused at the door or shut down. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
]);

/** SQLite's: the file is locked past the busy timeout, cannot be opened or written, or the disk is full. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|FULL|IOERR)(_|$)/;

interface DriverFailure {
  code?: unknown;
  /** mysql2 marks an error that ended its connection. */
  fatal?: unknown;
  /** TypeORM's QueryFailedError carries the driver's error. */
  driverError?: unknown;
}

/** `error`, or the driver's error it carries (TypeORM's QueryFailedError), a few levels down. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const failure = error as DriverFailure;
  const code = typeof failure.code === 'string' ? failure.code : '';
  if (UNREACHABLE.has(code) || SQLITE_UNAVAILABLE.test(code) || (failure.fatal === true && code !== '')) return true;
  return isDatabaseUnavailable(failure.driverError, depth + 1);
}
