#!/usr/bin/env node
// `npm run bench:octo`: channel managers polling OCTO availability at volume. One app process on
// a fresh MySQL/MariaDB database (BENCH_DATABASE_URL); staff make KEYS reseller keys through the
// staff API; each key polls `POST /octo/availability/calendar` over DAYS days for every product,
// one call after another, for SECONDS seconds, while guests book on the site (a hold every
// 100 ms). The same clients first poll the site's own calendar (`GET /api/tours/{slug}/departures`
// over the same days) for as long: the baseline, in the same run. Prints requests, req/s, p50,
// p95, p99 and the ratio of OCTO's p99 to the site's (or JSON with --json).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { createConnection } from 'mysql2/promise';

import { ensureBuild } from './ensure-build.mjs';
import { startApp } from './lib/start-app.mjs';

const { values: options } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    keys: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '20' },
    days: { type: 'string', default: '120' },
  },
});
const KEYS = Number(options.keys);
const SECONDS = Number(options.seconds);
const DAYS = Number(options.days);
const databaseUrl = process.env.BENCH_DATABASE_URL || 'mysql://root@127.0.0.1:3306/arctic_bench_octo';
const STAFF = { email: 'bench@norrsken.test', password: 'bench octo password' };

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function recreate() {
  const url = new URL(databaseUrl);
  const admin = await createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
  const name = url.pathname.slice(1);
  await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
}

/** Clients each making one request after another until `until`; latencies of the 2xx answers, and the others counted. */
async function poll(clients, until, request) {
  const latencies = [];
  let failed = 0;
  await Promise.all(
    clients.map(async (client, index) => {
      for (let call = 0; Date.now() < until; call++) {
        const started = performance.now();
        const response = await request(client, index, call);
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - started);
        else failed++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length + failed, failed, perSecond: Math.round(latencies.length / SECONDS), p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0 };
}

/** Guests booking on the site meanwhile: a one-guest hold every 100 ms, each from an address of its own. */
async function guestsBooking(url, until, slugs) {
  let made = 0;
  for (let guest = 0; Date.now() < until; guest++) {
    const slug = slugs[guest % slugs.length];
    const departures = await (await fetch(`${url}/api/tours/${slug}/departures?from=${day(1)}&to=${day(DAYS)}`)).json();
    const open = departures.filter((departure) => departure.seatsLeft > 0);
    if (open.length) {
      const response = await fetch(`${url}/api/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.${(guest >> 8) & 255}.${guest & 255}` },
        body: JSON.stringify({ departureId: open[guest % open.length].id, guests: 1, name: `Bench Guest ${guest}`, email: `bench.guest${guest}@example.com` }),
      });
      await response.arrayBuffer();
      if (response.status === 201) made++;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return made;
}

ensureBuild();
await recreate();
const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-bench-octo-'));
const app = await startApp({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password, SKY_FORECASTS: 'off' });
try {
  const post = async (path, body, token) => {
    const response = await fetch(`${app.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const { token } = await post('/api/admin/login', STAFF);
  const keys = [];
  for (let index = 0; index < KEYS; index++) keys.push((await post('/api/admin/resellers', { name: `Channel ${index + 1}`, commissionPercent: 20, requestsPerMinute: 6000 }, token)).key);
  const products = await (await fetch(`${app.url}/octo/products`, { headers: { Authorization: `Bearer ${keys[0]}` } })).json();
  const slugs = products.map((product) => product.reference);
  const body = (product) => JSON.stringify({ productId: product.id, optionId: 'DEFAULT', localDateStart: day(0), localDateEnd: day(DAYS - 1) });

  const site = await poll(keys, Date.now() + SECONDS * 1000, (_key, index, call) => fetch(`${app.url}/api/tours/${slugs[(index + call) % slugs.length]}/departures?from=${day(0)}&to=${day(DAYS)}`));
  const guestsUntil = Date.now() + SECONDS * 1000;
  const [octo, holds] = await Promise.all([
    poll(keys, guestsUntil, (key, index, call) =>
      fetch(`${app.url}/octo/availability/calendar`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: body(products[(index + call) % products.length]) }),
    ),
    guestsBooking(app.url, guestsUntil, slugs),
  ]);
  const result = { keys: KEYS, seconds: SECONDS, days: DAYS, products: products.length, holdsMade: holds, site, octo, p99Ratio: Number((octo.p99 / Math.max(site.p99, 0.001)).toFixed(2)) };
  if (options.json) console.log(JSON.stringify(result));
  else {
    const line = (name, figures) =>
      `${name.padEnd(34)} ${String(figures.requests).padStart(7)} requests  ${String(figures.perSecond).padStart(5)} req/s  p50 ${figures.p50.toFixed(1)} ms  p95 ${figures.p95.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms  max ${figures.max.toFixed(0)} ms  ${figures.failed} not 2xx`;
    console.log(`${KEYS} keys polling ${products.length} products over ${DAYS} days, ${SECONDS} s each:`);
    console.log(line('site calendar (baseline)', site));
    console.log(line('OCTO availability/calendar', octo));
    console.log(`guests' holds made meanwhile: ${holds}`);
    console.log(`OCTO p99 / site p99: ${result.p99Ratio}`);
  }
} finally {
  app.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
