import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Global, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Request } from 'express';
import Redis from 'ioredis';

import { AppConfig } from '../../config/app-config';
import { clientIp } from './client-ip';
import { FallbackThrottlerStorage } from './fallback-throttler-storage';

export const TOO_MANY_REQUESTS = 'Too many requests from your address. Please wait a few minutes and try again.';

/** The counts in Redis, and the process's own while Redis does not answer (FallbackThrottlerStorage). */
function sharedStorage(redis: Redis): FallbackThrottlerStorage {
  redis.on('error', () => undefined); // said once per outage by FallbackThrottlerStorage, not per reconnection attempt
  return new FallbackThrottlerStorage(redis, new ThrottlerStorageRedisService(redis));
}

/**
 * Rate limits for the endpoints that opt in with ThrottlerGuard (contact, login, chat).
 * With REDIS_URL the counts live in Redis, shared by every replica (each process's own while
 * Redis does not answer: FallbackThrottlerStorage).
 */
@Global()
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: 60 }],
        errorMessage: TOO_MANY_REQUESTS,
        // Counted per visitor as clientIp() resolves it (IPv6 per /64), not per raw req.ip.
        getTracker: (request) => clientIp(request as Request),
        storage: config.redisUrl ? sharedStorage(new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })) : undefined,
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class ThrottlingModule {}
