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
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';

import { ensureBuild } from './ensure-build.mjs';
import { processMemoryMb } from './lib/process-memory.mjs';
import { startApp } from './lib/start-app.mjs';

const { values: options } = parseArgs({
  options: {
    guests: { type: 'string', default: '16' },
    baseline: { type: 'string', default: '20' },
    duration: { type: 'string', default: '60' },
    booking: { type: 'string', default: '0.09' },
    p99: { type: 'string', default: '50' },
    database: { type: 'string' },
    json: { type: 'boolean', default: false },
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
      const { reference } = JSON.parse(held.text());
      const cancel = Math.random() < 0.5;
      const next = await call(base, agent, 'POST', `/api/bookings/${reference}/${cancel ? 'cancel' : 'checkout'}`);
      count(next.status);
      record(`POST ${cancel ? 'cancel' : 'checkout'}`, next.ms);
      if (next.status < 300) bookings.made.push({ reference, status: cancel ? 'cancelled' : 'confirmed' });
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
    const [rows] = references.length ? await connection.query('SELECT reference, status FROM bookings WHERE reference IN (?)', [references]) : [[]];
    await connection.end();
    return new Map(rows.map((row) => [row.reference, row.status]));
  }
  const db = new Database(join(dataDir, 'arctic.sqlite'), { readonly: true });
  const rows = db.prepare(`SELECT reference, status FROM bookings`).all();
  db.close();
  return new Map(rows.map((row) => [row.reference, row.status]));
}

/** The server's peak resident memory so far (Linux's VmHWM), in MB; null where /proc does not tell. */
function peakMemoryMb(pid) {
  try {
    return Math.round(processMemoryMb(pid, 'VmHWM'));
  } catch {
    return null;
  }
}

ensureBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-bench-soak-'));
const app = await startApp({ DATA_DIR: dataDir, ...(options.database ? { DATABASE_URL: options.database } : {}) });
const bookings = { made: [], refused: [] };
let report;
try {
  const catalogue = (await (await fetch(`${app.url}/api/tours`)).json()).data.map((tour) => ({ slug: tour.slug }));
  // Warm: every page once, as visitors before the run would have.
  await phase(app.url, catalogue, 3, 0, bookings);
  const baseline = await phase(app.url, catalogue, Number(options.baseline), 0, bookings);
  const booking = await phase(app.url, catalogue, Number(options.duration), Number(options.booking), bookings);
  report = { guests: Number(options.guests), baseline, booking, bookingsMade: bookings.made.length, bookingsRefused: bookings.refused.length, peakMemoryMb: peakMemoryMb(app.child.pid) };
} finally {
  app.child.kill('SIGTERM');
  await new Promise((resolve) => app.child.once('exit', resolve));
}
const stored = await storedStatuses(dataDir, bookings.made.map((booking) => booking.reference));
const lost = bookings.made.filter((booking) => stored.get(booking.reference) !== booking.status);
report.bookingsLost = lost.length;
rmSync(dataDir, { recursive: true, force: true });

if (options.json) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`Soak: ${report.guests} guests at once, each visit from its own address`);
  for (const [name, row] of [['nobody booking', report.baseline], [`${Math.round(report.booking.bookingShare * 100)} % of visits booking`, report.booking]]) {
    console.log(`  ${name.padEnd(26)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${String(row.p50).padStart(6)} ms  p99 ${String(row.p99).padStart(6)} ms  max ${String(row.max).padStart(7)} ms  5xx ${row.serverErrors}  (${row.seconds} s)`);
    const { first, later } = row.byConnection;
    console.log(`    a visit's first request (new connection) p50 ${first.p50} ms, p99 ${first.p99} ms; the others p50 ${later.p50} ms, p99 ${later.p99} ms`);
  }
  console.log(`  bookings: ${report.bookingsMade} made (half cancelled, half confirmed), ${report.bookingsRefused} refused, ${report.bookingsLost} lost`);
  if (report.peakMemoryMb !== null) console.log(`  the server's peak memory (resident): ${report.peakMemoryMb} MB`);
}
const failed = report.baseline.serverErrors + report.booking.serverErrors > 0 || report.bookingsLost > 0 || report.booking.p99 > Number(options.p99);
process.exit(failed ? 1 : 0);
