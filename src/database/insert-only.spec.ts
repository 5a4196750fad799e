import { useSqliteStatements } from '../../test/support/sqlite-statements';
import { OutboxMail } from '../mail/outbox-mail.entity';
import { insertOnly } from './insert-only';

describe('insertOnly', () => {
  const db = useSqliteStatements();

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
    await db.dataSource.manager.insert(OutboxMail, mail('first@example.com'));
    const byInsert = db.statements.length;
    db.clear();

    await insertOnly(db.dataSource.manager, OutboxMail, mail('second@example.com'));

    expect(byInsert).toBe(2);
    expect(db.statements).toHaveLength(1);
    expect(db.statements[0]).toMatch(/^INSERT INTO "mail_outbox"/);
    const stored = await db.dataSource.getRepository(OutboxMail).findOneByOrFail({ recipient: 'second@example.com' });
    expect(stored).toMatchObject({ subject: 'Hello', status: 'pending', attempts: 0, message: { text: 'Hi' } });
    expect(stored.createdAt).toBeInstanceOf(Date);
  });
});
