import { Logger } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';

type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * The counts in Redis, shared by every replica, and this process's own while Redis does not
 * answer: an outage of Redis must not take bookings, look-ups, contact, the guide or staff login
 * down with it (each answered 500, after ioredis's retries, seconds later). While it lasts every
 * replica counts on its own, so an address may get one limit per replica; once Redis is back
 * the shared counts go on from where they were.
 */
export class FallbackThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('Throttling');
  private readonly local = new ThrottlerStorageService();
  private sharing = true;

  constructor(
    private readonly redis: Pick<Redis, 'status'>,
    private readonly shared: ThrottlerStorage,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerRecord> {
    // Not connected: asking would keep the request waiting through ioredis's reconnection.
    if (this.redis.status === 'ready') {
      try {
        const record = await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
        if (!this.sharing) this.logger.log('Redis answers again: the limits are counted in Redis again.');
        this.sharing = true;
        return record;
      } catch (error) {
        this.countLocally(String(error));
      }
    } else {
      this.countLocally(`its connection is ${this.redis.status}`);
    }
    return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  private countLocally(why: string): void {
    if (this.sharing) this.logger.warn(`Redis does not answer (${why}): each process counts the limits on its own until it does.`);
    this.sharing = false;
  }
}
