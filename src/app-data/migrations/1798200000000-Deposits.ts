import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Deposits (issue 48): a tour's deposit (a share or an amount, at most one; none by default) and
 * its balance's days before the start; a booking's deposit (kept when the guest cancels), its
 * balance's days (its due moment follows the departure, so a move moves it), the balance
 * reminders sent and when staff were told the balance was late.
 */
const MYSQL_UP = [
  'ALTER TABLE `tours` ADD `deposit_percent` int NULL, ADD `deposit_sek` int NULL, ADD `balance_due_days` int NOT NULL DEFAULT 30',
  'ALTER TABLE `bookings` ADD `deposit_ore` int NOT NULL DEFAULT 0, ADD `balance_due_days` int NULL, ADD `balance_reminders_sent` int NOT NULL DEFAULT 0, ADD `balance_late_at` datetime NULL',
];
const MYSQL_DOWN = [
  'ALTER TABLE `bookings` DROP COLUMN `balance_late_at`, DROP COLUMN `balance_reminders_sent`, DROP COLUMN `balance_due_days`, DROP COLUMN `deposit_ore`',
  'ALTER TABLE `tours` DROP COLUMN `balance_due_days`, DROP COLUMN `deposit_sek`, DROP COLUMN `deposit_percent`',
];

const SQLITE_UP = [
  'ALTER TABLE "tours" ADD COLUMN "deposit_percent" integer',
  'ALTER TABLE "tours" ADD COLUMN "deposit_sek" integer',
  'ALTER TABLE "tours" ADD COLUMN "balance_due_days" integer NOT NULL DEFAULT (30)',
  'ALTER TABLE "bookings" ADD COLUMN "deposit_ore" integer NOT NULL DEFAULT (0)',
  'ALTER TABLE "bookings" ADD COLUMN "balance_due_days" integer',
  'ALTER TABLE "bookings" ADD COLUMN "balance_reminders_sent" integer NOT NULL DEFAULT (0)',
  'ALTER TABLE "bookings" ADD COLUMN "balance_late_at" datetime',
];
const SQLITE_DOWN = [
  'ALTER TABLE "bookings" DROP COLUMN "balance_late_at"',
  'ALTER TABLE "bookings" DROP COLUMN "balance_reminders_sent"',
  'ALTER TABLE "bookings" DROP COLUMN "balance_due_days"',
  'ALTER TABLE "bookings" DROP COLUMN "deposit_ore"',
  'ALTER TABLE "tours" DROP COLUMN "balance_due_days"',
  'ALTER TABLE "tours" DROP COLUMN "deposit_sek"',
  'ALTER TABLE "tours" DROP COLUMN "deposit_percent"',
];

export class Deposits1798200000000 implements MigrationInterface {
  name = 'Deposits1798200000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
