import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, DataSource, In, LessThan, Like, MoreThanOrEqual } from 'typeorm';

import type { GuideSpendView } from '../../shared/admin-types';
import { clock } from '../common/clock';
import { writeTransaction } from '../database/transactions';
import type { GuideBudgetSettings } from '../config/app-config';
import { GuideSpend } from './guide-spend.entity';

/** The budget is spent for now: the built-in guide answers instead of the model. */
export class GuideBudgetSpent extends Error {
  constructor(readonly period: 'minute' | 'day') {
    super(`The AI guide's budget for this ${period} is spent`);
    this.name = 'GuideBudgetSpent';
  }
}

const minuteOf = (now: Date) => `minute:${now.toISOString().slice(0, 16)}`;
const dayOf = (now: Date) => `day:${now.toISOString().slice(0, 10)}`;

/** A model's reply may use up to this many tokens when the request names no cap of its own. */
const DEFAULT_REPLY_TOKENS = 600;

/**
 * The tokens a request to the model may use, from its body alone (taken before it is sent):
 * its prompt at about four characters a token, and the reply's cap (`max_tokens`).
 */
export function requestTokens(body: string): number {
  let replyCap = DEFAULT_REPLY_TOKENS;
  try {
    const parsed = JSON.parse(body) as { max_tokens?: unknown };
    if (typeof parsed.max_tokens === 'number' && parsed.max_tokens > 0) replyCap = parsed.max_tokens;
  } catch {
    // Not JSON: the prompt's size alone, with the usual cap.
  }
  return Math.ceil(body.length / 4) + replyCap;
}

/**
 * What the AI guide may spend with the outside model: calls and tokens per minute and per day
 * (AI_CALLS_PER_MINUTE, AI_CALLS_PER_DAY, AI_TOKENS_PER_MINUTE, AI_TOKENS_PER_DAY), counted in
 * the database so that every replica and a restart share them. Each request to the model (each
 * round of an answer) is taken from the budget before it is sent, as a conditional update of
 * this minute's and today's rows in one transaction: two replicas at the last call take it once.
 */
@Injectable()
export class GuideBudget {
  private prunedOn = '';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Takes one call of `tokens` from this minute's and today's budget; throws GuideBudgetSpent when either has no room. */
  async take(settings: GuideBudgetSettings, tokens: number, now = clock.now()): Promise<void> {
    const periods = [
      { period: minuteOf(now), calls: settings.callsPerMinute, tokens: settings.tokensPerMinute, name: 'minute' as const },
      { period: dayOf(now), calls: settings.callsPerDay, tokens: settings.tokensPerDay, name: 'day' as const },
    ];
    await this.ensureRows(periods.map((limit) => limit.period));
    await writeTransaction(this.dataSource, async (manager) => {
      // Minute first, then day: every replica locks the two rows in the same order, and takes
      // each with one exclusive lock (the rows exist already, see ensureRows).
      for (const limit of periods) {
        const taken = await manager
          .createQueryBuilder()
          .update(GuideSpend)
          .set({ calls: () => 'calls + 1', tokens: () => `tokens + ${Math.max(0, Math.ceil(tokens))}` })
          .where('period = :period AND calls < :calls AND tokens + :wanted <= :tokens', { period: limit.period, calls: limit.calls, wanted: tokens, tokens: limit.tokens })
          .execute();
        if (taken.affected !== 1) throw new GuideBudgetSpent(limit.name);
      }
    });
    await this.prune(now);
  }

  /**
   * Makes the periods' rows, when a plain read does not find them, in a transaction of their own.
   * Inserting a row that exists takes a shared lock on it; in the same transaction as the update
   * that then wants it exclusively, two callers at once would each hold the one the other waits
   * for (MySQL's deadlock, which forty questions at once turned into errors).
   */
  private async ensureRows(periods: string[]): Promise<void> {
    const found = await this.dataSource.getRepository(GuideSpend).find({ select: { period: true }, where: { period: In(periods) } });
    const missing = periods.filter((period) => !found.some((row) => row.period === period));
    if (missing.length === 0) return;
    await writeTransaction(this.dataSource, (manager) =>
      manager.createQueryBuilder().insert().into(GuideSpend).values(missing.map((period) => ({ period, calls: 0, tokens: 0 }))).orIgnore().updateEntity(false).execute(),
    );
  }

  /**
   * A fetch for the model's client that takes each request from the budget before sending it:
   * a request over budget is never sent (the built-in guide answers).
   */
  fetchWithin(settings: GuideBudgetSettings, send: typeof fetch = fetch): typeof fetch {
    return async (input, init) => {
      await this.take(settings, requestTokens(typeof init?.body === 'string' ? init.body : ''));
      return send(input, init);
    };
  }

  /** What staff see: this minute's and the last seven days' spend, against the limits. */
  async view(settings: GuideBudgetSettings | undefined, now = clock.now()): Promise<GuideSpendView> {
    const spends = this.dataSource.getRepository(GuideSpend);
    const minute = await spends.findOneBy({ period: minuteOf(now) });
    const weekAgo = new Date(now.getTime() - 6 * 86_400_000);
    const days = await spends.find({ where: { period: And(Like('day:%'), MoreThanOrEqual(dayOf(weekAgo))) }, order: { period: 'DESC' } });
    return {
      limits: settings ? { callsPerMinute: settings.callsPerMinute, callsPerDay: settings.callsPerDay, tokensPerMinute: settings.tokensPerMinute, tokensPerDay: settings.tokensPerDay } : null,
      thisMinute: { calls: minute?.calls ?? 0, tokens: minute?.tokens ?? 0 },
      days: days.map((row) => ({ date: row.period.slice(4), calls: row.calls, tokens: row.tokens })),
    };
  }

  /** Minutes older than a day are let go (once a day per process); the days stay, for staff. */
  private async prune(now: Date): Promise<void> {
    const today = dayOf(now);
    if (this.prunedOn === today) return;
    this.prunedOn = today;
    await this.dataSource.getRepository(GuideSpend).delete({ period: And(Like('minute:%'), LessThan(minuteOf(new Date(now.getTime() - 86_400_000)))) });
  }
}
