import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

import { BookingsService } from './bookings.service';

const SWEEP_EVERY_MS = 60_000;

/** Marks lapsed holds as expired once a minute (they stop counting on their own at expiry). */
@Injectable()
export class HoldSweeperService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(HoldSweeperService.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly bookings: BookingsService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(now = new Date()): Promise<number> {
    try {
      const expired = await this.bookings.expireHolds(now);
      if (expired > 0) this.logger.log(`Marked ${expired} lapsed hold(s) as expired`);
      return expired;
    } catch (error) {
      this.logger.error(`Sweeping holds failed: ${String(error)}`);
      return 0;
    }
  }
}
