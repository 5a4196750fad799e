import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * What a reseller tells us beside the booking (issue 45), kept so that OCTO answers with it:
 * its notes about the guest (`contact.notes`) and why it cancelled (`cancellation.reason`).
 */
const MYSQL_UP = ['ALTER TABLE `bookings` ADD `contact_notes` text NULL', 'ALTER TABLE `bookings` ADD `cancel_note` varchar(500) NULL'];
const MYSQL_DOWN = ['ALTER TABLE `bookings` DROP COLUMN `cancel_note`', 'ALTER TABLE `bookings` DROP COLUMN `contact_notes`'];

const SQLITE_UP = ['ALTER TABLE "bookings" ADD COLUMN "contact_notes" text', 'ALTER TABLE "bookings" ADD COLUMN "cancel_note" varchar(500)'];
const SQLITE_DOWN = ['ALTER TABLE "bookings" DROP COLUMN "cancel_note"', 'ALTER TABLE "bookings" DROP COLUMN "contact_notes"'];

export class ResellerNotes1797400000000 implements MigrationInterface {
  name = 'ResellerNotes1797400000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
