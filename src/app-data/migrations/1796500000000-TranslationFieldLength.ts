import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Issue 22: a translated field's name grows from 40 to 64 characters, room for a question's
 * code (up to 40) with its prefix, and for a choice's name (`o:{code}:{choice}`). MySQL widens
 * the column in place (TypeORM would drop and add it, losing the rows); SQLite as TypeORM made it.
 */
export class TranslationFieldLength1796500000000 implements MigrationInterface {
  name = 'TranslationFieldLength1796500000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, {
      mysql: ['ALTER TABLE `content_translations` MODIFY `field` varchar(64) NOT NULL'],
      sqlite: [
        'DROP INDEX "IDX_49d69af76d17cabdb151a03884"',
        'CREATE TABLE "temporary_content_translations" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "subject" varchar(20) NOT NULL, "subject_id" integer NOT NULL, "language" varchar(2) NOT NULL, "field" varchar(64) NOT NULL, "text" text NOT NULL)',
        'INSERT INTO "temporary_content_translations"("id", "subject", "subject_id", "language", "field", "text") SELECT "id", "subject", "subject_id", "language", "field", "text" FROM "content_translations"',
        'DROP TABLE "content_translations"',
        'ALTER TABLE "temporary_content_translations" RENAME TO "content_translations"',
        'CREATE UNIQUE INDEX "IDX_49d69af76d17cabdb151a03884" ON "content_translations" ("subject", "subject_id", "language", "field") ',
      ],
    });
  }

  /** Back to 40: the fields that no longer fit (choices' words) go. */
  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, {
      mysql: ['DELETE FROM `content_translations` WHERE CHAR_LENGTH(`field`) > 40', 'ALTER TABLE `content_translations` MODIFY `field` varchar(40) NOT NULL'],
      sqlite: [
        'DELETE FROM "content_translations" WHERE length("field") > 40',
        'DROP INDEX "IDX_49d69af76d17cabdb151a03884"',
        'ALTER TABLE "content_translations" RENAME TO "temporary_content_translations"',
        'CREATE TABLE "content_translations" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "subject" varchar(20) NOT NULL, "subject_id" integer NOT NULL, "language" varchar(2) NOT NULL, "field" varchar(40) NOT NULL, "text" text NOT NULL)',
        'INSERT INTO "content_translations"("id", "subject", "subject_id", "language", "field", "text") SELECT "id", "subject", "subject_id", "language", "field", "text" FROM "temporary_content_translations"',
        'DROP TABLE "temporary_content_translations"',
        'CREATE UNIQUE INDEX "IDX_49d69af76d17cabdb151a03884" ON "content_translations" ("subject", "subject_id", "language", "field") ',
      ],
    });
  }
}
