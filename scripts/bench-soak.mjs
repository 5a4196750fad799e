#!/usr/bin/env node
// `npm run bench:soak`: a fresh built server (SQLite in a temporary DATA_DIR, or --database
// mysql://…) visited by 16 guests at once, each visit from an address of its own
// (127.0.x.y): home, the tour list, a tour page, its departures, the blog, the FAQ. First a
// phase where nobody books, as the baseline, then one where 9 % of the visits hold a seat,
// half of those cancel and the rest confirm (pay on arrival). Prints page latencies (p50, p99),
// requests/s and 5xx of both phases, then checks that every booking made is in the database
// as it was left, and gives the server's peak memory. Exits 1 on a 5xx, a lost booking, or a
// p99 over --p99 ms in the booking phase.
// Each phase also gives the first request of a visit (on its new connection) apart from the rest.
// --replicas 2 --minutes 60 --database mysql://…: two replicas (Redis between them) behind a real
// Caddy with active health checks, the booking phase `--minutes` long; every replica's resident
// memory and the p99 are sampled over time and drawn (bench-results/soak-<time>.svg); after the
// first ten minutes (a sixth of a shorter run) each replica's memory must grow less than 10 %, and
// at the end every seat and SEK of the bookings made must be in the database as the guests were told.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';

import { ensureBuild } from './ensure-build.mjs';
import { processMemoryMb } from './lib/process-memory.mjs';
import { freePort } from './lib/free-port.mjs';
import { startApp } from './lib/start-app.mjs';

const { values: options } = parseArgs({
  options: {
    guests: { type: 'string', default: '16' },
    baseline: { type: 'string', default: '20' },
    duration: { type: 'string', default: '60' },
    booking: { type: 'string', default: '0.09' },
    p99: { type: 'string', default: '50' },
    database: { type: 'string' },
    replicas: { type: 'string', default: '1' },
    minutes: { type: 'string' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    caddy: { type: 'string', default: process.env.CADDY_PATH ?? '/usr/bin/caddy' },
    json: { type: 'boolean', default: false },
    // The same run without the seeded resource needs (sleds, dog teams, minibuses, guides): the baseline the resources are measured against.
    'without-resources': { type: 'boolean', default: false },
  },
});

let nextAddress = 0;
/** A loopback address of its own for each visit, as if each were another guest's phone. */
const newAddress = () => {
  nextAddress = (nextAddress + 1) % 60_000;
  return `127.${1 + Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}.${1 + (nextAddress % 7)}`;
};

/** One HTTP call on a guest's own connection; resolves with status, body and milliseconds. */
function call(base, agent, method, path, body) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      { method, agent, headers: { 'accept-encoding': 'br, gzip', ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - started;
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          // Read only where the guest needs the text (the departures to book from): the timing stops before.
          const text = () => (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString();
          resolve({ status: response.statusCode, text, ms, hit: response.headers['x-cache'] === 'hit' });
        });
      },
    );
    req.on('error', (error) => resolve({ status: 0, text: () => String(error), ms: performance.now() - started }));
    req.end(payload);
  });
}

