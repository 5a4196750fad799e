import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Price categories (issue 19): each tour's categories (tour_price_categories), a departure's
 * season prices per category (departures.category_prices), and a booking's seats and party
 * by category (bookings.seats, bookings.party). Every existing tour gets one default category,
 * "adult", at its price; every existing booking becomes that many adults at the price it was
 * booked for, its seats its guests. Drafted by TypeORM for both dialects; the data steps by hand.
 */
const MYSQL_UP = [
  "CREATE TABLE `tour_price_categories` (`id` int NOT NULL AUTO_INCREMENT, `tour_id` int NOT NULL, `code` varchar(30) NOT NULL, `name` varchar(80) NOT NULL, `price_sek` int NOT NULL, `age_min` int NULL, `age_max` int NULL, `seats_per_unit` int NOT NULL DEFAULT '1', `guests_per_unit` int NOT NULL DEFAULT '1', `min_per_booking` int NOT NULL DEFAULT '0', `max_per_booking` int NULL, `is_adult` tinyint NOT NULL DEFAULT 0, `needs_adult` tinyint NOT NULL DEFAULT 0, `is_default` tinyint NOT NULL DEFAULT 0, `sort_order` int NOT NULL DEFAULT '0', UNIQUE INDEX `IDX_bdc6cc639ed1bb6abda5a6b4bb` (`tour_id`, `code`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
  "ALTER TABLE `tour_price_categories` ADD CONSTRAINT `FK_3c6d117088a9fd351e6bfe0566a` FOREIGN KEY (`tour_id`) REFERENCES `tours`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
  "INSERT INTO `tour_price_categories` (`tour_id`, `code`, `name`, `price_sek`, `is_adult`, `is_default`, `sort_order`) SELECT `id`, 'adult', 'Adult', `price_sek`, 1, 1, 0 FROM `tours`",
  "ALTER TABLE `bookings` ADD `seats` int NOT NULL DEFAULT 0",
  "ALTER TABLE `bookings` ADD `party` text NULL",
  "UPDATE `bookings` SET `seats` = `guests`, `party` = CONCAT('[{\"code\":\"adult\",\"name\":\"Adult\",\"quantity\":', `guests`, ',\"unitPriceSek\":', `tour_amount_sek` DIV `guests`, ',\"seatsPerUnit\":1,\"guestsPerUnit\":1}]')",
  "ALTER TABLE `bookings` ALTER `seats` DROP DEFAULT",
  "ALTER TABLE `departures` ADD `category_prices` text NULL",
];

const MYSQL_DOWN = [
  "ALTER TABLE `departures` DROP COLUMN `category_prices`",
  "ALTER TABLE `bookings` DROP COLUMN `party`",
  "ALTER TABLE `bookings` DROP COLUMN `seats`",
  "ALTER TABLE `tour_price_categories` DROP FOREIGN KEY `FK_3c6d117088a9fd351e6bfe0566a`",
  "DROP INDEX `IDX_bdc6cc639ed1bb6abda5a6b4bb` ON `tour_price_categories`",
  "DROP TABLE `tour_price_categories`",
];

