import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';

import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

import { ADMIN_BASE } from '../shared/taxonomy';
import { ApiDocuments, STAFF_API_PREFIX } from './common/api-docs';
import { ContentChanges } from './common/cache/content-changes';
import { BROTLI_WINDOW_BITS, PageCompressor } from './common/cache/page-compressor';
import { ResponseCache } from './common/cache/response-cache';
import { measureBackupsWith, measureOutboxWith, measureResponseCacheWith, timeRequests } from './common/metrics/metrics';
import { newestArchive } from './common/backups/backup-archives';
import { MailOutbox } from './mail/mail-outbox.service';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { translateBodyParserErrors } from './common/filters/body-parser-errors';
import { guardApiWrites, refuseMalformedJson } from './common/http/request-guards';
import { ImageUploads, UPLOADS_PATH } from './admin/content/image-uploads.service';
import { AppConfig } from './config/app-config';
import { pageRedirects } from './ssr/page-redirects.middleware';
import { PageResponder, type SecurityHeaders } from './ssr/page-responder';
import { PROJECT_ROOT, SsrService } from './ssr/ssr.service';
import { ArtworkRasters } from './common/http/artwork-rasters';
import { TourShareCards } from './tours/tour-share-cards';
import { Draining } from './common/http/draining';
import { toOctoError } from './octo/octo-errors';

export const BODY_LIMIT = '100kb';

/**
 * How main.ts and the tests create the app: the Stripe webhook needs the raw body, and the body
 * parsers are ours alone (JSON only, after the security headers), never Nest's defaults.
 */
export const APP_OPTIONS = { rawBody: true, bodyParser: false } as const;
const DOCS_PATH = 'api/docs';
const STAFF_PATHS = [ADMIN_BASE, '/admin', '/login', '/guide', STAFF_API_PREFIX];

