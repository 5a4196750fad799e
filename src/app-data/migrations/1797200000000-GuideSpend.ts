import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * The AI guide's budget (issue 44): guide_spend counts the model's calls and tokens per minute
 * and per day, over every replica, and is what staff see of the spend.
 */
const MYSQL_UP = [
  'CREATE TABLE `guide_spend` (`period` varchar(24) NOT NULL, `calls` int NOT NULL DEFAULT 0, `tokens` int NOT NULL DEFAULT 0, `updated_at` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), PRIMARY KEY (`period`)) ENGINE=InnoDB',
];
const MYSQL_DOWN = ['DROP TABLE `guide_spend`'];

const SQLITE_UP = [`CREATE TABLE "guide_spend" ("period" varchar(24) PRIMARY KEY NOT NULL, "calls" integer NOT NULL DEFAULT (0), "tokens" integer NOT NULL DEFAULT (0), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`];
const SQLITE_DOWN = ['DROP TABLE "guide_spend"'];

export class GuideSpend1797200000000 implements MigrationInterface {
  name = 'GuideSpend1797200000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
