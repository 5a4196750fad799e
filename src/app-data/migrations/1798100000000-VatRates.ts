import { MigrationInterface, QueryRunner } from 'typeorm';

import { TOUR_VAT_RATES } from '../seed/booking-options.catalogue';
import { runForDialect } from './dialect-statements';

/**
 * VAT rates (issue 48): a tour's rate (25 unless set), a price category's own (null: the tour's),
 * a stay's (12, accommodation), and the rate a booking's stay was sold at. The seeded tours that
 * sell at 6 (passenger transport, guided showing of nature) get it here too, where they exist;
 * every other tour stays at 25 until staff say otherwise.
 */
const MYSQL_UP = [
  'ALTER TABLE `tours` ADD `vat_rate` int NOT NULL DEFAULT 25',
  'ALTER TABLE `tour_price_categories` ADD `vat_rate` int NULL',
  'ALTER TABLE `stay_packages` ADD `vat_rate` int NOT NULL DEFAULT 12',
  'ALTER TABLE `bookings` ADD `stay_vat_rate` int NULL',
];
const MYSQL_DOWN = ['ALTER TABLE `bookings` DROP COLUMN `stay_vat_rate`', 'ALTER TABLE `stay_packages` DROP COLUMN `vat_rate`', 'ALTER TABLE `tour_price_categories` DROP COLUMN `vat_rate`', 'ALTER TABLE `tours` DROP COLUMN `vat_rate`'];

const SQLITE_UP = [
  'ALTER TABLE "tours" ADD COLUMN "vat_rate" integer NOT NULL DEFAULT (25)',
  'ALTER TABLE "tour_price_categories" ADD COLUMN "vat_rate" integer',
  'ALTER TABLE "stay_packages" ADD COLUMN "vat_rate" integer NOT NULL DEFAULT (12)',
  'ALTER TABLE "bookings" ADD COLUMN "stay_vat_rate" integer',
];
const SQLITE_DOWN = ['ALTER TABLE "bookings" DROP COLUMN "stay_vat_rate"', 'ALTER TABLE "stay_packages" DROP COLUMN "vat_rate"', 'ALTER TABLE "tour_price_categories" DROP COLUMN "vat_rate"', 'ALTER TABLE "tours" DROP COLUMN "vat_rate"'];

export class VatRates1798100000000 implements MigrationInterface {
  name = 'VatRates1798100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
    for (const [slug, rate] of Object.entries(TOUR_VAT_RATES)) await queryRunner.query('UPDATE tours SET vat_rate = ? WHERE slug = ?', [rate, slug]);
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
