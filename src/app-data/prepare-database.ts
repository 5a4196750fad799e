import { DataSource } from 'typeorm';

import { isMysqlFamily } from '../database/dialect';
import { CatalogueSeeder } from './seed/catalogue.seeder';
import { clock } from '../common/clock';

const LOCK_NAME = 'norrsken_migrations';

/**
 * Migrates and seeds an empty database. On MySQL, replicas starting together take turns
 * under a named lock so that only one runs the migrations.
 */
export async function prepareDatabase(dataSource: DataSource, now = clock.now()): Promise<void> {
  const isMysql = isMysqlFamily(dataSource.options);
  const runner = dataSource.createQueryRunner();
  try {
    if (isMysql) await runner.query('SELECT GET_LOCK(?, 120)', [LOCK_NAME]);
    await dataSource.runMigrations({ transaction: 'each' });
    await new CatalogueSeeder(dataSource).seedIfEmpty(now);
  } finally {
    if (isMysql) await runner.query('SELECT RELEASE_LOCK(?)', [LOCK_NAME]).catch(() => undefined);
    await runner.release();
  }
}
