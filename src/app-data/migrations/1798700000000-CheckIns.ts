import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Check-in from the guide's phone (issue 51): a booking keeps how many of its party came, when
 * and on which device its attendance was marked; `check_in_actions` keeps each action a phone
 * sent, by the phone's own id for it, so that a batch sent again is applied once; a guide item
 * may name the staff login it is (its departures are that guide's in the app).
 */
const MYSQL_UP = [
  'ALTER TABLE `bookings` ADD `checked_in_guests` int NULL, ADD `attendance_at` datetime NULL, ADD `attendance_device` varchar(60) NULL',
  "CREATE TABLE `check_in_actions` (`id` varchar(36) NOT NULL, `booking_id` int NULL, `reference` varchar(40) NOT NULL DEFAULT '', `departure_id` int NOT NULL, `device` varchar(60) NOT NULL, `staff_email` varchar(254) NOT NULL, `kind` varchar(10) NOT NULL, `guests` int NULL, `acted_at` datetime NOT NULL, `outcome` varchar(10) NOT NULL, `reason` varchar(20) NULL, `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX `IDX_check_in_actions_booking` (`booking_id`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
  'ALTER TABLE `resources` ADD `staff_email` varchar(254) NULL',
];
const MYSQL_DOWN = [
  'ALTER TABLE `resources` DROP COLUMN `staff_email`',
  'DROP TABLE `check_in_actions`',
  'ALTER TABLE `bookings` DROP COLUMN `attendance_device`, DROP COLUMN `attendance_at`, DROP COLUMN `checked_in_guests`',
];

const SQLITE_UP = [
  'ALTER TABLE "bookings" ADD COLUMN "checked_in_guests" integer',
  'ALTER TABLE "bookings" ADD COLUMN "attendance_at" datetime',
  'ALTER TABLE "bookings" ADD COLUMN "attendance_device" varchar(60)',
  `CREATE TABLE "check_in_actions" ("id" varchar(36) PRIMARY KEY NOT NULL, "booking_id" integer, "reference" varchar(40) NOT NULL DEFAULT (''), "departure_id" integer NOT NULL, "device" varchar(60) NOT NULL, "staff_email" varchar(254) NOT NULL, "kind" varchar(10) NOT NULL, "guests" integer, "acted_at" datetime NOT NULL, "outcome" varchar(10) NOT NULL, "reason" varchar(20), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  'CREATE INDEX "IDX_check_in_actions_booking" ON "check_in_actions" ("booking_id")',
  'ALTER TABLE "resources" ADD COLUMN "staff_email" varchar(254)',
];
const SQLITE_DOWN = [
  'ALTER TABLE "resources" DROP COLUMN "staff_email"',
  'DROP TABLE "check_in_actions"',
  'ALTER TABLE "bookings" DROP COLUMN "attendance_device"',
  'ALTER TABLE "bookings" DROP COLUMN "attendance_at"',
  'ALTER TABLE "bookings" DROP COLUMN "checked_in_guests"',
];

export class CheckIns1798700000000 implements MigrationInterface {
  name = 'CheckIns1798700000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
