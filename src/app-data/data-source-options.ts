import { dirname } from 'node:path';

import type { DataSourceOptions } from 'typeorm';

import type { DatabaseConfig } from '../config/app-config';
import { ensurePrivateDir, ensurePrivateFile } from '../config/private-files';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { SQLITE_IN_MEMORY } from '../database/dialect';
import { SnakeNamingStrategy } from '../database/snake-naming.strategy';
import { SQLITE_STATEMENT_CACHE } from '../database/sqlite-statements';

/**
 * One place that turns the configuration into TypeORM options, for the app, the CLI
 * (ormconfig.ts) and the tests. The schema always comes from migrations.
 */
export function dataSourceOptions(database: DatabaseConfig): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    logging: ['error', 'warn'] as ('error' | 'warn')[],
  };
  if (database.type === 'mysql') {
    // mariadb:// tells TypeORM the server is MariaDB, which reports column defaults its own way.
    const isMariaDb = database.url.startsWith('mariadb:');
    return {
      ...common,
      type: isMariaDb ? 'mariadb' : 'mysql',
      url: database.url.replace(/^mariadb:/, 'mysql:'),
      timezone: 'Z',
      charset: 'utf8mb4_unicode_ci',
      extra: { connectionLimit: 10 },
    };
  }
  const inMemory = database.path === SQLITE_IN_MEMORY;
  if (!inMemory) {
    ensurePrivateDir(dirname(database.path));
    // Created here with the owner-only mode, so SQLite's journal and WAL files (made with the database file's mode) are private too.
    ensurePrivateFile(database.path, ['-wal', '-shm', '-journal']);
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: database.path,
    // A database in memory has no journal file to write ahead of.
    enableWAL: !inMemory,
    statementCacheSize: SQLITE_STATEMENT_CACHE,
    // Waits for a writer instead of failing at once with SQLITE_BUSY.
    prepareDatabase: (db: { pragma: (sql: string) => unknown }) => {
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
    },
  };
}
