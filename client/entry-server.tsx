import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type DataRouteObject, type DataStrategyFunction, type StaticHandler, type StaticHandlerContext } from 'react-router-dom';

import { langOfPath, type Lang } from '../shared/languages';
import type { SiteApi } from '../shared/api-types';
import type { LoadedPage, LoadResult, PageRendered, RenderAssets, RenderOptions, RenderResult, RenderSettings } from '../shared/ssr-contract';
import { inlineJson, renderHeadTags, resolveMeta, type RouteHandle } from './head';
import { LanguageProvider, translator } from './i18n/i18n';
import { createI18n } from './i18n/messages';
import { messages as de } from './locales/de.json?lingui';
import { messages as en } from './locales/en.json?lingui';
import { messages as bookingDe } from './locales/booking/de.json?lingui';
import { messages as bookingEn } from './locales/booking/en.json?lingui';
import { messages as bookingSv } from './locales/booking/sv.json?lingui';
import { messages as pagesDe } from './locales/pages/de.json?lingui';
import { messages as tripDe } from './locales/trip/de.json?lingui';
import { messages as tripEn } from './locales/trip/en.json?lingui';
import { messages as tripSv } from './locales/trip/sv.json?lingui';
import { messages as giftsDe } from './locales/gifts/de.json?lingui';
import { messages as giftsEn } from './locales/gifts/en.json?lingui';
import { messages as giftsSv } from './locales/gifts/sv.json?lingui';
import { messages as followupDe } from './locales/followup/de.json?lingui';
import { messages as followupEn } from './locales/followup/en.json?lingui';
import { messages as followupSv } from './locales/followup/sv.json?lingui';
import { messages as pagesEn } from './locales/pages/en.json?lingui';
import { messages as pagesSv } from './locales/pages/sv.json?lingui';
import { messages as sv } from './locales/sv.json?lingui';
import { messages as browseDe } from './locales/browse/de.json?lingui';
import { messages as browseEn } from './locales/browse/en.json?lingui';
import { messages as browseSv } from './locales/browse/sv.json?lingui';
import { ROUTER_STATE_ID } from './shared/router-state';
import { routeGroup, routesByGroup, type RouteGroup } from './route-groups';
import { routes } from './routes';

/** One handler per group of routes (a language's pages, the admin's), with their ids as the browser's router gives them. */
const HANDLERS = Object.fromEntries(
  Object.entries(routesByGroup(createStaticHandler(routes).dataRoutes)).map(([group, groupRoutes]) => [group, createStaticHandler(groupRoutes)]),
) as Record<RouteGroup, StaticHandler>;

/** Each language's strings, made once: a page uses its language's, unchanged by rendering. */
const I18NS: Record<Lang, ReturnType<typeof createI18n>> = {
  en: createI18n('en', { ...en, ...browseEn, ...pagesEn, ...bookingEn, ...tripEn, ...giftsEn, ...followupEn }),
  sv: createI18n('sv', { ...sv, ...browseSv, ...pagesSv, ...bookingSv, ...tripSv, ...giftsSv, ...followupSv }),
  de: createI18n('de', { ...de, ...browseDe, ...pagesDe, ...bookingDe, ...tripDe, ...giftsDe, ...followupDe }),
};

/** What StaticRouterProvider would inline as `window.__staticRouterHydrationData`, errors serialised the same way. */
function routerState(context: StaticHandlerContext): unknown {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]: [string, unknown]) => [
          id,
          isRouteErrorResponse(error)
            ? { ...error, __type: 'RouteErrorResponse' }
            : error instanceof Error
              ? { message: error.message, __type: 'Error', ...(error.name !== 'Error' ? { __subType: error.name } : {}) }
              : error,
        ]),
      )
    : null;
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

/**
 * The routes of this one request's matches, each with only the next as its child: what
 * rendering needs (the same routes, ids and order win), without the router converting every
 * route of the site again for each request, as it does for the routes it is given.
 */
function matchedBranch(context: StaticHandlerContext, handler: StaticHandler): DataRouteObject[] {
  if (!context.matches.length) return handler.dataRoutes;
  return context.matches.reduceRight<DataRouteObject[]>(
    (children, { route }) => [children.length ? ({ ...route, children } as DataRouteObject) : route],
    [],
  );
}

/**
 * The stylesheet and module-preload tags of a page: the entry's imports, the lazy pages it
 * matched, and its language's strings. The same for every page of a route in a language, so made
 * once per route and language (the assets never change while the process runs).
 */
const ASSET_TAGS = new WeakMap<RenderAssets, Map<string, string>>();
function assetTags(context: StaticHandlerContext, assets: RenderAssets, lang: Lang): string {
  let made = ASSET_TAGS.get(assets);
  if (!made) ASSET_TAGS.set(assets, (made = new Map()));
  const key = `${lang} ${context.matches.map(({ route }) => route.id).join(' ')}`;
  let tags = made.get(key);
  if (tags === undefined) {
    const handles = context.matches.map(({ route }) => (route.handle as RouteHandle | undefined) ?? {});
    const pages = handles.flatMap(({ module }) => (module && assets.modules?.[module]) || []);
    const strings = ['', ...handles.flatMap(({ strings }) => strings ?? [])].flatMap((namespace) => assets.catalogs?.[`${namespace}${lang}`] ?? []);
    const preloads = [...new Set([...assets.preloads, ...pages, ...strings])];
    tags = [
      ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeUrl(href)}">`),
      ...preloads.map((href) => `<link rel="modulepreload" href="${escapeUrl(href)}">`),
    ].join('\n    ');
    made.set(key, tags);
  }
  return tags;
}

