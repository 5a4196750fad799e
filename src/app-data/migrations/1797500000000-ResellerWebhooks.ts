import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Resellers hear of changes to their bookings (issue 45): reseller_webhooks are the URLs they
 * registered, webhook_deliveries the outbox of calls to make, written with the change.
 */
const MYSQL_UP = [
  'CREATE TABLE `reseller_webhooks` (`id` int NOT NULL AUTO_INCREMENT, `reseller_id` int NOT NULL, `url` varchar(500) NOT NULL, `event` varchar(40) NOT NULL, `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX `IDX_reseller_webhooks_reseller` (`reseller_id`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
  'CREATE TABLE `webhook_deliveries` (`id` int NOT NULL AUTO_INCREMENT, `uuid` varchar(36) NOT NULL, `webhook_id` int NOT NULL, `booking_id` int NOT NULL, `event` varchar(40) NOT NULL, `transition` varchar(40) NOT NULL, `status` varchar(20) NOT NULL DEFAULT \'pending\', `attempts` int NOT NULL DEFAULT \'0\', `next_attempt_at` datetime NOT NULL, `last_error` varchar(500) NULL, `last_status` int NULL, `delivered_at` datetime NULL, `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX `IDX_webhook_deliveries_due` (`status`, `next_attempt_at`), INDEX `IDX_webhook_deliveries_webhook` (`webhook_id`, `status`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
];
const MYSQL_DOWN = ['DROP TABLE `webhook_deliveries`', 'DROP TABLE `reseller_webhooks`'];

const SQLITE_UP = [
  `CREATE TABLE "reseller_webhooks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "reseller_id" integer NOT NULL, "url" varchar(500) NOT NULL, "event" varchar(40) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  'CREATE INDEX "IDX_reseller_webhooks_reseller" ON "reseller_webhooks" ("reseller_id")',
  `CREATE TABLE "webhook_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "uuid" varchar(36) NOT NULL, "webhook_id" integer NOT NULL, "booking_id" integer NOT NULL, "event" varchar(40) NOT NULL, "transition" varchar(40) NOT NULL, "status" varchar(20) NOT NULL DEFAULT ('pending'), "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime NOT NULL, "last_error" varchar(500), "last_status" integer, "delivered_at" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  'CREATE INDEX "IDX_webhook_deliveries_due" ON "webhook_deliveries" ("status", "next_attempt_at")',
  'CREATE INDEX "IDX_webhook_deliveries_webhook" ON "webhook_deliveries" ("webhook_id", "status")',
];
const SQLITE_DOWN = ['DROP TABLE "webhook_deliveries"', 'DROP TABLE "reseller_webhooks"'];

export class ResellerWebhooks1797500000000 implements MigrationInterface {
  name = 'ResellerWebhooks1797500000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
