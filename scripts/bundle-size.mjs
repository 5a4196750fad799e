#!/usr/bin/env node
// `npm run bench:size`: the JavaScript a visitor's browser loads for the first render of the
// home page (the entry chunk and its static imports), gzipped. Lazy chunks (admin, AI panel)
// are listed apart. Exits 1 above the 120 KB budget.
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

const gzipKb = (file) => gzipSync(readFileSync(join(root, 'dist/client', file)), { level: 9 }).length / 1024;
const lazy = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js') && !firstRender.has(chunk.file));
const total = [...firstRender].reduce((sum, file) => sum + gzipKb(file), 0);

for (const file of firstRender) console.log(`first render  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);
for (const chunk of lazy) console.log(`lazy          ${gzipKb(chunk.file).toFixed(1).padStart(7)} KB  ${chunk.file}`);
console.log(`first-render JavaScript: ${total.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
process.exit(total <= BUDGET_KB ? 0 : 1);
