import type { ThrottlerStorage } from '@nestjs/throttler';

import { FallbackThrottlerStorage } from './fallback-throttler-storage';

const record = { totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 };

describe(FallbackThrottlerStorage.name, () => {
  const count = (storage: ThrottlerStorage, times: number) => Promise.all(Array.from({ length: times }, () => storage.increment('ip', 60_000, 3, 60_000, 'default')));

  it('counts in Redis while it is connected', async () => {
    const shared = { increment: jest.fn().mockResolvedValue(record) };
    expect(await count(new FallbackThrottlerStorage({ status: 'ready' }, shared), 2)).toEqual([record, record]);
    expect(shared.increment).toHaveBeenCalledTimes(2);
  });

  it('counts on its own, at once, while Redis is not connected, and still blocks past the limit', async () => {
    const shared = { increment: jest.fn() };
    const records = await count(new FallbackThrottlerStorage({ status: 'reconnecting' }, shared), 4);
    expect(shared.increment).not.toHaveBeenCalled();
    expect(records.map((each) => each.isBlocked)).toEqual([false, false, false, true]);
  });

  it('counts on its own when Redis fails a call, and in Redis again once it answers', async () => {
    const shared = { increment: jest.fn().mockRejectedValueOnce(new Error('Connection is closed.')).mockResolvedValue(record) };
    const storage = new FallbackThrottlerStorage({ status: 'ready' }, shared);
    expect((await storage.increment('ip', 60_000, 3, 60_000, 'default')).totalHits).toBe(1);
    expect(await storage.increment('ip', 60_000, 3, 60_000, 'default')).toBe(record);
  });
});