/** Security headers: only our own script files run; pages carry no inline script (their router state is JSON data). */
function securityHeaders(config: AppConfig, dev: boolean): { site: SecurityHeaders; all: (request: Request, response: Response, next: NextFunction) => void } {
  const strict = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  // Swagger UI needs inline scripts and styles of its own; it serves no user content.
  const docs = helmet({
    contentSecurityPolicy: {
      directives: { scriptSrc: ["'self'", "'unsafe-inline'"], styleSrc: ["'self'", "'unsafe-inline'"], imgSrc: ["'self'", 'data:'], frameAncestors: ["'none'"] },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return {
    site: strict as SecurityHeaders,
    all: (request: Request, response: Response, next: NextFunction) => (request.path.startsWith(`/${DOCS_PATH}`) ? docs : strict)(request, response, next),
  };
}

/**
 * Staff pages and API stay out of search engines by header, so robots.txt need not name the
 * admin path the spec keeps obscure.
 */
function keepStaffPagesOutOfSearch(request: Request, response: Response, next: NextFunction): void {
  if (STAFF_PATHS.some((prefix) => request.path === prefix || request.path.startsWith(`${prefix}/`))) response.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
}

/** Everything around the Nest app that main.ts and the e2e tests share. */
export async function configureApp(app: NestExpressApplication, options: { dev?: boolean } = {}): Promise<void> {
  const config = app.get(AppConfig);
  const dev = options.dev ?? false;
  app.disable('x-powered-by');
  app.use(timeRequests);
  measureOutboxWith(() => app.get(MailOutbox).pendingCount());
  measureBackupsWith(() => {
    const newest = newestArchive(config.backup.dir);
    return newest ? Math.round(newest.ageHours * 3600) : -1;
  });
  // A cached page or catalogue answer goes out on the HTTP server, before Express runs (its headers were kept with it).
  const responses = app.get(ResponseCache);
  measureResponseCacheWith(() => ({ bytes: responses.size, entries: responses.count }));
  const headers = securityHeaders(config, dev);
  // ...and the public pages are rendered there too, past the cache, when it has none kept.
  const ssr = app.get(SsrService);
  const compressor = app.get(PageCompressor);
  app.getHttpServer().once('close', () => void compressor.close());
  const pages = new PageResponder(ssr, app.get(ContentChanges), responses, headers.site, compressor);
  responses.attach(app.getHttpServer(), pages.frontDoor);
  // Registered here, not as APP_FILTER, so that it also sees errors raised before routing (body parsers).
  app.useGlobalFilters(new AllExceptionsFilter((path) => ssr.renderNotFound(path), (path) => (path === '/octo' || path.startsWith('/octo/') ? toOctoError : undefined)));
  // Only these proxies may say who the visitor is (TRUST_PROXY, default loopback); see clientIp().
  app.set('trust proxy', config.trustProxy);
  // Before anything that can answer (the body parsers' 400 and 413 too), so every answer carries them.
  app.use(headers.all);
  // A stopping replica closes each connection after its answer (see Draining).
  app.use(app.get(Draining).middleware);
  // Writes to /api: from our own site only, and JSON only (no form body a hostile page could send).
  app.use(guardApiWrites(config.publicUrl));
  app.useBodyParser('json', { limit: BODY_LIMIT });
  app.use(translateBodyParserErrors);
  app.use(refuseMalformedJson);
  // Answers compressed as they go out (cache misses, and everything with PAGE_CACHE=off): brotli at quality 2
  // costs a third of the default 4 for a page, for some 5 % more bytes; kept answers are compressed harder once.
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2, [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } } }));
  app.use(keepStaffPagesOutOfSearch);
  app.use(pageRedirects);
  // After compression, so that it keeps what handlers send before it is compressed.
  app.use(responses.collect);

  // Staff uploads are named by their content's hash: a file there never changes.
  app.use(`${UPLOADS_PATH}/`, express.static(app.get(ImageUploads).directory, { immutable: true, maxAge: '1y', index: false, redirect: false, fallthrough: false }));

  // Each tour's share card, with its name in the page's language (made from the tour's own picture).
  const pictures = dev ? join(PROJECT_ROOT, 'client', 'public') : join(PROJECT_ROOT, 'dist', 'client');
  const uploads = app.get(ImageUploads).directory;
  app.use(
    app.get(TourShareCards).middleware((imageUrl) => {
      if (/^\/images\/[\w/-]+\.svg$/.test(imageUrl)) return join(pictures, imageUrl);
      const upload = /^\/uploads\/([0-9a-f]+)\//.exec(imageUrl);
      return upload ? join(uploads, upload[1]!, 'share.jpg') : null;
    }),
  );

  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({ root: PROJECT_ROOT, configFile: join(PROJECT_ROOT, 'vite.config.mts'), server: { middlewareMode: true }, appType: 'custom' });
    app.use(new ArtworkRasters(join(PROJECT_ROOT, 'client', 'public'), null).middleware);
    app.use(vite.middlewares);
    app.get(SsrService).attachVite(vite);
  } else {
    const client = join(PROJECT_ROOT, 'dist', 'client');
    // Files compressed at build time (scripts/precompress.mjs) go out as they are, never compressed again.
    // Hashed bundles never change; artwork may, so it is cached for a day.
    const precompressed = { enableBrotli: true, orderPreference: ['br', 'gz'], index: false };
    app.use('/assets/', expressStaticGzip(join(client, 'assets'), { ...precompressed, serveStatic: { immutable: true, maxAge: '1y', index: false, fallthrough: false } }));
    const files = expressStaticGzip(client, { ...precompressed, serveStatic: { maxAge: '1d', index: false, redirect: false } });
    // Only a path that names a file (it has an extension) is looked for on disk: pages and API calls cost no file-system look-up, nor the error object a miss makes.
    app.use((request: Request, response: Response, next: NextFunction) => (/\.\w+$/.test(request.path) ? files(request, response, next) : next()));
    // An artwork picture the static files do not have yet is made now and kept beside the build (not by the build itself).
    app.use(new ArtworkRasters(client, client).middleware);
  }

  const openApi = new DocumentBuilder()
    .setTitle('Norrsken Arctic Tours API')
    .setDescription('Tours, departures, blog, FAQ, contact, bookings and the staff API.')
    .setVersion('1')
    .setLicense('Proprietary: the API of Norrsken Arctic Tours, for its own site and partners', `${config.publicUrl}/about/`)
    .addServer(config.publicUrl)
    .addBearerAuth()
    .build();
  // Anyone sees the public API; the staff endpoints are documented at GET /api/admin/openapi.json, behind the staff guard.
  const documents = app.get(ApiDocuments);
  documents.buildWith(() => SwaggerModule.createDocument(app, openApi));
  SwaggerModule.setup(DOCS_PATH, app, () => documents.public(), { jsonDocumentUrl: `${DOCS_PATH}/openapi.json` });
}
