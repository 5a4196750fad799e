import { DataSource, Like } from 'typeorm';

import { GuideBudget, GuideBudgetSpent } from '../src/chat/guide-budget';
import { GuideSpend } from '../src/chat/guide-spend.entity';
import type { GuideBudgetSettings } from '../src/config/app-config';
import { useTestApp } from './support/app';

const SETTINGS: GuideBudgetSettings = { answerMs: 15_000, streamIdleMs: 8_000, callsPerMinute: 20, callsPerDay: 1_000, tokensPerMinute: 1_000_000, tokensPerDay: 10_000_000 };

describe('The AI guide budget on the real database', () => {
  const context = useTestApp();

  // The minutes and days these tests use start empty, however often the database has run them.
  beforeEach(() => context.app.get(DataSource).getRepository(GuideSpend).delete({ period: Like('%2026-03-0%') }));

  /** Forty replicas' worth of calls at once, in a minute of their own (not the clock's: no edge of a minute to fall on). */
  const takeAtOnce = (settings: GuideBudgetSettings, minute: string) => {
    const budget = context.app.get(GuideBudget);
    return Promise.allSettled(Array.from({ length: 40 }, () => budget.take(settings, 500, new Date(`${minute}:30Z`))));
  };

  it("takes exactly the minute's calls when forty come at once, and refuses the rest as spent (never a database error)", async () => {
    const results = await takeAtOnce(SETTINGS, '2026-03-02T10:00');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(20);
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(refusals).toHaveLength(20);
    for (const reason of refusals) expect(reason).toEqual(new GuideBudgetSpent('minute'));
    const view = await context.app.get(GuideBudget).view(SETTINGS, new Date('2026-03-02T10:00:59Z'));
    expect(view.thisMinute).toEqual({ calls: 20, tokens: 20 * 500 });
  });

  it('takes all forty when the budget has room, in a minute and a day nobody has used yet', async () => {
    const results = await takeAtOnce({ ...SETTINGS, callsPerMinute: 100 }, '2026-03-03T10:00');
    expect(results.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);
    const view = await context.app.get(GuideBudget).view(SETTINGS, new Date('2026-03-03T10:00:59Z'));
    // Other suites on this database spend today's budget too: the day of these calls is looked up by its date.
    expect(view.days.find((day) => day.date === '2026-03-03')).toEqual({ date: '2026-03-03', calls: 40, tokens: 40 * 500 });
  });
});
