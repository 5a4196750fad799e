import type { DataSource } from 'typeorm';

import type { AppConfig } from '../../config/app-config';
import { ContentChanges } from './content-changes';

const withoutRedis = () => new ContentChanges({ subscribers: [] } as unknown as DataSource, {} as AppConfig);

describe('ContentChanges.validUntil', () => {
  it('is the earliest of the clocks, and Infinity without any', async () => {
    const changes = withoutRedis();
    expect(await changes.validUntil(new Date(1_000))).toBe(Number.POSITIVE_INFINITY);
    changes.addClock(async () => 9_000);
    changes.addClock(async () => 5_000);
    changes.addClock(async () => Number.POSITIVE_INFINITY);
    expect(await changes.validUntil(new Date(1_000))).toBe(5_000);
  });

  it('asks the clocks again only after a change or once their moment has come', async () => {
    const changes = withoutRedis();
    const clock = jest.fn(async (now: Date) => now.getTime() + 4_000);
    changes.addClock(clock);
    expect(await changes.validUntil(new Date(1_000))).toBe(5_000);
    expect(await changes.validUntil(new Date(4_999))).toBe(5_000);
    expect(clock).toHaveBeenCalledTimes(1);
    expect(await changes.validUntil(new Date(5_000))).toBe(9_000);
    changes.announce();
    expect(await changes.validUntil(new Date(5_001))).toBe(9_001);
    expect(clock).toHaveBeenCalledTimes(3);
  });

  it('does not answer an earlier moment from what it learned for a later one', async () => {
    const changes = withoutRedis();
    // A hold lapsing at 1,500 counts when asked for 1,000 but not when asked for 2,000.
    changes.addClock(async (now) => (now.getTime() < 1_500 ? 1_500 : 7_000));
    expect(await changes.validUntil(new Date(2_000))).toBe(7_000);
    expect(await changes.validUntil(new Date(1_000))).toBe(1_500);
  });
});
