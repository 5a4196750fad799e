import { Mutex } from 'async-mutex';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';

import { isMysqlFamily } from '../database/data-source-options';
import { Departure } from '../tours/departure.entity';

/** MariaDB/MySQL answers these when two transactions collide; trying again is the cure. */
const RETRYABLE = new Set([1213 /* deadlock */, 1205 /* lock wait timeout */, 1020 /* record changed (snapshot) */]);
const ATTEMPTS = 5;

function isRetryable(error: unknown): boolean {
  const code = (error as QueryFailedError & { driverError?: { errno?: number } }).driverError?.errno;
  return error instanceof QueryFailedError && code !== undefined && RETRYABLE.has(code);
}

/** SQLite runs in one process: a mutex there does what the row lock does on MySQL. */
const sqliteWriters = new Mutex();

/**
 * Runs `work` in one transaction that holds the departure row locked (SELECT … FOR UPDATE
 * on MySQL), so that seat checks and inserts for one departure never interleave.
 */
export async function withDepartureLock<T>(
  dataSource: DataSource,
  departureId: number,
  work: (manager: EntityManager, departure: Departure | null) => Promise<T>,
): Promise<T> {
  if (!isMysqlFamily(dataSource.options)) {
    return sqliteWriters.runExclusive(() =>
      dataSource.transaction(async (manager) => work(manager, await manager.findOne(Departure, { where: { id: departureId } }))),
    );
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction(async (manager) => {
        const departure = await manager.findOne(Departure, { where: { id: departureId }, lock: { mode: 'pessimistic_write' } });
        return work(manager, departure);
      });
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
    }
  }
}
