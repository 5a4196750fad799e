#!/usr/bin/env node
// After the client build: a 1200 × 630 JPEG of every artwork picture, for sharing (Facebook, X
// and LinkedIn show no SVG): dist/client/images/share/<name>.jpg, named as client/head.ts's
// shareImage() expects. Uploaded photos get theirs when they are uploaded.
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import sharp from 'sharp';

const artwork = new URL('../client/public/images/art/', import.meta.url).pathname;
const out = new URL('../dist/client/images/share/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const names = readdirSync(artwork).filter((name) => name.endsWith('.svg'));
await Promise.all(
  names.map((name) =>
    sharp(join(artwork, name), { density: 144 })
      .resize({ width: 1200, height: 630, fit: 'cover' })
      .flatten({ background: '#0b1a33' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(join(out, name.replace(/\.svg$/, '.jpg'))),
  ),
);
console.log(`share-images: ${names.length} pictures, 1200 × 630`);
