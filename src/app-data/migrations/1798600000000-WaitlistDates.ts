import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * "Any date this week" (issue 49): a guest's entries for several dates of one tour share a
 * `group_id` (the id of the entry for the date they chose), so that one offer at a time goes to
 * them, a booking from it ends the others, and leaving leaves them all.
 */
const MYSQL_UP = ['ALTER TABLE `waitlist_entries` ADD `group_id` int NULL', 'CREATE INDEX `IDX_waitlist_entries_group` ON `waitlist_entries` (`group_id`)'];
const MYSQL_DOWN = ['DROP INDEX `IDX_waitlist_entries_group` ON `waitlist_entries`', 'ALTER TABLE `waitlist_entries` DROP COLUMN `group_id`'];

const SQLITE_UP = ['ALTER TABLE "waitlist_entries" ADD COLUMN "group_id" integer', 'CREATE INDEX "IDX_waitlist_entries_group" ON "waitlist_entries" ("group_id")'];
const SQLITE_DOWN = ['DROP INDEX "IDX_waitlist_entries_group"', 'ALTER TABLE "waitlist_entries" DROP COLUMN "group_id"'];

export class WaitlistDates1798600000000 implements MigrationInterface {
  name = 'WaitlistDates1798600000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
