import type { DataSource } from 'typeorm';

/** How many compiled statements the SQLite connection keeps: more than the app has distinct ones. */
export const SQLITE_STATEMENT_CACHE = 1000;

type EscapeQuery = (sql: string, parameters: Record<string, unknown>, nativeParameters: Record<string, unknown>) => [string, unknown[]];

/**
 * TypeORM's SQLite driver writes every number parameter into the SQL text (`WHERE "id" = 1226`),
 * so each id makes a statement SQLite compiles anew, and those push the statements the app
 * runs again and again out of the driver's cache (it keeps the last 100). Here whole numbers
 * are bound as parameters instead, as BigInt, which SQLite takes as INTEGER: the value the
 * literal was (a JS number would be bound as REAL, 5.0). Other numbers are left as they were.
 * Does nothing on MySQL, whose driver binds them already.
 */
export function reuseSqliteStatements(dataSource: DataSource): DataSource {
  if (dataSource.options.type !== 'better-sqlite3') return dataSource;
  const driver = dataSource.driver as unknown as { escapeQueryWithParameters: EscapeQuery };
  const escape = driver.escapeQueryWithParameters.bind(driver);
  driver.escapeQueryWithParameters = (sql, parameters, nativeParameters) =>
    escape(sql, parameters && Object.fromEntries(Object.entries(parameters).map(([name, value]) => [name, Number.isSafeInteger(value) ? BigInt(value as number) : value])), nativeParameters);
  return dataSource;
}
