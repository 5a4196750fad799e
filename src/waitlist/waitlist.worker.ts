import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';

import { ContentChanges } from '../common/cache/content-changes';
import { PeriodicWorker } from '../common/jobs/periodic-worker';
import { WaitlistLine } from './waitlist-line.service';

/**
 * Passes freed seats down the waitlists: at once after any change of departures' seats here or
 * on another replica (a cancellation, staff adding capacity, an offer left), and every 30 seconds
 * for what the clock alone frees (a hold or an offer lapsing). Each offer is made once under the
 * departure's lock, whichever replica's pass gets there.
 */
@Injectable()
export class WaitlistWorker extends PeriodicWorker implements OnApplicationBootstrap {
  protected readonly logger = new Logger(WaitlistWorker.name);
  protected readonly everyMs = 30_000;

  constructor(
    private readonly line: WaitlistLine,
    private readonly changes: ContentChanges,
  ) {
    super();
  }

  override onApplicationBootstrap(): void {
    this.changes.onChange((topics) => {
      if ([...topics].some((topic) => topic === '*' || topic.startsWith('departures'))) this.kick();
    });
    super.onApplicationBootstrap();
  }

  protected runOnce(now: Date): Promise<number> {
    return this.line.offerFreedSeats(now);
  }
}
