import type { QueryRunner } from 'typeorm';

import { isMysqlFamily } from '../../database/dialect';

/** Runs a migration step's statements for the connected dialect (MySQL/MariaDB or SQLite). */
export async function runForDialect(queryRunner: QueryRunner, statements: { mysql: string[]; sqlite: string[] }): Promise<void> {
  for (const sql of isMysqlFamily(queryRunner.connection.options) ? statements.mysql : statements.sqlite) await queryRunner.query(sql);
}
