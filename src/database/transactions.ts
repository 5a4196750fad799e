import { Mutex } from 'async-mutex';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';

import { isMysqlFamily } from './data-source-options';

/** MariaDB/MySQL answers these when two transactions collide; trying again is the cure. */
const RETRYABLE = new Set([1213 /* deadlock */, 1205 /* lock wait timeout */, 1020 /* record changed (snapshot) */]);
const ATTEMPTS = 5;

function isRetryable(error: unknown): boolean {
  const code = (error as QueryFailedError & { driverError?: { errno?: number } }).driverError?.errno;
  return error instanceof QueryFailedError && code !== undefined && RETRYABLE.has(code);
}

/** SQLite runs in one process: one writing transaction at a time does what row locks do on MySQL. */
const sqliteWriters = new Mutex();

/**
 * Runs `work` in one writing transaction: on MySQL retried when the server reports a deadlock
 * or lock timeout, on SQLite one at a time in this process. `work` must not start another.
 */
export async function writeTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (!isMysqlFamily(dataSource.options)) return sqliteWriters.runExclusive(() => dataSource.transaction(work));
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
    }
  }
}

/** The database refused a row whose unique key another already has (two saves of the same slug at once, say). */
export function isDuplicateKey(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = (error as QueryFailedError & { driverError?: { errno?: number; code?: string } }).driverError;
  // MySQL/MariaDB ER_DUP_ENTRY; SQLite's unique check.
  return driverError?.errno === 1062 || driverError?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(error.message);
}

/** The database refused to delete a row that others still point at (a foreign key with ON DELETE RESTRICT). */
export function isStillReferenced(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = (error as QueryFailedError & { driverError?: { errno?: number; code?: string } }).driverError;
  // MySQL/MariaDB ER_ROW_IS_REFERENCED(_2); SQLite's foreign key check.
  return driverError?.errno === 1451 || driverError?.errno === 1217 || driverError?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY constraint failed/.test(error.message);
}

/** Row locks (SELECT … FOR UPDATE) exist on MySQL; on SQLite the writer mutex already serialises. */
export function supportsRowLocks(dataSource: DataSource): boolean {
  return isMysqlFamily(dataSource.options);
}
