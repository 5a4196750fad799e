import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createConnection } from 'mysql2/promise';

import { freePort, startAppProcess, stopAppProcess } from './support/app-process';
import { TEST_DATABASE_URL } from './support/e2e-env';
import { recreateDatabase } from './support/mysql';
import { waitFor } from './support/time';

const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const PROJECT = join(__dirname, '..');
const DATABASE_URL = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/arctic_rolling$1');
// A Redis database of its own (the replica test empties 9, the outage test uses 8).
const REDIS_URL = Object.assign(new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'), { pathname: '/7' }).href;
const TOUR = 'northern-lights-car-chase-kiruna';
const NEXT_MIGRATION = 'RolloutExpand1799900000000';

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
 * The next release as a deployment would get it: this build, plus one migration that expands the
 * schema (a nullable column on bookings, after a two-second pause standing for a backfill), in a
 * folder of its own that starts from its own `dist/server/src/main.js`.
 */
function nextBuild(folder: string): string {
  const root = join(folder, 'next-build');
  mkdirSync(root);
  cpSync(join(PROJECT, 'package.json'), join(root, 'package.json'));
  cpSync(join(PROJECT, 'dist'), join(root, 'dist'), { recursive: true });
  symlinkSync(join(PROJECT, 'node_modules'), join(root, 'node_modules'), 'dir');
  const migrations = join(root, 'dist', 'server', 'src', 'app-data', 'migrations');
  writeFileSync(
    join(migrations, '1799900000000-RolloutExpand.js'),
    `"use strict";
class ${NEXT_MIGRATION} {
  constructor() { this.name = '${NEXT_MIGRATION}'; }
  async up(queryRunner) {
    await queryRunner.query('SELECT SLEEP(2)');
    await queryRunner.query('ALTER TABLE \`bookings\` ADD \`arrival_note\` varchar(200) NULL');
  }
  async down(queryRunner) {
    await queryRunner.query('ALTER TABLE \`bookings\` DROP COLUMN \`arrival_note\`');
  }
}
exports.${NEXT_MIGRATION} = ${NEXT_MIGRATION};
`,
  );
  appendFileSync(join(migrations, 'index.js'), `\nexports.MIGRATIONS.push(require('./1799900000000-RolloutExpand').${NEXT_MIGRATION});\n`);
  return join(root, 'dist', 'server', 'src', 'main.js');
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
  let ports: number[] = [];
  let proxyPort = 0;
  let departureIds: number[] = [];
  const env = (index: number) => ({ DATA_DIR: join(folder, `replica-${index}`), DATABASE_URL, REDIS_URL, JWT_SECRET: 'rolling-restart-secret-of-at-least-32-characters', SHUTDOWN_DRAIN_SECONDS: '2', PORT: String(ports[index]) });

  beforeAll(async () => {
    await recreateDatabase(DATABASE_URL);
    ports = [await freePort(), await freePort()];
    // The first migrates and seeds; then the second.
    replicas[0] = await startAppProcess(env(0));
    replicas[1] = await startAppProcess(env(1));
    proxyPort = await freePort();
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
    const agent = new Agent({ keepAlive: true });
    await waitFor(async () => (await call(proxyPort, agent, 'GET', '/health/ready')).status === 200, { timeoutMs: 20_000, what: 'Caddy in front of the replicas' });
    departureIds = (JSON.parse((await call(proxyPort, agent, 'GET', `/api/tours/${TOUR}`)).text) as { departures: { id: number }[] }).departures.map((departure) => departure.id);
    agent.destroy();
  }, 90_000);

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    await Promise.all(replicas.map((replica) => stopAppProcess(replica.child)));
    rmSync(folder, { recursive: true, force: true });
  });

  /** Eight guests browsing through the proxy, each from an address of their own, a third of their visits booking, until stopped. */
  function guestsBrowsing(label: string) {
    const failures: string[] = [];
    const held: string[] = [];
    let requests = 0;
    let going = true;
    // Addresses and emails of this run's own: the booking limits per address live on in Redis between runs.
    const run = Date.now() % 200;
    const guest = async (index: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 2, localAddress: `127.${20 + run}.${10 + index + (label === 'rollout' ? 20 : 0)}.${(Date.now() % 250) + 1}` });
      let visit = 0;
      while (going) {
        visit++;
        for (const path of ['/', '/tours/', `/tours/${TOUR}/`, `/api/tours/${TOUR}/departures`]) {
          const answer = await call(proxyPort, agent, 'GET', path);
          requests++;
          if (answer.status === 0 || answer.status >= 500) failures.push(`GET ${path}: ${answer.status}`);
        }
        if (visit % 3 !== 0) continue;
        const email = `rolling-${label}-${run}-${index}-${visit}-${Date.now()}@example.com`;
        const answer = await call(proxyPort, agent, 'POST', '/api/bookings', { departureId: departureIds[visit % departureIds.length]!, guests: 1, name: 'Rolling Guest', email });
        requests++;
        if (answer.status === 201) held.push(email);
        else if (answer.status === 0 || answer.status >= 500) failures.push(`POST /api/bookings: ${answer.status} ${answer.text.slice(0, 120)}`);
      }
      agent.destroy();
    };
    const guests = Array.from({ length: 8 }, (_, index) => guest(index));
    return {
      failures,
      held,
      get requests() {
        return requests;
      },
      /** Resolves once the guests have made `count` more requests. */
      async further(count: number, what: string) {
        const from = requests;
        await waitFor(() => requests >= from + count, { timeoutMs: 30_000, what });
      },
      async stop() {
        going = false;
        await Promise.all(guests);
      },
    };
  }

  /** Every hold the guests were told of is in the database once: none lost, none taken twice. */
  async function expectEachHeldOnce(label: string, held: string[]) {
    const sql = await createConnection(DATABASE_URL);
    try {
      const [rows] = await sql.query('SELECT email, COUNT(*) AS count FROM bookings WHERE email LIKE ? GROUP BY email', [`rolling-${label}-%`]);
      const counts = Object.fromEntries((rows as { email: string; count: number }[]).map((row) => [row.email, Number(row.count)]));
      expect(Object.keys(counts).sort()).toEqual([...held].sort());
      expect(Object.values(counts).every((count) => count === 1)).toBe(true);
    } finally {
      await sql.end();
    }
  }

  it('restarts each replica in turn while guests browse and book: no failed request, no hold taken twice', async () => {
    const guests = guestsBrowsing('restart');
    // Each replica in turn: stopped (it drains, then closes), started again where the proxy expects it.
    for (const index of [0, 1]) {
      await guests.further(60, 'guests browsing');
      await stopAppProcess(replicas[index]!.child);
      replicas[index] = await startAppProcess(env(index));
      // Back in rotation (the proxy checks every 250 ms) before the other one goes: guests go on meanwhile.
      await guests.further(100, `guests browsing while replica ${index + 1} comes back`);
    }
    await guests.further(60, 'guests browsing after the restarts');
    await guests.stop();

    expect(guests.failures).toEqual([]);
    expect(guests.requests).toBeGreaterThan(200);
    expect(guests.held.length).toBeGreaterThan(5);
    await expectEachHeldOnce('restart', guests.held);
  }, 120_000);

  it('rolls out a new build with a new migration the same way, and back: it expands the schema while the old build serves beside it', async () => {
    const next = nextBuild(folder);
    const guests = guestsBrowsing('rollout');
    await guests.further(60, 'guests browsing');

    // The first replica takes the new build: it migrates (two seconds and more) before it says it is
    // ready, while the other, on the old build, serves alone.
    await stopAppProcess(replicas[0]!.child);
    replicas[0] = await startAppProcess(env(0), next);
    const sql = await createConnection(DATABASE_URL);
    try {
      const [columns] = await sql.query("SELECT column_name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'bookings' AND column_name = 'arrival_note'");
      expect(columns).toHaveLength(1);

      // The old build books on the expanded schema, asked directly and not through the proxy.
      const old = new Agent();
      const email = `rolling-rollout-old-build-${Date.now()}@example.com`;
      // On a date with room (the guests' holds fill the first ones).
      const dates = JSON.parse((await call(ports[1]!, old, 'GET', `/api/tours/${TOUR}/departures`)).text) as { id: number; seatsLeft: number }[];
      const roomy = dates.reduce((best, date) => (date.seatsLeft > best.seatsLeft ? date : best));
      const direct = await call(ports[1]!, old, 'POST', '/api/bookings', { departureId: roomy.id, guests: 1, name: 'Old Build Guest', email });
      old.destroy();
      expect([direct.status, direct.text.slice(0, 200)]).toEqual([201, expect.any(String)]);
      guests.held.push(email);
      await guests.further(100, 'guests browsing beside the expanded schema');

      // Then the other replica, which finds the migration done.
      await stopAppProcess(replicas[1]!.child);
      replicas[1] = await startAppProcess(env(1), next);
      await guests.further(100, 'guests browsing on the new build');
      // A rollback: the old build started again on one replica serves on the expanded schema.
      await stopAppProcess(replicas[1]!.child);
      replicas[1] = await startAppProcess(env(1));
      await guests.further(100, 'guests browsing after a rollback of one replica');
      await guests.stop();

      expect(guests.failures).toEqual([]);
      expect(guests.held.length).toBeGreaterThan(5);
      await expectEachHeldOnce('rollout', guests.held);
      const [runs] = await sql.query('SELECT COUNT(*) AS count FROM migrations WHERE name = ?', [NEXT_MIGRATION]);
      expect(Number((runs as { count: number }[])[0]!.count)).toBe(1);
    } finally {
      await sql.end();
    }
  }, 120_000);
});
