import type { ImageVariant } from './api-types';

/** The widths the shipped artwork is rendered to (as uploads are): on first request, by src/common/http/artwork-rasters.ts. */
export const ARTWORK_WIDTHS = [480, 960, 1600] as const;
const FORMATS: [string, ImageVariant['type']][] = [
  ['avif', 'image/avif'],
  ['webp', 'image/webp'],
  ['jpg', 'image/jpeg'],
];

/**
 * The rendered sizes of a shipped artwork (`/images/art/<name>.svg` → `/images/art/raster/<name>-<width>.<format>`),
 * in the order uploads list theirs; undefined for anything else. The server makes exactly these
 * on first request (a test asks for them).
 */
export function artworkVariants(url: string): ImageVariant[] | undefined {
  const artwork = /^\/images\/art\/([a-z0-9-]+(?:\/[a-z0-9-]+)?)\.svg$/.exec(url);
  if (!artwork) return undefined;
  return ARTWORK_WIDTHS.flatMap((width) => FORMATS.map(([extension, type]) => ({ url: `/images/art/raster/${artwork[1]}-${width}.${extension}`, width, type })));
}
