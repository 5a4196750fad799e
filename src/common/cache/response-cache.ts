import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

import { Injectable } from '@nestjs/common';
import accepts from 'accepts';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

import { BOOKABLE_DAYS_AHEAD, CATEGORIES, LOCATIONS } from '../../../shared/taxonomy';
import { AppConfig } from '../../config/app-config';
import { cacheLookups, httpDuration } from '../metrics/metrics';
import { ContentChanges, touches, type Dependency } from './content-changes';
import { PageCompressor } from './page-compressor';
import { isLang } from '../../../shared/languages';
import { clock } from '../clock';

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
  /** What it shows that a booking or the clock can change: a change of anything else leaves it. */
  dependencies: ReadonlySet<Dependency>;
}

/** Public pages whose content is the same for every visitor, in English or under a language's prefix (/sv/, /de/). */
const CACHED_PAGES = [/^(\/(sv|de))?\/$/, /^(\/(sv|de))?\/(about|tours|blog|faq|contact|privacy)\/$/, /^(\/(sv|de))?\/(tours|blog)\/[a-z0-9-]+\/$/, /^(\/(sv|de))?\/book\/[1-9]\d*\/$/];
/** Whether a path is one of the public pages, the same for every visitor (whatever its query string). */
export const isPublicPagePath = (path: string): boolean => CACHED_PAGES.some((pattern) => pattern.test(path));

/** The catalogue API. */
const CACHED_API = [/^\/api\/tours$/, /^\/api\/tours\/[a-z0-9-]+(\/departures)?$/, /^\/api\/(blog|faq|stays)(\/[a-z0-9-]+)?$/];

const DAY_MS = 24 * 60 * 60 * 1000;
const FILTER_VALUES = { location: new Set<string>(LOCATIONS.map((item) => item.name)), category: new Set<string>(CATEGORIES.map((item) => item.name)) };
/** A calendar date in the bookable season (yesterday, in any time zone, to BOOKABLE_DAYS_AHEAD days on). */
const isSeasonDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().startsWith(value) && at >= clock.now().getTime() - 2 * DAY_MS && at <= clock.now().getTime() + (BOOKABLE_DAYS_AHEAD + 1) * DAY_MS;
};
/**
 * The query parameters that choose what a path shows, and the values that make a key: the
 * spec's names exactly, dates of the season. Any other parameter or value is answered but
 * never kept, so made-up query strings cannot fill the cache or push real pages out of it.
 */
const KEY_PARAMETERS: { path: RegExp; accepts: Record<string, (value: string) => boolean> }[] = [
  { path: /^(\/(sv|de))?\/tours\/$/, accepts: { location: (value) => FILTER_VALUES.location.has(value), category: (value) => FILTER_VALUES.category.has(value) } },
  { path: /^\/api\/tours$/, accepts: { location: (value) => FILTER_VALUES.location.has(value), category: (value) => FILTER_VALUES.category.has(value), lang: isLang } },
  { path: /^\/api\/tours\/[a-z0-9-]+$/, accepts: { lang: isLang } },
  { path: /^\/api\/tours\/[a-z0-9-]+\/departures$/, accepts: { from: isSeasonDate, to: isSeasonDate } },
  { path: /^\/api\/(faq|stays)$|^\/api\/blog(\/[a-z0-9-]+)?$/, accepts: { lang: isLang } },
];

/** Headers about one answer's body or connection, never replayed from the cache. */
const PER_ANSWER_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'vary', 'date', 'connection', 'keep-alive', 'cache-control', 'content-type', 'x-cache', 'server-timing', 'x-request-id']);

/** The headers of an answer that go with it when it is kept: not those about its body or this one request. */
export const headersToKeep = (response: Pick<ServerResponse, 'getHeaders'>): CachedResponse['headers'] =>
  Object.entries(response.getHeaders()).filter(([name, value]) => !PER_ANSWER_HEADERS.has(name) && value !== undefined) as CachedResponse['headers'];

/** The cache key of a request, or null when its answer may not be shared. */
export function cacheKey(request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.headers.authorization || !request.url?.startsWith('/')) return null;
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  if (!isPublicPagePath(path) && !CACHED_API.some((pattern) => pattern.test(path))) return null;
  if (queryAt === -1) return path;
  const parameters = [...new URLSearchParams(request.url.slice(queryAt + 1))];
  if (parameters.length === 0) return path;
  const accepts = KEY_PARAMETERS.find((rule) => rule.path.test(path))?.accepts ?? {};
  if (parameters.some(([name, value]) => !accepts[name]?.(value)) || new Set(parameters.map(([name]) => name)).size !== parameters.length) return null;
  return `${path}?${new URLSearchParams(parameters.sort(([a], [b]) => a.localeCompare(b))).toString()}`;
}

