import { useSqliteStatements } from '../../test/support/sqlite-statements';
import { OutboxMail } from '../mail/outbox-mail.entity';
import { insertOnly } from './insert-only';
import { afterCommit, writeTransaction } from './transactions';

describe(afterCommit.name, () => {
  const db = useSqliteStatements();
  const mail = { topic: 'test', recipient: 'a@example.com', subject: 'Hello', message: { to: 'a@example.com', subject: 'Hello', text: 'Hi' }, bookingReference: null, status: 'pending' as const, attempts: 0, nextAttemptAt: new Date() };
  const count = () => db.dataSource.getRepository(OutboxMail).count();

  it('runs once the transaction has committed, once per key however often it was asked, before the caller has its answer', async () => {
    const ran: string[] = [];
    const answer = await writeTransaction(db.dataSource, async (manager) => {
      await insertOnly(manager, OutboxMail, mail);
      afterCommit(manager, 'kick', async () => ran.push(`kick after ${await count()} committed`));
      afterCommit(manager, 'kick', () => ran.push('a second kick'));
      afterCommit(manager, 'other', () => ran.push('other'));
      expect(ran).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(ran).toEqual([expect.stringMatching(/^kick after \d+ committed$/), 'other']);
  });

  it('never runs when the transaction rolls back', async () => {
    const ran: string[] = [];
    const before = await count();
    await expect(
      writeTransaction(db.dataSource, async (manager) => {
        await insertOnly(manager, OutboxMail, mail);
        afterCommit(manager, 'kick', () => ran.push('kick'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count()).toBe(before);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual([]);
  });

  it('keeps the answer when a hook fails: the transaction it follows has committed', async () => {
    await expect(writeTransaction(db.dataSource, async (manager) => (afterCommit(manager, 'broken', () => Promise.reject(new Error('Stripe is down'))), 7))).resolves.toBe(7);
  });

  it('runs on the next turn when asked outside a writing transaction', async () => {
    const ran: string[] = [];
    afterCommit(db.dataSource.manager, 'kick', () => ran.push('kick'));
    expect(ran).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual(['kick']);
  });
});
