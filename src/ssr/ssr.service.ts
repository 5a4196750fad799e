import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { HttpStatus, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { ViteDevServer } from 'vite' with { 'resolution-mode': 'import' };

import { isLang, langOfPath, localizedPath } from '../../shared/languages';
import type { SiteApi } from '../../shared/api-types';
import { NOT_FOUND_PATH, type LoadedPage, type RenderAssets, type RenderFunction, type PageRendered, type RenderResult, type RenderSettings, type ServerBundle } from '../../shared/ssr-contract';
import { BlogService } from '../blog/blog.service';
import { BookingLookupLimiter } from '../bookings/booking-lookup.limiter';
import { BookingsService } from '../bookings/bookings.service';
import { GiftCardSales } from '../gift-cards/gift-card-sales.service';
import { ManageService } from '../bookings/manage.service';
import { StaysService } from '../bookings/stays.service';
import { isDatabaseUnavailable } from '../common/filters/database-unavailable';
import { WorkerLane } from '../common/workers/worker-lane';
import { AppConfig } from '../config/app-config';
import { FaqService } from '../faq/faq.service';
import { ToursService } from '../tours/tours.service';
import { inProcessSiteApi, watchFailures, type SiteServices } from './in-process-site-api';

/** The folder with package.json, from src/ (tests, dev) or dist/server/src/ (built). */
function findProjectRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) dir = join(dir, '..');
  return dir;
}

export const PROJECT_ROOT = findProjectRoot(__dirname);

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  isDynamicEntry?: boolean;
}

/** A language's catalog chunk in the manifest: client/locales/sv.json?lingui, or a namespace's, client/locales/pages/sv.json?lingui. */
const CATALOG_SOURCE = /^client\/locales\/(?:(\w+)\/)?(\w+)\.json\?lingui$/;

/** Scripts, styles and preloads for the browser entry, from Vite's build manifest. */
export function assetsFromManifest(manifest: Record<string, ManifestChunk>, entry = 'client/entry-client.tsx'): RenderAssets {
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`The client build manifest has no entry ${entry}`);
  const styles = new Set(chunk.css ?? []);
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const imported = manifest[key];
    if (!imported || preloads.has(imported.file)) return;
    preloads.add(imported.file);
    imported.css?.forEach((css) => styles.add(css));
    imported.imports?.forEach(visit);
  };
  chunk.imports?.forEach(visit);
  const url = (file: string) => `/${file}`;
  const catalogs = Object.fromEntries(
    Object.entries(manifest).flatMap(([key, { file }]) => {
      const [, namespace = '', lang] = CATALOG_SOURCE.exec(key) ?? [];
      return lang && isLang(lang) ? [[`${namespace}${lang}`, url(file)]] : [];
    }),
  );
  // A lazy page's chunk and what it imports that the entry does not: preloaded with that page.
  const modules = Object.fromEntries(
    Object.entries(manifest)
      .filter(([, lazy]) => lazy.isDynamicEntry && lazy.src?.endsWith('.tsx'))
      .map(([key, lazy]) => {
        const files = new Set<string>();
        const collect = (file: string, imports: string[] = []) => {
          if (preloads.has(file) || files.has(file) || file === chunk.file) return;
          files.add(file);
          imports.forEach((imported) => manifest[imported] && collect(manifest[imported].file, manifest[imported].imports));
        };
        collect(lazy.file, lazy.imports);
        return [key, [...files].map(url)];
      }),
  );
  return { scripts: [url(chunk.file)], styles: [...styles].map(url), preloads: [...preloads].map(url), catalogs, modules };
}

/** Renders a page by its address, its data read through `api`. */
type PageRenderer = (url: string, api: SiteApi) => Promise<RenderResult>;

/**
 * The worker's work: the built bundle's renderLoaded, with the settings every page shares.
 * Loaded in the worker, the bundle is a second copy of the app, with no services: a page's data
 * is always loaded on the main thread.
 */
const RENDER_WORKER_SETUP = `
const { renderLoaded } = require(workerData.bundle);
async function work(page) {
  return { output: await renderLoaded(page, workerData.settings) };
}
`;

/**
 * The render worker's old-generation cap, in MB: a cap if something leaks, not a size it needs
 * (the app's code and strings and a handful of pages come to about 15 MB). V8 keeps a heap with a
 * low cap small rather than fast: capped at 128 MB, it ran a full collection after every 2 MB or so
 * (a rendered tour page or two), 557 of them in 53 s of bench:soak and a quarter of the worker's
 * time; capped at 256 MB, 18 in the same run.
 */
const RENDER_HEAP_MB = 256;

/** Pages waiting in the render worker past which the next one is rendered on the main thread. */
const RENDERS_IN_FLIGHT = 16;

/**
 * The built bundle's renderer: a page's data is loaded here, where the site's services are, and
 * the page is rendered to HTML in a worker thread (renderToString is a tour page's largest cost,
 * some milliseconds in which the event loop would answer nobody else). A page that shows an error
 * or answers another status than 200 is rendered here (see LoadedPage.stayHere).
 */
