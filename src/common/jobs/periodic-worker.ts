import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Mutex } from 'async-mutex';
import { clock } from '../clock';

/**
 * A background job that works through due rows every `everyMs` and whenever it is kicked.
 * One pass at a time in a process; across processes the rows' claims keep them apart.
 */
export abstract class PeriodicWorker implements OnApplicationBootstrap, OnModuleDestroy {
  protected abstract readonly logger: Logger;
  protected abstract readonly everyMs: number;
  private readonly passes = new Mutex();
  private timer?: NodeJS.Timeout;
  private stopped = false;

  /** One pass: claims and works on what is due; returns how many rows it handled. */
  protected abstract runOnce(now: Date): Promise<number>;

  /** Starts the interval, and a first pass at once: what fell due while no process ran goes out now. */
  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.everyMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops before the database closes, and lets a pass under way finish its row. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.passes.waitForUnlock();
  }

  /** Works soon, without waiting: called after a transaction that wrote new work commits. */
  kick(): void {
    if (this.stopped) return;
    setImmediate(() => {
      if (this.stopped) return;
      this.drain().catch((error: unknown) => this.logger.error(`Background pass failed: ${String(error)}`));
    });
  }

  /** Works until nothing is due (at `now`, default the clock); returns how many rows it handled. */
  async drain(now?: Date): Promise<number> {
    let total = 0;
    while (!this.stopped) {
      const handled = await this.passes.runExclusive(() => this.runOnce(now ?? clock.now()));
      total += handled;
      if (handled === 0) break;
    }
    return total;
  }
}
