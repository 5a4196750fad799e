import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';

import { RetryLaterException } from '../common/filters/retry-later.exception';

/**
 * Looking bookings up by reference, through the API or the payment pages, shares one count per
 * address (in Redis with REDIS_URL), so references cannot be guessed however they are asked.
 */
@Injectable()
export class BookingLookupLimiter {
  static readonly LIMIT = 60;
  static readonly WINDOW_MS = 60_000;
  static readonly MESSAGE = 'Too many booking look-ups from your address. Please wait a minute and try again.';

  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  /** Counts one look-up; throws a 429 (with Retry-After) past the limit. */
  async consume(clientIp: string): Promise<void> {
    const { isBlocked, timeToBlockExpire } = await this.storage.increment(
      `booking-lookup:${clientIp}`,
      BookingLookupLimiter.WINDOW_MS,
      BookingLookupLimiter.LIMIT,
      BookingLookupLimiter.WINDOW_MS,
      'booking-lookup',
    );
    if (isBlocked) throw new RetryLaterException(BookingLookupLimiter.MESSAGE, Math.max(1, timeToBlockExpire));
  }
}