/** Every page's answer time, [when, ms], for the samples over time. */
const timeline = [];

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0);
const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** Runs the guests for `seconds`; `bookingShare` of the visits hold a seat. */
async function phase(base, catalogue, seconds, bookingShare, bookings) {
  const latencies = [];
  /** The first request of each visit, on its new connection, apart from the rest (on a kept-alive one). */
  const byConnection = { first: [], later: [] };
  /** Latencies by the kind of page, to see which ones are slow. */
  const byKind = new Map();
  const record = (kind, ms) => {
    const samples = byKind.get(kind);
    if (samples) samples.push(ms);
    else byKind.set(kind, [ms]);
  };
  /** The requests of each kind the server rendered afresh (not answered from its cache). */
  const misses = new Map();
  const statuses = new Map();
  const count = (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const until = Date.now() + seconds * 1000;
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const page = async (agent, path, first = false) => {
    const answer = await call(base, agent, 'GET', path);
    latencies.push(answer.ms);
    timeline.push([Date.now(), answer.ms]);
    byConnection[first ? 'first' : 'later'].push(answer.ms);
    const kind = path.replace(/\?.*/, '').replace(/^\/tours\/[^/]+\/$/, '/tours/{slug}/').replace(/^\/api\/tours\/[^/]+\//, '/api/tours/{slug}/');
    record(kind, answer.ms);
    if (!answer.hit) misses.set(kind, (misses.get(kind) ?? 0) + 1);
    count(answer.status);
    return answer;
  };
  async function visit() {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: newAddress() });
    try {
      const tour = pick(catalogue);
      await page(agent, '/', true);
      await page(agent, pick(['/tours/', '/tours/?location=Kiruna', '/tours/?location=Abisko']));
      await page(agent, `/tours/${tour.slug}/`);
      const departures = JSON.parse((await page(agent, `/api/tours/${tour.slug}/departures?from=${day(0)}&to=${day(60)}`)).text() || '[]');
      await page(agent, pick(['/blog/', '/faq/', '/about/']));
      if (Math.random() >= bookingShare) return;
      const open = departures.filter((departure) => departure.seatsLeft > 0);
      if (!open.length) return;
      const held = await call(base, agent, 'POST', '/api/bookings', { departureId: pick(open).id, guests: 1, name: 'Soak Guest', email: `soak-${nextAddress}-${Math.random().toString(36).slice(2)}@example.com` });
      count(held.status);
      record('POST hold', held.ms);
      if (held.status !== 201) return bookings.refused.push(held.status);
      const { reference, totalSek, seats } = JSON.parse(held.text());
      const cancel = Math.random() < 0.5;
      const next = await call(base, agent, 'POST', `/api/bookings/${reference}/${cancel ? 'cancel' : 'checkout'}`);
      count(next.status);
      record(`POST ${cancel ? 'cancel' : 'checkout'}`, next.ms);
      if (next.status < 300) bookings.made.push({ reference, status: cancel ? 'cancelled' : 'confirmed', totalSek, seats: seats ?? 1 });
    } finally {
      agent.destroy();
    }
  }
  const started = Date.now();
  await Promise.all(
    Array.from({ length: Number(options.guests) }, async () => {
      while (Date.now() < until) await visit();
    }),
  );
  latencies.sort((a, b) => a - b);
  const spread = (samples) => {
    const sorted = samples.sort((a, b) => a - b);
    return { p50: Number(percentile(sorted, 0.5).toFixed(1)), p99: Number(percentile(sorted, 0.99).toFixed(1)), n: sorted.length };
  };
  const serverErrors = [...statuses].filter(([status]) => status >= 500 || status === 0).reduce((sum, [, n]) => sum + n, 0);
  return {
    seconds,
    bookingShare,
    pages: latencies.length,
    requestsPerSecond: Math.round(latencies.length / ((Date.now() - started) / 1000)),
    p50: Number(percentile(latencies, 0.5).toFixed(1)),
    p99: Number(percentile(latencies, 0.99).toFixed(1)),
    max: Number((latencies.at(-1) ?? 0).toFixed(1)),
    serverErrors,
    statuses: Object.fromEntries(statuses),
    byConnection: { first: spread(byConnection.first), later: spread(byConnection.later) },
    byKind: Object.fromEntries([...byKind].map(([kind, samples]) => [kind, { ...spread(samples), misses: misses.get(kind) ?? 0 }])),
  };
}

/** Every booking made, as the database has it now. */
async function storedStatuses(dataDir, references) {
  if (options.database) {
    const url = new URL(options.database);
    const connection = await createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), database: url.pathname.slice(1) });
    const [rows] = references.length ? await connection.query('SELECT reference, status, total_sek AS totalSek, seats FROM bookings WHERE reference IN (?)', [references]) : [[]];
    await connection.end();
    return new Map(rows.map((row) => [row.reference, row]));
  }
  const db = new Database(join(dataDir, 'replica-1', 'arctic.sqlite'), { readonly: true });
  const rows = db.prepare(`SELECT reference, status, total_sek AS totalSek, seats FROM bookings`).all();
  db.close();
  return new Map(rows.map((row) => [row.reference, row]));
}

/** Forgets what the tours need of the resources, before the first visit (nothing is cached yet). */
async function forgetResourceNeeds(dataDir) {
  if (options.database) {
    const url = new URL(options.database);
    const connection = await createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), database: url.pathname.slice(1) });
    await connection.query('DELETE FROM tour_resource_needs');
    await connection.end();
    return;
  }
  const db = new Database(join(dataDir, 'replica-1', 'arctic.sqlite'));
  db.prepare('DELETE FROM tour_resource_needs').run();
  db.close();
}

/** The server's peak resident memory so far (Linux's VmHWM), in MB; null where /proc does not tell. */
function peakMemoryMb(pid) {
  try {
    return Math.round(processMemoryMb(pid, 'VmHWM'));
  } catch {
    return null;
  }
}

