import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Issue 22: a booking keeps the language the guest booked in (en, sv, de), for the pages its
 * links open and the mails it sends. Bookings made before are English.
 */
export class BookingLanguage1796200000000 implements MigrationInterface {
  name = 'BookingLanguage1796200000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, {
      mysql: ["ALTER TABLE `bookings` ADD `language` varchar(2) NOT NULL DEFAULT 'en'"],
      sqlite: ['ALTER TABLE "bookings" ADD COLUMN "language" varchar(2) NOT NULL DEFAULT (\'en\')'],
    });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, {
      mysql: ['ALTER TABLE `bookings` DROP COLUMN `language`'],
      sqlite: ['ALTER TABLE "bookings" DROP COLUMN "language"'],
    });
  }
}
