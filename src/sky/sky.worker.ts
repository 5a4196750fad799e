import { Injectable, Logger } from '@nestjs/common';

import { AppConfig } from '../config/app-config';
import { PeriodicWorker } from '../common/jobs/periodic-worker';
import { SkyFetcher } from './sky-fetcher.service';

/** Fetches the sky feeds as they fall due (each once, whichever process gets there); nothing with SKY_FORECASTS=off. */
@Injectable()
export class SkyWorker extends PeriodicWorker {
  protected readonly logger = new Logger(SkyWorker.name);
  protected readonly everyMs = 5 * 60_000;
  private ready = false;

  constructor(
    private readonly fetcher: SkyFetcher,
    private readonly config: AppConfig,
  ) {
    super();
  }

  override onApplicationBootstrap(): void {
    if (this.config.skyForecasts) super.onApplicationBootstrap();
  }

  protected async runOnce(now: Date): Promise<number> {
    if (!this.ready) {
      await this.fetcher.ensureFeeds(now);
      this.ready = true;
    }
    return (await this.fetcher.fetchDue(now)).length;
  }
}