/** Caddy in front of the replicas, with active health checks as docker-compose has them; resolves with its URL. */
async function startCaddy(folder, upstreams) {
  const port = await freePort();
  const file = join(folder, 'Caddyfile');
  writeFileSync(
    file,
    `{\n  admin off\n  auto_https off\n}\n:${port} {\n  reverse_proxy ${upstreams.map((url) => url.replace('http://', '')).join(' ')} {\n    health_uri /health/ready\n    health_interval 1s\n    health_timeout 2s\n    lb_try_duration 5s\n    lb_try_interval 250ms\n    transport http {\n      keepalive 30s\n    }\n  }\n}\n`,
  );
  const child = spawn(options.caddy, ['run', '--config', file, '--adapter', 'caddyfile'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return { url, child };
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Caddy (${options.caddy}) did not start`);
}

/** Samples every replica's resident memory and the p99 of the pages answered since the last sample. */
function sampler(apps, everyMs) {
  const samples = [];
  let last = Date.now();
  const take = () => {
    const now = Date.now();
    const window = timeline.filter(([at]) => at > last && at <= now).map(([, ms]) => ms).sort((a, b) => a - b);
    last = now;
    samples.push({ at: now, rssMb: apps.map((app) => Math.round(processMemoryMb(app.child.pid, 'VmRSS'))), p99: Number(percentile(window, 0.99).toFixed(1)), pages: window.length });
  };
  const timer = setInterval(take, everyMs);
  return { samples, stop: () => (clearInterval(timer), take()) };
}

/** The samples as an SVG: each replica's memory (MB) above, the p99 (ms) below, over the run's minutes. */
function plot(samples, replicas) {
  const width = 900;
  const panel = 220;
  const start = samples[0]?.at ?? 0;
  const minutes = Math.max(1e-9, ((samples.at(-1)?.at ?? start) - start) / 60_000);
  const x = (at) => 60 + ((at - start) / 60_000 / minutes) * (width - 80);
  const line = (values, top, max, color) =>
    `<polyline fill="none" stroke="${color}" stroke-width="2" points="${samples.map((sample, index) => `${x(sample.at).toFixed(1)},${(top + panel - (values[index] / max) * panel).toFixed(1)}`).join(' ')}"/>`;
  const maxRss = Math.max(1, ...samples.flatMap((sample) => sample.rssMb)) * 1.1;
  const maxP99 = Math.max(1, ...samples.map((sample) => sample.p99)) * 1.1;
  const colors = ['#1a5fb4', '#c64600', '#26a269'];
  const colorNames = ['blue', 'orange', 'green'];
  const rssLines = Array.from({ length: replicas }, (_, replica) => line(samples.map((sample) => sample.rssMb[replica]), 30, maxRss, colors[replica % 3]));
  const text = (px, py, words, anchor = 'start') => `<text x="${px}" y="${py}" font-family="sans-serif" font-size="13" text-anchor="${anchor}">${words}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${2 * panel + 110}" viewBox="0 0 ${width} ${2 * panel + 110}">
<rect width="100%" height="100%" fill="#fff"/>
${text(60, 20, `Resident memory per replica (MB, up to ${Math.round(maxRss)}): ${Array.from({ length: replicas }, (_, replica) => `replica ${replica + 1} in ${colorNames[replica % 3]}`).join(', ')}`)}
<rect x="60" y="30" width="${width - 80}" height="${panel}" fill="none" stroke="#999"/>
${rssLines.join('\n')}
${text(60, panel + 65, `p99 of the pages answered in each sample (ms, up to ${Math.round(maxP99)})`)}
<rect x="60" y="${panel + 75}" width="${width - 80}" height="${panel}" fill="none" stroke="#999"/>
${line(samples.map((sample) => sample.p99), panel + 75, maxP99, '#613583')}
${text(60, 2 * panel + 100, '0 min')}${text(width - 20, 2 * panel + 100, `${minutes.toFixed(1)} min`, 'end')}
</svg>
`;
}

ensureBuild();
const replicas = Number(options.replicas);
if (replicas > 1 && !options.database) {
  console.error('--replicas 2 needs --database mysql://…: replicas share a MySQL/MariaDB database');
  process.exit(2);
}
const duration = options.minutes ? Number(options.minutes) * 60 : Number(options.duration);
const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-bench-soak-'));
const apps = [];
for (let index = 0; index < replicas; index++) {
  apps.push(
    await startApp({
      DATA_DIR: join(dataDir, `replica-${index + 1}`),
      ...(options.database ? { DATABASE_URL: options.database } : {}),
      ...(replicas > 1 ? { REDIS_URL: options.redis, JWT_SECRET: 'bench-soak-secret-of-at-least-32-characters' } : {}),
    }),
  );
}
if (options['without-resources']) await forgetResourceNeeds(dataDir);
const caddy = replicas > 1 ? await startCaddy(dataDir, apps.map((app) => app.url)) : undefined;
const base = caddy?.url ?? apps[0].url;
const bookings = { made: [], refused: [] };
let report;
let memory;
try {
  const catalogue = (await (await fetch(`${base}/api/tours`)).json()).data.map((tour) => ({ slug: tour.slug }));
  // Warm: every page once, as visitors before the run would have.
  await phase(base, catalogue, 3, 0, bookings);
  const baseline = await phase(base, catalogue, Number(options.baseline), 0, bookings);
  timeline.length = 0;
  memory = sampler(apps, Math.max(1000, Math.round((duration * 1000) / 240)));
  const booking = await phase(base, catalogue, duration, Number(options.booking), bookings);
  memory.stop();
  report = { guests: Number(options.guests), replicas, baseline, booking, bookingsMade: bookings.made.length, bookingsRefused: bookings.refused.length, peakMemoryMb: apps.map((app) => peakMemoryMb(app.child.pid)) };
} finally {
  caddy?.child.kill('SIGTERM');
  for (const app of apps) app.child.kill('SIGTERM');
  await Promise.all(apps.map((app) => (app.child.exitCode !== null ? undefined : new Promise((resolve) => app.child.once('exit', resolve)))));
}
const stored = await storedStatuses(dataDir, bookings.made.map((booking) => booking.reference));
const lost = bookings.made.filter((booking) => stored.get(booking.reference)?.status !== booking.status);
report.bookingsLost = lost.length;
// Seats and money reconciled: what the guests were told they hold is what the database holds.
const confirmed = bookings.made.filter((booking) => booking.status === 'confirmed');
const told = { seats: confirmed.reduce((sum, booking) => sum + booking.seats, 0), sek: confirmed.reduce((sum, booking) => sum + Number(booking.totalSek), 0) };
const held = confirmed.map((booking) => stored.get(booking.reference)).filter((row) => row?.status === 'confirmed');
report.reconciled = { told, stored: { seats: held.reduce((sum, row) => sum + Number(row.seats), 0), sek: held.reduce((sum, row) => sum + Number(row.totalSek), 0) } };
report.reconciled.ok = report.reconciled.told.seats === report.reconciled.stored.seats && report.reconciled.told.sek === report.reconciled.stored.sek;
// Memory growth after the warm-up (ten minutes, or a sixth of a shorter run), per replica; judged on runs of 20 minutes or more
// (a shorter run is still filling its caches: the figure is reported, not held against it).
const judgeGrowth = duration >= 20 * 60;
const samples = memory?.samples ?? [];
const warm = samples.find((sample) => sample.at - samples[0].at >= Math.min(10 * 60_000, (duration * 1000) / 6)) ?? samples[0];
report.memoryGrowth = warm ? apps.map((_, index) => Number((((samples.at(-1).rssMb[index] - warm.rssMb[index]) / warm.rssMb[index]) * 100).toFixed(1))) : [];
if (samples.length) {
  mkdirSync(join(import.meta.dirname, '..', 'bench-results'), { recursive: true });
  report.plot = join('bench-results', `soak-${new Date().toISOString().slice(0, 16).replace(/:/g, '-')}.svg`);
  writeFileSync(join(import.meta.dirname, '..', report.plot), plot(samples, replicas));
}
rmSync(dataDir, { recursive: true, force: true });

if (options.json) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`Soak: ${report.guests} guests at once, each visit from its own address`);
  for (const [name, row] of [['nobody booking', report.baseline], [`${Math.round(report.booking.bookingShare * 100)} % of visits booking`, report.booking]]) {
    console.log(`  ${name.padEnd(26)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${String(row.p50).padStart(6)} ms  p99 ${String(row.p99).padStart(6)} ms  max ${String(row.max).padStart(7)} ms  5xx ${row.serverErrors}  (${row.seconds} s)`);
    const { first, later } = row.byConnection;
    console.log(`    a visit's first request (new connection) p50 ${first.p50} ms, p99 ${first.p99} ms; the others p50 ${later.p50} ms, p99 ${later.p99} ms`);
    const hold = row.byKind['POST hold'];
    if (hold) console.log(`    a hold (POST /api/bookings): p50 ${hold.p50} ms, p99 ${hold.p99} ms over ${hold.n}`);
  }
  console.log(`  bookings: ${report.bookingsMade} made (half cancelled, half confirmed), ${report.bookingsRefused} refused, ${report.bookingsLost} lost`);
  console.log(`  reconciled: ${report.reconciled.told.seats} seats and ${report.reconciled.told.sek} SEK confirmed as the guests were told, ${report.reconciled.stored.seats} seats and ${report.reconciled.stored.sek} SEK in the database`);
  console.log(`  peak memory (resident) per replica: ${report.peakMemoryMb.map((mb) => `${mb} MB`).join(', ')}; growth after the warm-up: ${report.memoryGrowth.map((growth) => `${growth} %`).join(', ')}${judgeGrowth ? ' (must be under 10 %)' : ' (not judged: under 20 minutes)'}${report.plot ? `; plot: ${report.plot}` : ''}`);
}
const failed =
  report.baseline.serverErrors + report.booking.serverErrors > 0 || report.bookingsLost > 0 || !report.reconciled.ok || (judgeGrowth && report.memoryGrowth.some((growth) => growth >= 10)) || report.booking.p99 > Number(options.p99);
process.exit(failed ? 1 : 0);
