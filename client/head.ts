import { isRouteErrorResponse, type Location } from 'react-router-dom';
import { LANGUAGES, langOfPath, localizedPath, type Lang } from '../shared/languages';
import type { Namespace } from './i18n/catalogs';
import { jsonLdOf, travelAgencyJsonLd, type JsonLdOf } from './json-ld';
import type { Translate } from './i18n/i18n';

export const SITE_NAME = 'Norrsken Arctic Tours';

export interface PageMeta {
  title: string;
  description: string;
  /** Canonical path, with its trailing slash; none for a page that is not one (a 404, an error). */
  path?: string;
  robots?: 'index, follow' | 'noindex, follow' | 'noindex, nofollow';
  image?: string;
  /** What the image shows, for og:image:alt and twitter:image:alt. */
  imageAlt?: string;
  type?: 'website' | 'article';
  /** Structured data, as what it describes: the server makes it (client/json-ld.ts), so the browser never loads that code. */
  jsonLd?: JsonLdOf[];
  /** Set for a page in one language only (the admin, in Swedish); a public page's language is its path's. */
  lang?: Lang;
  /** An installable app's web app manifest and its bar colour (the guide app). */
  app?: { manifest: string; themeColor: string };
}

/** A page's meta as sent: in its language, its canonical path in that language, and the same page in every language. */
export interface ResolvedMeta extends PageMeta {
  lang: Lang;
  /** hreflang alternates (x-default: the English page); none for a page in one language only. */
  alternates: { hreflang: Lang | 'x-default'; path: string }[];
}

export interface MetaArgs<Data = unknown> {
  data: Data;
  params: Record<string, string | undefined>;
  location: Location;
  /** The page's language, and its interface strings. */
  lang: Lang;
  t: Translate;
}

/** A route's `handle`: how to describe its page to browsers, search engines and social sites. */
export interface RouteHandle<Data = unknown> {
  meta?: (args: MetaArgs<Data>) => PageMeta;
  /** A lazy page's source module (as the build's manifest names it), preloaded with the page. */
  module?: string;
  /** The namespaces of strings it loads besides the common ones, preloaded with the page. */
  strings?: Namespace[];
}

export const DEFAULT_IMAGE = '/images/art/hero.svg';

/**
 * The 1200 × 630 JPEG that stands for a picture when a page is shared (social sites show no SVG):
 * the artwork's, made on first request (src/common/http/artwork-rasters.ts), or an upload's, made with it.
 */
export function shareImage(url: string): string {
  const artwork = /^\/images\/art\/([\w-]+)\.svg$/.exec(url);
  if (artwork) return `/images/share/${artwork[1]}.jpg`;
  const upload = /^(\/uploads\/[0-9a-f]+)\//.exec(url);
  if (upload) return `${upload[1]}/share.jpg`;
  return url;
}

export const notFoundMeta = ({ t }: Pick<MetaArgs, 't'>): PageMeta => ({
  title: `${t('error.notFoundTitle')} | ${SITE_NAME}`,
  description: t('error.notFoundText'),
  robots: 'noindex, follow',
});

const errorMeta = (t: Translate): PageMeta => ({
  title: `${t('error.title')} | ${SITE_NAME}`,
  description: t('error.metaDescription'),
  robots: 'noindex, nofollow',
});


/** The part of a router's state (server or browser) that decides a page's head. */
export interface MetaState {
  matches: { params: Record<string, string | undefined>; route: { id: string; handle?: unknown } }[];
  loaderData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
  location: Location;
}

/** The page's meta: the 404 or error meta when a loader failed, else the deepest route's own; in the page's language. */
export function resolveMeta(state: MetaState, t: Translate): ResolvedMeta {
  const lang = langOfPath(state.location.pathname);
  return inLanguage(pageMeta(state, t, lang), lang, t);
}

function pageMeta(state: MetaState, t: Translate, lang: Lang): PageMeta {
  if (state.errors) {
    const error = Object.values(state.errors)[0];
    return isRouteErrorResponse(error) && error.status === 404 ? notFoundMeta({ t }) : errorMeta(t);
  }
  for (let index = state.matches.length - 1; index >= 0; index--) {
    const { route, params } = state.matches[index];
    const handle = route.handle as RouteHandle | undefined;
    if (handle?.meta) return handle.meta({ data: state.loaderData?.[route.id], params, location: state.location, lang, t });
  }
  return notFoundMeta({ t });
}

/** Meta paths are the English pages' (the spec's routes): the page's own is the one in its language. */
function inLanguage(meta: PageMeta, lang: Lang, t: Translate): ResolvedMeta {
  const imageAlt = meta.imageAlt ?? ((meta.image ?? DEFAULT_IMAGE) === DEFAULT_IMAGE ? t('meta.defaultImageAlt') : undefined);
  if (meta.lang || meta.path === undefined) return { ...meta, imageAlt, lang: meta.lang ?? lang, alternates: [] };
  const english = meta.path;
  return {
    ...meta,
    imageAlt,
    lang,
    path: localizedPath(lang, english),
    alternates: [...LANGUAGES.map((other) => ({ hreflang: other, path: localizedPath(other, english) })), { hreflang: 'x-default' as const, path: english }],
  };
}

const JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON for an inline script: `<` escaped so that no string can close the script element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (character) => JSON_ESCAPES[character]!);
}

const jsonLdTag = (data: unknown): string => `<script type="application/ld+json">${inlineJson(data)}</script>`;

/** The company's own structured data, on every page: the same for a site address, so made once per address. */
const TRAVEL_AGENCY_TAGS = new Map<string, string>();
function travelAgencyTag(publicUrl: string): string {
  let tag = TRAVEL_AGENCY_TAGS.get(publicUrl);
  if (tag === undefined) TRAVEL_AGENCY_TAGS.set(publicUrl, (tag = jsonLdTag(travelAgencyJsonLd(publicUrl))));
  return tag;
}

const OG_LOCALES: Record<Lang, string> = { en: 'en_GB', sv: 'sv_SE', de: 'de_DE' };

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The head tags of a page, as HTML for the server's response. */
export function renderHeadTags(meta: ResolvedMeta, publicUrl: string): string {
  const canonical = meta.path === undefined ? undefined : `${publicUrl}${meta.path}`;
  const image = `${publicUrl}${shareImage(meta.image ?? DEFAULT_IMAGE)}`;
  const imageAlt = meta.imageAlt ?? meta.title;
  const tags = [
    `<title>${escapeAttribute(meta.title)}</title>`,
    `<meta name="description" content="${escapeAttribute(meta.description)}">`,
    `<meta name="robots" content="${meta.robots ?? 'index, follow'}">`,
    ...(meta.app ? [`<link rel="manifest" href="${escapeAttribute(meta.app.manifest)}">`, `<meta name="theme-color" content="${escapeAttribute(meta.app.themeColor)}">`] : []),
    ...(canonical ? [`<link rel="canonical" href="${escapeAttribute(canonical)}">`] : []),
    ...meta.alternates.map(({ hreflang, path }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeAttribute(`${publicUrl}${path}`)}">`),
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:locale" content="${OG_LOCALES[meta.lang]}">`,
    `<meta property="og:title" content="${escapeAttribute(meta.title)}">`,
    `<meta property="og:description" content="${escapeAttribute(meta.description)}">`,
    ...(canonical ? [`<meta property="og:url" content="${escapeAttribute(canonical)}">`] : []),
    `<meta property="og:image" content="${escapeAttribute(image)}">`,
    ...(/\/share(\/|\.jpg$)/.test(image) ? ['<meta property="og:image:type" content="image/jpeg">', '<meta property="og:image:width" content="1200">', '<meta property="og:image:height" content="630">'] : []),
    `<meta property="og:image:alt" content="${escapeAttribute(imageAlt)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeAttribute(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeAttribute(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeAttribute(image)}">`,
    `<meta name="twitter:image:alt" content="${escapeAttribute(imageAlt)}">`,
  ];
  tags.push(travelAgencyTag(publicUrl));
  for (const data of (meta.jsonLd ?? []).map((item) => jsonLdOf(item, publicUrl))) {
    tags.push(jsonLdTag(data));
  }
  return tags.join('\n    ');
}

function setMeta(selector: string, attribute: 'content' | 'href', value: string): void {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/** Points, adds or (for a page with no canonical address) removes a head element that names the page's address. */
function setPageAddress(tag: 'link' | 'meta', key: ['rel' | 'property' | 'name', string], attribute: 'content' | 'href', value: string | undefined): void {
  const [name, keyValue] = key;
  let element = document.head.querySelector(`${tag}[${name}="${keyValue}"]`);
  if (value === undefined) return element?.remove();
  if (!element) {
    element = document.head.appendChild(document.createElement(tag));
    element.setAttribute(name, keyValue);
  }
  element.setAttribute(attribute, value);
}

/** After a client-side navigation: the same head facts the server would have sent. */
export function applyHead(meta: ResolvedMeta): void {
  document.documentElement.lang = meta.lang;
  // Every page the server sends has an absolute og:image under PUBLIC_URL, a 404 too.
  const image = document.head.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content;
  const base = image ? new URL(image).origin : window.location.origin;
  const canonical = meta.path === undefined ? undefined : `${base}${meta.path}`;
  document.title = meta.title;
  setMeta('meta[name="description"]', 'content', meta.description);
  setMeta('meta[name="robots"]', 'content', meta.robots ?? 'index, follow');
  setPageAddress('link', ['rel', 'canonical'], 'href', canonical);
  setPageAddress('link', ['rel', 'manifest'], 'href', meta.app?.manifest);
  setPageAddress('meta', ['name', 'theme-color'], 'content', meta.app?.themeColor);
  for (const element of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) element.remove();
  for (const { hreflang, path } of meta.alternates) {
    const link = document.head.appendChild(document.createElement('link'));
    Object.assign(link, { rel: 'alternate', hreflang, href: `${base}${path}` });
  }
  setMeta('meta[property="og:title"]', 'content', meta.title);
  setMeta('meta[property="og:description"]', 'content', meta.description);
  setPageAddress('meta', ['property', 'og:url'], 'content', canonical);
  setMeta('meta[property="og:type"]', 'content', meta.type ?? 'website');
}
