import { createServer, type Server } from 'node:http';

import type { NextFunction, Request, Response } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, register } from 'prom-client';

/**
 * What Prometheus scrapes (METRICS_PORT, a port of its own that the proxy does not publish):
 * request durations by route, the response cache's hits and misses, booking transitions and
 * the mail outbox's depth, with Node's own process metrics.
 */
export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

export const cacheLookups = new Counter({
  name: 'response_cache_lookups_total',
  help: 'Cacheable requests answered from the response cache (hit) or rendered (miss)',
  labelNames: ['result'] as const,
});

export const bookingTransitions = new Counter({
  name: 'booking_transitions_total',
  help: 'Booking lifecycle transitions carried out, by transition',
  labelNames: ['transition'] as const,
});

export const outboxDepth = new Gauge({
  name: 'mail_outbox_pending',
  help: 'Mails waiting in the outbox',
  async collect() {
    if (depthSource) this.set(await depthSource().catch(() => -1));
  },
});

export const responseCacheBytes = new Gauge({
  name: 'response_cache_bytes',
  help: 'Memory the kept answers take, as the response cache counts it against PAGE_CACHE_MB',
  collect() {
    if (cacheSource) this.set(cacheSource().bytes);
  },
});

export const responseCacheEntries = new Gauge({
  name: 'response_cache_entries',
  help: 'Answers the response cache keeps',
  collect() {
    if (cacheSource) this.set(cacheSource().entries);
  },
});

export const backupAge = new Gauge({
  name: 'backup_age_seconds',
  help: 'Seconds since the newest archive in BACKUP_DIR was taken (-1: none yet); older than 26 hours is a warning',
  collect() {
    if (backupSource) this.set(backupSource());
  },
});

let backupSource: (() => number) | undefined;
/** Where the backup gauge reads the newest archive's age in seconds (BACKUP_DIR, once the app has started). */
export function measureBackupsWith(source: () => number): void {
  backupSource = source;
}

let cacheSource: (() => { bytes: number; entries: number }) | undefined;
/** Where the response cache gauges read (the response cache, once the app has started). */
export function measureResponseCacheWith(source: () => { bytes: number; entries: number }): void {
  cacheSource = source;
}

let depthSource: (() => Promise<number>) | undefined;
let defaultsCollected = false;

/** Where the outbox gauge reads its depth (the mail outbox, once the app has started). */
export function measureOutboxWith(source: () => Promise<number>): void {
  depthSource = source;
}

/** Express middleware: times every request; a route's pattern labels it, not its URL. */
export function timeRequests(request: Request, response: Response, next: NextFunction): void {
  const end = httpDuration.startTimer({ method: request.method });
  response.once('finish', () => {
    const route = (request.route as { path?: string } | undefined)?.path;
    const label = route === '{*path}' ? 'page' : (route ?? (response.getHeader('X-Cache') === 'hit' ? 'cached' : 'other'));
    end({ route: label, status: String(response.statusCode) });
  });
  next();
}

/** Serves /metrics on its own port; answers the server, to close at shutdown. */
export function startMetricsServer(port: number, host = '0.0.0.0'): Server {
  if (!defaultsCollected) {
    collectDefaultMetrics();
    defaultsCollected = true;
  }
  const server = createServer((request, response) => {
    if (request.url !== '/metrics') return void response.writeHead(404).end();
    register.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': register.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  server.listen(port, host);
  return server;
}
