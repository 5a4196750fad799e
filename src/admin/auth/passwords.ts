import { availableParallelism } from 'node:os';

import { Semaphore } from 'async-mutex';
import { compare, hash } from 'bcrypt';

import { RetryLaterException } from '../../common/filters/retry-later.exception';

/** bcrypt's cost for new hashes: about a quarter of a second of one core each. */
export const PASSWORD_HASH_ROUNDS = 12;

/**
 * Hashes run in libuv's thread pool (the native bcrypt binding), never on the event loop, and
 * at most this many at once, so that wrong passwords cannot take every core from the visitors.
 */
export const HASHES_AT_ONCE = Math.max(1, availableParallelism() - 1);
/** Beyond this many waiting, a login is told to come back instead of queueing for many seconds. */
export const HASHES_WAITING = 32;

const slots = new Semaphore(HASHES_AT_ONCE);
/** Hashes running or waiting for a slot, in this process. */
let inLine = 0;

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (inLine >= HASHES_AT_ONCE + HASHES_WAITING) throw new RetryLaterException('För många inloggningar just nu. Försök igen om en liten stund.', 5);
  inLine++;
  try {
    return await slots.runExclusive(work);
  } finally {
    inLine--;
  }
}

/** Whether `password` is the one `passwordHash` was made from; hashes made by bcryptjs ($2a$, $2b$) check the same. */
export const verifyPassword = (password: string, passwordHash: string): Promise<boolean> => inTurn(() => compare(password, passwordHash));

/** A new hash of `password` at PASSWORD_HASH_ROUNDS. */
export const hashPassword = (password: string): Promise<string> => inTurn(() => hash(password, PASSWORD_HASH_ROUNDS));
