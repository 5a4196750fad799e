import { DataSource, type QueryRunner } from 'typeorm';

import { dataSourceOptions } from '../../src/app-data/data-source-options';
import { SQLITE_IN_MEMORY } from '../../src/database/dialect';
import { prepareDatabase } from '../../src/app-data/prepare-database';

/**
 * For a suite: the app's schema in an in-memory SQLite database, and every SQL statement run on
 * it, as one test's count (emptied before each test, or by `clear()` within one).
 */
export function useSqliteStatements(): { readonly dataSource: DataSource; readonly statements: readonly string[]; clear(): void } {
  let dataSource: DataSource;
  const statements: string[] = [];

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions({ type: 'sqlite', path: SQLITE_IN_MEMORY }));
    await dataSource.initialize();
    await prepareDatabase(dataSource);
  });

  afterAll(() => dataSource.destroy());

  beforeEach(() => {
    statements.length = 0;
    const runner = dataSource.manager.connection.driver.createQueryRunner('master') as QueryRunner;
    const query = runner.query.bind(runner);
    jest.spyOn(runner, 'query').mockImplementation((sql: string, ...rest: unknown[]) => {
      statements.push(sql);
      return (query as (...args: unknown[]) => Promise<unknown>)(sql, ...rest);
    });
  });

  afterEach(() => jest.restoreAllMocks());

  return {
    get dataSource() {
      return dataSource;
    },
    statements,
    clear: () => {
      statements.length = 0;
    },
  };
}
