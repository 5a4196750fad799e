import type { DataSource } from 'typeorm';

import type { AppConfig } from '../../config/app-config';
import { CatalogueCache } from './catalogue-cache';
import { ContentChanges, type Dependency } from './content-changes';

/** ContentChanges without a database or Redis, with one settable clock for the departures. */
function setUp(nextTick = Number.POSITIVE_INFINITY) {
  const changes = new ContentChanges({ subscribers: [] } as unknown as DataSource, {} as AppConfig);
  const clock = { nextTick };
  changes.addClock('departures', async () => clock.nextTick);
  return { changes, clock, sut: new CatalogueCache(changes) };
}

describe(CatalogueCache.name, () => {
  afterEach(() => jest.useRealTimers());

  it('loads once and answers later reads from memory, frozen', async () => {
    const { sut } = setUp();
    const load = jest.fn(async () => ({ tours: [{ seatsLeft: 4 }] }));
    const [first, second] = await Promise.all([sut.read('tours', load), sut.read('tours', load)]);
    expect(await sut.read('tours', load)).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    expect(() => {
      first.tours[0].seatsLeft = 0;
    }).toThrow(TypeError);
  });

  it('loads afresh after a change of what it shows, and only then', async () => {
    const { changes, sut } = setUp();
    let seats = 4;
    const tourOne = jest.fn(async () => {
      changes.dependOn('departures:1');
      return seats;
    });
    const faq = jest.fn(async () => ['How cold is it?']);
    expect(await sut.read('tour#1', tourOne)).toBe(4);
    await sut.read('faq', faq);
    seats = 2;
    changes.announce(new Set(['departures:2']));
    expect(await sut.read('tour#1', tourOne)).toBe(4);
    changes.announce(new Set(['departures:1']));
    expect(await sut.read('tour#1', tourOne)).toBe(2);
    changes.announce(new Set(['departures']));
    await sut.read('tour#1', tourOne);
    await sut.read('faq', faq);
    expect([tourOne.mock.calls.length, faq.mock.calls.length]).toEqual([3, 1]);
    changes.announce(new Set(['*']));
    await sut.read('faq', faq);
    expect(faq).toHaveBeenCalledTimes(2);
  });

  it('asks the clocks once for a page and the catalogue reads it makes, from the moment the page began', async () => {
    const changes = new ContentChanges({ subscribers: [] } as unknown as DataSource, {} as AppConfig);
    const asked: number[] = [];
    changes.addClock('departures', async (now) => {
      asked.push(now.getTime());
      return now.getTime() + 60_000;
    });
    const sut = new CatalogueCache(changes);
    const pageBegan = Date.now() - 5;
    const dependencies = new Set<Dependency>();
    const seats = await changes.collect(
      dependencies,
      () =>
        sut.read('departures#1', async () => {
          changes.dependOn('departures:1');
          return 4;
        }),
      pageBegan,
    );
    // The page is kept for the same moment: the clock's answer is reused, not asked again.
    const pageValidUntil = await changes.validUntil(new Date(pageBegan), dependencies);
    expect([seats, [...dependencies]]).toEqual([4, ['departures:1']]);
    expect(asked).toEqual([pageBegan]);
    expect(pageValidUntil).toBe(pageBegan + 60_000);
  });

  it('does not keep what was loaded while what it shows changed', async () => {
    const { changes, sut } = setUp();
    let seats = 4;
    const load = jest.fn(async () => {
      changes.dependOn('departures:1');
      const before = seats;
      // The booking commits while this read is under way.
      seats = 2;
      changes.announce(new Set(['departures:1']));
      return before;
    });
    expect(await sut.read('tour#1', load)).toBe(4);
    load.mockImplementation(async () => seats);
    expect(await sut.read('tour#1', load)).toBe(2);
  });

  it('tells every reader what the value shows, from memory too', async () => {
    const { changes, sut } = setUp();
    const load = async () => {
      changes.dependOn('departures:7');
      return 'tour';
    };
    for (let read = 0; read < 2; read++) {
      const dependencies = new Set<Dependency>();
      await changes.collect(dependencies, () => sut.read('tour#7', load));
      expect([...dependencies]).toEqual(['departures:7']);
    }
  });

  it('lapses when the clock alone changes what it shows (a hold lapses), and not otherwise', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { changes, clock, sut } = setUp(1_000_000 + 60_000);
    const load = jest.fn(async () => {
      changes.dependOn('departures:1');
      return 'seats';
    });
    const posts = jest.fn(async () => 'posts');
    await sut.read('tour#1', load);
    await sut.read('faq', posts);
    jest.setSystemTime(1_000_000 + 59_999);
    await sut.read('tour#1', load);
    expect(load).toHaveBeenCalledTimes(1);
    jest.setSystemTime(1_000_000 + 60_000);
    clock.nextTick = Number.POSITIVE_INFINITY;
    await sut.read('tour#1', load);
    await sut.read('faq', posts);
    expect([load.mock.calls.length, posts.mock.calls.length]).toEqual([2, 1]);
  });

  it('forgets a failed load', async () => {
    const { sut } = setUp();
    await expect(sut.read('faq', async () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await sut.read('faq', async () => ['answer'])).toEqual(['answer']);
  });

  it('keeps a bounded number of keys, dropping the oldest', async () => {
    const { sut } = setUp();
    const load = jest.fn(async () => null);
    for (let index = 0; index <= 2000; index++) await sut.read(`tour/made-up-${index}`, load);
    await sut.read('tour/made-up-2000', load);
    expect(load).toHaveBeenCalledTimes(2001);
    await sut.read('tour/made-up-0', load);
    expect(load).toHaveBeenCalledTimes(2002);
  });
});
