import { DataSource } from 'typeorm';

import { dataSourceOptions } from '../app-data/data-source-options';
import { prepareDatabase } from '../app-data/prepare-database';
import type { GuideBudgetSettings } from '../config/app-config';
import { SQLITE_IN_MEMORY } from '../database/dialect';
import { GuideBudget, GuideBudgetSpent, requestTokens } from './guide-budget';

const SETTINGS: GuideBudgetSettings = { answerMs: 15_000, streamIdleMs: 8_000, callsPerMinute: 3, callsPerDay: 5, tokensPerMinute: 10_000, tokensPerDay: 100_000 };

describe(GuideBudget.name, () => {
  let dataSource: DataSource;
  let sut: GuideBudget;
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions({ type: 'sqlite', path: SQLITE_IN_MEMORY }));
    await dataSource.initialize();
    await prepareDatabase(dataSource);
  });
  afterAll(() => dataSource.destroy());
  beforeEach(async () => {
    await dataSource.query('DELETE FROM guide_spend');
    sut = new GuideBudget(dataSource);
  });

  it("takes calls up to the minute's limit, then refuses until the next minute, and counts them in the day", async () => {
    for (let call = 0; call < 3; call++) await sut.take(SETTINGS, 100, at('2026-11-29T10:00:10Z'));
    await expect(sut.take(SETTINGS, 100, at('2026-11-29T10:00:50Z'))).rejects.toEqual(new GuideBudgetSpent('minute'));
    await sut.take(SETTINGS, 100, at('2026-11-29T10:01:00Z'));
    await sut.take(SETTINGS, 100, at('2026-11-29T10:02:00Z'));
    // Five calls today: the day's budget is spent, whatever the minute.
    await expect(sut.take(SETTINGS, 100, at('2026-11-29T11:00:00Z'))).rejects.toEqual(new GuideBudgetSpent('day'));
    await sut.take(SETTINGS, 100, at('2026-11-30T00:00:00Z'));
    const view = await sut.view(SETTINGS, at('2026-11-30T00:00:30Z'));
    expect(view.days).toEqual([
      { date: '2026-11-30', calls: 1, tokens: 100 },
      { date: '2026-11-29', calls: 5, tokens: 500 },
    ]);
    expect(view.thisMinute).toEqual({ calls: 1, tokens: 100 });
  });

  it('refuses a call whose tokens would pass the limit, and a refused call spends nothing', async () => {
    await sut.take(SETTINGS, 9_000, at('2026-11-29T10:00:00Z'));
    await expect(sut.take(SETTINGS, 1_500, at('2026-11-29T10:00:01Z'))).rejects.toEqual(new GuideBudgetSpent('minute'));
    await sut.take(SETTINGS, 1_000, at('2026-11-29T10:00:02Z'));
    expect((await sut.view(SETTINGS, at('2026-11-29T10:00:03Z'))).thisMinute).toEqual({ calls: 2, tokens: 10_000 });
  });

  it('sends a request through its fetch only when the budget takes it', async () => {
    const send = jest.fn(async () => new Response('{}'));
    const budgeted = sut.fetchWithin({ ...SETTINGS, callsPerMinute: 1 }, send as unknown as typeof fetch);
    await budgeted('http://model.test/v1/chat/completions', { method: 'POST', body: JSON.stringify({ max_tokens: 600, messages: [] }) });
    await expect(budgeted('http://model.test/v1/chat/completions', { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(GuideBudgetSpent);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("counts a request's prompt at four characters a token and its reply's cap", () => {
    expect(requestTokens(JSON.stringify({ max_tokens: 600, messages: [{ content: 'x'.repeat(4000) }] }))).toBe(Math.ceil(4045 / 4) + 600);
    expect(requestTokens('not json')).toBe(2 + 600);
  });
});