export type BodyEncoding = 'br' | 'gzip' | 'identity';

/** The encoding the visitor takes best of ours; identity when it takes none of them. */
export function acceptedEncoding(request: IncomingMessage): BodyEncoding {
  const encoding = accepts(request).encoding(['br', 'gzip', 'identity']);
  return encoding === 'br' || encoding === 'gzip' ? encoding : 'identity';
}

/** Sends `body`, encoded as `encoding`, with its length; a HEAD gets the headers alone. */
export function sendBody(request: IncomingMessage, response: ServerResponse, status: number, encoding: BodyEncoding, body: Buffer): void {
  if (encoding !== 'identity') response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Length', body.length);
  response.writeHead(status).end(request.method === 'HEAD' ? undefined : body);
}

/** A buffer of its own, exactly its length: not a view that keeps a larger pooled or zlib buffer alive. */
const exactly = (bytes: Buffer): Buffer => {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
};

/** V8's own cost, measured: a Buffer beside its bytes, a header pair, an entry with its Set and the LRU's slots. */
const BUFFER_OVERHEAD = 128;
const HEADER_OVERHEAD = 96;
const ENTRY_OVERHEAD = 1024;

/** What an entry holds in memory: its three bodies, its key, its headers and the entry itself. */
export function entryBytes(key: string, entry: CachedResponse): number {
  const headers = entry.headers.reduce((sum, [name, value]) => sum + name.length + String(value).length + HEADER_OVERHEAD, 0);
  const bodies = entry.identity.length + entry.gzip.length + entry.br.length + 3 * BUFFER_OVERHEAD;
  return bodies + 2 * key.length + headers + entry.contentType.length + entry.etag.length + ENTRY_OVERHEAD + 64 * entry.dependencies.size;
}

/** At most this many distinct header lists are shared between entries (most answers go out with one of two). */
const SHARED_HEADER_LISTS = 64;

/**
 * Rendered pages and catalogue answers, kept compressed (br, gzip) in an LRU bounded by the
 * bytes they really take, and served with a strong ETag (304 on a match). An answer is
 * dropped the moment ContentChanges says what it shows has changed (a hold on a tour drops
 * that tour's page and departures, not the blog), here or on another replica; PAGE_CACHE=off
 * turns it off.
 */
@Injectable()
export class ResponseCache {
  /** Evicts the least recently used past PAGE_CACHE_MB, counted as entryBytes counts them. */
  private readonly entries: LRUCache<string, CachedResponse>;
  readonly enabled: boolean;
  /** Header lists kept once for all the entries that went out with the same headers. */
  private readonly headerLists = new Map<string, CachedResponse['headers']>();
  /** Requests that missed: the key their answer is to be kept under, and what it shows, gathered while it is made. */
  private readonly missed = new WeakMap<IncomingMessage, { key: string; dependencies: Set<Dependency> }>();

  constructor(
    private readonly changes: ContentChanges,
    private readonly compressor: PageCompressor,
    config: AppConfig,
  ) {
    this.enabled = config.pageCache;
    this.entries = new LRUCache({ maxSize: config.pageCacheBytes, sizeCalculation: (entry, key) => entryBytes(key, entry) });
    changes.onChange((topics) => {
      if (topics.has('*')) return this.entries.clear();
      for (const [key, entry] of this.entries.entries()) if (touches(topics, entry.dependencies)) this.entries.delete(key);
    });
  }

  /** How many bytes the kept answers take, as the bound counts them. */
  get size(): number {
    return this.entries.calculatedSize;
  }

  get count(): number {
    return this.entries.size;
  }

