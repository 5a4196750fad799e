import type { IncomingMessage, ServerResponse } from 'node:http';

import { Logger } from '@nestjs/common';

import type { ContentChanges, Dependency } from '../common/cache/content-changes';
import type { PageCompressor } from '../common/cache/page-compressor';
import { acceptedEncoding, headersToKeep, isPublicPagePath, sendBody, type FrontDoor, type ResponseCache } from '../common/cache/response-cache';
import { requestId } from '../common/logging/logging.module';
import { httpDuration } from '../common/metrics/metrics';
import { pageHeaders } from './page-answer';
import type { SsrService } from './ssr.service';
import { clock } from '../common/clock';

/** Smaller bodies go out as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/** Sets the security headers on a response, as the app's helmet middleware does for Express. */
export type SecurityHeaders = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The public pages (home, tours, a tour, blog, FAQ, …: the same for every visitor) rendered
 * and sent on the HTTP server before Express, as cache hits are: no router, no middleware
 * chain, no compression stream. A page that may be kept is compressed once, as it is kept, and
 * sent from there; any other (PAGE_CACHE=off, a query the cache does not key) is compressed in
 * one quick call. A render that fails goes on to Express, whose error handling
 * answers it. Like cache hits, these pages are counted in the metrics but not in the request log;
 * they carry an X-Request-Id as every answer Express sends does.
 */
export class PageResponder {
  private readonly logger = new Logger(PageResponder.name);

  constructor(
    private readonly ssr: SsrService,
    private readonly changes: ContentChanges,
    private readonly responses: ResponseCache,
    private readonly securityHeaders: SecurityHeaders,
    private readonly compressor: PageCompressor,
  ) {}

  /** The front door ResponseCache.attach calls for every request the cache did not answer. */
  readonly frontDoor: FrontDoor = (request, response, key, passOn) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.headers.authorization || !request.url) return false;
    const queryAt = request.url.indexOf('?');
    if (!isPublicPagePath(queryAt === -1 ? request.url : request.url.slice(0, queryAt))) return false;
    void this.respond(request, response, key).catch((error: unknown) => {
      if (response.headersSent) {
        this.logger.error(`GET ${request.url} failed after its headers were sent`, (error as Error)?.stack);
        response.destroy();
      } else {
        // Express renders what goes wrong, as for any other page.
        for (const name of response.getHeaderNames()) response.removeHeader(name);
        passOn();
      }
    });
    return true;
  };

  private async respond(request: IncomingMessage, response: ServerResponse, key: string | null): Promise<void> {
    const started = process.hrtime.bigint();
    requestId(request, response);
    this.securityHeaders(request, response, () => undefined);
    const since = { generation: this.changes.generation, startedAt: clock.now().getTime() };
    const dependencies = new Set<Dependency>();
    // Public pages look up no booking: the visitor's address plays no part in them. What a page
    // shows is gathered only when it may be kept.
    const render = () => this.ssr.render(request.url!, 'public-page');
    const result = await (key ? this.changes.collect(dependencies, render, since.startedAt) : render());
    let status: number;
    if (result.kind === 'redirect') {
      status = result.status;
      response.writeHead(status, { Location: result.location }).end();
    } else {
      const headers = pageHeaders(result);
      if (key && result.status === 200 && !result.dataFailed) {
        response.setHeader('Server-Timing', headers['Server-Timing']);
        const answer = { headers: headersToKeep(response), contentType: headers['Content-Type'], dependencies, identity: Buffer.from(result.html) };
        status = await this.responses.keepAndSend(request, response, key, since, answer);
      } else {
        status = result.status;
        await this.sendCompressed(request, response, status, headers, result.html);
      }
    }
    httpDuration.observe({ method: request.method, route: 'page', status: String(status) }, Number(process.hrtime.bigint() - started) / 1e9);
  }

  /** Compressed off the main thread, as a visitor takes it; a small page goes as it is. */
  private async sendCompressed(request: IncomingMessage, response: ServerResponse, status: number, headers: Record<string, string>, html: string): Promise<void> {
    // A string has at least as many bytes as characters: only a short one is counted.
    const small = html.length < COMPRESS_FROM_BYTES && Buffer.byteLength(html) < COMPRESS_FROM_BYTES;
    const encoding = small ? 'identity' : acceptedEncoding(request);
    const body = encoding === 'identity' ? Buffer.from(html) : await this.compressor.compress(html, encoding);
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.setHeader('Vary', 'Accept-Encoding');
    sendBody(request, response, status, encoding, body);
  }
}
