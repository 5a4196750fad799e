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

export interface RenderOptions {
  api: SiteApi;
  publicUrl: string;
  assets: RenderAssets;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  /** `timings`: milliseconds spent loading the page's data and rendering it (for Server-Timing). */
  | { kind: 'page'; status: number; html: string; timings: { data: number; render: number } };

export type RenderFunction = (url: string, options: RenderOptions) => Promise<RenderResult>;

/** The path the server renders for a 404 it found itself (an unknown method or path). */
export const NOT_FOUND_PATH = '/__not-found__/';
