import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Promo codes (issue 48): `promo_codes` with what each takes off and its limits. A booking keeps
 * the code it was made with (`promo_code_id`, counted for the code's uses while the booking is held
 * or confirmed), the terms of that day (`promo`, so a later change is priced with them) and what
 * they took off its total (`discount_sek`).
 */
const MYSQL_UP = [
  "CREATE TABLE `promo_codes` (`id` int NOT NULL AUTO_INCREMENT, `code` varchar(30) NOT NULL, `kind` varchar(10) NOT NULL, `value` int NOT NULL, `tour_ids` text NULL, `categories` text NULL, `book_from` varchar(10) NULL, `book_until` varchar(10) NULL, `tour_from` varchar(10) NULL, `tour_until` varchar(10) NULL, `max_uses` int NULL, `max_uses_per_email` int NULL, `min_guests` int NOT NULL DEFAULT 1, `paused` tinyint NOT NULL DEFAULT 0, `note` varchar(200) NULL, `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX `IDX_promo_codes_code` (`code`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
  'ALTER TABLE `bookings` ADD `promo_code_id` int NULL, ADD `promo` text NULL, ADD `discount_sek` int NOT NULL DEFAULT 0, ADD INDEX `IDX_bookings_promo_code` (`promo_code_id`, `status`)',
];
const MYSQL_DOWN = ['ALTER TABLE `bookings` DROP INDEX `IDX_bookings_promo_code`, DROP COLUMN `discount_sek`, DROP COLUMN `promo`, DROP COLUMN `promo_code_id`', 'DROP TABLE `promo_codes`'];

const SQLITE_UP = [
  `CREATE TABLE "promo_codes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "code" varchar(30) NOT NULL, "kind" varchar(10) NOT NULL, "value" integer NOT NULL, "tour_ids" text, "categories" text, "book_from" varchar(10), "book_until" varchar(10), "tour_from" varchar(10), "tour_until" varchar(10), "max_uses" integer, "max_uses_per_email" integer, "min_guests" integer NOT NULL DEFAULT (1), "paused" boolean NOT NULL DEFAULT (0), "note" varchar(200), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  'CREATE UNIQUE INDEX "IDX_promo_codes_code" ON "promo_codes" ("code")',
  'ALTER TABLE "bookings" ADD COLUMN "promo_code_id" integer',
  'ALTER TABLE "bookings" ADD COLUMN "promo" text',
  'ALTER TABLE "bookings" ADD COLUMN "discount_sek" integer NOT NULL DEFAULT (0)',
  'CREATE INDEX "IDX_bookings_promo_code" ON "bookings" ("promo_code_id", "status")',
];
const SQLITE_DOWN = ['DROP INDEX "IDX_bookings_promo_code"', 'ALTER TABLE "bookings" DROP COLUMN "discount_sek"', 'ALTER TABLE "bookings" DROP COLUMN "promo"', 'ALTER TABLE "bookings" DROP COLUMN "promo_code_id"', 'DROP TABLE "promo_codes"'];

export class PromoCodes1798000000000 implements MigrationInterface {
  name = 'PromoCodes1798000000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
