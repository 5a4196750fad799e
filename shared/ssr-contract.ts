import type { SiteApi } from './api-types';

/** What the Nest server and client/entry-server.tsx agree on. */
export interface RenderAssets {
  scripts: string[];
  styles: string[];
  preloads: string[];
  /** Each language's compiled interface strings, by namespace and language (`sv` the common ones, `pagessv` a namespace's), preloaded with the page. */
  catalogs?: Record<string, string>;
  /** A lazy page's chunks by its source module (`client/pages/TourPage.tsx`): preloaded with that page. */
  modules?: Record<string, string[]>;
  /** Development only: Vite's client and React refresh preamble. */
  devHead?: string;
}

/** What every page of a running server is rendered with. */
export interface RenderSettings {
  publicUrl: string;
  assets: RenderAssets;
}

export interface RenderOptions extends RenderSettings {
  api: SiteApi;
}

/**
 * A page whose data is loaded: what its loaders gave, as plain data, so that a worker thread with
 * its own copy of the app can render it.
 */
export interface LoadedPage {
  url: string;
  /** Each route's loader's data, by route id. */
  loaderData: Record<string, unknown>;
  /**
   * It shows an error (a 404, a loader that threw) or answers a status other than 200: only the
   * thread that loaded it has all of that, so it is rendered there.
   */
  stayHere: boolean;
  /** Milliseconds its data took to load. */
  dataMs: number;
}

/** The server answers with a redirect instead of a page. */
export type PageRedirect = { kind: 'redirect'; status: number; location: string };

export type LoadResult = PageRedirect | { kind: 'loaded'; page: LoadedPage };

/** `timings`: milliseconds spent loading the page's data and rendering it (for Server-Timing). */
export type PageRendered = { kind: 'page'; status: number; html: string; timings: { data: number; render: number } };

export type RenderResult = PageRedirect | PageRendered;

export type RenderFunction = (url: string, options: RenderOptions) => Promise<RenderResult>;
/** The first half of RenderFunction: the page's data, on the thread that has the site's services. */
export type LoadFunction = (url: string, api: SiteApi) => Promise<LoadResult>;
/** The second half: the page's HTML from its loaded data, on any thread. */
export type RenderLoadedFunction = (page: LoadedPage, settings: RenderSettings) => Promise<PageRendered>;

/** What the built server bundle (dist/ssr/entry-server.js) exports. */
export interface ServerBundle {
  render: RenderFunction;
  load: LoadFunction;
  renderLoaded: RenderLoadedFunction;
}

/** The path the server renders for a 404 it found itself (an unknown method or path). */
export const NOT_FOUND_PATH = '/__not-found__/';
