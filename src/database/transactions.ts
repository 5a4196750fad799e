import { Logger } from '@nestjs/common';
import { Mutex } from 'async-mutex';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';

import { isMysqlFamily } from './dialect';

/** MariaDB/MySQL answers these when two transactions collide; trying again is the cure. */
const RETRYABLE = new Set([1213 /* deadlock */, 1205 /* lock wait timeout */, 1020 /* record changed (snapshot) */]);
const ATTEMPTS = 5;

function isRetryable(error: unknown): boolean {
  const code = (error as QueryFailedError & { driverError?: { errno?: number } }).driverError?.errno;
  return error instanceof QueryFailedError && code !== undefined && RETRYABLE.has(code);
}

/** SQLite runs in one process: one writing transaction at a time does what row locks do on MySQL. */
const sqliteWriters = new Mutex();

const logger = new Logger('writeTransaction');

/** What each open writing transaction asked to run once it has committed, by key (one of each). */
const commitHooks = new WeakMap<EntityManager, Map<string, () => unknown>>();

/**
 * Runs `work` once the writing transaction of `manager` has committed (never when it rolls
 * back): telling a worker that new rows are there, closing a payment page. Asked twice under
 * one `key` in a transaction, it runs once. Outside writeTransaction it runs on the next turn.
 */
export function afterCommit(manager: EntityManager, key: string, work: () => unknown): void {
  const hooks = commitHooks.get(manager);
  if (hooks) {
    if (!hooks.has(key)) hooks.set(key, work);
    return;
  }
  setImmediate(() => void runHook(key, work));
}

/** A hook's failure is logged: the transaction it follows has committed all the same. */
async function runHook(key: string, work: () => unknown): Promise<void> {
  try {
    await work();
  } catch (error) {
    logger.error(`After commit (${key}): ${String(error)}`);
  }
}

/**
 * Runs `work` in one writing transaction: on MySQL retried when the server reports a deadlock
 * or lock timeout, on SQLite one at a time in this process. `work` must not start another.
 * What the attempt that committed asked to run after the commit (afterCommit) runs then, in
 * the order asked, outside SQLite's one-writer turn; the caller gets its answer once it has.
 */
export async function writeTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const hooks = new Map<string, () => unknown>();
  const once = () =>
    dataSource.transaction((manager) => {
      // A retried attempt starts afresh: what a rolled-back one asked for is forgotten.
      hooks.clear();
      commitHooks.set(manager, hooks);
      return work(manager);
    });
  let result: T;
  if (!isMysqlFamily(dataSource.options)) result = await sqliteWriters.runExclusive(once);
  else {
    for (let tries = 1; ; tries++) {
      try {
        result = await once();
        break;
      } catch (error) {
        if (tries >= ATTEMPTS || !isRetryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10 * tries + Math.random() * 20));
      }
    }
  }
  for (const [key, hook] of hooks) await runHook(key, hook);
  return result;
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
