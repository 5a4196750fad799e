import { Injectable, Logger } from '@nestjs/common';

import { PeriodicWorker } from '../common/jobs/periodic-worker';
import { Reminders } from './lifecycle/reminders.service';

/** Sends the reminders that are due, and those of answers still missing, every five minutes (each once, whichever process gets there). */
@Injectable()
export class ReminderWorker extends PeriodicWorker {
  protected readonly logger = new Logger(ReminderWorker.name);
  protected readonly everyMs = 5 * 60_000;

  constructor(private readonly reminders: Reminders) {
    super();
  }

  protected async runOnce(now: Date): Promise<number> {
    return (await this.reminders.sendDueReminders(now)) + (await this.reminders.sendAnswerReminders(now));
  }
}