const SQLITE_UP = [
  "CREATE TABLE \"tour_price_categories\" (\"id\" integer PRIMARY KEY AUTOINCREMENT NOT NULL, \"tour_id\" integer NOT NULL, \"code\" varchar(30) NOT NULL, \"name\" varchar(80) NOT NULL, \"price_sek\" integer NOT NULL, \"age_min\" integer, \"age_max\" integer, \"seats_per_unit\" integer NOT NULL DEFAULT (1), \"guests_per_unit\" integer NOT NULL DEFAULT (1), \"min_per_booking\" integer NOT NULL DEFAULT (0), \"max_per_booking\" integer, \"is_adult\" boolean NOT NULL DEFAULT (0), \"needs_adult\" boolean NOT NULL DEFAULT (0), \"is_default\" boolean NOT NULL DEFAULT (0), \"sort_order\" integer NOT NULL DEFAULT (0))",
  "CREATE UNIQUE INDEX \"IDX_bdc6cc639ed1bb6abda5a6b4bb\" ON \"tour_price_categories\" (\"tour_id\", \"code\") ",
  "DROP INDEX \"IDX_2a864cbc786e8e478f0aea392d\"",
  "DROP INDEX \"IDX_0d822589152c6e9e8796eed444\"",
  "DROP INDEX \"IDX_c7ad4bfbd028e2760541858d0b\"",
  "DROP INDEX \"IDX_a03f53145a6f9013b22f53c88d\"",
  "CREATE TABLE \"temporary_bookings\" (\"id\" integer PRIMARY KEY AUTOINCREMENT NOT NULL, \"reference\" varchar(16) NOT NULL, \"departure_id\" integer NOT NULL, \"stay_package_id\" integer, \"guests\" integer NOT NULL, \"name\" varchar(120) NOT NULL, \"email\" varchar(254) NOT NULL, \"phone\" varchar(40), \"notes\" text, \"status\" varchar(20) NOT NULL, \"hold_expires_at\" datetime, \"tour_amount_sek\" integer NOT NULL, \"stay_amount_sek\" integer NOT NULL DEFAULT (0), \"total_sek\" integer NOT NULL, \"payment_method\" varchar(20), \"payment_status\" varchar(20) NOT NULL DEFAULT ('unpaid'), \"stripe_session_id\" varchar(255), \"stripe_payment_intent_id\" varchar(255), \"paid_at\" datetime, \"confirmed_at\" datetime, \"cancelled_at\" datetime, \"created_at\" datetime NOT NULL DEFAULT (datetime('now')), \"updated_at\" datetime NOT NULL DEFAULT (datetime('now')), \"stripe_session_url\" varchar(1000), \"stripe_session_expires_at\" datetime, \"checkout_attempts\" integer NOT NULL DEFAULT (0), \"paid_amount_ore\" integer, \"cancel_reason\" varchar(20), \"attention\" varchar(300), \"client_ip_hash\" varchar(64), \"pickup\" varchar(200), \"source\" varchar(10) NOT NULL DEFAULT ('online'), \"payment_note\" varchar(300), \"reminder_sent_at\" datetime, \"attendance\" varchar(12), \"anonymised_at\" datetime, \"seats\" integer NOT NULL, \"party\" text, CONSTRAINT \"UQ_d7eca65f0a4d442ec4491f2f804\" UNIQUE (\"reference\"), CONSTRAINT \"UQ_b4009d410770ee3c225f329e541\" UNIQUE (\"stripe_session_id\"), CONSTRAINT \"FK_8d7341eec36a352f5f36cba1b87\" FOREIGN KEY (\"departure_id\") REFERENCES \"departures\" (\"id\") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT \"FK_ce7cfe715b2f9df9674572b6275\" FOREIGN KEY (\"stay_package_id\") REFERENCES \"stay_packages\" (\"id\") ON DELETE RESTRICT ON UPDATE NO ACTION)",
  "INSERT INTO \"temporary_bookings\"(\"id\", \"reference\", \"departure_id\", \"stay_package_id\", \"guests\", \"name\", \"email\", \"phone\", \"notes\", \"status\", \"hold_expires_at\", \"tour_amount_sek\", \"stay_amount_sek\", \"total_sek\", \"payment_method\", \"payment_status\", \"stripe_session_id\", \"stripe_payment_intent_id\", \"paid_at\", \"confirmed_at\", \"cancelled_at\", \"created_at\", \"updated_at\", \"stripe_session_url\", \"stripe_session_expires_at\", \"checkout_attempts\", \"paid_amount_ore\", \"cancel_reason\", \"attention\", \"client_ip_hash\", \"pickup\", \"source\", \"payment_note\", \"reminder_sent_at\", \"attendance\", \"anonymised_at\", \"seats\", \"party\") SELECT \"id\", \"reference\", \"departure_id\", \"stay_package_id\", \"guests\", \"name\", \"email\", \"phone\", \"notes\", \"status\", \"hold_expires_at\", \"tour_amount_sek\", \"stay_amount_sek\", \"total_sek\", \"payment_method\", \"payment_status\", \"stripe_session_id\", \"stripe_payment_intent_id\", \"paid_at\", \"confirmed_at\", \"cancelled_at\", \"created_at\", \"updated_at\", \"stripe_session_url\", \"stripe_session_expires_at\", \"checkout_attempts\", \"paid_amount_ore\", \"cancel_reason\", \"attention\", \"client_ip_hash\", \"pickup\", \"source\", \"payment_note\", \"reminder_sent_at\", \"attendance\", \"anonymised_at\", \"guests\", '[{\"code\":\"adult\",\"name\":\"Adult\",\"quantity\":' || \"guests\" || ',\"unitPriceSek\":' || (\"tour_amount_sek\" / \"guests\") || ',\"seatsPerUnit\":1,\"guestsPerUnit\":1}]' FROM \"bookings\"",
  "DROP TABLE \"bookings\"",
  "ALTER TABLE \"temporary_bookings\" RENAME TO \"bookings\"",
  "CREATE INDEX \"IDX_2a864cbc786e8e478f0aea392d\" ON \"bookings\" (\"client_ip_hash\", \"created_at\") ",
  "CREATE INDEX \"IDX_0d822589152c6e9e8796eed444\" ON \"bookings\" (\"email\", \"created_at\") ",
  "CREATE INDEX \"IDX_c7ad4bfbd028e2760541858d0b\" ON \"bookings\" (\"status\", \"hold_expires_at\") ",
  "CREATE INDEX \"IDX_a03f53145a6f9013b22f53c88d\" ON \"bookings\" (\"departure_id\", \"status\") ",
  "DROP INDEX \"IDX_f9eebc6f68ca0e158102889fee\"",
  "DROP INDEX \"IDX_c2d9e62c4df75d8f26dbfc6f92\"",
  "CREATE TABLE \"temporary_departures\" (\"id\" integer PRIMARY KEY AUTOINCREMENT NOT NULL, \"tour_id\" integer NOT NULL, \"starts_at\" datetime NOT NULL, \"capacity\" integer NOT NULL, \"price_sek\" integer, \"status\" varchar(20) NOT NULL DEFAULT ('open'), \"created_at\" datetime NOT NULL DEFAULT (datetime('now')), \"updated_at\" datetime NOT NULL DEFAULT (datetime('now')), \"category_prices\" text, CONSTRAINT \"FK_6303ac6c2463f36cb9c40638ef7\" FOREIGN KEY (\"tour_id\") REFERENCES \"tours\" (\"id\") ON DELETE CASCADE ON UPDATE NO ACTION)",
  "INSERT INTO \"temporary_departures\"(\"id\", \"tour_id\", \"starts_at\", \"capacity\", \"price_sek\", \"status\", \"created_at\", \"updated_at\") SELECT \"id\", \"tour_id\", \"starts_at\", \"capacity\", \"price_sek\", \"status\", \"created_at\", \"updated_at\" FROM \"departures\"",
  "DROP TABLE \"departures\"",
  "ALTER TABLE \"temporary_departures\" RENAME TO \"departures\"",
  "CREATE INDEX \"IDX_f9eebc6f68ca0e158102889fee\" ON \"departures\" (\"tour_id\", \"starts_at\") ",
  "CREATE INDEX \"IDX_c2d9e62c4df75d8f26dbfc6f92\" ON \"departures\" (\"starts_at\") ",
  "DROP INDEX \"IDX_bdc6cc639ed1bb6abda5a6b4bb\"",
  "CREATE TABLE \"temporary_tour_price_categories\" (\"id\" integer PRIMARY KEY AUTOINCREMENT NOT NULL, \"tour_id\" integer NOT NULL, \"code\" varchar(30) NOT NULL, \"name\" varchar(80) NOT NULL, \"price_sek\" integer NOT NULL, \"age_min\" integer, \"age_max\" integer, \"seats_per_unit\" integer NOT NULL DEFAULT (1), \"guests_per_unit\" integer NOT NULL DEFAULT (1), \"min_per_booking\" integer NOT NULL DEFAULT (0), \"max_per_booking\" integer, \"is_adult\" boolean NOT NULL DEFAULT (0), \"needs_adult\" boolean NOT NULL DEFAULT (0), \"is_default\" boolean NOT NULL DEFAULT (0), \"sort_order\" integer NOT NULL DEFAULT (0), CONSTRAINT \"FK_3c6d117088a9fd351e6bfe0566a\" FOREIGN KEY (\"tour_id\") REFERENCES \"tours\" (\"id\") ON DELETE CASCADE ON UPDATE NO ACTION)",
  "INSERT INTO \"temporary_tour_price_categories\"(\"id\", \"tour_id\", \"code\", \"name\", \"price_sek\", \"age_min\", \"age_max\", \"seats_per_unit\", \"guests_per_unit\", \"min_per_booking\", \"max_per_booking\", \"is_adult\", \"needs_adult\", \"is_default\", \"sort_order\") SELECT \"id\", \"tour_id\", \"code\", \"name\", \"price_sek\", \"age_min\", \"age_max\", \"seats_per_unit\", \"guests_per_unit\", \"min_per_booking\", \"max_per_booking\", \"is_adult\", \"needs_adult\", \"is_default\", \"sort_order\" FROM \"tour_price_categories\"",
  "DROP TABLE \"tour_price_categories\"",
  "ALTER TABLE \"temporary_tour_price_categories\" RENAME TO \"tour_price_categories\"",
  "CREATE UNIQUE INDEX \"IDX_bdc6cc639ed1bb6abda5a6b4bb\" ON \"tour_price_categories\" (\"tour_id\", \"code\") ",
  "INSERT INTO \"tour_price_categories\" (\"tour_id\", \"code\", \"name\", \"price_sek\", \"is_adult\", \"is_default\", \"sort_order\") SELECT \"id\", 'adult', 'Adult', \"price_sek\", 1, 1, 0 FROM \"tours\"",
];

