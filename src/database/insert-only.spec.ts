import { DataSource, type QueryRunner } from 'typeorm';

import { OutboxMail } from '../mail/outbox-mail.entity';
import { dataSourceOptions, SQLITE_IN_MEMORY } from './data-source-options';
import { insertOnly } from './insert-only';
import { prepareDatabase } from './prepare-database';

describe('insertOnly', () => {
  let dataSource: DataSource;
  let statements: string[];

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions({ type: 'sqlite', path: SQLITE_IN_MEMORY }));
    await dataSource.initialize();
    await prepareDatabase(dataSource);
  });

  afterAll(() => dataSource.destroy());

  beforeEach(() => {
    statements = [];
    const runner = dataSource.manager.connection.driver.createQueryRunner('master') as QueryRunner;
    const query = runner.query.bind(runner);
    jest.spyOn(runner, 'query').mockImplementation((sql: string, ...rest: unknown[]) => {
      statements.push(sql);
      return (query as (...args: unknown[]) => Promise<unknown>)(sql, ...rest);
    });
  });

  afterEach(() => jest.restoreAllMocks());

  const mail = (recipient: string) => ({
    topic: 'test',
    recipient,
    subject: 'Hello',
    message: { to: recipient, subject: 'Hello', text: 'Hi' },
    bookingReference: null,
    status: 'pending' as const,
    attempts: 0,
    nextAttemptAt: new Date(),
  });

  it('inserts the row, with its defaults, in one statement where manager.insert takes two', async () => {
    await dataSource.manager.insert(OutboxMail, mail('first@example.com'));
    const byInsert = statements.length;
    statements = [];

    await insertOnly(dataSource.manager, OutboxMail, mail('second@example.com'));

    expect(byInsert).toBe(2);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^INSERT INTO "mail_outbox"/);
    const stored = await dataSource.getRepository(OutboxMail).findOneByOrFail({ recipient: 'second@example.com' });
    expect(stored).toMatchObject({ subject: 'Hello', status: 'pending', attempts: 0, message: { text: 'Hi' } });
    expect(stored.createdAt).toBeInstanceOf(Date);
  });
});