  /**
   * Answers cache hits on the HTTP server itself, before Express runs: wraps the server's
   * request listener. Then `front` may answer the request itself (public pages: PageResponder),
   * given a way to pass it on; anything else goes on to Express, a miss marked for `collect`.
   */
  attach(server: Server, front?: FrontDoor): void {
    const listeners = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (this.answer(request, response)) return;
      const run = () => {
        for (const listener of listeners) listener.call(server, request, response);
      };
      const missed = this.missed.get(request);
      if (front?.(request, response, missed?.key ?? null, run)) return;
      // A miss to keep: everything that makes its answer says what it shows (ContentChanges.dependOn).
      if (missed) this.changes.collect(missed.dependencies, run);
      else run();
    });
  }

  /** Sends the kept answer for this request, if there is a fresh one; true when it did. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.enabled) return false;
    const key = cacheKey(request);
    if (!key) return false;
    const cached = this.entries.get(key);
    if (cached && cached.validUntil > clock.now().getTime()) {
      const started = process.hrtime.bigint();
      cacheLookups.inc({ result: 'hit' });
      response.setHeader('X-Cache', 'hit');
      const status = this.send(request, response, cached);
      httpDuration.observe({ method: request.method, route: 'cached', status: String(status) }, Number(process.hrtime.bigint() - started) / 1e9);
      return true;
    }
    cacheLookups.inc({ result: 'miss' });
    // A HEAD answer has no body to keep.
    if (request.method === 'GET') this.missed.set(request, { key, dependencies: new Set() });
    return false;
  }

  /**
   * A page rendered for `key` by the front door: compressed once (as it is kept), kept unless
   * something it shows changed since `since`, and sent from there.
   */
  async keepAndSend(
    request: IncomingMessage,
    response: ServerResponse,
    key: string,
    since: { generation: number; startedAt: number },
    answer: Pick<CachedResponse, 'headers' | 'contentType' | 'dependencies' | 'identity'>,
  ): Promise<number> {
    return this.send(request, response, await this.store(key, since.generation, since.startedAt, answer));
  }

  /** Express middleware, after compression: keeps what the handler of a missed request sends, uncompressed. */
  readonly collect = (request: Request, response: Response, next: NextFunction): void => {
    const missed = this.missed.get(request);
    if (missed) this.keepAnswer(missed.key, missed.dependencies, response);
    next();
  };

  private send(request: IncomingMessage, response: ServerResponse, entry: CachedResponse): number {
    for (const [name, value] of entry.headers) response.setHeader(name, value);
    response.setHeader('Content-Type', entry.contentType);
    response.setHeader('ETag', entry.etag);
    response.setHeader('Vary', 'Accept-Encoding');
    response.setHeader('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === entry.etag) {
      response.writeHead(304).end();
      return 304;
    }
    const encoding = acceptedEncoding(request);
    sendBody(request, response, 200, encoding, encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity);
    return 200;
  }

  /** Collects what the handler sends; a 200 of HTML or JSON is compressed and kept if nothing it shows changed meanwhile. */
  private keepAnswer(key: string, dependencies: ReadonlySet<Dependency>, response: Response): void {
    const generation = this.changes.generation;
    const startedAt = clock.now().getTime();
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
      const answer = { headers: headersToKeep(response), contentType, dependencies: new Set(dependencies), identity: Buffer.concat(chunks) };
      void this.store(key, generation, startedAt, answer).catch(() => undefined);
    });
  }

  /** One list for every answer with these headers, as far as SHARED_HEADER_LISTS goes. */
  private shared(headers: CachedResponse['headers']): CachedResponse['headers'] {
    const signature = JSON.stringify(headers);
    const kept = this.headerLists.get(signature);
    if (kept) return kept;
    if (this.headerLists.size < SHARED_HEADER_LISTS) this.headerLists.set(signature, Object.freeze(headers) as CachedResponse['headers']);
    return headers;
  }

  /**
   * Compresses an answer as it is kept (its headers shared, its bytes copied to their length);
   * keeps it if nothing it shows changed meanwhile and it is good for a while.
   */
  private async store(key: string, generation: number, startedAt: number, answer: Pick<CachedResponse, 'headers' | 'contentType' | 'dependencies' | 'identity'>): Promise<CachedResponse> {
    const { dependencies } = answer;
    const identity = exactly(answer.identity);
    const [{ br, gzip }, until] = await Promise.all([
      this.compressor.compressToKeep(identity),
      // For the moment the answer began: what it showed stays true at least until then.
      this.changes.validUntil(new Date(startedAt), dependencies),
    ]);
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    const entry = { ...answer, headers: this.shared(answer.headers), identity, etag, gzip: exactly(gzip), br: exactly(br), validUntil: until };
    // A change of what it shows committed while it was made: it may be old already.
    if (!this.changes.changedSince(generation, dependencies) && until > startedAt) this.entries.set(key, entry);
    return entry;
  }
}

/**
 * Answers a request before Express, or returns false to let it go on: `key` is where its
 * answer may be kept (null: nowhere), `passOn` hands it to Express after all (on a failure).
 */
export type FrontDoor = (request: IncomingMessage, response: ServerResponse, key: string | null, passOn: () => void) => boolean;
