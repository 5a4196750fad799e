import { Injectable, Logger } from '@nestjs/common';

import { PeriodicWorker } from '../common/jobs/periodic-worker';
import { Reminders } from './lifecycle/reminders.service';
import { WeatherCalls } from './lifecycle/weather-calls.service';

/**
 * Sends the reminders that are due, those of answers still missing and of deposits' balances, the
 * one mail about a booking left half way, the rating request the morning after a tour
 * (and flags balances past their day), every five minutes (each once, whichever process gets there); and refunds the weather offers nobody answered
 * by their departure's start.
 */
@Injectable()
export class ReminderWorker extends PeriodicWorker {
  protected readonly logger = new Logger(ReminderWorker.name);
  protected readonly everyMs = 5 * 60_000;

  constructor(
    private readonly reminders: Reminders,
    private readonly weather: WeatherCalls,
  ) {
    super();
  }

  protected async runOnce(now: Date): Promise<number> {
    return (await this.reminders.sendDueReminders(now)) + (await this.reminders.sendAnswerReminders(now)) + (await this.reminders.sendBalanceReminders(now)) + (await this.reminders.sendRecoveryMails(now)) + (await this.reminders.sendReviewRequests(now)) + (await this.weather.settleUnanswered(now));
  }
}
