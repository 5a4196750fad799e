import { DataSource, type EntityManager, In } from 'typeorm';

import { noteDeparturesLocked } from '../common/cache/content-changes';
import { supportsRowLocks, writeTransaction } from '../database/transactions';
import { POOL_TYPES, type ResourceType } from '../../shared/resources';
import { Departure } from './departure.entity';
import { ResourceKind } from './resources/resource-kind.entity';
import { TourResourceNeed } from './resources/tour-resource-need.entity';

/** A transaction that holds the named departures' rows locked: proof for the lifecycle's methods. */
export interface DepartureTx {
  readonly manager: EntityManager;
  /** The locked departures by id (absent: no such departure). */
  readonly departures: ReadonlyMap<number, Departure>;
}

/**
 * Runs `work` in one transaction that holds the departures' rows locked (SELECT … FOR UPDATE
 * on MySQL, in id order so two movers never deadlock), so that seat checks and booking
 * changes on one departure never interleave. Then the pools their tours need (issue 50): the
 * kinds' rows, in id order, so that two tours sharing the last sled decide one after the other.
 */
export async function withDepartureLocks<T>(dataSource: DataSource, departureIds: number[], work: (tx: DepartureTx) => Promise<T>): Promise<T> {
  const ids = [...new Set(departureIds)].sort((a, b) => a - b);
  // The kinds' types are read before the transaction (it holds a connection; a read on another
  // inside it could wait for a pool that every such transaction holds), and again when a kind is new.
  for (let attempt = 0; ; attempt++) {
    const types = await kindTypesOf(dataSource, attempt > 0);
    try {
      return await writeTransaction(dataSource, async (manager) => {
        const locks = supportsRowLocks(dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {};
        const rows = await manager.find(Departure, { where: { id: In(ids) }, order: { id: 'ASC' }, ...locks });
        const tourIds = [...new Set(rows.map((row) => row.tourId))];
        const sharing = await lockPools(manager, types, tourIds, locks);
        // The caches then empty at most what shows these tours' departures (and those sharing their pools) when the transaction commits.
        noteDeparturesLocked(manager.queryRunner, [...tourIds, ...sharing]);
        return work({ manager, departures: new Map(rows.map((row) => [row.id, row])) });
      });
    } catch (error) {
      if (!(error instanceof UnknownKind) || attempt > 0) throw error;
    }
  }
}

/** A need names a kind created since its types were read: read them again and start over. */
class UnknownKind extends Error {}

/** Each kind's type, by data source: a kind never changes its type (nor is one deleted), so what was read once stays true. */
const kindTypes = new WeakMap<DataSource, Map<number, string>>();

async function kindTypesOf(dataSource: DataSource, refresh: boolean): Promise<Map<number, string>> {
  const known = kindTypes.get(dataSource);
  if (known && !refresh) return known;
  const types = new Map((await dataSource.manager.find(ResourceKind, { select: { id: true, type: true } })).map((kind) => [kind.id, kind.type as string]));
  kindTypes.set(dataSource, types);
  return types;
}

/**
 * Locks the pool kinds these tours need (never a guide's or a room's, which bookings do not share
 * this way); answers the other tours that need them, whose seats a change here changes too. Only
 * locking reads: the transaction's first plain read, and so what it sees, comes after every lock.
 */
async function lockPools(manager: EntityManager, types: ReadonlyMap<number, string>, tourIds: number[], locks: { lock?: { mode: 'pessimistic_write' } }): Promise<number[]> {
  if (tourIds.length === 0) return [];
  const needs = await needsWhere(manager, 'tour_id', tourIds, Boolean(locks.lock));
  if (needs.length === 0) return [];
  if (needs.some((need) => !types.has(need.kindId))) throw new UnknownKind();
  const kindIds = [...new Set(needs.map((need) => need.kindId))].filter((id) => POOL_TYPES.includes(types.get(id) as ResourceType));
  if (kindIds.length === 0) return [];
  // On SQLite the writer mutex already serialises; the tours sharing them are still what the caches hear of.
  if (locks.lock) await manager.find(ResourceKind, { where: { id: In(kindIds) }, order: { id: 'ASC' }, select: { id: true }, ...locks });
  return (await needsWhere(manager, 'kind_id', kindIds, Boolean(locks.lock))).map((need) => need.tourId);
}

/** Tours' needs by tour or kind; `share`: a locking read (LOCK IN SHARE MODE, which MySQL and MariaDB both know), taking no snapshot. */
async function needsWhere(manager: EntityManager, column: 'tour_id' | 'kind_id', ids: number[], share: boolean): Promise<{ tourId: number; kindId: number }[]> {
  if (!share) {
    const found = await manager.find(TourResourceNeed, { where: column === 'tour_id' ? { tourId: In(ids) } : { kindId: In(ids) }, select: { id: true, tourId: true, kindId: true } });
    return found.map(({ tourId, kindId }) => ({ tourId, kindId }));
  }
  const rows = (await manager.query(`SELECT tour_id AS tourId, kind_id AS kindId FROM tour_resource_needs WHERE ${column} IN (${ids.map(() => '?').join(', ')}) LOCK IN SHARE MODE`, ids)) as { tourId: number | string; kindId: number | string }[];
  return rows.map((row) => ({ tourId: Number(row.tourId), kindId: Number(row.kindId) }));
}

/** The same for one departure, which `work` receives (null when there is none). */
export function withDepartureLock<T>(dataSource: DataSource, departureId: number, work: (tx: DepartureTx, departure: Departure | null) => Promise<T>): Promise<T> {
  return withDepartureLocks(dataSource, [departureId], (tx) => work(tx, tx.departures.get(departureId) ?? null));
}
