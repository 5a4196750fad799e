#!/usr/bin/env node
// `npm run bench:size`: the JavaScript a visitor's browser loads for the first render of the
// home page (the entry chunk and its static imports, and the interface strings of the page's
// language: the largest of the three, as a page loads one), gzipped. Lazy chunks (admin, AI
// panel) are listed apart. Exits 1 above the 120 KB budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { ensureBuild } from './ensure-build.mjs';

const BUDGET_KB = 120;
const root = join(import.meta.dirname, '..');
ensureBuild();
const manifest = JSON.parse(readFileSync(join(root, 'dist/client/.vite/manifest.json'), 'utf8'));
const entryKey = 'client/entry-client.tsx';

const firstRender = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || firstRender.has(chunk.file)) return;
  firstRender.add(chunk.file);
  (chunk.imports ?? []).forEach(visit);
};
visit(entryKey);

/** Each language's compiled strings: a page loads its own language's with the entry. */
const catalogs = Object.entries(manifest).filter(([key]) => /^client\/locales\/\w+\.json\?lingui$/.test(key));

const gzipKb = (file) => gzipSync(readFileSync(join(root, 'dist/client', file)), { level: 9 }).length / 1024;
const catalogFiles = new Set(catalogs.map(([, chunk]) => chunk.file));
const lazy = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js') && !firstRender.has(chunk.file) && !catalogFiles.has(chunk.file));
const largestCatalog = Math.max(0, ...catalogs.map(([, chunk]) => gzipKb(chunk.file)));
const total = [...firstRender].reduce((sum, file) => sum + gzipKb(file), 0) + largestCatalog;

for (const file of firstRender) console.log(`first render  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);
for (const [key, chunk] of catalogs) console.log(`strings       ${gzipKb(chunk.file).toFixed(1).padStart(7)} KB  ${chunk.file} (${key.replace(/^client\/locales\/|\.json\?lingui$/g, '')}; the largest counts)`);
for (const chunk of lazy) console.log(`lazy          ${gzipKb(chunk.file).toFixed(1).padStart(7)} KB  ${chunk.file}`);
console.log(`first-render JavaScript: ${total.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
process.exit(total <= BUDGET_KB ? 0 : 1);
