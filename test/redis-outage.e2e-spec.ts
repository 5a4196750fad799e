import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Redis from 'ioredis';
import { createConnection, type Connection } from 'mysql2/promise';

import { startAppProcess, stopAppProcess } from './support/app-process';
import { TEST_DATABASE_URL } from './support/e2e-env';
import { recreateDatabase } from './support/mysql';
import { TcpLine, until } from './support/tcp-line';
import { pause } from './support/time';

const DATABASE_URL = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/arctic_redis_outage_check$1');
/** A Redis database of its own (8, the replica test's is 9) on the test server, emptied first. */
const REDIS_URL = Object.assign(new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'), { pathname: '/8' }).href;

describe('Two replicas when one loses Redis for a while', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-redis-outage-'));
  let sql: Connection;
  let line: TcpLine;
  /** Talks to Redis directly. */
  let steady: { url: string; child: ChildProcess };
  /** Talks to Redis through `line`. */
  let cutOff: { url: string; child: ChildProcess };

  beforeAll(async () => {
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    await redis.quit();
    await recreateDatabase(DATABASE_URL);
    const database = new URL(DATABASE_URL);
    sql = await createConnection({ host: database.hostname, port: Number(database.port || 3306), user: decodeURIComponent(database.username), database: database.pathname.slice(1) });
    const redisServer = new URL(REDIS_URL);
    line = await TcpLine.to({ host: redisServer.hostname, port: Number(redisServer.port || 6379) });
    steady = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL, REDIS_URL });
    cutOff = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL, REDIS_URL: line.through(REDIS_URL) });
  }, 90_000);

  afterAll(async () => {
    await Promise.all([steady, cutOff].filter(Boolean).map(({ child }) => stopAppProcess(child)));
    await line?.cut();
    await sql?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('Keeps taking bookings and counting limits on its own, and loses no change either way: each replica shows what the other sold meanwhile once Redis is back', async () => {
    const { data } = (await (await fetch(`${steady.url}/api/tours`)).json()) as { data: { slug: string }[] };
    /** A departure of its own (8 seats) on the tour `slug`, and how many seats a replica's answer shows for it, and whether it was kept. */
    const departureOf = async (slug: string) => {
      const [[tour]] = (await sql.query('SELECT id FROM tours WHERE slug = ?', [slug])) as unknown as [[{ id: number }]];
      const startsAt = new Date(Date.now() + 12 * 86_400_000);
      const [inserted] = (await sql.query("INSERT INTO departures (tour_id, starts_at, capacity, status) VALUES (?, ?, 8, 'open')", [tour.id, startsAt])) as unknown as [{ insertId: number }];
      const day = (offset: number) => new Date(startsAt.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      const path = `/api/tours/${slug}/departures?from=${day(-1)}&to=${day(1)}`;
      return {
        id: inserted.insertId,
        seatsOn: async (url: string) => {
          const answer = await fetch(`${url}${path}`);
          return { cache: answer.headers.get('x-cache'), seats: ((await answer.json()) as { id: number; seatsLeft: number }[]).find((item) => item.id === inserted.insertId)?.seatsLeft };
        },
      };
    };
    const hold = (url: string, departureId: number, guests: number, address: string) =>
      fetch(`${url}/api/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ departureId, guests, name: 'Outage Guest', email: `outage-${Math.random()}@example.com` }),
      });
    // One tour the cut-off replica keeps and the steady one sells during the outage; one the other way round.
    const soldBySteady = await departureOf(data[0]!.slug);
    const soldByCutOff = await departureOf(data[1]!.slug);
    await until(async () => JSON.stringify(await soldBySteady.seatsOn(cutOff.url)) === JSON.stringify({ cache: 'hit', seats: 8 }), 'the cut-off replica keeps 8 seats');
    await until(async () => JSON.stringify(await soldByCutOff.seatsOn(steady.url)) === JSON.stringify({ cache: 'hit', seats: 8 }), 'the steady replica keeps 8 seats');

    await line.cut();
    // It says Redis does not answer, and that it is still ready to serve.
    const readiness = async () => {
      const answer = await fetch(`${cutOff.url}/health/ready`);
      return { http: answer.status, body: (await answer.json()) as { redis?: string } };
    };
    await until(async () => (await readiness()).body.redis === 'down', 'the cut-off replica says Redis does not answer');
    expect(await readiness()).toEqual({ http: 200, body: { status: 'ready', database: 'up', redis: 'down' } });

    // It still sells, and still limits, on its own and at once (not a 500 after ioredis's retries).
    expect((await hold(cutOff.url, soldByCutOff.id, 2, '198.51.100.80')).status).toBe(201);
    const started = Date.now();
    const lookups: number[] = [];
    for (let n = 0; n < 61; n++) lookups.push((await fetch(`${cutOff.url}/api/bookings/NAT-AAAAA-AAAAA`, { headers: { 'X-Forwarded-For': '198.51.100.81' } })).status);
    expect(lookups.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(lookups[60]).toBe(429);
    expect(Date.now() - started).toBeLessThan(5_000);
    // Meanwhile the steady replica sells 3 seats of the other departure, and its notice cannot reach the cut-off one.
    expect((await hold(steady.url, soldBySteady.id, 3, '198.51.100.82')).status).toBe(201);
    // Long enough for the cut-off replica's own notice to be given up on (ioredis retries a command twice, at 50 and 100 ms, on a line that refuses at once).
    await pause(500);
    expect(await soldByCutOff.seatsOn(steady.url)).toEqual({ cache: 'hit', seats: 8 });

    await line.open();
    await until(async () => (await readiness()).body.redis === 'up', 'the cut-off replica says Redis answers again');
    await until(async () => (await soldBySteady.seatsOn(cutOff.url)).seats === 5, 'the cut-off replica shows what the steady one sold', 5);
    await until(async () => (await soldByCutOff.seatsOn(steady.url)).seats === 6, 'the steady replica shows what the cut-off one sold', 5);
  }, 60_000);
});
