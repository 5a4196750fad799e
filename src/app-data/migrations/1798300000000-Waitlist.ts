import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Waitlists (issue 49): `waitlist_entries`, a guest in line for a full departure with their
 * party and its seats; an offered entry's seats count as taken until its offer lapses.
 */
const MYSQL_UP = [
  "CREATE TABLE `waitlist_entries` (`id` int NOT NULL AUTO_INCREMENT, `departure_id` int NOT NULL, `tour_id` int NOT NULL, `status` varchar(10) NOT NULL DEFAULT 'waiting', `name` varchar(120) NOT NULL, `email` varchar(254) NOT NULL, `language` varchar(5) NOT NULL DEFAULT 'en', `party` text NOT NULL, `seats` int NOT NULL, `offered_at` datetime NULL, `offer_expires_at` datetime NULL, `offered_by` varchar(10) NULL, `booking_id` int NULL, `ended_at` datetime NULL, `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX `IDX_waitlist_entries_departure` (`departure_id`, `status`), INDEX `IDX_waitlist_entries_email` (`email`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
];
const MYSQL_DOWN = ['DROP TABLE `waitlist_entries`'];

const SQLITE_UP = [
  `CREATE TABLE "waitlist_entries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "departure_id" integer NOT NULL, "tour_id" integer NOT NULL, "status" varchar(10) NOT NULL DEFAULT ('waiting'), "name" varchar(120) NOT NULL, "email" varchar(254) NOT NULL, "language" varchar(5) NOT NULL DEFAULT ('en'), "party" text NOT NULL, "seats" integer NOT NULL, "offered_at" datetime, "offer_expires_at" datetime, "offered_by" varchar(10), "booking_id" integer, "ended_at" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  'CREATE INDEX "IDX_waitlist_entries_departure" ON "waitlist_entries" ("departure_id", "status")',
  'CREATE INDEX "IDX_waitlist_entries_email" ON "waitlist_entries" ("email")',
];
const SQLITE_DOWN = ['DROP TABLE "waitlist_entries"'];

export class Waitlist1798300000000 implements MigrationInterface {
  name = 'Waitlist1798300000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
