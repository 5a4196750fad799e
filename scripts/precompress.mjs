#!/usr/bin/env node
// After the client build: writes a .br and a .gz beside every text asset (scripts, styles,
// SVG, JSON), at the best levels, so the server sends them as files instead of compressing
// the same bytes on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../dist/client/', import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;

let files = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name) && statSync(path).size > 512) {
      const bytes = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
      writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      files++;
    }
  }
}
walk(root);
console.log(`Precompressed ${files} files in dist/client (br, gz)`);
