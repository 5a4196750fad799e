import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createConnection } from 'mysql2/promise';

import { freePort, startAppProcess, stopAppProcess } from './support/app-process';
import { TEST_DATABASE_URL } from './support/e2e-env';
import { recreateDatabase } from './support/mysql';
import { waitFor } from './support/time';

const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const DATABASE_URL = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/arctic_rolling$1');
// A Redis database of its own (the replica test empties 9, the outage test uses 8).
const REDIS_URL = Object.assign(new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'), { pathname: '/7' }).href;
const TOUR = 'northern-lights-car-chase-kiruna';

/** One answer through the proxy: status, or 0 when the connection failed. */
function call(port: number, agent: Agent, method: string, path: string, body?: object): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const sent = request({ host: '127.0.0.1', port, method, path, agent, headers: payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {} }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    sent.on('error', () => resolve({ status: 0, text: '' }));
    sent.end(payload);
  });
}

/**
 * Two replicas behind a real Caddy (Debian's package) with active health checks on
 * /health/ready, sharing Redis and MariaDB. Guests browse and book through it, each from an
 * address of their own, while each replica in turn is stopped (SIGTERM) and started again on its
 * port: no request fails, and every hold a guest was told of is in the database once.
 */
describe('Rolling restarts behind Caddy', () => {
  const folder = mkdtempSync(join(tmpdir(), 'norrsken-rolling-'));
  let caddy: ChildProcess | undefined;
  const replicas: Awaited<ReturnType<typeof startAppProcess>>[] = [];
  afterAll(async () => {
    caddy?.kill('SIGTERM');
    await Promise.all(replicas.map((replica) => stopAppProcess(replica.child)));
    rmSync(folder, { recursive: true, force: true });
  });

  it('restarts each replica in turn while guests browse and book: no failed request, no hold taken twice', async () => {
    await recreateDatabase(DATABASE_URL);
    const ports = [await freePort(), await freePort()];
    const env = (index: number) => ({ DATA_DIR: join(folder, `replica-${index}`), DATABASE_URL, REDIS_URL, JWT_SECRET: 'rolling-restart-secret-of-at-least-32-characters', SHUTDOWN_DRAIN_SECONDS: '2', PORT: String(ports[index]) });
    // The first migrates and seeds; then the second.
    replicas[0] = await startAppProcess(env(0));
    replicas[1] = await startAppProcess(env(1));

    const proxyPort = await freePort();
    writeFileSync(
      join(folder, 'Caddyfile'),
      `{
  admin off
  auto_https off
}
:${proxyPort} {
  reverse_proxy 127.0.0.1:${ports[0]} 127.0.0.1:${ports[1]} {
    health_uri /health/ready
    health_interval 250ms
    health_timeout 1s
    lb_try_duration 5s
    lb_try_interval 100ms
    transport http {
      keepalive 30s
    }
  }
}
`,
    );
    caddy = spawn(CADDY, ['run', '--config', join(folder, 'Caddyfile'), '--adapter', 'caddyfile'], { stdio: 'ignore' });
    const proxy = new Agent({ keepAlive: true });
    await waitFor(async () => (await call(proxyPort, proxy, 'GET', '/health/ready')).status === 200, { timeoutMs: 20_000, what: 'Caddy in front of the replicas' });

    const tour = JSON.parse((await call(proxyPort, proxy, 'GET', `/api/tours/${TOUR}`)).text) as { departures: { id: number }[] };
    const failures: string[] = [];
    const held: string[] = [];
    let requests = 0;
    let going = true;
    // Addresses and emails of this run's own: the booking limits per address live on in Redis between runs.
    const run = Date.now() % 200;
    const guest = async (index: number) => {
      // Each guest from an address of their own: Caddy tells the replicas who it is.
      const agent = new Agent({ keepAlive: true, maxSockets: 2, localAddress: `127.${20 + run}.${10 + index}.${(Date.now() % 250) + 1}` });
      let visit = 0;
      while (going) {
        visit++;
        for (const path of ['/', '/tours/', `/tours/${TOUR}/`, `/api/tours/${TOUR}/departures`]) {
          const answer = await call(proxyPort, agent, 'GET', path);
          requests++;
          if (answer.status === 0 || answer.status >= 500) failures.push(`GET ${path}: ${answer.status}`);
        }
        if (visit % 3 !== 0) continue;
        const email = `rolling-${run}-${index}-${visit}-${Date.now()}@example.com`;
        const answer = await call(proxyPort, agent, 'POST', '/api/bookings', { departureId: tour.departures[visit % tour.departures.length]!.id, guests: 1, name: 'Rolling Guest', email });
        requests++;
        if (answer.status === 201) held.push(email);
        else if (answer.status === 0 || answer.status >= 500) failures.push(`POST /api/bookings: ${answer.status} ${answer.text.slice(0, 120)}`);
      }
      agent.destroy();
    };
    const guests = Array.from({ length: 8 }, (_, index) => guest(index));

    // Each replica in turn: stopped (it drains, then closes), started again where the proxy expects it.
    for (const index of [0, 1]) {
      // Guests are well under way first.
      const before = requests;
      await waitFor(() => requests >= before + 60, { timeoutMs: 30_000, what: 'guests browsing' });
      await stopAppProcess(replicas[index]!.child);
      replicas[index] = await startAppProcess(env(index));
      // Back in rotation (the proxy checks every 250 ms) before the other one goes: guests go on meanwhile.
      const restarted = requests;
      await waitFor(() => requests >= restarted + 100, { timeoutMs: 30_000, what: `guests browsing while replica ${index + 1} comes back` });
    }
    const after = requests;
    await waitFor(() => requests >= after + 60, { timeoutMs: 30_000, what: 'guests browsing after the restarts' });
    going = false;
    await Promise.all(guests);
    proxy.destroy();

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(200);
    expect(held.length).toBeGreaterThan(5);
    // Every hold a guest was told of is there, once: none lost, none taken twice.
    const sql = await createConnection(DATABASE_URL);
    try {
      const [rows] = await sql.query("SELECT email, COUNT(*) AS count FROM bookings WHERE email LIKE 'rolling-%' GROUP BY email");
      const counts = Object.fromEntries((rows as { email: string; count: number }[]).map((row) => [row.email, Number(row.count)]));
      expect(Object.keys(counts).sort()).toEqual([...held].sort());
      expect(Object.values(counts).every((count) => count === 1)).toBe(true);
    } finally {
      await sql.end();
    }
  }, 120_000);
});