export function builtRenderer(bundleFile: string, settings: RenderSettings): { render: PageRenderer; close: () => Promise<void> } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { load, renderLoaded } = require(bundleFile) as ServerBundle;
  const lane = new WorkerLane<LoadedPage, PageRendered>({
    name: 'The page renderer',
    setup: RENDER_WORKER_SETUP,
    workerData: { bundle: bundleFile, settings },
    resourceLimits: { maxOldGenerationSizeMb: RENDER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
    maxInFlight: RENDERS_IN_FLIGHT,
    inPlace: (page) => renderLoaded(page, settings),
  });
  return {
    render: async (url, api) => {
      const loaded = await load(url, api);
      if (loaded.kind === 'redirect') return loaded;
      return loaded.page.stayHere ? renderLoaded(loaded.page, settings) : lane.run(loaded.page);
    },
    close: () => lane.close(),
  };
}

/**
 * Renders pages with the React app: from the built SSR bundle (see builtRenderer), or in
 * development through Vite in middleware mode with hot reload.
 */
@Injectable()
export class SsrService implements OnModuleDestroy {
  private readonly logger = new Logger(SsrService.name);
  private readonly services: SiteServices;
  private vite?: ViteDevServer;
  /** The built bundle's renderer and its worker, once loaded (never in development, where Vite reloads the app). */
  private built?: { render: PageRenderer; close: () => Promise<void> };

  constructor(
    private readonly config: AppConfig,
    tours: ToursService,
    blog: BlogService,
    faq: FaqService,
    stays: StaysService,
    bookings: BookingsService,
    lookups: BookingLookupLimiter,
    manage: ManageService,
    giftCards: GiftCardSales,
  ) {
    this.services = { tours, blog, faq, stays, bookings, lookups, manage, giftCards };
  }

  /** Development: Vite serves and transforms the client; pages render from source. */
  attachVite(vite: ViteDevServer): void {
    this.vite = vite;
  }

  /**
   * `clientIp` is the visitor's address, for the limits some page data shares with the API.
   * `dataFailed`: some of the page's data failed to load on our side, and the page shows that.
   * When it failed because the database does not answer, the page is a 503 (try again shortly),
   * whether it shows the failure in place ("Failed to load tours") or as the error page.
   */
  async render(url: string, clientIp: string): Promise<RenderResult & { dataFailed: boolean }> {
    // Once loaded, the built renderer is at hand: no await before rendering.
    const render = this.built?.render ?? (await this.renderer(url));
    let dataFailed = false;
    let databaseUnavailable = false;
    const api = watchFailures(inProcessSiteApi(this.services, clientIp), (error) => {
      dataFailed = true;
      databaseUnavailable ||= isDatabaseUnavailable(error);
    });
    const result = await render(url, api);
    if (result.kind === 'page' && databaseUnavailable) return { ...result, status: HttpStatus.SERVICE_UNAVAILABLE, dataFailed };
    return { ...result, dataFailed };
  }

  /** The 404 page in the language of `path`, for requests that never reach the router (another method, an undecodable address). */
  async renderNotFound(path: string): Promise<string> {
    const result = await this.render(localizedPath(langOfPath(path), NOT_FOUND_PATH), 'unknown');
    return result.kind === 'page' ? result.html : '<!doctype html><title>404 - Page Not Found</title><h1>404 - Page Not Found</h1>';
  }

  async onModuleDestroy(): Promise<void> {
    await this.vite?.close();
    await this.built?.close();
  }

  private async renderer(url: string): Promise<PageRenderer> {
    if (this.vite) {
      const { render } = (await this.vite.ssrLoadModule('/client/entry-server.tsx')) as { render: RenderFunction };
      const devHead = (await this.vite.transformIndexHtml(url, '<html><head></head><body></body></html>'))
        .replace(/^[\s\S]*<head>|<\/head>[\s\S]*$/g, '');
      const assets: RenderAssets = { scripts: ['/client/entry-client.tsx'], styles: [], preloads: [], devHead };
      return (pageUrl, api) => render(pageUrl, { api, publicUrl: this.config.publicUrl, assets });
    }
    if (!this.built) {
      const bundle = join(PROJECT_ROOT, 'dist', 'ssr', 'entry-server.js');
      const manifestFile = join(PROJECT_ROOT, 'dist', 'client', '.vite', 'manifest.json');
      if (!existsSync(bundle) || !existsSync(manifestFile)) {
        throw new Error('The client build is missing: run `npm run build` (npm start does it for you).');
      }
      const assets = assetsFromManifest(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>);
      this.built = builtRenderer(bundle, { publicUrl: this.config.publicUrl, assets });
      this.logger.log('Loaded the server-rendering bundle');
    }
    return this.built.render;
  }
}
