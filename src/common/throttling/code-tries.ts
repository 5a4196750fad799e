import type { ThrottlerStorage } from '@nestjs/throttler';

/** Codes (a gift card's, a promo code) an address may try in an hour, right or wrong. */
export const CODE_TRIES = { limit: 20, windowMs: 3_600_000 } as const;

/**
 * Counts one try of a `kind` of code from an address (in Redis with REDIS_URL, shared by the
 * replicas); true when the address is past the limit, and then until its hour is out. A guest
 * tries one or two; a guesser, at twenty an hour, gets nowhere.
 */
export async function overCodeTries(storage: ThrottlerStorage, kind: string, clientIp: string): Promise<boolean> {
  const { isBlocked } = await storage.increment(`${kind}-tries:${clientIp}`, CODE_TRIES.windowMs, CODE_TRIES.limit, CODE_TRIES.windowMs, `${kind}-tries`);
  return isBlocked;
}
