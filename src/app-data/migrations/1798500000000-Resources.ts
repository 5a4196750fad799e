import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Resources (issue 50): kinds of shared things and their items, when items are out of service,
 * what one departure of a tour needs of a kind, staff's assignments of items (guides) to
 * departures, and the kind of room a stay package takes by the night.
 */
const MYSQL_UP = [
  'CREATE TABLE `resource_kinds` (`id` int NOT NULL AUTO_INCREMENT, `name` varchar(80) NOT NULL, `type` varchar(12) NOT NULL, `seats_each` int NULL, `turnaround_minutes` int NOT NULL DEFAULT 30, `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), PRIMARY KEY (`id`)) ENGINE=InnoDB',
  'CREATE TABLE `resources` (`id` int NOT NULL AUTO_INCREMENT, `kind_id` int NOT NULL, `name` varchar(80) NOT NULL, `skills` text NOT NULL, `is_active` tinyint NOT NULL DEFAULT 1, `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX `IDX_resources_kind` (`kind_id`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
  "CREATE TABLE `resource_outages` (`id` int NOT NULL AUTO_INCREMENT, `resource_id` int NOT NULL, `starts_at` datetime NOT NULL, `ends_at` datetime NOT NULL, `reason` varchar(200) NOT NULL DEFAULT '', `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX `IDX_resource_outages_resource` (`resource_id`, `starts_at`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
  'CREATE TABLE `tour_resource_needs` (`id` int NOT NULL AUTO_INCREMENT, `tour_id` int NOT NULL, `kind_id` int NOT NULL, `fixed` int NOT NULL DEFAULT 0, `per_units` int NULL, `categories` text NULL, `skills` text NULL, UNIQUE INDEX `IDX_tour_resource_needs_tour_kind` (`tour_id`, `kind_id`), INDEX `IDX_tour_resource_needs_kind` (`kind_id`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
  'CREATE TABLE `departure_assignments` (`id` int NOT NULL AUTO_INCREMENT, `departure_id` int NOT NULL, `resource_id` int NOT NULL, `created_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX `IDX_departure_assignments_pair` (`departure_id`, `resource_id`), INDEX `IDX_departure_assignments_resource` (`resource_id`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
  'ALTER TABLE `stay_packages` ADD `room_kind_id` int NULL',
];
const MYSQL_DOWN = ['ALTER TABLE `stay_packages` DROP COLUMN `room_kind_id`', 'DROP TABLE `departure_assignments`', 'DROP TABLE `tour_resource_needs`', 'DROP TABLE `resource_outages`', 'DROP TABLE `resources`', 'DROP TABLE `resource_kinds`'];

const SQLITE_UP = [
  `CREATE TABLE "resource_kinds" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(80) NOT NULL, "type" varchar(12) NOT NULL, "seats_each" integer, "turnaround_minutes" integer NOT NULL DEFAULT (30), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  `CREATE TABLE "resources" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind_id" integer NOT NULL, "name" varchar(80) NOT NULL, "skills" text NOT NULL, "is_active" boolean NOT NULL DEFAULT (1), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  'CREATE INDEX "IDX_resources_kind" ON "resources" ("kind_id")',
  `CREATE TABLE "resource_outages" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "resource_id" integer NOT NULL, "starts_at" datetime NOT NULL, "ends_at" datetime NOT NULL, "reason" varchar(200) NOT NULL DEFAULT (''), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  'CREATE INDEX "IDX_resource_outages_resource" ON "resource_outages" ("resource_id", "starts_at")',
  `CREATE TABLE "tour_resource_needs" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "tour_id" integer NOT NULL, "kind_id" integer NOT NULL, "fixed" integer NOT NULL DEFAULT (0), "per_units" integer, "categories" text, "skills" text)`,
  'CREATE UNIQUE INDEX "IDX_tour_resource_needs_tour_kind" ON "tour_resource_needs" ("tour_id", "kind_id")',
  'CREATE INDEX "IDX_tour_resource_needs_kind" ON "tour_resource_needs" ("kind_id")',
  `CREATE TABLE "departure_assignments" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "departure_id" integer NOT NULL, "resource_id" integer NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  'CREATE UNIQUE INDEX "IDX_departure_assignments_pair" ON "departure_assignments" ("departure_id", "resource_id")',
  'CREATE INDEX "IDX_departure_assignments_resource" ON "departure_assignments" ("resource_id")',
  'ALTER TABLE "stay_packages" ADD COLUMN "room_kind_id" integer',
];
const SQLITE_DOWN = [
  'ALTER TABLE "stay_packages" DROP COLUMN "room_kind_id"',
  'DROP TABLE "departure_assignments"',
  'DROP TABLE "tour_resource_needs"',
  'DROP TABLE "resource_outages"',
  'DROP TABLE "resources"',
  'DROP TABLE "resource_kinds"',
];

export class Resources1798500000000 implements MigrationInterface {
  name = 'Resources1798500000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
