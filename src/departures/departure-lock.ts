import { DataSource, type EntityManager, In } from 'typeorm';

import { noteDeparturesLocked } from '../common/cache/content-changes';
import { supportsRowLocks, writeTransaction } from '../database/transactions';
import { Departure } from './departure.entity';

/** A transaction that holds the named departures' rows locked: proof for the lifecycle's methods. */
export interface DepartureTx {
  readonly manager: EntityManager;
  /** The locked departures by id (absent: no such departure). */
  readonly departures: ReadonlyMap<number, Departure>;
}

/**
 * Runs `work` in one transaction that holds the departures' rows locked (SELECT … FOR UPDATE
 * on MySQL, in id order so two movers never deadlock), so that seat checks and booking
 * changes on one departure never interleave.
 */
export function withDepartureLocks<T>(dataSource: DataSource, departureIds: number[], work: (tx: DepartureTx) => Promise<T>): Promise<T> {
  const ids = [...new Set(departureIds)].sort((a, b) => a - b);
  return writeTransaction(dataSource, async (manager) => {
    const rows = await manager.find(Departure, {
      where: { id: In(ids) },
      order: { id: 'ASC' },
      ...(supportsRowLocks(dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    // The caches then empty at most what shows these tours' departures when the transaction commits.
    noteDeparturesLocked(manager.queryRunner, rows.map((row) => row.tourId));
    return work({ manager, departures: new Map(rows.map((row) => [row.id, row])) });
  });
}

/** The same for one departure, which `work` receives (null when there is none). */
export function withDepartureLock<T>(dataSource: DataSource, departureId: number, work: (tx: DepartureTx, departure: Departure | null) => Promise<T>): Promise<T> {
  return withDepartureLocks(dataSource, [departureId], (tx) => work(tx, tx.departures.get(departureId) ?? null));
}
