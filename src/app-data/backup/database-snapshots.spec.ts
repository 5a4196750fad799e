import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { dumpFacts, mysqlTarget } from './database-snapshots';

describe('database snapshots', () => {
  it("counts a dump's rows a line each and reads its migrations, tables without rows too", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dump-'));
    try {
      const file = join(dir, 'database.sql');
      writeFileSync(
        file,
        [
          'CREATE TABLE `bookings` (',
          '  `id` int NOT NULL',
          ');',
          "INSERT INTO `bookings` VALUES (1,'NAT-A','line\\nbreak');",
          "INSERT INTO `bookings` VALUES (2,'NAT-B','it''s');",
          'CREATE TABLE `migrations` (',
          ');',
          "INSERT INTO `migrations` VALUES (1,1763790000000,'InitialSchema1763790000000');",
          "INSERT INTO `migrations` VALUES (2,1797800000000,'BlogTranslations1797800000000');",
          'CREATE TABLE `empty_table` (',
          ');',
        ].join('\n'),
      );
      await expect(dumpFacts(file)).resolves.toEqual({ tables: { bookings: 2, empty_table: 0, migrations: 2 }, migrations: ['InitialSchema1763790000000', 'BlogTranslations1797800000000'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the command-line tools\' connection from DATABASE_URL, the password decoded (it goes in their environment)', () => {
    expect(mysqlTarget('mariadb://norrsken:p%40ss%3Aword@db.internal:3307/arctic')).toEqual({ host: 'db.internal', port: '3307', user: 'norrsken', password: 'p@ss:word', database: 'arctic' });
    expect(mysqlTarget('mysql://root@127.0.0.1/arctic_test')).toMatchObject({ port: '3306', password: '' });
  });
});
