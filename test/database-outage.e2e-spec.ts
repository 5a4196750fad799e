import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startAppProcess, stopAppProcess } from './support/app-process';
import { TEST_DATABASE_URL } from './support/e2e-env';
import { recreateDatabase } from './support/mysql';
import { TcpLine, until } from './support/tcp-line';

const DATABASE_URL = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/arctic_outage_check$1');

describe('When the database stops answering', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-outage-'));
  let line: TcpLine;
  let app: { url: string; child: ChildProcess; output: () => string };

  beforeAll(async () => {
    await recreateDatabase(DATABASE_URL);
    const database = new URL(DATABASE_URL);
    line = await TcpLine.to({ host: database.hostname, port: Number(database.port || 3306) });
    app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: line.through(DATABASE_URL) });
  }, 90_000);

  afterAll(async () => {
    if (app) await stopAppProcess(app.child);
    await line?.cut();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('Answers 503 with Retry-After (the API in the guest\'s language, pages never kept), keeps serving what it kept, and recovers on its own', async () => {
    const { data } = (await (await fetch(`${app.url}/api/tours`)).json()) as { data: { slug: string }[] };
    const slug = data[0]!.slug;
    // A page kept before the outage (the first answers after a start may come before the start's own writes settle).
    await until(async () => (await fetch(`${app.url}/tours/`)).headers.get('x-cache') === 'hit', 'the tours page is kept');

    await line.cut();
    await until(async () => (await fetch(`${app.url}/health`)).status === 503, '/health says the database does not answer');

    // The API: 503 and when to try again, never a 500; the message in the guest's language.
    const departures = await fetch(`${app.url}/api/tours/${slug}/departures`);
    expect(departures.status).toBe(503);
    expect(departures.headers.get('retry-after')).toBe('5');
    expect(await departures.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'We cannot reach our booking system just now. Please try again in a moment.' });
    const booking = await fetch(`${app.url}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'sv' },
      body: JSON.stringify({ departureId: 1, guests: 2, name: 'Outage Guest', email: 'outage@example.com' }),
    });
    expect(booking.status).toBe(503);
    expect(((await booking.json()) as { message: string }).message).toBe('Vi når inte vårt bokningssystem just nu. Försök igen om en stund.');

    // Pages whose data the database could not give: 503, try again shortly, never kept.
    // The last one shows "Failed to load tours" in place of the list: 503 too.
    for (const path of ['/faq/', '/blog/what-to-wear-in-lapland-in-winter/', '/sv/faq/', '/de/tours/?category=Snowmobile']) {
      const page = await fetch(`${app.url}${path}`);
      expect({ path, status: page.status, retryAfter: page.headers.get('retry-after'), cacheControl: page.headers.get('cache-control') }).toEqual({
        path,
        status: 503,
        retryAfter: '5',
        cacheControl: 'no-store',
      });
      expect(page.headers.get('content-type')).toMatch(/html/);
    }
    // The log stays JSON lines, the loader's report of the failed load too (the log is written
    // asynchronously, so its line may come a moment after the answer).
    const logLines = () => app.output().split('\n').slice(0, -1).filter((line) => line.trim()); // whole lines only
    await until(async () => logLines().some((line) => line.includes('Failed to load tours')), 'the failed load is logged');
    const lines = logLines();
    expect(lines.filter((line) => !line.startsWith('{'))).toEqual([]);
    expect(lines.map((line) => JSON.parse(line) as { msg?: string }).some(({ msg }) => msg?.startsWith('Failed to load tours'))).toBe(true);
    // What was kept before the outage still goes out.
    const kept = await fetch(`${app.url}/tours/`);
    expect([kept.status, kept.headers.get('x-cache')]).toEqual([200, 'hit']);

    await line.open();
    await until(async () => (await fetch(`${app.url}/health`)).status === 200, '/health says the database answers again');
    expect((await fetch(`${app.url}/api/tours/${slug}/departures`)).status).toBe(200);
    const faq = await fetch(`${app.url}/faq/`);
    expect(faq.status).toBe(200);
    expect(await faq.text()).toContain('<h1');
  }, 60_000);
});
