import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Issue 22: a guide conversation keeps its language, the seats the guide offered to hold (and
 * the key a hold takes, so one offer holds once), and the booking it led to.
 */
export class GuideOffers1796400000000 implements MigrationInterface {
  name = 'GuideOffers1796400000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, {
      mysql: [
        "ALTER TABLE `chat_conversations` ADD `language` varchar(2) NOT NULL DEFAULT 'en'",
        'ALTER TABLE `chat_conversations` ADD `offer` text NULL',
        'ALTER TABLE `chat_conversations` ADD `offer_key` varchar(36) NULL',
        'ALTER TABLE `chat_conversations` ADD `booking_reference` varchar(20) NULL',
        'CREATE INDEX `IDX_9f79e603638c8f6e5b2122868c` ON `chat_conversations` (`booking_reference`)',
      ],
      sqlite: [
        'ALTER TABLE "chat_conversations" ADD COLUMN "language" varchar(2) NOT NULL DEFAULT (\'en\')',
        'ALTER TABLE "chat_conversations" ADD COLUMN "offer" text',
        'ALTER TABLE "chat_conversations" ADD COLUMN "offer_key" varchar(36)',
        'ALTER TABLE "chat_conversations" ADD COLUMN "booking_reference" varchar(20)',
        'CREATE INDEX "IDX_9f79e603638c8f6e5b2122868c" ON "chat_conversations" ("booking_reference")',
      ],
    });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, {
      mysql: [
        'DROP INDEX `IDX_9f79e603638c8f6e5b2122868c` ON `chat_conversations`',
        'ALTER TABLE `chat_conversations` DROP COLUMN `booking_reference`',
        'ALTER TABLE `chat_conversations` DROP COLUMN `offer_key`',
        'ALTER TABLE `chat_conversations` DROP COLUMN `offer`',
        'ALTER TABLE `chat_conversations` DROP COLUMN `language`',
      ],
      sqlite: [
        'DROP INDEX "IDX_9f79e603638c8f6e5b2122868c"',
        'ALTER TABLE "chat_conversations" DROP COLUMN "booking_reference"',
        'ALTER TABLE "chat_conversations" DROP COLUMN "offer_key"',
        'ALTER TABLE "chat_conversations" DROP COLUMN "offer"',
        'ALTER TABLE "chat_conversations" DROP COLUMN "language"',
      ],
    });
  }
}
