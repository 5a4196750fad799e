import { MigrationInterface, QueryRunner } from 'typeorm';

import { runForDialect } from './dialect-statements';

/**
 * Why a guide's answer is marked for staff (issue 46): `unanswered_reason`, one of `no-content`
 * (nothing of ours grounded it, the only mark there was), `repeated` or `unhelped`. The marks
 * already made are all of the first kind.
 */
const MARKED = 'UPDATE `chat_messages` SET `unanswered_reason` = \'no-content\' WHERE `unanswered` = 1';
const MYSQL_UP = ['ALTER TABLE `chat_messages` ADD `unanswered_reason` varchar(20) NULL', MARKED];
const MYSQL_DOWN = ['ALTER TABLE `chat_messages` DROP COLUMN `unanswered_reason`'];

const SQLITE_UP = ['ALTER TABLE "chat_messages" ADD COLUMN "unanswered_reason" varchar(20)', MARKED.replace(/`/g, '"')];
const SQLITE_DOWN = ['ALTER TABLE "chat_messages" DROP COLUMN "unanswered_reason"'];

export class ChatMissedReasons1797700000000 implements MigrationInterface {
  name = 'ChatMissedReasons1797700000000';

  up(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_UP, sqlite: SQLITE_UP });
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return runForDialect(queryRunner, { mysql: MYSQL_DOWN, sqlite: SQLITE_DOWN });
  }
}
