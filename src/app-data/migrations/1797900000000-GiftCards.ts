import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Gift cards (issue 48): `gift_cards` with their balance (a card bought on the site is
 * `pending`, with no balance, until Stripe says it is paid), `gift_card_entries` the ledger of every
 * change of a balance (issued, spent on a booking, given back, voided). A booking keeps the card
 * it is paid with and, in `gift_card_ore`, what of its money came from it (while it is a hold: the
 * share the card will pay when the rest is paid).
 */
const MYSQL_UP = [
  'CREATE TABLE `gift_cards` (`id` int NOT NULL AUTO_INCREMENT, `code` varchar(20) NOT NULL, `kind` varchar(20) NOT NULL, `origin` varchar(20) NOT NULL, `status` varchar(20) NOT NULL DEFAULT \'active\', `initial_ore` int NOT NULL, `balance_ore` int NOT NULL, `expires_at` datetime NOT NULL, `tour_id` int NULL, `guests` int NULL, `language` varchar(5) NOT NULL DEFAULT \'en\', `buyer_name` varchar(120) NULL, `buyer_email` varchar(254) NULL, `recipient_name` varchar(120) NULL, `recipient_email` varchar(254) NULL, `message` varchar(500) NULL, `note` varchar(500) NULL, `issued_by` varchar(254) NULL, `voided_at` datetime NULL, `stripe_session_id` varchar(255) NULL, `send_at` datetime NULL, `paid_at` datetime NULL, `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX `IDX_gift_cards_code` (`code`), UNIQUE INDEX `IDX_gift_cards_stripe_session` (`stripe_session_id`), INDEX `IDX_gift_cards_buyer` (`buyer_email`), INDEX `IDX_gift_cards_recipient` (`recipient_email`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
  'CREATE TABLE `gift_card_entries` (`id` int NOT NULL AUTO_INCREMENT, `gift_card_id` int NOT NULL, `kind` varchar(20) NOT NULL, `amount_ore` int NOT NULL, `balance_after_ore` int NOT NULL, `booking_id` int NULL, `booking_reference` varchar(16) NULL, `actor` varchar(254) NULL, `note` varchar(500) NULL, `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX `IDX_gift_card_entries_card` (`gift_card_id`, `id`), INDEX `IDX_gift_card_entries_booking` (`booking_id`), CONSTRAINT `FK_gift_card_entries_card` FOREIGN KEY (`gift_card_id`) REFERENCES `gift_cards` (`id`) ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY (`id`)) ENGINE=InnoDB',
  'ALTER TABLE `bookings` ADD `gift_card_id` int NULL, ADD `gift_card_ore` int NOT NULL DEFAULT 0',
];
const MYSQL_DOWN = ['ALTER TABLE `bookings` DROP COLUMN `gift_card_ore`, DROP COLUMN `gift_card_id`', 'DROP TABLE `gift_card_entries`', 'DROP TABLE `gift_cards`'];

const SQLITE_UP = [
  `CREATE TABLE "gift_cards" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "code" varchar(20) NOT NULL, "kind" varchar(20) NOT NULL, "origin" varchar(20) NOT NULL, "status" varchar(20) NOT NULL DEFAULT ('active'), "initial_ore" integer NOT NULL, "balance_ore" integer NOT NULL, "expires_at" datetime NOT NULL, "tour_id" integer, "guests" integer, "language" varchar(5) NOT NULL DEFAULT ('en'), "buyer_name" varchar(120), "buyer_email" varchar(254), "recipient_name" varchar(120), "recipient_email" varchar(254), "message" varchar(500), "note" varchar(500), "issued_by" varchar(254), "voided_at" datetime, "stripe_session_id" varchar(255), "send_at" datetime, "paid_at" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  'CREATE UNIQUE INDEX "IDX_gift_cards_code" ON "gift_cards" ("code")',
  'CREATE UNIQUE INDEX "IDX_gift_cards_stripe_session" ON "gift_cards" ("stripe_session_id")',
  'CREATE INDEX "IDX_gift_cards_buyer" ON "gift_cards" ("buyer_email")',
  'CREATE INDEX "IDX_gift_cards_recipient" ON "gift_cards" ("recipient_email")',
  `CREATE TABLE "gift_card_entries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "gift_card_id" integer NOT NULL, "kind" varchar(20) NOT NULL, "amount_ore" integer NOT NULL, "balance_after_ore" integer NOT NULL, "booking_id" integer, "booking_reference" varchar(16), "actor" varchar(254), "note" varchar(500), "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_gift_card_entries_card" FOREIGN KEY ("gift_card_id") REFERENCES "gift_cards" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
  'CREATE INDEX "IDX_gift_card_entries_card" ON "gift_card_entries" ("gift_card_id", "id")',
  'CREATE INDEX "IDX_gift_card_entries_booking" ON "gift_card_entries" ("booking_id")',
  'ALTER TABLE "bookings" ADD COLUMN "gift_card_id" integer',
  'ALTER TABLE "bookings" ADD COLUMN "gift_card_ore" integer NOT NULL DEFAULT (0)',
];
const SQLITE_DOWN = ['ALTER TABLE "bookings" DROP COLUMN "gift_card_ore"', 'ALTER TABLE "bookings" DROP COLUMN "gift_card_id"', 'DROP TABLE "gift_card_entries"', 'DROP TABLE "gift_cards"'];

export class GiftCards1797900000000 implements MigrationInterface {
  name = 'GiftCards1797900000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