const SQLITE_DOWN = [
  "DROP INDEX \"IDX_bdc6cc639ed1bb6abda5a6b4bb\"",
  "ALTER TABLE \"tour_price_categories\" RENAME TO \"temporary_tour_price_categories\"",
  "CREATE TABLE \"tour_price_categories\" (\"id\" integer PRIMARY KEY AUTOINCREMENT NOT NULL, \"tour_id\" integer NOT NULL, \"code\" varchar(30) NOT NULL, \"name\" varchar(80) NOT NULL, \"price_sek\" integer NOT NULL, \"age_min\" integer, \"age_max\" integer, \"seats_per_unit\" integer NOT NULL DEFAULT (1), \"guests_per_unit\" integer NOT NULL DEFAULT (1), \"min_per_booking\" integer NOT NULL DEFAULT (0), \"max_per_booking\" integer, \"is_adult\" boolean NOT NULL DEFAULT (0), \"needs_adult\" boolean NOT NULL DEFAULT (0), \"is_default\" boolean NOT NULL DEFAULT (0), \"sort_order\" integer NOT NULL DEFAULT (0))",
  "INSERT INTO \"tour_price_categories\"(\"id\", \"tour_id\", \"code\", \"name\", \"price_sek\", \"age_min\", \"age_max\", \"seats_per_unit\", \"guests_per_unit\", \"min_per_booking\", \"max_per_booking\", \"is_adult\", \"needs_adult\", \"is_default\", \"sort_order\") SELECT \"id\", \"tour_id\", \"code\", \"name\", \"price_sek\", \"age_min\", \"age_max\", \"seats_per_unit\", \"guests_per_unit\", \"min_per_booking\", \"max_per_booking\", \"is_adult\", \"needs_adult\", \"is_default\", \"sort_order\" FROM \"temporary_tour_price_categories\"",
  "DROP TABLE \"temporary_tour_price_categories\"",
  "CREATE UNIQUE INDEX \"IDX_bdc6cc639ed1bb6abda5a6b4bb\" ON \"tour_price_categories\" (\"tour_id\", \"code\") ",
  "DROP INDEX \"IDX_c2d9e62c4df75d8f26dbfc6f92\"",
  "DROP INDEX \"IDX_f9eebc6f68ca0e158102889fee\"",
  "ALTER TABLE \"departures\" RENAME TO \"temporary_departures\"",
  "CREATE TABLE \"departures\" (\"id\" integer PRIMARY KEY AUTOINCREMENT NOT NULL, \"tour_id\" integer NOT NULL, \"starts_at\" datetime NOT NULL, \"capacity\" integer NOT NULL, \"price_sek\" integer, \"status\" varchar(20) NOT NULL DEFAULT ('open'), \"created_at\" datetime NOT NULL DEFAULT (datetime('now')), \"updated_at\" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT \"FK_6303ac6c2463f36cb9c40638ef7\" FOREIGN KEY (\"tour_id\") REFERENCES \"tours\" (\"id\") ON DELETE CASCADE ON UPDATE NO ACTION)",
  "INSERT INTO \"departures\"(\"id\", \"tour_id\", \"starts_at\", \"capacity\", \"price_sek\", \"status\", \"created_at\", \"updated_at\") SELECT \"id\", \"tour_id\", \"starts_at\", \"capacity\", \"price_sek\", \"status\", \"created_at\", \"updated_at\" FROM \"temporary_departures\"",
  "DROP TABLE \"temporary_departures\"",
  "CREATE INDEX \"IDX_c2d9e62c4df75d8f26dbfc6f92\" ON \"departures\" (\"starts_at\") ",
  "CREATE INDEX \"IDX_f9eebc6f68ca0e158102889fee\" ON \"departures\" (\"tour_id\", \"starts_at\") ",
  "DROP INDEX \"IDX_a03f53145a6f9013b22f53c88d\"",
  "DROP INDEX \"IDX_c7ad4bfbd028e2760541858d0b\"",
  "DROP INDEX \"IDX_0d822589152c6e9e8796eed444\"",
  "DROP INDEX \"IDX_2a864cbc786e8e478f0aea392d\"",
  "ALTER TABLE \"bookings\" RENAME TO \"temporary_bookings\"",
  "CREATE TABLE \"bookings\" (\"id\" integer PRIMARY KEY AUTOINCREMENT NOT NULL, \"reference\" varchar(16) NOT NULL, \"departure_id\" integer NOT NULL, \"stay_package_id\" integer, \"guests\" integer NOT NULL, \"name\" varchar(120) NOT NULL, \"email\" varchar(254) NOT NULL, \"phone\" varchar(40), \"notes\" text, \"status\" varchar(20) NOT NULL, \"hold_expires_at\" datetime, \"tour_amount_sek\" integer NOT NULL, \"stay_amount_sek\" integer NOT NULL DEFAULT (0), \"total_sek\" integer NOT NULL, \"payment_method\" varchar(20), \"payment_status\" varchar(20) NOT NULL DEFAULT ('unpaid'), \"stripe_session_id\" varchar(255), \"stripe_payment_intent_id\" varchar(255), \"paid_at\" datetime, \"confirmed_at\" datetime, \"cancelled_at\" datetime, \"created_at\" datetime NOT NULL DEFAULT (datetime('now')), \"updated_at\" datetime NOT NULL DEFAULT (datetime('now')), \"stripe_session_url\" varchar(1000), \"stripe_session_expires_at\" datetime, \"checkout_attempts\" integer NOT NULL DEFAULT (0), \"paid_amount_ore\" integer, \"cancel_reason\" varchar(20), \"attention\" varchar(300), \"client_ip_hash\" varchar(64), \"pickup\" varchar(200), \"source\" varchar(10) NOT NULL DEFAULT ('online'), \"payment_note\" varchar(300), \"reminder_sent_at\" datetime, \"attendance\" varchar(12), \"anonymised_at\" datetime, CONSTRAINT \"UQ_d7eca65f0a4d442ec4491f2f804\" UNIQUE (\"reference\"), CONSTRAINT \"UQ_b4009d410770ee3c225f329e541\" UNIQUE (\"stripe_session_id\"), CONSTRAINT \"FK_8d7341eec36a352f5f36cba1b87\" FOREIGN KEY (\"departure_id\") REFERENCES \"departures\" (\"id\") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT \"FK_ce7cfe715b2f9df9674572b6275\" FOREIGN KEY (\"stay_package_id\") REFERENCES \"stay_packages\" (\"id\") ON DELETE RESTRICT ON UPDATE NO ACTION)",
  "INSERT INTO \"bookings\"(\"id\", \"reference\", \"departure_id\", \"stay_package_id\", \"guests\", \"name\", \"email\", \"phone\", \"notes\", \"status\", \"hold_expires_at\", \"tour_amount_sek\", \"stay_amount_sek\", \"total_sek\", \"payment_method\", \"payment_status\", \"stripe_session_id\", \"stripe_payment_intent_id\", \"paid_at\", \"confirmed_at\", \"cancelled_at\", \"created_at\", \"updated_at\", \"stripe_session_url\", \"stripe_session_expires_at\", \"checkout_attempts\", \"paid_amount_ore\", \"cancel_reason\", \"attention\", \"client_ip_hash\", \"pickup\", \"source\", \"payment_note\", \"reminder_sent_at\", \"attendance\", \"anonymised_at\") SELECT \"id\", \"reference\", \"departure_id\", \"stay_package_id\", \"guests\", \"name\", \"email\", \"phone\", \"notes\", \"status\", \"hold_expires_at\", \"tour_amount_sek\", \"stay_amount_sek\", \"total_sek\", \"payment_method\", \"payment_status\", \"stripe_session_id\", \"stripe_payment_intent_id\", \"paid_at\", \"confirmed_at\", \"cancelled_at\", \"created_at\", \"updated_at\", \"stripe_session_url\", \"stripe_session_expires_at\", \"checkout_attempts\", \"paid_amount_ore\", \"cancel_reason\", \"attention\", \"client_ip_hash\", \"pickup\", \"source\", \"payment_note\", \"reminder_sent_at\", \"attendance\", \"anonymised_at\" FROM \"temporary_bookings\"",
  "DROP TABLE \"temporary_bookings\"",
  "CREATE INDEX \"IDX_a03f53145a6f9013b22f53c88d\" ON \"bookings\" (\"departure_id\", \"status\") ",
  "CREATE INDEX \"IDX_c7ad4bfbd028e2760541858d0b\" ON \"bookings\" (\"status\", \"hold_expires_at\") ",
  "CREATE INDEX \"IDX_0d822589152c6e9e8796eed444\" ON \"bookings\" (\"email\", \"created_at\") ",
  "CREATE INDEX \"IDX_2a864cbc786e8e478f0aea392d\" ON \"bookings\" (\"client_ip_hash\", \"created_at\") ",
  "DROP INDEX \"IDX_bdc6cc639ed1bb6abda5a6b4bb\"",
  "DROP TABLE \"tour_price_categories\"",
];

export class PriceCategories1795700000000 implements MigrationInterface {
  name = 'PriceCategories1795700000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
