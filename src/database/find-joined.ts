import { EntityNotFoundError, type EntityManager, type EntityTarget, type FindManyOptions, type ObjectLiteral } from 'typeorm';

/**
 * One row by a unique key with its relations joined, in one query. TypeORM's findOne asks for
 * one row (`take: 1`), and a take with joins costs two queries: the distinct ids first, then
 * the rows with those ids written into the SQL text, which on SQLite is a statement compiled
 * afresh for every id. By a unique key there is one row whatever the joins (a to-many
 * relation's rows are gathered into it), so nothing needs taking.
 */
export async function findOneJoined<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, options: FindManyOptions<T>): Promise<T | null> {
  const [found] = await manager.find(entity, options);
  return found ?? null;
}

/** findOneJoined for a row that must be there: TypeORM's EntityNotFoundError when it is not, as findOneOrFail throws. */
export async function findOneJoinedOrFail<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, options: FindManyOptions<T>): Promise<T> {
  const found = await findOneJoined(manager, entity, options);
  if (!found) throw new EntityNotFoundError(entity, options);
  return found;
}
