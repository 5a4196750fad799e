#!/usr/bin/env node
// `npm run bench:size`: the JavaScript a visitor's browser loads for a page's first render,
// gzipped: the entry chunk and its static imports, the page's own lazy chunk and what it
// imports, and the interface strings of one language (the largest language counts: the common
// catalog, and the namespaces the page loads, from client/i18n/page-strings.json). Prints every
// page; lazy chunks (admin, AI panel, the loaders a navigation fetches) are listed apart. Exits 1
// when any page is above the 122 KB budget (120 until gift cards: the booking page's code field and
// the gift card pages' two routes in the entry took the booking page from 119.9 to 120.2 KB; 121
// until waitlists: their route in the entry and the "Full? Join the waitlist" link on the booking
// and tour pages took the booking page from 121.0 to 121.2 KB).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { ensureBuild } from './ensure-build.mjs';

const BUDGET_KB = 122;
const root = join(import.meta.dirname, '..');
ensureBuild();
const manifest = JSON.parse(readFileSync(join(root, 'dist/client/.vite/manifest.json'), 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(join(root, 'dist/client', file)), { level: 9 }).length / 1024;

/** A chunk and its static imports, by file. */
function graph(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  (chunk.imports ?? []).forEach((imported) => graph(imported, into));
  return into;
}
const sum = (files) => [...files].reduce((total, file) => total + gzipKb(file), 0);

const entry = graph('client/entry-client.tsx');
/** Each language's compiled strings: client/locales/{lang}.json (common) and client/locales/{namespace}/{lang}.json. */
const catalogs = Object.entries(manifest).filter(([key]) => /^client\/locales\/(\w+\/)?\w+\.json\?lingui$/.test(key));
const isCommon = (key) => /^client\/locales\/\w+\.json\?lingui$/.test(key);
const largest = (entries) => Math.max(0, ...entries.map(([, chunk]) => gzipKb(chunk.file)));
const commonStrings = largest(catalogs.filter(([key]) => isCommon(key)));
const pageStrings = JSON.parse(readFileSync(join(root, 'client/i18n/page-strings.json'), 'utf8'));
const namespaceStrings = (namespaces = []) => namespaces.reduce((total, namespace) => total + largest(catalogs.filter(([key]) => key.startsWith(`client/locales/${namespace}/`))), 0);

const pages = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('client/pages/'))
  .map(([key]) => {
    const own = [...graph(key)].filter((file) => !entry.has(file));
    return { key, own: sum(own), total: sum(entry) + sum(own) + commonStrings + namespaceStrings(pageStrings[key]) };
  })
  .sort((a, b) => b.total - a.total);

const catalogFiles = new Set(catalogs.map(([, chunk]) => chunk.file));
for (const file of entry) console.log(`first render  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);
for (const [key, chunk] of catalogs) console.log(`strings       ${gzipKb(chunk.file).toFixed(1).padStart(7)} KB  ${chunk.file} (${key.replace(/^client\/locales\/|\.json\?lingui$/g, '')})`);
for (const page of pages) console.log(`page          ${page.own.toFixed(1).padStart(7)} KB  ${page.key} (its first render: ${page.total.toFixed(1)} KB)`);
for (const chunk of Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js') && !entry.has(chunk.file) && !catalogFiles.has(chunk.file))) {
  console.log(`lazy          ${gzipKb(chunk.file).toFixed(1).padStart(7)} KB  ${chunk.file}`);
}
const home = pages.find((page) => page.key === 'client/pages/HomePage.tsx')?.total ?? sum(entry) + commonStrings;
const over = pages.filter((page) => page.total > BUDGET_KB).map((page) => `${page.key} ${page.total.toFixed(1)} KB`);
console.log(`first-render JavaScript: home page ${home.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)${over.length ? `; over the budget: ${over.join(', ')}` : '; every page within it'}`);
process.exit(home <= BUDGET_KB && over.length === 0 ? 0 : 1);
