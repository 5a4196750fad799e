import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createConnection, type Connection } from 'mysql2/promise';

import { newBookingReference } from '../src/bookings/booking-reference';
import { freePort, startAppProcess } from './support/app-process';
import { TEST_DATABASE_URL } from './support/e2e-env';
import { recreateDatabase } from './support/mysql';
import { aConfirmedRow } from './support/bookings';
import { startSmtpSink } from './support/smtp-sink';
import { waitFor } from './support/time';

const DATABASE_URL = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/arctic_outbox_check$1');

const startApp = (dataDir: string, smtpPort: number) => startAppProcess({ DATA_DIR: dataDir, DATABASE_URL, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });

/** Nothing is left to send (every row matching `where` is sent): no worker can send one of them again. */
const outboxDrained = (sql: Connection, where = '1 = 1', values: unknown[] = []) =>
  waitFor(
    async () => {
      const [[{ pending }]] = (await sql.query(`SELECT COUNT(*) AS pending FROM mail_outbox WHERE status <> 'sent' AND ${where}`, values)) as unknown as [[{ pending: number }]];
      return Number(pending) === 0;
    },
    { timeoutMs: 60_000, everyMs: 200, what: 'the outbox to be sent' },
  );

let client = 0;
/** A pay-on-arrival booking made and confirmed through one process: two mails (guest and staff). */
async function bookAndConfirm(url: string, departureId: number): Promise<string> {
  client++;
  const held = await fetch(`${url}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.19.200.${client}` },
    body: JSON.stringify({ departureId, guests: 1, name: `Outbox Guest ${client}`, email: `outbox${client}@example.com` }),
  });
  if (held.status !== 201) throw new Error(`hold answered ${held.status}: ${await held.text()}`);
  const { reference } = (await held.json()) as { reference: string };
  const confirmed = await fetch(`${url}/api/bookings/${reference}/checkout`, { method: 'POST' });
  if (confirmed.status !== 200) throw new Error(`checkout answered ${confirmed.status}`);
  return reference;
}

