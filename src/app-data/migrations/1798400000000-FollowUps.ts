import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Follow-up mails (issue 49): a booking's "remind me if I don't finish" tick and its one recovery
 * mail (when sent, when its link was used), when the guest was asked for a rating; `ratings`, one
 * per booking; `mail_opt_outs`, the kinds of mail an address has stopped.
 */
const MYSQL_UP = [
  'ALTER TABLE `bookings` ADD `remind_me` tinyint NOT NULL DEFAULT 0, ADD `recovery_sent_at` datetime NULL, ADD `recovery_used_at` datetime NULL, ADD `review_requested_at` datetime NULL',
  'CREATE TABLE `ratings` (`id` int NOT NULL AUTO_INCREMENT, `booking_id` int NOT NULL, `tour_id` int NOT NULL, `score` int NOT NULL, `comment` text NULL, `language` varchar(5) NOT NULL DEFAULT \'en\', `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX `IDX_ratings_booking` (`booking_id`), INDEX `IDX_ratings_tour` (`tour_id`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
  'CREATE TABLE `mail_opt_outs` (`id` int NOT NULL AUTO_INCREMENT, `email` varchar(254) NOT NULL, `kind` varchar(20) NOT NULL, `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX `IDX_mail_opt_outs_email_kind` (`email`, `kind`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
];
const MYSQL_DOWN = ['DROP TABLE `mail_opt_outs`', 'DROP TABLE `ratings`', 'ALTER TABLE `bookings` DROP COLUMN `review_requested_at`, DROP COLUMN `recovery_used_at`, DROP COLUMN `recovery_sent_at`, DROP COLUMN `remind_me`'];

const SQLITE_UP = [
  'ALTER TABLE "bookings" ADD COLUMN "remind_me" boolean NOT NULL DEFAULT (0)',
  'ALTER TABLE "bookings" ADD COLUMN "recovery_sent_at" datetime',
  'ALTER TABLE "bookings" ADD COLUMN "recovery_used_at" datetime',
  'ALTER TABLE "bookings" ADD COLUMN "review_requested_at" datetime',
  `CREATE TABLE "ratings" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "booking_id" integer NOT NULL, "tour_id" integer NOT NULL, "score" integer NOT NULL, "comment" text, "language" varchar(5) NOT NULL DEFAULT ('en'), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  'CREATE UNIQUE INDEX "IDX_ratings_booking" ON "ratings" ("booking_id")',
  'CREATE INDEX "IDX_ratings_tour" ON "ratings" ("tour_id")',
  `CREATE TABLE "mail_opt_outs" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(254) NOT NULL, "kind" varchar(20) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  'CREATE UNIQUE INDEX "IDX_mail_opt_outs_email_kind" ON "mail_opt_outs" ("email", "kind")',
];
const SQLITE_DOWN = [
  'DROP TABLE "mail_opt_outs"',
  'DROP TABLE "ratings"',
  'ALTER TABLE "bookings" DROP COLUMN "review_requested_at"',
  'ALTER TABLE "bookings" DROP COLUMN "recovery_used_at"',
  'ALTER TABLE "bookings" DROP COLUMN "recovery_sent_at"',
  'ALTER TABLE "bookings" DROP COLUMN "remind_me"',
];

export class FollowUps1798400000000 implements MigrationInterface {
  name = 'FollowUps1798400000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
