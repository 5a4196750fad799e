#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse with its mobile defaults, in Debian's Chromium, against the
// built site on a fresh SQLite database. Prints a table and exits 1 if a page misses a target.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { ensureBuild } from './ensure-build.mjs';
import { freePort } from './lib/free-port.mjs';

// English, and the same kinds of page in Swedish and German.
// The manage page is a confirmed booking's own (its link comes from the confirmation mail); it is not indexed, so SEO is not asked of it.
const PAGES = ['/', '/tours/', '/tours/northern-lights-car-chase-kiruna/', '/book/1/', 'MANAGE', '/blog/', '/contact/', '/sv/', '/sv/tours/northern-lights-car-chase-kiruna/', '/de/tours/', '/de/book/1/', '/guide/'];
const TARGETS = { performance: 97, accessibility: 100, 'best-practices': 100, seo: 100 };
const NOT_INDEXED = new Set(['MANAGE', '/guide/']);
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function startSite() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-lighthouse-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/src/main.js'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), SKY_FORECASTS: 'off' },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, child, dataDir };
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The site did not start');
}

/** A confirmed pay-on-arrival booking's manage page (path and query), its link read from the confirmation mail in DATA_DIR/outbox. */
async function managePage(site) {
  const tour = await (await fetch(`${site.url}/api/tours/northern-lights-car-chase-kiruna`)).json();
  const departure = tour.departures.find((item) => item.seatsLeft >= 2);
  const held = await (
    await fetch(`${site.url}/api/bookings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ departureId: departure.id, guests: 2, name: 'Lighthouse Guest', email: 'lighthouse@example.com' }) })
  ).json();
  await fetch(`${site.url}/api/bookings/${held.reference}/checkout`, { method: 'POST' });
  const outbox = join(site.dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = existsSync(outbox) ? readdirSync(outbox).map((file) => readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=')) : [];
    const link = mails.filter((mail) => mail.includes(held.reference)).map((mail) => /\/booking\/manage\/\?token=[\w-]+\.[\w-]+/.exec(mail)?.[0]).find(Boolean);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('No confirmation mail with the manage link');
}

ensureBuild();
const site = await startSite();
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
const rows = [];
try {
  for (const page of PAGES) {
    const path = page === 'MANAGE' ? await managePage(site) : page;
    const result = await lighthouse(`${site.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', ...(NOT_INDEXED.has(page) ? { onlyCategories: ['performance', 'accessibility', 'best-practices'] } : {}) });
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${path}: Lighthouse could not measure it (${runtimeError.code}: ${runtimeError.message})`);
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    rows.push({
      page: page === 'MANAGE' ? '/booking/manage/' : path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: NOT_INDEXED.has(page) ? '–' : score('seo'),
      lcp: `${(audits['largest-contentful-paint'].numericValue / 1000).toFixed(2)} s`,
      cls: audits['cumulative-layout-shift'].numericValue.toFixed(3),
      failing: Object.keys(TARGETS)
        .flatMap((id) => (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id))
        .join(' '),
    });
  }
} finally {
  await chrome.kill();
  site.child.kill('SIGTERM');
  rmSync(site.dataDir, { recursive: true, force: true });
}

console.table(rows.map(({ failing, ...row }) => row));
const misses = rows.flatMap((row) => Object.entries(TARGETS).filter(([id, target]) => typeof row[id] === 'number' && row[id] < target).map(([id, target]) => `${row.page}: ${id} ${row[id]} < ${target} (${row.failing})`));
const badCls = rows.filter((row) => Number(row.cls) >= 0.05).map((row) => `${row.page}: CLS ${row.cls} ≥ 0.05`);
for (const line of [...misses, ...badCls]) console.log(`MISS ${line}`);
console.log(misses.length + badCls.length === 0 ? 'lighthouse: every page meets its targets' : `lighthouse: ${misses.length + badCls.length} target(s) missed`);
process.exit(misses.length + badCls.length === 0 ? 0 : 1);
