import 'reflect-metadata';

import { DataSource } from 'typeorm';

import { dataSourceOptions } from '../../src/app-data/data-source-options';
import { prepareDatabase } from '../../src/app-data/prepare-database';
import { recreateDatabase } from './mysql';
import { forgetSeededPools } from './seeded-pools';

/** Once per `npm test`: a fresh MySQL test database, migrated and seeded. */
export default async function globalSetup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/arctic_test';
  await recreateDatabase(url);
  const dataSource = new DataSource(dataSourceOptions({ type: 'mysql', url }));
  await dataSource.initialize();
  try {
    await prepareDatabase(dataSource);
    await forgetSeededPools(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
