import 'reflect-metadata';

import { DataSource } from 'typeorm';

import { dataSourceOptions } from '../../src/app-data/data-source-options';
import { prepareDatabase } from '../../src/app-data/prepare-database';
import { recreateDatabase } from './mysql';

/** Once per `npm test`: a fresh MySQL test database, migrated and seeded. */
export default async function globalSetup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/arctic_test';
  await recreateDatabase(url);
  const dataSource = new DataSource(dataSourceOptions({ type: 'mysql', url }));
  await dataSource.initialize();
  try {
    await prepareDatabase(dataSource);
    // The suites share the seeded tours and make test departures of them at overlapping times, each
    // counting its own seats: the seeded pools (sleds, dog teams, minibuses) would make them count
    // each other's. resources.e2e-spec.ts tests the pools on tours no other suite uses.
    await dataSource.query("DELETE FROM tour_resource_needs WHERE kind_id IN (SELECT id FROM resource_kinds WHERE type IN ('equipment', 'vehicle'))");
  } finally {
    await dataSource.destroy();
  }
}
