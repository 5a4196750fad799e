#!/usr/bin/env node
// `npm run bench:misses`: what visitors asking for always-new addresses do to everyone else.
// A fresh built server (SQLite in a temporary DATA_DIR); four connections ask for a new key
// each time, half of them keys the cache may keep (a departures window of the season), half
// made up (a location that does not exist), while one other visitor times a cheap call that is
// never cached (/health) and a kept page. Prints that visitor's median and p99 before and
// during the flood, the flood's rate, how much the server process grew (VmRSS) over it, and
// what the response cache holds by its own count (its metrics gauges).
// Exits 1 when the cheap call's median during the flood is over --median ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { ensureBuild } from './ensure-build.mjs';
import { freePort } from './lib/free-port.mjs';
import { processMemoryMb } from './lib/process-memory.mjs';
import { startApp } from './lib/start-app.mjs';

const { values: options } = parseArgs({
  options: {
    requests: { type: 'string', default: '6000' },
    connections: { type: 'string', default: '4' },
    median: { type: 'string', default: '50' },
    json: { type: 'boolean', default: false },
  },
});

const agent = new Agent({ keepAlive: true });
function get(url) {
  return new Promise((resolve) => {
    const started = performance.now();
    request(url, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, ms: performance.now() - started }));
    })
      .on('error', () => resolve({ status: 0, ms: performance.now() - started }))
      .end();
  });
}
const rssMb = (pid) => processMemoryMb(pid, 'VmRSS');
const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: Number(sorted[Math.floor(sorted.length / 2)].toFixed(1)), p99: Number(sorted[Math.floor(sorted.length * 0.99)].toFixed(1)), n: sorted.length };
};

/** The other visitor: one call after another until `stop()`, timing each. */
function probe(url) {
  let running = true;
  const samples = [];
  const done = (async () => {
    while (running) {
      samples.push((await get(url)).ms);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    running = false;
    await done;
    return stats(samples);
  };
}

ensureBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-bench-misses-'));
const metricsPort = await freePort();
const app = await startApp({ DATA_DIR: dataDir, METRICS_PORT: String(metricsPort) });
/** A gauge of the app's own metrics (0 where it has none: an older build). */
const gauge = async (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text())?.[1] ?? 0);
let report;
try {
  const tours = (await (await fetch(`${app.url}/api/tours`)).json()).data;
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const kept = `${app.url}/tours/`;
  for (let warm = 0; warm < 50; warm++) await Promise.all([get(`${app.url}/health`), get(kept)]);

  const calm = [probe(`${app.url}/health`), probe(kept)];
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const [calmCheap, calmKept] = await Promise.all(calm.map((stop) => stop()));

  const rssBefore = rssMb(app.child.pid);
  const during = [probe(`${app.url}/health`), probe(kept)];
  let sent = 0;
  const statuses = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Number(options.connections) }, async () => {
      while (sent < Number(options.requests)) {
        const n = sent++;
        // Keys the cache may keep (a new window of the season each time), and keys it must not.
        const path = n % 2 === 0 ? `/api/tours/${tours[n % tours.length].slug}/departures?from=${day(n % 300)}&to=${day((n % 300) + 1 + (Math.floor(n / 300) % 90))}` : `/tours/?location=u${n}`;
        const { status } = await get(`${app.url}${path}`);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const floodSeconds = (performance.now() - started) / 1000;
  const [floodCheap, floodKept] = await Promise.all(during.map((stop) => stop()));
  await new Promise((resolve) => setTimeout(resolve, 500));
  report = {
    requests: Number(options.requests),
    connections: Number(options.connections),
    floodPerSecond: Math.round(Number(options.requests) / floodSeconds),
    statuses,
    cheapCall: { calm: calmCheap, flood: floodCheap },
    keptPage: { calm: calmKept, flood: floodKept },
    rssMb: { before: Math.round(rssBefore), after: Math.round(rssMb(app.child.pid)) },
    responseCache: { megabytes: Number(((await gauge('response_cache_bytes')) / 1024 / 1024).toFixed(1)), entries: await gauge('response_cache_entries') },
  };
} finally {
  app.child.kill('SIGTERM');
  await new Promise((resolve) => app.child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

if (options.json) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`${report.requests} always-new addresses over ${report.connections} connections: ${report.floodPerSecond} req/s, statuses ${JSON.stringify(report.statuses)}`);
  for (const [name, row] of [['/health (never cached)', report.cheapCall], ['/tours/ (kept)', report.keptPage]]) {
    console.log(`  ${name.padEnd(24)} calm: median ${row.calm.median} ms, p99 ${row.calm.p99} ms; during: median ${row.flood.median} ms, p99 ${row.flood.p99} ms`);
  }
  console.log(`  server memory (VmRSS, garbage not yet collected included): ${report.rssMb.before} MB before, ${report.rssMb.after} MB after`);
  console.log(`  response cache: ${report.responseCache.entries} answers kept, ${report.responseCache.megabytes} MB as it counts them`);
}
process.exit(report.cheapCall.flood.median > Number(options.median) ? 1 : 0);
