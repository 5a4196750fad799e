import { Injectable, Logger } from '@nestjs/common';

import { PeriodicWorker } from '../../common/jobs/periodic-worker';
import { PrivacyService } from './privacy.service';

/** The daily retention job (and once at start, for days no process ran). */
@Injectable()
export class RetentionWorker extends PeriodicWorker {
  protected readonly logger = new Logger(RetentionWorker.name);
  protected readonly everyMs = 24 * 3_600_000;

  constructor(private readonly privacy: PrivacyService) {
    super();
  }

  protected runOnce(now: Date): Promise<number> {
    return this.privacy.applyRetention(now);
  }
}
