import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * A booking keeps the rooms its stay was priced for (issue 44): bookings gain `stay_rooms`, so
 * that staff changing a package's guests per room later changes neither what the booking's
 * card payment charges per room nor what its mails say. Bookings made before are given the
 * rooms their package gives their party today, the best that is known of them.
 */
const BACKFILL = (quote: string) =>
  `UPDATE ${quote}bookings${quote} SET ${quote}stay_rooms${quote} = (SELECT (${quote}bookings${quote}.${quote}guests${quote} + p.${quote}max_guests${quote} - 1) / p.${quote}max_guests${quote} FROM ${quote}stay_packages${quote} p WHERE p.${quote}id${quote} = ${quote}bookings${quote}.${quote}stay_package_id${quote}) WHERE ${quote}stay_package_id${quote} IS NOT NULL`;

const MYSQL_UP = ['ALTER TABLE `bookings` ADD `stay_rooms` int NULL', BACKFILL('`').replace('/ p.`max_guests`', 'DIV p.`max_guests`')];
const MYSQL_DOWN = ['ALTER TABLE `bookings` DROP COLUMN `stay_rooms`'];

const SQLITE_UP = ['ALTER TABLE "bookings" ADD COLUMN "stay_rooms" integer', BACKFILL('"')];
const SQLITE_DOWN = ['ALTER TABLE "bookings" DROP COLUMN "stay_rooms"'];

export class BookingStayRooms1797100000000 implements MigrationInterface {
  name = 'BookingStayRooms1797100000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
