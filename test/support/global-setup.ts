import 'reflect-metadata';

import { DataSource } from 'typeorm';

import { dataSourceOptions } from '../../src/app-data/data-source-options';
import { prepareDatabase } from '../../src/app-data/prepare-database';
import { recreateDatabase, workerDatabaseUrl } from './mysql';
import { forgetSeededPools } from './seeded-pools';

/** Once per `npm test`: a fresh MySQL test database for each of Jest's workers, migrated and seeded. */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  for (let worker = 1; worker <= Math.max(1, globalConfig.maxWorkers); worker++) {
    const url = workerDatabaseUrl(worker);
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
}
