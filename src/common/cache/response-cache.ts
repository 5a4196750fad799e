import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import { Injectable } from '@nestjs/common';
import accepts from 'accepts';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

import { AppConfig } from '../../config/app-config';
import { cacheLookups, httpDuration } from '../metrics/metrics';
import { ContentChanges } from './content-changes';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** One cached answer: the bytes in each encoding, made once. */
export interface CachedResponse {
  /** The headers the first answer went out with (security headers among them), less those about its body. */
  headers: [string, string | number | string[]][];
  contentType: string;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** When what it shows changes by the clock alone (a hold lapses), it is rendered again. */
  validUntil: number;
}

/** Public pages whose content is the same for every visitor. */
const CACHED_PAGES = [/^\/$/, /^\/(about|tours|blog|faq|contact|privacy)\/$/, /^\/(tours|blog)\/[a-z0-9-]+\/$/, /^\/book\/\d+\/$/];
/** The catalogue API. */
const CACHED_API = [/^\/api\/tours$/, /^\/api\/tours\/[a-z0-9-]+(\/departures)?$/, /^\/api\/(blog|faq|stays)(\/[a-z0-9-]+)?$/];
/** Query parameters that choose what such a page or answer shows; any other makes the request uncached. */
const KEY_PARAMETERS = new Set(['location', 'category', 'from', 'to']);

/** Headers about one answer's body or connection, never replayed from the cache. */
const PER_ANSWER_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'vary', 'date', 'connection', 'keep-alive', 'cache-control', 'content-type', 'x-cache', 'server-timing', 'x-request-id']);

/** The cache key of a request, or null when its answer may not be shared. */
export function cacheKey(request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.headers.authorization || !request.url?.startsWith('/')) return null;
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  if (!CACHED_PAGES.some((pattern) => pattern.test(path)) && !CACHED_API.some((pattern) => pattern.test(path))) return null;
  if (queryAt === -1) return path;
  const parameters = [...new URLSearchParams(request.url.slice(queryAt + 1))];
  if (parameters.some(([name]) => !KEY_PARAMETERS.has(name)) || new Set(parameters.map(([name]) => name)).size !== parameters.length) return null;
  const query = new URLSearchParams(parameters.sort(([a], [b]) => a.localeCompare(b))).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Rendered pages and catalogue answers, kept compressed (br, gzip) in a bounded in-memory
 * LRU and served with a strong ETag (304 on a match). Emptied the moment ContentChanges says
 * what they show has changed, here or on another replica; PAGE_CACHE=off turns it off.
 */
@Injectable()
export class ResponseCache {
  private readonly entries = new LRUCache<string, CachedResponse>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (entry) => entry.identity.length + entry.gzip.length + entry.br.length + 200,
  });
  readonly enabled: boolean;
  /** Requests that missed, by the key their answer is to be kept under. */
  private readonly missed = new WeakMap<IncomingMessage, string>();

  constructor(
    private readonly changes: ContentChanges,
    config: AppConfig,
  ) {
    this.enabled = config.pageCache;
    changes.onChange(() => this.entries.clear());
  }

  /**
   * Answers cache hits on the HTTP server itself, before Express runs: wraps the server's
   * request listener. A miss goes on to Express, marked for `collect`.
   */
  attach(server: Server): void {
    const listeners = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (this.answer(request, response)) return;
      for (const listener of listeners) listener.call(server, request, response);
    });
  }

  /** Sends the kept answer for this request, if there is a fresh one; true when it did. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.enabled) return false;
    const key = cacheKey(request);
    if (!key) return false;
    const cached = this.entries.get(key);
    if (cached && cached.validUntil > Date.now()) {
      const started = process.hrtime.bigint();
      cacheLookups.inc({ result: 'hit' });
      const status = this.send(request, response, cached);
      httpDuration.observe({ method: request.method, route: 'cached', status: String(status) }, Number(process.hrtime.bigint() - started) / 1e9);
      return true;
    }
    cacheLookups.inc({ result: 'miss' });
    // A HEAD answer has no body to keep.
    if (request.method === 'GET') this.missed.set(request, key);
    return false;
  }

  /** Express middleware, after compression: keeps what the handler of a missed request sends, uncompressed. */
  readonly collect = (request: Request, response: Response, next: NextFunction): void => {
    const key = this.missed.get(request);
    if (key) this.keepAnswer(key, response);
    next();
  };

  private send(request: IncomingMessage, response: ServerResponse, entry: CachedResponse): number {
    for (const [name, value] of entry.headers) response.setHeader(name, value);
    response.setHeader('Content-Type', entry.contentType);
    response.setHeader('ETag', entry.etag);
    response.setHeader('Vary', 'Accept-Encoding');
    response.setHeader('Cache-Control', 'no-cache');
    response.setHeader('X-Cache', 'hit');
    if (request.headers['if-none-match'] === entry.etag) {
      response.writeHead(304).end();
      return 304;
    }
    const encoding = accepts(request).encoding(['br', 'gzip', 'identity']);
    const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity;
    if (encoding === 'br' || encoding === 'gzip') response.setHeader('Content-Encoding', encoding);
    response.setHeader('Content-Length', body.length);
    response.writeHead(200).end(request.method === 'HEAD' ? undefined : body);
    return 200;
  }

  /** Collects what the handler sends; a 200 of HTML or JSON is compressed and kept if nothing changed meanwhile. */
  private keepAnswer(key: string, response: Response): void {
    const generation = this.changes.generation;
    const startedAt = Date.now();
    const validUntil = this.changes.validUntil(new Date(startedAt));
    validUntil.catch(() => undefined);
    const chunks: Buffer[] = [];
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    };
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response['end'];
    response.once('finish', () => {
      const contentType = String(response.getHeader('Content-Type') ?? '');
      const shareable =
        response.statusCode === 200 &&
        /^(text\/html|application\/json)/.test(contentType) &&
        !response.getHeader('Set-Cookie') &&
        !/no-store|private/.test(String(response.getHeader('Cache-Control') ?? ''));
      if (!shareable) return;
      const headers = Object.entries(response.getHeaders()).filter(([name]) => !PER_ANSWER_HEADERS.has(name)) as CachedResponse['headers'];
      void this.store(key, generation, startedAt, { headers, contentType }, Buffer.concat(chunks), validUntil).catch(() => undefined);
    });
  }

  private async store(
    key: string,
    generation: number,
    startedAt: number,
    sent: Pick<CachedResponse, 'headers' | 'contentType'>,
    identity: Buffer,
    validUntil: Promise<number>,
  ): Promise<void> {
    const [br, gzip, until] = await Promise.all([
      brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzipped(identity, { level: 9 }),
      validUntil,
    ]);
    // A change committed while this was rendered: what it shows may be old already.
    if (generation !== this.changes.generation || until <= startedAt) return;
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    this.entries.set(key, { ...sent, etag, identity, gzip, br, validUntil: until });
  }
}
