#!/usr/bin/env node
// `npm run bench:booking`: two app processes on one MySQL/MariaDB database. Fires concurrent
// one-guest bookings at a fresh 8-seat departure through both, then times single bookings.
// Prints the figures (or JSON with --json); exits 1 if the race oversold or undersold.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { createConnection } from 'mysql2/promise';

import { ensureBuild } from './ensure-build.mjs';
import { startApp as startBuiltApp } from './lib/start-app.mjs';

const { values: options } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    requests: { type: 'string', default: '100' },
    timed: { type: 'string', default: '200' },
  },
});
const RACERS = Number(options.requests);
const TIMED = Number(options.timed);
const databaseUrl = process.env.BENCH_DATABASE_URL || 'mysql://root@127.0.0.1:3306/arctic_bench';

async function sql(database) {
  const url = new URL(databaseUrl);
  return createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), database });
}

const startApp = (dataDir) => startBuiltApp({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });

let client = 0;
/** One booking request from a distinct guest (its own address, as real guests have). */
async function book(url, departureId) {
  client++;
  const started = performance.now();
  const response = await fetch(`${url}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` },
    body: JSON.stringify({ departureId, guests: 1, name: `Bench guest ${client}`, email: `bench${client}@example.com` }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** A new open 8-seat departure of the first tour; returns its id and the tour's slug. */
async function freshDeparture(connection, daysAhead) {
  const [[tour]] = await connection.query('SELECT id, slug FROM tours ORDER BY id LIMIT 1');
  const startsAt = new Date(Date.now() + daysAhead * 86_400_000);
  const [result] = await connection.query("INSERT INTO departures (tour_id, starts_at, capacity, status) VALUES (?, ?, 8, 'open')", [tour.id, startsAt]);
  return { id: result.insertId, slug: tour.slug };
}

ensureBuild();
const admin = await sql(undefined);
const name = new URL(databaseUrl).pathname.slice(1);
await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
await admin.end();

const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-bench-'));
// The first process migrates and seeds; the second then joins the same database.
const first = await startApp(dataDir);
const second = await startApp(dataDir);
const connection = await sql(name);
try {
  const race = await freshDeparture(connection, 40);
  const raceStarted = performance.now();
  const results = await Promise.all(Array.from({ length: RACERS }, (_, index) => book(index % 2 ? second.url : first.url, race.id)));
  const raceMs = performance.now() - raceStarted;
  const [[{ held }]] = await connection.query("SELECT COUNT(*) AS held FROM bookings WHERE departure_id = ? AND status = 'held'", [race.id]);
  const departures = await (await fetch(`${first.url}/api/tours/${race.slug}/departures`)).json();
  const seatsLeft = departures.find((departure) => departure.id === race.id)?.seatsLeft;

  // One guest per request, a fresh departure every 8, so no request meets a full departure.
  const timed = [];
  let departureId;
  for (let index = 0; index < TIMED; index++) {
    if (index % 8 === 0) departureId = (await freshDeparture(connection, 50 + index)).id;
    timed.push(await book(index % 2 ? second.url : first.url, departureId));
  }
  const durations = timed.filter((result) => result.status === 201).map((result) => result.ms).sort((a, b) => a - b);
  const percentile = (p) => durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))];

  const figures = {
    processes: 2,
    concurrentRequests: RACERS,
    holds: results.filter((result) => result.status === 201).length,
    conflicts: results.filter((result) => result.status === 409).length,
    otherStatuses: results.filter((result) => result.status !== 201 && result.status !== 409).map((result) => result.status),
    heldInDatabase: Number(held),
    seatsLeft,
    raceSeconds: Number((raceMs / 1000).toFixed(2)),
    timedBookings: durations.length,
    medianMs: Number(percentile(50).toFixed(1)),
    p95Ms: Number(percentile(95).toFixed(1)),
  };
  const correct = figures.holds === 8 && figures.conflicts === RACERS - 8 && figures.heldInDatabase === 8 && figures.seatsLeft === 0;
  if (options.json) {
    console.log(JSON.stringify({ ...figures, correct }));
  } else {
    console.log(`race: ${RACERS} concurrent one-guest bookings through ${figures.processes} processes on an 8-seat departure`);
    console.log(`      ${figures.holds} held, ${figures.conflicts} answered 409, other: [${figures.otherStatuses.join(', ')}]; in the database ${figures.heldInDatabase}; seats left ${figures.seatsLeft} (${figures.raceSeconds} s)`);
    console.log(`booking request: median ${figures.medianMs} ms, p95 ${figures.p95Ms} ms over ${figures.timedBookings} sequential bookings`);
    console.log(correct ? 'bench:booking: no oversell' : 'bench:booking: WRONG seat count');
  }
  process.exitCode = correct ? 0 : 1;
} finally {
  await connection.end();
  first.child.kill('SIGTERM');
  second.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
