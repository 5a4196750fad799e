import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createConnection } from 'mysql2/promise';

import { startAppProcess, stopAppProcess } from './support/app-process';
import { TEST_DATABASE_URL } from './support/e2e-env';
import { recreateDatabase } from './support/mysql';
import { waitFor } from './support/time';

const DATABASE_URL = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/arctic_waitlist_processes$1');
const ADMIN = { email: 'line-staff@norrsken.test', password: 'a long staff password' };
const TOUR = 'daytime-snowshoe-hike-kiruna';

/**
 * Two processes on one MariaDB pass the same waitlist at the same moment (issue 49): a hold is
 * cancelled through each at once, and each process's worker passes the line at once (and again
 * every 30 seconds). Every entry gets its offer, and its offer mail, exactly once.
 */
describe('Waitlist offers across two processes (MariaDB)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'norrsken-line-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('makes each offer, and sends its mail, once when both processes pass the line', async () => {
    await recreateDatabase(DATABASE_URL);
    const env = { DATA_DIR: folder, DATABASE_URL, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    // The first migrates and seeds; the second joins the same database.
    const first = await startAppProcess(env);
    const sites = [first, await startAppProcess(env)];
    const url = new URL(DATABASE_URL);
    const sql = await createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), database: url.pathname.slice(1) });
    let client = 0;
    const call = async <T>(site: number, method: string, path: string, body?: unknown, token?: string): Promise<T> => {
      client++;
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.19.77.${client}` };
      if (token) headers.Authorization = `Bearer ${token}`;
      const answer = await fetch(`${sites[site]!.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
      return (answer.status === 204 ? undefined : await answer.json()) as T;
    };
    try {
      const { token } = await call<{ token: string }>(0, 'POST', '/api/admin/login', ADMIN);
      const tour = await call<{ id: number }>(0, 'GET', `/api/tours/${TOUR}`);
      const departure = await call<{ id: number }>(0, 'POST', '/api/admin/tour-dates', { tourId: tour.id, startsAt: new Date(Date.now() + 60 * 86_400_000).toISOString(), capacity: 4 }, token);
      const holds = [];
      for (const n of [1, 2]) holds.push(await call<{ reference: string }>(0, 'POST', '/api/bookings', { departureId: departure.id, guests: 2, name: `Holder ${n}`, email: `holder.${n}@example.com` }));
      const waiting = [1, 1, 2];
      for (const [n, guests] of waiting.entries()) await call(n % 2, 'POST', '/api/waitlist', { departureId: departure.id, guests, name: `Waiting ${n}`, email: `waiting.${n}@example.com`, language: 'en' });

      await Promise.all(holds.map((hold, n) => call(n, 'POST', `/api/bookings/${hold.reference}/cancel`)));
      const statuses = async () => ((await sql.query('SELECT email, status FROM waitlist_entries WHERE departure_id = ? ORDER BY id', [departure.id]))[0] as { email: string; status: string }[]).map((row) => row.status);
      await waitFor(async () => (await statuses()).every((status) => status === 'offered'), { timeoutMs: 60_000, everyMs: 200, what: 'every entry to be offered' });
      // Each offer's mail is written with it, in its transaction: a second offer would be a second mail.
      const [mails] = (await sql.query("SELECT recipient, COUNT(*) AS sent FROM mail_outbox WHERE topic = 'waitlist.offer' GROUP BY recipient ORDER BY recipient")) as unknown as [{ recipient: string; sent: number }[]];
      expect(mails.map((row) => [row.recipient, Number(row.sent)])).toEqual(waiting.map((_, n) => [`waiting.${n}@example.com`, 1]));
      expect(await statuses()).toEqual(['offered', 'offered', 'offered']);
    } finally {
      await sql.end();
      for (const site of sites) await stopAppProcess(site.child);
    }
  }, 120_000);
});
