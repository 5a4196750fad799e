import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * The seats a reseller's reservations may keep at once is its key's own figure (issue 45): a
 * channel manager that reserves for many sellers needs more than an OTA. Keys made before keep 24.
 */
const MYSQL_UP = ['ALTER TABLE `resellers` ADD `held_seats` int NOT NULL DEFAULT 24'];
const MYSQL_DOWN = ['ALTER TABLE `resellers` DROP COLUMN `held_seats`'];

const SQLITE_UP = ['ALTER TABLE "resellers" ADD COLUMN "held_seats" integer NOT NULL DEFAULT (24)'];
const SQLITE_DOWN = ['ALTER TABLE "resellers" DROP COLUMN "held_seats"'];

export class ResellerHeldSeats1797300000000 implements MigrationInterface {
  name = 'ResellerHeldSeats1797300000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
