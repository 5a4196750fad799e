import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * A transition's history row keeps what the lifecycle told of it (issue 43): booking_events
 * gains `notice`, the typed payload its listeners (the mails) were given.
 */
const MYSQL_UP = ['ALTER TABLE `booking_events` ADD `notice` text NULL'];
const MYSQL_DOWN = ['ALTER TABLE `booking_events` DROP COLUMN `notice`'];

const SQLITE_UP = ['ALTER TABLE "booking_events" ADD COLUMN "notice" text'];
const SQLITE_DOWN = ['ALTER TABLE "booking_events" DROP COLUMN "notice"'];

export class BookingEventNotices1797000000000 implements MigrationInterface {
  name = 'BookingEventNotices1797000000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
