import { DataSource, EntityTarget, In, ObjectLiteral } from 'typeorm';

import { supportsRowLocks, writeTransaction } from '../../database/transactions';

/** A row of work to do at a time (a mail, a refund): pending until done, retried with backoff. */
export interface DueWork extends ObjectLiteral {
  id: number;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
}


export interface ClaimOptions {
  limit: number;
  /** While a claimed row is being worked on, no other process claims it; after this, a crashed worker's row is due again. */
  leaseMs: number;
}

/**
 * Claims up to `limit` due rows for this process: they are selected `FOR UPDATE SKIP LOCKED`
 * (so concurrent workers on other replicas take other rows) and leased by moving their next
 * attempt past the lease, in one short transaction. The work itself happens outside it.
 */
export async function claimDueWork<T extends DueWork>(dataSource: DataSource, entity: EntityTarget<T>, now: Date, options: ClaimOptions): Promise<T[]> {
  return writeTransaction(dataSource, async (manager) => {
    const query = manager
      .createQueryBuilder(entity, 'work')
      .where("work.status = 'pending'")
      .andWhere('work.next_attempt_at <= :now', { now })
      .orderBy('work.id', 'ASC')
      .limit(options.limit);
    if (supportsRowLocks(dataSource)) query.setLock('pessimistic_write').setOnLocked('skip_locked');
    const rows = await query.getMany();
    if (rows.length === 0) return [];
    const leasedUntil = new Date(now.getTime() + options.leaseMs);
    await manager
      .createQueryBuilder()
      .update(entity)
      .set({ nextAttemptAt: leasedUntil, attempts: () => 'attempts + 1' } as never)
      .where({ id: In(rows.map((row) => row.id)) })
      .execute();
    return rows.map((row) => Object.assign(row, { attempts: row.attempts + 1, nextAttemptAt: leasedUntil }));
  });
}

/** When a failed attempt is tried again: `null` after the last one. */
export function nextAttemptAfterFailure(attempts: number, backoffMs: readonly number[], now: Date): Date | null {
  const delay = backoffMs[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/** An error's message, short enough for a lastError column. */
export const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);
