import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Whom a ticket for a party replaces (issue 46): `bundle_of` as a party key, so that the booking
 * page, the staff's phone booking and the AI guide offer the family ticket by one rule. The
 * catalogue's family tickets (two adults, two children, four seats) get theirs; staff set others.
 */
const WITH = (code: string) => `\`tour_id\` IN (SELECT \`tour_id\` FROM (SELECT \`tour_id\` FROM \`tour_price_categories\` WHERE \`code\` = '${code}') AS \`${code}s\`)`;
const FAMILY = `UPDATE \`tour_price_categories\` SET \`bundle_of\` = 'adult2.child2' WHERE \`code\` = 'family' AND \`guests_per_unit\` = 4 AND ${WITH('adult')} AND ${WITH('child')}`;
const MYSQL_UP = ['ALTER TABLE `tour_price_categories` ADD `bundle_of` varchar(60) NULL', FAMILY];
const MYSQL_DOWN = ['ALTER TABLE `tour_price_categories` DROP COLUMN `bundle_of`'];

const SQLITE_UP = ['ALTER TABLE "tour_price_categories" ADD COLUMN "bundle_of" varchar(60)', FAMILY.replace(/`/g, '"')];
const SQLITE_DOWN = ['ALTER TABLE "tour_price_categories" DROP COLUMN "bundle_of"'];

export class PriceCategoryBundles1797600000000 implements MigrationInterface {
  name = 'PriceCategoryBundles1797600000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
