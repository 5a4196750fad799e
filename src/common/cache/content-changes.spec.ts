import type { DataSource } from 'typeorm';

import type { AppConfig } from '../../config/app-config';
import type { InsertEvent, QueryRunner, TransactionCommitEvent } from 'typeorm';

import { ContentChanges, noteDeparturesLocked, noteSeatsChanged, touches, type ChangeTopic, type Dependency } from './content-changes';

const withoutRedis = () => new ContentChanges({ subscribers: [] } as unknown as DataSource, {} as AppConfig);

const TOUR_ONE = new Set<Dependency>(['departures:1']);

describe('ContentChanges.validUntil', () => {
  it('is the earliest of the clocks that concern what was read, and Infinity without any', async () => {
    const changes = withoutRedis();
    expect(await changes.validUntil(new Date(1_000), TOUR_ONE)).toBe(Number.POSITIVE_INFINITY);
    changes.addClock('departures', async () => 9_000);
    changes.addClock('departures', async () => 5_000);
    changes.addClock('departures', async () => Number.POSITIVE_INFINITY);
    changes.addClock('posts', async () => 2_000);
    expect(await changes.validUntil(new Date(1_000), TOUR_ONE)).toBe(5_000);
    expect(await changes.validUntil(new Date(1_000), new Set(['posts']))).toBe(2_000);
    expect(await changes.validUntil(new Date(1_000), new Set(['posts', 'departures:3']))).toBe(2_000);
    // The FAQ shows neither: the clocks never change it.
    expect(await changes.validUntil(new Date(1_000), new Set())).toBe(Number.POSITIVE_INFINITY);
  });

  it('asks the clocks again only after a change or once their moment has come', async () => {
    const changes = withoutRedis();
    const clock = jest.fn(async (now: Date) => now.getTime() + 4_000);
    changes.addClock('departures', clock);
    expect(await changes.validUntil(new Date(1_000), TOUR_ONE)).toBe(5_000);
    expect(await changes.validUntil(new Date(4_999), TOUR_ONE)).toBe(5_000);
    expect(clock).toHaveBeenCalledTimes(1);
    expect(await changes.validUntil(new Date(5_000), TOUR_ONE)).toBe(9_000);
    changes.announce(new Set(['departures:2']));
    expect(await changes.validUntil(new Date(5_001), TOUR_ONE)).toBe(9_001);
    expect(clock).toHaveBeenCalledTimes(3);
  });

  it('does not answer an earlier moment from what it learned for a later one', async () => {
    const changes = withoutRedis();
    // A hold lapsing at 1,500 counts when asked for 1,000 but not when asked for 2,000.
    changes.addClock('departures', async (now) => (now.getTime() < 1_500 ? 1_500 : 7_000));
    expect(await changes.validUntil(new Date(2_000), TOUR_ONE)).toBe(7_000);
    expect(await changes.validUntil(new Date(1_000), TOUR_ONE)).toBe(1_500);
  });
});

describe('ContentChanges: what a change touches', () => {
  const topics = (...names: ChangeTopic[]) => new Set<ChangeTopic>(names);

  it("empties one tour's departures for a booking on it, any tour's for a booking on an unknown one, everything for an edit", () => {
    expect(touches(topics('departures:1'), TOUR_ONE)).toBe(true);
    expect(touches(topics('departures:2'), TOUR_ONE)).toBe(false);
    expect(touches(topics('departures'), TOUR_ONE)).toBe(true);
    expect(touches(topics('departures:2'), new Set(['departures']))).toBe(true);
    expect(touches(topics('departures'), new Set(['posts']))).toBe(false);
    expect(touches(topics('departures:1'), new Set())).toBe(false);
    expect(touches(topics('*'), new Set())).toBe(true);
  });

  it('empties for a new sky forecast only the answers that show the outlook', () => {
    expect(touches(topics('sky'), new Set(['sky', 'departures:1']))).toBe(true);
    expect(touches(topics('sky'), new Set(['departures']))).toBe(false);
    expect(touches(topics('sky'), TOUR_ONE)).toBe(false);
    expect(touches(topics('departures'), new Set(['sky']))).toBe(false);
  });

  it('says whether a change since a moment touched what was read then', () => {
    const changes = withoutRedis();
    const before = changes.generation;
    changes.announce(topics('departures:2'));
    expect(changes.changedSince(before, TOUR_ONE)).toBe(false);
    changes.announce(topics('departures:1'));
    expect(changes.changedSince(before, TOUR_ONE)).toBe(true);
    expect(changes.changedSince(changes.generation, TOUR_ONE)).toBe(false);
  });

  it('gathers what an answer shows through awaits, apart from what runs beside it', async () => {
    const changes = withoutRedis();
    const [first, second] = [new Set<Dependency>(), new Set<Dependency>()];
    await Promise.all([
      changes.collect(first, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        changes.dependOn('departures:1');
      }),
      changes.collect(second, async () => changes.dependOn('posts')),
    ]);
    expect([[...first], [...second]]).toEqual([['departures:1'], ['posts']]);
  });
});

describe('ContentChanges as the TypeORM subscriber: what a committed transaction announces', () => {
  /** Writes to `tables` in one transaction; `lock` does what withDepartureLocks and the lifecycle note. */
  function commit(tables: string[], lock?: { tours: number[]; seatsChanged: boolean }): ChangeTopic[][] {
    const changes = withoutRedis();
    const announced: ChangeTopic[][] = [];
    changes.onChange((topics) => announced.push([...topics]));
    const runner = { isTransactionActive: true } as QueryRunner;
    if (lock) {
      noteDeparturesLocked(runner, lock.tours);
      if (lock.seatsChanged) noteSeatsChanged(runner);
    }
    for (const tableName of tables) changes.afterInsert({ metadata: { tableName }, queryRunner: runner } as unknown as InsertEvent<unknown>);
    (runner as { isTransactionActive: boolean }).isTransactionActive = false;
    changes.afterTransactionCommit({ queryRunner: runner } as TransactionCommitEvent);
    return announced;
  }

  it("a hold or a cancellation: that tour's departures", () => {
    expect(commit(['bookings'], { tours: [4], seatsChanged: true })).toEqual([['departures:4']]);
    expect(commit(['bookings'], { tours: [4, 9], seatsChanged: true })).toEqual([['departures:4', 'departures:9']]);
  });

  it('a transition that leaves the seats as they were (a hold confirmed, a mail marked): nothing', () => {
    expect(commit(['bookings'], { tours: [4], seatsChanged: false })).toEqual([]);
  });

  it("a booking written outside the lifecycle's lock: any tour's departures; a catalogue edit: everything", () => {
    expect(commit(['bookings'])).toEqual([['departures']]);
    expect(commit(['bookings', 'departures'], { tours: [4], seatsChanged: true })).toEqual([['*']]);
    expect(commit(['tours'])).toEqual([['*']]);
    expect(commit(['mail_outbox'])).toEqual([]);
  });
});
