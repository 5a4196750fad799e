import { readFileSync } from 'node:fs';

import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

import { STATE_FILE, type SharedServer } from './global-setup';

/** The flags this machine's Chromium needs: no sandbox as root, no network beyond the app. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Tabs share renderer processes rather than start one each: every test opens a fresh context, and on
  // two cores a renderer's start is a sixth of a page's load.
  '--disable-site-isolation-trials',
  '--renderer-process-limit=2',
];

/** This Jest worker's server (global-setup.ts starts one per worker). */
export function sharedServer(): SharedServer {
  const { servers } = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { servers: SharedServer[] };
  return servers[(Number(process.env.JEST_WORKER_ID ?? 1) - 1) % servers.length]!;
}

export const baseUrl = (): string => sharedServer().url;

/** libfaketime's variables (scripts/test-at.sh): Chromium itself keeps the real clock, which it crawls without. */
const FAKETIME_VARIABLES = ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_FAKE_MONOTONIC'];

/** The environment Chromium runs with: the tests' own, without libfaketime's. */
const chromiumEnv = (): Record<string, string> => Object.fromEntries(Object.entries(process.env).filter(([name, value]) => value !== undefined && !FAKETIME_VARIABLES.includes(name))) as Record<string, string>;

/** Chromium; `extraArgs` add to the flags above (a fake camera, say). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: [...CHROMIUM_FLAGS, ...extraArgs], env: chromiumEnv() });
}

/**
 * A browser with a profile on disk (not incognito, as every other context here is): where Chromium
 * will say whether a web app can be installed. Closed with its context.
 */
export function launchProfileBrowser(userDataDir: string, options: BrowserContextOptions): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_FLAGS, env: chromiumEnv(), ...options });
}

/** A browser context whose pages read the tests' clock: under scripts/test-at.sh, the time of day the suites run at (Playwright's clock, running on from it). */
export async function newBrowserContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  if (process.env.FAKETIME) await context.clock.setSystemTime(new Date());
  return context;
}

/** A fresh page that records every console error and uncaught exception; `locale` sets the browser's language (its Accept-Language and navigator.languages). */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }, locale?: string): Promise<{ page: Page; errors: string[] }> {
  const context = await newBrowserContext(browser, { viewport, baseURL: baseUrl(), ...(locale && { locale }) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
}

/**
 * A gate for held requests: `wait` resolves once `open` is called, whether the request arrived
 * before or after. (A resolver captured inside a route handler is lost when the page shows its
 * waiting state before the request reaches the route, as it does while a lazy chunk loads.)
 */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

/** Launches Chromium once for a suite and closes it after; read `browser` inside tests. */
export function useBrowser(): { readonly browser: Browser } {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  return {
    get browser() {
      return browser;
    },
  };
}
