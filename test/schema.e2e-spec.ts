import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DataSource } from 'typeorm';

import { dataSourceOptions } from '../src/app-data/data-source-options';
import { isMysqlFamily } from '../src/database/dialect';
import { TEST_DATABASE_URL } from './support/e2e-env';
import { recreateDatabase } from './support/mysql';

type Schema = Record<string, string[]>;

/** mariadb:// when the server is MariaDB, so TypeORM compares its column defaults correctly. */
async function withServerFlavour(url: string): Promise<string> {
  const probe = new DataSource(dataSourceOptions({ type: 'mysql', url }));
  await probe.initialize();
  const [{ version }] = (await probe.query('SELECT VERSION() AS version')) as { version: string }[];
  await probe.destroy();
  return version.includes('MariaDB') ? url.replace(/^mysql:/, 'mariadb:') : url;
}

async function migratedSchema(dataSource: DataSource): Promise<{ schema: Schema; drift: string[] }> {
  await dataSource.initialize();
  try {
    await dataSource.runMigrations();
    const runner = dataSource.createQueryRunner();
    const listing = (await runner.query(
      isMysqlFamily(dataSource.options) ? 'SHOW TABLES' : "SELECT name FROM sqlite_master WHERE type = 'table'",
    )) as Record<string, string>[];
    const tables = await runner.getTables(listing.map((row) => Object.values(row)[0]));
    await runner.release();
    const schema: Schema = {};
    for (const table of tables) {
      const name = table.name.split('.').pop()!;
      if (name === 'migrations' || name.startsWith('sqlite_')) continue;
      schema[name] = table.columns.map((column) => column.name).sort();
    }
    // What the entities would still change: nothing, when the migrations match them.
    const drift = (await dataSource.driver.createSchemaBuilder().log()).upQueries.map((query) => query.query);
    return { schema, drift };
  } finally {
    await dataSource.destroy();
  }
}

describe('Migrations', () => {
  const mysqlUrl = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/arctic_schema_check$1');
  const sqliteDir = mkdtempSync(join(tmpdir(), 'norrsken-schema-'));

  afterAll(() => rmSync(sqliteDir, { recursive: true, force: true }));

  it('Give an empty MySQL and an empty SQLite the same tables and columns, matching the entities', async () => {
    await recreateDatabase(mysqlUrl);
    const mysql = await migratedSchema(new DataSource(dataSourceOptions({ type: 'mysql', url: await withServerFlavour(mysqlUrl) })));
    const sqlite = await migratedSchema(new DataSource(dataSourceOptions({ type: 'sqlite', path: join(sqliteDir, 'check.sqlite') })));

    expect(Object.keys(mysql.schema).sort()).toEqual(Object.keys(sqlite.schema).sort());
    expect(mysql.schema).toEqual(sqlite.schema);
    expect(Object.keys(mysql.schema)).toEqual(
      expect.arrayContaining(['tours', 'categories', 'locations', 'departures', 'stay_packages', 'bookings', 'blog_posts', 'faq_items', 'contact_messages', 'admin_users', 'chat_conversations', 'chat_messages']),
    );
    expect(mysql.drift).toEqual([]);
    expect(sqlite.drift).toEqual([]);
  });

  it('Can all be reverted, down to an empty database', async () => {
    await recreateDatabase(mysqlUrl);
    const dataSource = new DataSource(dataSourceOptions({ type: 'mysql', url: mysqlUrl }));
    await dataSource.initialize();
    try {
      await dataSource.runMigrations();
      for (let index = 0; index < dataSource.migrations.length; index++) await dataSource.undoLastMigration();
      const tables = (await dataSource.query('SHOW TABLES')) as Record<string, string>[];
      expect(tables.map((row) => Object.values(row)[0])).toEqual(['migrations']);
    } finally {
      await dataSource.destroy();
    }
  });
});
