#!/usr/bin/env node
// After the client build: a 1200 × 630 JPEG of every artwork picture, for sharing (Facebook, X
// and LinkedIn show no SVG): dist/client/images/share/<name>.jpg, named as client/head.ts's
// shareImage() expects. Uploaded photos get theirs when they are uploaded.
// And every artwork (tour place pictures too) rendered once to AVIF, WebP and JPEG at 480, 960
// and 1600 px: dist/client/images/art/raster/<name>-<width>.<format>, as shared/artwork.ts names
// them, so browsers get pixels instead of rendering the scenes' blur and glow themselves.
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

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

const WIDTHS = [480, 960, 1600];
const raster = new URL('../dist/client/images/art/raster/', import.meta.url).pathname;
const every = readdirSync(artwork, { recursive: true }).filter((name) => String(name).endsWith('.svg')).map(String);
const started = Date.now();
// A few at a time: sharp already uses every core for one encode.
for (let index = 0; index < every.length; index += 4) {
  await Promise.all(
    every.slice(index, index + 4).map(async (name) => {
      const base = name.replace(/\.svg$/, '');
      mkdirSync(dirname(join(raster, base)), { recursive: true });
      for (const width of WIDTHS) {
        const picture = sharp(join(artwork, name), { density: Math.ceil((72 * width) / 1200) * 2 }).resize({ width }).flatten({ background: '#0b1a33' });
        await Promise.all([
          picture.clone().avif({ quality: 50, effort: 2 }).toFile(join(raster, `${base}-${width}.avif`)),
          picture.clone().webp({ quality: 74 }).toFile(join(raster, `${base}-${width}.webp`)),
          picture.clone().jpeg({ quality: 80, mozjpeg: true }).toFile(join(raster, `${base}-${width}.jpg`)),
        ]);
      }
    }),
  );
}
console.log(`share-images: ${every.length} artworks in AVIF, WebP and JPEG at ${WIDTHS.join(', ')} px (${((Date.now() - started) / 1000).toFixed(1)} s)`);
