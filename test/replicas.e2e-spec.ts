import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { hashSync } from 'bcryptjs';
import Redis from 'ioredis';
import { createConnection, type Connection } from 'mysql2/promise';

import { kirunaLocal } from '../src/octo/octo-catalogue';
import { freePort, startAppProcess, stopAppProcess } from './support/app-process';
import { TEST_DATABASE_URL } from './support/e2e-env';
import { recreateDatabase } from './support/mysql';
import { pause, waitFor } from './support/time';
import { backdateRow } from './support/bookings';

const DATABASE_URL = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/arctic_replicas_check$1');
/** A Redis database of its own, emptied first, so no other suite's counts mix in. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/9';

const startReplica = (dataDir: string, extraEnv: Record<string, string> = {}) => startAppProcess({ DATA_DIR: dataDir, DATABASE_URL, REDIS_URL, ...extraEnv });

describe('Two replicas with Redis on one MariaDB', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-replicas-'));
  let sql: Connection;
  const children: ChildProcess[] = [];
  let first: { url: string; child: ChildProcess };
  let second: { url: string; child: ChildProcess };
  let slug: string;
  let metricsPort: number;

  beforeAll(async () => {
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    await redis.quit();
    await recreateDatabase(DATABASE_URL);
    const url = new URL(DATABASE_URL);
    sql = await createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), database: url.pathname.slice(1) });
    metricsPort = await freePort();
    first = await startReplica(dataDir, { METRICS_PORT: String(metricsPort) });
    second = await startReplica(dataDir);
    children.push(first.child, second.child);
    slug = ((await (await fetch(`${first.url}/api/tours`)).json()) as { data: { slug: string }[] }).data[0].slug;
  }, 90_000);

  afterAll(async () => {
    await Promise.all(children.map(stopAppProcess));
    await sql.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const departure = async (hoursAhead: number) => {
    const [[tour]] = (await sql.query('SELECT id FROM tours WHERE slug = ?', [slug])) as unknown as [[{ id: number }]];
    const [result] = (await sql.query("INSERT INTO departures (tour_id, starts_at, capacity, status) VALUES (?, ?, 8, 'open')", [tour.id, new Date(Date.now() + hoursAhead * 3_600_000)])) as unknown as [{ insertId: number }];
    const day = (offset: number) => new Date(Date.now() + hoursAhead * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    return { id: result.insertId, from: day(-1), to: day(1) };
  };
  const hold = async (url: string, departureId: number, guests: number, address: string) => {
    const answer = await fetch(`${url}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ departureId, guests, name: 'Replica Guest', email: `replica-${Math.random()}@example.com` }),
    });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { reference: string }).reference;
  };

  it('Shares rate limits: look-ups through either replica count against one limit per address', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 61; n++) {
      const answer = await fetch(`${(n % 2 ? second : first).url}/api/bookings/NAT-AAAAA-AAAAA`, { headers: { 'X-Forwarded-For': '198.51.100.61' } });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('Shows on the other replica, within a second, the seats a booking on one took', async () => {
    const { id, from, to } = await departure(10 * 24);
    const path = `/api/tours/${slug}/departures?from=${from}&to=${to}`;
    const seatsOn = async (url: string) => {
      const answer = await fetch(`${url}${path}`);
      return { cache: answer.headers.get('x-cache'), seats: ((await answer.json()) as { id: number; seatsLeft: number }[]).find((item) => item.id === id)?.seatsLeft };
    };
    // The second replica keeps the answer…
    let cached = await seatsOn(second.url);
    for (let attempt = 0; cached.cache !== 'hit' && attempt < 40; attempt++) {
      await pause(100);
      cached = await seatsOn(second.url);
    }
    expect(cached).toEqual({ cache: 'hit', seats: 8 });
    // …until a booking on the first one answers.
    await hold(first.url, id, 3, '198.51.100.62');
    const answered = Date.now();
    let seen = await seatsOn(second.url);
    while (seen.seats !== 5 && Date.now() - answered < 1000) seen = await seatsOn(second.url);
    expect(seen.seats).toBe(5);
    expect(Date.now() - answered).toBeLessThan(1000);
  });

  it('Says it is ready when the database and Redis answer, and publishes its metrics on a port of its own', async () => {
    expect(await (await fetch(`${second.url}/health/ready`)).json()).toEqual({ status: 'ready', database: 'up', redis: 'up' });
    expect((await fetch(`${first.url}/metrics`)).status).toBe(404);
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/tours",status="200"\} \d+/);
    expect(text).toMatch(/response_cache_lookups_total\{result="(hit|miss)"\} \d+/);
    expect(text).toMatch(/booking_transitions_total\{transition="hold"\} [1-9]/);
    expect(text).toMatch(/mail_outbox_pending \d+/);
  });

  it('Shares OCTO holds and key revocation: a reseller\'s hold on one replica takes seats on the other, and a key revoked on one is refused by the other at once', async () => {
    const email = `replica-staff-${Date.now()}@norrsken.test`;
    await sql.query('INSERT INTO admin_users (email, password_hash, token_version) VALUES (?, ?, 0)', [email, hashSync('a good password', 4)]);
    const login = await fetch(`${first.url}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.64' }, body: JSON.stringify({ email, password: 'a good password' }) });
    const staff = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${first.url}/api/admin/resellers`, { method: 'POST', headers: staff, body: JSON.stringify({ name: 'Replica OTA', commissionPercent: 15 }) });
    const { id: resellerId, key } = (await created.json()) as { id: number; key: string };
    const octo = (url: string, path: string, body?: object) =>
      fetch(`${url}/octo${path}`, { method: body ? 'POST' : 'GET', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });

    // A departure of its own, on a minute no seeded one starts at: 8 seats.
    const startsAt = new Date(Date.now() + 5 * 86_400_000);
    startsAt.setUTCHours(startsAt.getUTCHours(), 17, 0, 0);
    const [[tour]] = (await sql.query('SELECT id FROM tours WHERE slug = ?', [slug])) as unknown as [[{ id: number }]];
    const [inserted] = (await sql.query("INSERT INTO departures (tour_id, starts_at, capacity, status) VALUES (?, ?, 8, 'open')", [tour.id, startsAt])) as unknown as [{ insertId: number }];
    const availabilityId = kirunaLocal(startsAt);
    const product = (await (await octo(second.url, `/products/${tour.id}`)).json()) as { options: { units: { id: string; type: string }[] }[] };
    const adult = product.options[0].units.find((unit) => unit.type === 'ADULT')!.id;

    const uuid = randomUUID();
    const held = await octo(first.url, '/bookings', { uuid, productId: String(tour.id), optionId: 'DEFAULT', availabilityId, unitItems: Array.from({ length: 6 }, () => ({ unitId: adult })) });
    expect(held.status).toBe(200);
    // The other replica sees the hold, counts its seats, and refuses what would oversell.
    expect(((await (await octo(second.url, `/bookings/${uuid}`)).json()) as { status: string }).status).toBe('ON_HOLD');
    const [availability] = (await (await octo(second.url, '/availability', { productId: String(tour.id), optionId: 'DEFAULT', availabilityIds: [availabilityId] })).json()) as { vacancies: number }[];
    expect(availability.vacancies).toBe(2);
    const site = (guests: number) =>
      fetch(`${second.url}/api/bookings`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.65' }, body: JSON.stringify({ departureId: inserted.insertId, guests, name: 'Replica Guest', email: `replica-${Math.random()}@example.com` }) });
    expect((await site(3)).status).toBe(409);
    expect((await site(2)).status).toBe(201);
    // The same uuid sent to the other replica is the same booking.
    const again = await octo(second.url, '/bookings', { uuid, productId: String(tour.id), optionId: 'DEFAULT', availabilityId, unitItems: [{ unitId: adult }] });
    expect(((await again.json()) as { supplierReference: string }).supplierReference).toBe(((await held.json()) as { supplierReference: string }).supplierReference);

    expect((await octo(first.url, '/supplier')).status).toBe(200);
    expect((await fetch(`${second.url}/api/admin/resellers/${resellerId}/revoke`, { method: 'POST', headers: staff })).status).toBe(201);
    expect((await octo(first.url, '/supplier')).status).toBe(401);
    expect((await octo(first.url, `/bookings/${uuid}/confirm`, { contact: { fullName: 'Too Late' } })).status).toBe(401);
  });

  it('Runs each due job once: two replicas starting together send one reminder', async () => {
    const { id } = await departure(24);
    const reference = await hold(first.url, id, 1, '198.51.100.63');
    expect((await fetch(`${first.url}/api/bookings/${reference}/checkout`, { method: 'POST', headers: { 'X-Forwarded-For': '198.51.100.63' } })).status).toBe(200);
    await Promise.all([stopAppProcess(first.child), stopAppProcess(second.child)]);
    // Booked long enough ago to be reminded: the reminder is due the moment a worker looks.
    await backdateRow(sql, reference, new Date(Date.now() - 3 * 86_400_000));
    const [third, fourth] = await Promise.all([startReplica(dataDir), startReplica(dataDir)]);
    children.push(third.child, fourth.child);
    // Once its mark is written no other worker can send it: the count that first shows it is the last.
    await waitFor(async () => {
      const [[{ marked }]] = (await sql.query('SELECT COUNT(*) AS marked FROM bookings WHERE reference = ? AND reminder_sent_at IS NOT NULL', [reference])) as unknown as [[{ marked: number }]];
      return Number(marked) === 1;
    }, { timeoutMs: 30_000, what: 'the reminder to be marked sent' });
    const [[{ reminders }]] = (await sql.query("SELECT COUNT(*) AS reminders FROM mail_outbox WHERE booking_reference = ? AND topic = 'booking.reminder'", [reference])) as unknown as [
      [{ reminders: number }],
    ];
    expect(Number(reminders)).toBe(1);
  }, 60_000);
});