describe('The mail outbox across processes (MariaDB, SMTP sink)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-outbox-'));
  let sql: Connection;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    await recreateDatabase(DATABASE_URL);
    const url = new URL(DATABASE_URL);
    sql = await createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), database: url.pathname.slice(1) });
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await sql.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const departure = async (daysAhead: number) => {
    const [[tour]] = (await sql.query('SELECT id FROM tours ORDER BY id LIMIT 1')) as unknown as [[{ id: number }]];
    const [result] = (await sql.query("INSERT INTO departures (tour_id, starts_at, capacity, status) VALUES (?, ?, 8, 'open')", [tour.id, new Date(Date.now() + daysAhead * 86_400_000)])) as unknown as [{ insertId: number }];
    return result.insertId;
  };

  it('Sends every mail exactly once when two processes work one outbox', async () => {
    const sink = await startSmtpSink();
    const first = await startApp(dataDir, sink.port);
    const second = await startApp(dataDir, sink.port);
    children.push(first.child, second.child);

    // Mails already waiting when both workers start, which both race to claim…
    const queued = Array.from({ length: 150 }, (_, index) => `Queued mail ${index} ${Date.now()}`);
    await sql.query('INSERT INTO mail_outbox (topic, recipient, subject, message, status, attempts, next_attempt_at) VALUES ?', [
      queued.map((subject) => ['test', 'guest@example.com', subject, JSON.stringify({ to: 'guest@example.com', subject, text: 'Queued.' }), 'pending', 0, new Date()]),
    ]);
    // …and bookings confirmed through both processes, each writing its mails with its change.
    const departureIds = [await departure(30), await departure(31)];
    const references = await Promise.all(Array.from({ length: 12 }, (_, index) => bookAndConfirm(index % 2 ? second.url : first.url, departureIds[index % 2])));

    const expected = queued.length + references.length * 2;
    // Besides these, the seeded dates below their minimum tonight are flagged to staff (a test of its own, below).
    const ours = () => sink.received.filter((mail) => !mail.includes('Subject: Under minsta antal'));
    await waitFor(() => ours().length >= expected, { timeoutMs: 60_000, everyMs: 200 });
    // Every row marked sent: no worker can claim one again, so what the sink has is all it gets.
    await outboxDrained(sql);
    expect(ours()).toHaveLength(expected);
    for (const subject of queued) expect(sink.received.filter((mail) => mail.includes(`Subject: ${subject}`))).toHaveLength(1);
    for (const reference of references) {
      expect(sink.received.filter((mail) => mail.includes(`Subject: Booking confirmed`) && mail.includes(reference))).toHaveLength(1);
      expect(sink.received.filter((mail) => mail.includes(`Subject: Ny bokning ${reference}`))).toHaveLength(1);
    }
    const [[{ pending }]] = (await sql.query("SELECT COUNT(*) AS pending FROM mail_outbox WHERE status <> 'sent'")) as unknown as [[{ pending: number }]];
    expect(Number(pending)).toBe(0);

    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
    await sink.close();
  }, 150_000);

  it('Keeps a mail that could not go out through a restart, and sends it once the server is back', async () => {
    const smtpPort = await freePort(); // nothing listens there yet: the mail server is down
    const app = await startApp(dataDir, smtpPort);
    children.push(app.child);
    const reference = await bookAndConfirm(app.url, await departure(32));
    await waitFor(async () => {
      // Both mails tried, and the failure recorded.
      const [[row]] = (await sql.query('SELECT COUNT(*) AS failed FROM mail_outbox WHERE booking_reference = ? AND last_error IS NOT NULL', [reference])) as unknown as [[{ failed: number }]];
      return Number(row.failed) === 2;
    }, { timeoutMs: 30_000, everyMs: 200, what: 'both mails to fail once' });
    app.child.kill('SIGKILL');
    const [[{ waiting }]] = (await sql.query("SELECT COUNT(*) AS waiting FROM mail_outbox WHERE booking_reference = ? AND status = 'pending' AND last_error IS NOT NULL", [reference])) as unknown as [[{ waiting: number }]];
    expect(Number(waiting)).toBe(2);

    // Time passes (the retry falls due), the mail server comes back, and the server restarts.
    await sql.query('UPDATE mail_outbox SET next_attempt_at = UTC_TIMESTAMP() WHERE booking_reference = ?', [reference]);
    const sink = await startSmtpSink(smtpPort);
    const restarted = await startApp(dataDir, smtpPort);
    children.push(restarted.child);
    await waitFor(() => sink.received.filter((mail) => mail.includes(reference)).length >= 2, { timeoutMs: 30_000, everyMs: 200 });
    await outboxDrained(sql, 'booking_reference = ?', [reference]);
    expect(sink.received.filter((mail) => mail.includes(reference))).toHaveLength(2);
    restarted.child.kill('SIGTERM');
    await sink.close();
  }, 120_000);

  it('Sends each due reminder exactly once when two processes start together', async () => {
    const sink = await startSmtpSink();
    const departureId = await departure(0);
    await sql.query('UPDATE departures SET starts_at = ? WHERE id = ?', [new Date(Date.now() + 30 * 3_600_000), departureId]);
    const references = Array.from({ length: 6 }, () => newBookingReference());
    for (const reference of references) {
      await aConfirmedRow(sql, { reference, departureId, guests: 1, name: 'Reminded Guest', email: 'reminded@example.com', totalSek: 1000, createdAt: new Date(Date.now() - 5 * 86_400_000) });
    }
    const [first, second] = await Promise.all([startApp(dataDir, sink.port), startApp(dataDir, sink.port)]);
    children.push(first.child, second.child);
    await waitFor(() => sink.received.filter((mail) => mail.includes('Subject: See you soon')).length >= references.length, { timeoutMs: 60_000, everyMs: 200 });
    await outboxDrained(sql, 'booking_reference IN (?)', [references]);
    for (const reference of references) {
      expect(sink.received.filter((mail) => mail.includes('Subject: See you soon') && mail.includes(reference))).toHaveLength(1);
    }
    const [rows] = (await sql.query('SELECT reference, reminder_sent_at AS sent FROM bookings WHERE departure_id = ?', [departureId])) as unknown as [{ reference: string; sent: Date | null }[]];
    expect(rows.every((row) => row.sent !== null)).toBe(true);
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
    await sink.close();
  }, 120_000);

  it('Flags a date below its minimum once, and mails staff once, when two processes look together', async () => {
    const sink = await startSmtpSink();
    const departureId = await departure(0);
    // Decided 48 hours before a start 30 hours away: due now. 1 of 4 seats booked.
    await sql.query('UPDATE departures SET starts_at = ?, min_guests = 4, decision_hours = 48 WHERE id = ?', [new Date(Date.now() + 30 * 3_600_000), departureId]);
    await aConfirmedRow(sql, { reference: newBookingReference(), departureId, guests: 1, name: 'Lonely Guest', email: 'lonely@example.com', totalSek: 1000, createdAt: new Date() });
    const [first, second] = await Promise.all([startApp(dataDir, sink.port), startApp(dataDir, sink.port)]);
    children.push(first.child, second.child);
    await waitFor(() => sink.received.some((mail) => mail.includes('Subject: Under minsta antal')), { timeoutMs: 60_000, everyMs: 200 });
    await outboxDrained(sql, "topic = 'departure.below-minimum'");
    const [[row]] = (await sql.query('SELECT minimum_status AS status FROM departures WHERE id = ?', [departureId])) as unknown as [[{ status: string }]];
    expect(row.status).toBe('flagged');
    const underMinimum = sink.received.filter((mail) => mail.includes('Subject: Under minsta antal'));
    expect(underMinimum).toHaveLength(1);
    expect(underMinimum[0]).toContain('1 av minst 4');
    // Its button opens the admin's overview itself, not a path that only redirects to the login.
    expect(underMinimum[0]).toMatch(/http:\/\/[^/\s]+\/secure-admin-42\/dashboard\//);
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
    await sink.close();
  }, 120_000);

  it('Reminds a guest of unanswered questions once, when two processes start together', async () => {
    const sink = await startSmtpSink();
    const [[tour]] = (await sql.query("SELECT id FROM tours WHERE slug = 'drive-your-own-dog-sled-team'")) as unknown as [[{ id: number }]];
    // Boot sizes are due 24 hours before a start 40 hours away: the reminder is due now.
    const [inserted] = (await sql.query("INSERT INTO departures (tour_id, starts_at, capacity, status) VALUES (?, ?, 8, 'open')", [tour.id, new Date(Date.now() + 40 * 3_600_000)])) as unknown as [
      { insertId: number },
    ];
    const reference = newBookingReference();
    await aConfirmedRow(sql, { reference, departureId: inserted.insertId, guests: 2, name: 'Sled Guest', email: 'sled@example.com', totalSek: 5300, createdAt: new Date(), answers: { booking: {}, guests: [{ 'shoe-size': 42 }, {}] } });
    const [first, second] = await Promise.all([startApp(dataDir, sink.port), startApp(dataDir, sink.port)]);
    children.push(first.child, second.child);
    await waitFor(() => sink.received.some((mail) => mail.includes('Subject: Before your tour') && mail.includes(reference)), { timeoutMs: 60_000, everyMs: 200 });
    await outboxDrained(sql, 'booking_reference = ?', [reference]);
    const reminders = sink.received.filter((mail) => mail.includes('Subject: Before your tour') && mail.includes(reference));
    expect(reminders).toHaveLength(1);
    // Only what is missing: the second guest's boot size.
    expect(reminders[0]).toContain('Boot size (EU) (guest 2)');
    expect(reminders[0]).not.toContain('(guest 1)');
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
    await sink.close();
  }, 120_000);
});
