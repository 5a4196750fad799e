import { CatalogueCache } from './catalogue-cache';
import type { ContentChanges } from './content-changes';

/** ContentChanges without a database or Redis: a generation, listeners and one settable clock. */
interface FakeChanges {
  generation: number;
  nextTick: number;
  onChange(listener: () => void): void;
  validUntil: jest.Mock<Promise<number>, []>;
  change(): void;
}

function fakeChanges(nextTick = Number.POSITIVE_INFINITY): FakeChanges {
  const listeners: (() => void)[] = [];
  const changes: FakeChanges = {
    generation: 0,
    nextTick,
    onChange: (listener) => void listeners.push(listener),
    validUntil: jest.fn(async () => changes.nextTick),
    change() {
      changes.generation++;
      listeners.forEach((listener) => listener());
    },
  };
  return changes;
}

describe('CatalogueCache', () => {
  afterEach(() => jest.useRealTimers());

  it('loads once and answers later reads from memory, frozen', async () => {
    const cache = new CatalogueCache(fakeChanges() as unknown as ContentChanges);
    const load = jest.fn(async () => ({ tours: [{ seatsLeft: 4 }] }));
    const [first, second] = await Promise.all([cache.read('tours', load), cache.read('tours', load)]);
    expect(await cache.read('tours', load)).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    expect(() => {
      first.tours[0].seatsLeft = 0;
    }).toThrow(TypeError);
  });

  it('loads afresh after a change is announced', async () => {
    const changes = fakeChanges();
    const cache = new CatalogueCache(changes as unknown as ContentChanges);
    let seats = 4;
    const load = async () => seats;
    expect(await cache.read('tour/a', load)).toBe(4);
    seats = 2;
    changes.change();
    expect(await cache.read('tour/a', load)).toBe(2);
  });

  it('does not keep what was loaded while a change was announced', async () => {
    const changes = fakeChanges();
    const cache = new CatalogueCache(changes as unknown as ContentChanges);
    let seats = 4;
    const load = jest.fn(async () => {
      const before = seats;
      // The booking commits while this read is under way.
      seats = 2;
      changes.change();
      return before;
    });
    expect(await cache.read('tour/a', load)).toBe(4);
    load.mockImplementation(async () => seats);
    expect(await cache.read('tour/a', load)).toBe(2);
  });

  it('lapses when the clock alone changes what it shows (a hold lapses)', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const changes = fakeChanges(1_000_000 + 60_000);
    const cache = new CatalogueCache(changes as unknown as ContentChanges);
    const load = jest.fn(async () => 'seats');
    await cache.read('tour/a', load);
    jest.setSystemTime(1_000_000 + 59_999);
    await cache.read('tour/a', load);
    expect(load).toHaveBeenCalledTimes(1);
    jest.setSystemTime(1_000_000 + 60_000);
    changes.nextTick = Number.POSITIVE_INFINITY;
    await cache.read('tour/a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed load', async () => {
    const cache = new CatalogueCache(fakeChanges() as unknown as ContentChanges);
    await expect(cache.read('faq', async () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await cache.read('faq', async () => ['answer'])).toEqual(['answer']);
  });

  it('keeps a bounded number of keys, dropping the oldest', async () => {
    const cache = new CatalogueCache(fakeChanges() as unknown as ContentChanges);
    const load = jest.fn(async () => null);
    for (let index = 0; index <= 2000; index++) await cache.read(`tour/made-up-${index}`, load);
    await cache.read('tour/made-up-2000', load);
    expect(load).toHaveBeenCalledTimes(2001);
    await cache.read('tour/made-up-0', load);
    expect(load).toHaveBeenCalledTimes(2002);
  });
});
