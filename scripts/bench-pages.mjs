#!/usr/bin/env node
// `npm run bench:pages`: a fresh `npm start` (SQLite in a temporary DATA_DIR, NODE_ENV unset)
// against a plain Node server that sends the same captured bytes (status, type, encoding) for
// each path, alternating in the same run, with autocannon at 50 connections. Prints req/s and
// p99 of both and their ratio per path. `--cache off` starts the app with PAGE_CACHE=off;
// `--paths /,/blog/` measures only those.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { ensureBuild } from './ensure-build.mjs';
import { freePort } from './lib/free-port.mjs';
import { startApp as startBuiltApp } from './lib/start-app.mjs';

const { values: options } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
    cache: { type: 'string', default: 'on' },
    // Only these paths (comma-separated; "tour" stands for the first tour's page), to measure one change quickly.
    paths: { type: 'string' },
  },
});
const HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json' };

const startApp = (dataDir) => startBuiltApp({ DATA_DIR: dataDir, ...(options.cache === 'off' ? { PAGE_CACHE: 'off' } : {}) });

/** The raw answer to a GET, bytes as sent (not decompressed). */
function capture(url) {
  return new Promise((resolve, reject) => {
    request(url, { headers: HEADERS }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: Object.fromEntries(['content-type', 'content-encoding', 'vary', 'etag'].filter((name) => response.headers[name]).map((name) => [name, response.headers[name]])),
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/**
 * A plain Node server, in a process of its own like the app, that answers each captured path
 * with its captured bytes: what the machine can send, as the baseline.
 */
async function fixedBytesServer(captured, dir) {
  const port = await freePort();
  const file = join(dir, 'captured.json');
  writeFileSync(file, JSON.stringify([...captured].map(([path, answer]) => [path, { ...answer, body: answer.body.toString('base64') }])));
  const source = `
    const { createServer } = require('node:http');
    const answers = new Map(JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8')).map(([path, answer]) => [path, { ...answer, body: Buffer.from(answer.body, 'base64') }]));
    createServer((req, res) => {
      const answer = answers.get(req.url);
      if (!answer) return res.writeHead(404).end();
      res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
      res.end(answer.body);
    }).listen(${port}, '127.0.0.1', () => process.send('listening'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise((resolve) => child.once('message', resolve));
  return { child, url: `http://127.0.0.1:${port}` };
}

/** Median data and render milliseconds of a page rendered afresh, from its Server-Timing header (60 calm requests, one at a time). */
async function renderCost(url) {
  const samples = [];
  for (let n = 0; n < 60; n++) {
    const timing = (await fetch(url)).headers.get('server-timing') ?? '';
    samples.push({ data: Number(/data;dur=([\d.]+)/.exec(timing)?.[1]), render: renderMs(timing) });
  }
  const median = (key) => samples.map((sample) => sample[key]).sort((a, b) => a - b)[30];
  return { data: median('data'), render: median('render') };
}

/** Server-Timing's render figure of one answer, in ms (undefined for a kept or fixed answer). */
const renderMs = (timing) => Number(/render;dur=([\d.]+)/.exec(timing ?? '')?.[1]) || undefined;

/**
 * autocannon's figures for `url`; for the app, also the mean render cost of the answers it
 * sent in that same run (what each request's renderToString took under that load: throughput
 * is set by the mean cost, and a calm request's median misses the collections a load brings).
 */
async function load(url) {
  const renders = [];
  const result = await autocannon({
    url,
    connections: Number(options.connections),
    duration: Number(options.duration),
    headers: HEADERS,
    requests: [{ onResponse: (_status, _body, _context, headers) => { const ms = renderMs(headers['Server-Timing'] ?? headers['server-timing']); if (ms) renders.push(ms); } }],
  });
  const meanRender = renders.length ? renders.reduce((sum, ms) => sum + ms, 0) / renders.length : undefined;
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, meanRender };
}

const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-bench-pages-'));
ensureBuild();
const app = await startApp(dataDir);
let fixed;
try {
  const tours = await (await fetch(`${app.url}/api/tours`)).json();
  const tourPage = `/tours/${tours.data[0].slug}/`;
  const paths = options.paths?.split(',').map((path) => (path === 'tour' ? tourPage : path)) ?? ['/', '/tours/', tourPage, '/blog/', '/api/tours'];
  const captured = new Map();
  // Captured once the app has answered each path before (warm, as a visitor after the first finds it).
  for (const path of paths) await capture(`${app.url}${path}`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const path of paths) captured.set(path, await capture(`${app.url}${path}`));
  fixed = await fixedBytesServer(captured, dataDir);

  const rows = [];
  for (const path of paths) {
    let best = { app: { rps: 0 }, fixed: { rps: 0 } };
    for (let round = 0; round < Number(options.rounds); round++) {
      const ours = await load(`${app.url}${path}`);
      const theirs = await load(`${fixed.url}${path}`);
      if (ours.rps > best.app.rps) best = { ...best, app: ours };
      if (theirs.rps > best.fixed.rps) best = { ...best, fixed: theirs };
    }
    const answer = captured.get(path);
    // Rendering afresh: what React's renderToString alone costs for this page (its Server-Timing, median of 60 calm requests).
    const bare = options.cache === 'off' && !path.startsWith('/api/') ? await renderCost(`${app.url}${path}`) : undefined;
    rows.push({
      path,
      encoding: answer.headers['content-encoding'] ?? 'identity',
      bytes: answer.body.length,
      appRps: Math.round(best.app.rps),
      appP99: best.app.p99,
      fixedRps: Math.round(best.fixed.rps),
      fixedP99: best.fixed.p99,
      ratio: Number((best.app.rps / best.fixed.rps).toFixed(3)),
      errors: best.app.errors,
      ...(bare && {
        renderMs: bare.render,
        dataMs: bare.data,
        loadRenderMs: Number(best.app.meanRender.toFixed(3)),
        // The app's time per request against the render alone in the same run (the target), and against a calm request's.
        timesBareRender: Number((1000 / best.app.rps / best.app.meanRender).toFixed(2)),
        timesCalmRender: Number((1000 / best.app.rps / bare.render).toFixed(2)),
      }),
    });
  }
  if (options.json) {
    console.log(JSON.stringify({ cache: options.cache, connections: Number(options.connections), duration: Number(options.duration), rows }, null, 2));
  } else {
    console.log(`Pages (cache ${options.cache}), autocannon ${options.connections} connections, ${options.duration} s per run, best of ${options.rounds} alternating runs`);
    console.log('path'.padEnd(44), 'app req/s'.padStart(10), 'p99 ms'.padStart(7), 'fixed req/s'.padStart(12), 'p99 ms'.padStart(7), 'ratio'.padStart(6), ' encoding, bytes');
    for (const row of rows) {
      console.log(
        row.path.padEnd(44),
        String(row.appRps).padStart(10),
        String(row.appP99).padStart(7),
        String(row.fixedRps).padStart(12),
        String(row.fixedP99).padStart(7),
        row.ratio.toFixed(2).padStart(6),
        ` ${row.encoding}, ${row.bytes}${row.errors ? `, ${row.errors} errors` : ''}`,
      );
      if (row.renderMs) {
        console.log(
          `  renderToString ${row.loadRenderMs} ms on average in that run (calm median ${row.renderMs} ms, data ${row.dataMs} ms); ` +
            `the app serves it at ${row.timesBareRender}× that cost (${row.timesCalmRender}× the calm median)`,
        );
      }
    }
  }
} finally {
  fixed?.child.kill();
  app.child.kill('SIGTERM');
  await new Promise((resolve) => app.child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
