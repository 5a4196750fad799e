import { Injectable, Logger } from '@nestjs/common';

import { PeriodicWorker } from '../common/jobs/periodic-worker';
import { HoldCheckout } from './lifecycle/hold-checkout.service';
import { clock } from '../common/clock';

/** Marks lapsed holds as expired once a minute (they stop counting on their own at expiry). */
@Injectable()
export class HoldSweeperService extends PeriodicWorker {
  protected readonly logger = new Logger(HoldSweeperService.name);
  protected readonly everyMs = 60_000;

  constructor(private readonly checkout: HoldCheckout) {
    super();
  }

  protected async runOnce(now: Date): Promise<number> {
    const expired = await this.checkout.expireLapsedHolds(now);
    if (expired > 0) this.logger.log(`Marked ${expired} lapsed hold(s) as expired`);
    return expired;
  }

  /** One sweep (tests, and the interval through drain). */
  sweep(now = clock.now()): Promise<number> {
    return this.drain(now);
  }
}
