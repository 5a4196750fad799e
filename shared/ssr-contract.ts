import type { Lang } from './languages';
import type { SiteApi } from './api-types';

/** What the Nest server and client/entry-server.tsx agree on. */
export interface RenderAssets {
  scripts: string[];
  styles: string[];
  preloads: string[];
  /** Each language's compiled interface strings (a chunk the entry imports when the page is in that language), preloaded with the page. */
  catalogs?: Partial<Record<Lang, string>>;
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