const escapeUrl = (url: string): string => url.replace(/"/g, '%22').replace(/</g, '%3C');

/**
 * The address of the page a request target asks for, on no host of anyone's. An origin-form
 * target ("/tours/?x") is never resolved against a base, which would read "/\evil.example/" as
 * evil.example's "/"; an absolute-form one ("http://any.host/tours/", which HTTP/1.1 servers
 * must accept) counts by its path and query alone.
 */
function pageAddress(target: string): URL {
  if (target.startsWith('/')) return new URL(`http://localhost${target}`);
  const { pathname, search } = new URL(target, 'http://localhost');
  return new URL(`http://localhost${pathname}${search}`);
}

/** Runs a page's loaders (they call the site's services through `api`). */
function query(url: string, api: SiteApi, dataStrategy?: DataStrategyFunction): Promise<StaticHandlerContext | Response> {
  const address = pageAddress(url);
  return HANDLERS[routeGroup(address.pathname)].query(new Request(address, { method: 'GET' }), { requestContext: { api }, dataStrategy });
}

/** The router's context of a page that was loaded on this thread, which only this thread can render. */
const CONTEXTS = new WeakMap<LoadedPage, StaticHandlerContext>();

/** Loads one page's data, or tells the server to redirect. */
export async function load(url: string, api: SiteApi): Promise<LoadResult> {
  const started = performance.now();
  const context = await query(url, api);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const page: LoadedPage = { url, loaderData: context.loaderData, stayHere: context.errors !== null || context.statusCode !== 200, dataMs: performance.now() - started };
  CONTEXTS.set(page, context);
  return { kind: 'loaded', page };
}

/**
 * Renders a loaded page to a complete HTML document, on any thread. On another one, the router
 * matches the page again and loads the code of its lazy routes, but its loaders are not run:
 * each gives what it gave where the page was loaded.
 */
export async function renderLoaded(page: LoadedPage, settings: RenderSettings): Promise<PageRendered> {
  let context = CONTEXTS.get(page);
  if (!context) {
    const loaded = await query(page.url, NO_API, async ({ matches }) => {
      const loading = matches.filter((match) => match.shouldLoad);
      const results = await Promise.all(loading.map((match) => match.resolve(() => page.loaderData[match.route.id])));
      return Object.fromEntries(loading.map((match, index) => [match.route.id, results[index]]));
    });
    if (loaded instanceof Response || loaded.errors || loaded.statusCode !== 200) throw new Error(`${page.url} did not load again as it had`);
    context = loaded;
  }
  return renderContext(context, settings, page.dataMs);
}

/** Where a page is rendered from data loaded elsewhere, nothing may call the services. */
const NO_API = new Proxy({} as SiteApi, {
  // Not a promise ("then"): awaiting it gives it back.
  get: (_, name) => (name === 'then' ? undefined : () => Promise.reject(new Error(`A page rendered from loaded data called the site's ${String(name)}`))),
});

/** Renders a page from its router context, on the thread that made the context. */
function renderContext(context: StaticHandlerContext, { publicUrl, assets }: RenderSettings, dataMs: number): PageRendered {
  const started = performance.now();
  const handler = HANDLERS[routeGroup(context.location.pathname)];
  const router = createStaticRouter(matchedBranch(context, handler), context);
  const i18n = I18NS[langOfPath(context.location.pathname)];
  const body = renderToString(
    <StrictMode>
      <LanguageProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </LanguageProvider>
    </StrictMode>,
  );
  const timings = { data: dataMs, render: performance.now() - started };
  const meta = resolveMeta(context, translator(i18n));
  const head = [
    assetTags(context, assets, meta.lang),
    renderHeadTags(meta, publicUrl),
    assets.devHead ?? '',
  ].join('\n    ');
  // The router's state as data, not code: no inline script runs, so the CSP needs no nonce and a page can be cached as it is.
  const state = `<script type="application/json" id="${ROUTER_STATE_ID}">${inlineJson(routerState(context))}</script>`;
  const scripts = [state, ...assets.scripts.map((src) => `<script type="module" src="${escapeUrl(src)}"></script>`)].join('\n    ');
  const html = `<!doctype html>
<html lang="${meta.lang}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="theme-color" content="#0b1d3a">
    <link rel="icon" href="/images/logo.svg" type="image/svg+xml">
    ${head}
  </head>
  <body>
    <div id="root">${body}</div>
    ${scripts}
  </body>
</html>`;
  return { kind: 'page', status: context.statusCode, html, timings };
}

/** Renders one page to a complete HTML document, or tells the server to redirect: load, then render, on this thread. */
export async function render(url: string, { api, ...settings }: RenderOptions): Promise<RenderResult> {
  const loaded = await load(url, api);
  return loaded.kind === 'redirect' ? loaded : renderLoaded(loaded.page, settings);
}
