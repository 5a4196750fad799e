import type { DataSourceOptions } from 'typeorm';

/** SQLite's own name for a database that lives in memory only (unit tests): no file is made for it. */
export const SQLITE_IN_MEMORY = ':memory:';

/** MySQL and MariaDB share one schema and one set of migration statements. */
export function isMysqlFamily(options: DataSourceOptions): boolean {
  return options.type === 'mysql' || options.type === 'mariadb';
}
