#!/usr/bin/env node
// Optional, after the build: renders every shipped artwork's pixels now (each scene at 480, 960
// and 1600 px in AVIF, WebP and JPEG, and its 1200 × 630 share card) into dist/client, where the
// server would otherwise make each on its first request and keep it. For an image that should
// start warm (the Dockerfile runs it); `npm run build` does not, which keeps the build fast.
import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const { renderArtwork, artworkPictureOf } = require(join(root, 'dist/server/src/common/http/artwork-rasters.js'));
const { ARTWORK_WIDTHS } = require(join(root, 'dist/server/shared/artwork.js'));

const client = join(root, 'dist', 'client');
const art = join(client, 'images', 'art');
const names = readdirSync(art, { recursive: true }).map(String).filter((name) => name.endsWith('.svg') && !name.startsWith('raster/')).map((name) => name.replace(/\.svg$/, ''));
const paths = names.flatMap((name) => [
  ...ARTWORK_WIDTHS.flatMap((width) => ['avif', 'webp', 'jpg'].map((format) => `/images/art/raster/${name}-${width}.${format}`)),
  // Share cards for the scenes at the top of the folder (tour place pictures are not shared).
  ...(name.includes('/') ? [] : [`/images/share/${name}.jpg`]),
]);
const started = Date.now();
// A few at a time: sharp already uses every core for one encode.
for (let index = 0; index < paths.length; index += 4) {
  await Promise.all(
    paths.slice(index, index + 4).map(async (path) => {
      const picture = artworkPictureOf(path);
      const bytes = await renderArtwork(join(art, `${picture.name}.svg`), picture);
      const target = join(client, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(`${target}.partial`, bytes);
      renameSync(`${target}.partial`, target);
    }),
  );
}
console.log(`render-artwork: ${paths.length} pictures of ${names.length} artworks (${((Date.now() - started) / 1000).toFixed(1)} s)`);
