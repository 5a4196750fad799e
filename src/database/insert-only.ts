import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/**
 * Inserts a row and reads nothing back. `manager.insert` selects the new row's generated
 * columns and defaults again after the insert, to fill them into the values it was given: a
 * second query, wasted when the caller keeps no entity (a history row, an outbox mail).
 */
export async function insertOnly<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, values: QueryDeepPartialEntity<T>): Promise<void> {
  await manager.createQueryBuilder().insert().into(entity).values(values).updateEntity(false).execute();
}
