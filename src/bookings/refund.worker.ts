import { Injectable, Logger } from '@nestjs/common';

import { PeriodicWorker } from '../common/jobs/periodic-worker';
import { Refunds } from './lifecycle/refunds.service';

/** Carries out due refunds (and retries failed ones with backoff); the lifecycle records them. */
@Injectable()
export class RefundWorker extends PeriodicWorker {
  protected readonly logger = new Logger(RefundWorker.name);
  protected readonly everyMs = 15_000;

  constructor(private readonly refunds: Refunds) {
    super();
    refunds.onRefundsDue(() => this.kick());
  }

  protected runOnce(now: Date): Promise<number> {
    return this.refunds.settleDueRefunds(now);
  }
}
