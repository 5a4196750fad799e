#!/usr/bin/env node
// `npm run check:octo`: the OCTO maintainers' own validator (octotravel/validator, kept in
// tools/octo-validator) against the built app, as a channel manager runs it before connecting a
// supplier. Starts the app on a free port with a fresh SQLite database, has staff make a reseller
// key for all tours through the staff API, runs the validator's 11 flows with that key and exits
// with its code: 1 when any scenario FAILED. OUT=results.json keeps the validator's raw results.
//
// The validator books every flow on the same departure of its first product (about a dozen
// reservations of up to 7 guests, most left on hold), far past a small-group departure's 8
// seats; as a supplier's sandbox would, this throwaway database gives the next month's
// departures room for it before the app serves (their seats, and no shared pool: issue 50's
// resources), and the key may hold that many seats.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Database from 'better-sqlite3';

import { ensureBuild } from './ensure-build.mjs';
import { startApp } from './lib/start-app.mjs';

/** Seats per departure in the sandbox, and what the key's reservations may hold. */
const SANDBOX_SEATS = 200;
const STAFF = { email: 'octo-check@norrsken.test', password: 'octo validator check' };
const VALIDATE = join(import.meta.dirname, '..', 'tools', 'octo-validator', 'validate.sh');

async function json(response) {
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

ensureBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-octo-check-'));
const env = { NODE_ENV: 'test', DATA_DIR: dataDir, ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password, SKY_FORECASTS: 'off' };
// Once to make and seed the database, stopped, the sandbox's seats given, and started again.
const seeding = await startApp(env);
await new Promise((resolve) => {
  seeding.child.once('exit', resolve);
  seeding.child.kill();
});
const database = new Database(join(dataDir, 'arctic.sqlite'));
database.prepare("UPDATE departures SET capacity = ? WHERE starts_at < datetime('now', '+32 days')").run(SANDBOX_SEATS);
// …and no shared pool caps them (the seeded car chase shares two 16-seat minibuses).
database.prepare('DELETE FROM tour_resource_needs').run();
database.close();
const app = await startApp(env);
let code = 0;
try {
  const post = (path, body, token) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const { token } = await json(await post('/api/admin/login', STAFF));
  const reseller = await json(await post('/api/admin/resellers', { name: 'OCTO validator', commissionPercent: 20, requestsPerMinute: 1000, heldSeats: 2000 }, token));
  console.log(`check:octo: the app at ${app.url}, reseller key …${reseller.keyHint} for all tours`);
  // Once as a channel manager first runs it (core and octo/pricing), once asking for every capability we offer.
  for (const capabilities of ['', 'octo/pricing,octo/pickups,octo/questions,octo/content']) {
    console.log(`\ncheck:octo: the validator's 11 flows${capabilities ? ` with Octo-Capabilities: ${capabilities}` : ''}`);
    const exitCode = await new Promise((resolve) => {
      const validator = spawn(VALIDATE, [`${app.url}/octo`, reseller.key], { stdio: 'inherit', env: { ...process.env, OCTO_CAPABILITIES: capabilities } });
      validator.on('exit', (exited) => resolve(exited ?? 1));
    });
    if (exitCode !== 0) code = exitCode;
  }
} finally {
  app.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
