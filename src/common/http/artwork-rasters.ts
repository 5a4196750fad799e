import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import { Logger } from '@nestjs/common';
import { Semaphore } from 'async-mutex';
import type { NextFunction, Request, Response } from 'express';
import sharp from 'sharp';

import { ARTWORK_WIDTHS } from '../../../shared/artwork';

/** The ground colour under the scenes' transparency, as the site's dark sky. */
const BACKGROUND = '#0b1a33';

/** `/images/art/raster/<name>-<width>.<format>` (a scene in one size), or `/images/share/<name>.jpg` (its 1200 × 630 card for sharing). */
const RASTER = /^\/images\/art\/raster\/([a-z0-9-]+(?:\/[a-z0-9-]+)?)-(\d+)\.(avif|webp|jpg)$/;
const SHARE = /^\/images\/share\/([a-z0-9-]+)\.jpg$/;

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
type Format = keyof typeof CONTENT_TYPES;

/** One picture to make: from which shipped SVG, at what size, in what format. */
export interface ArtworkPicture {
  /** The SVG's name below images/art/, without `.svg`. */
  name: string;
  format: Format;
  /** A size of ARTWORK_WIDTHS, or the share card. */
  size: { width: number } | 'share';
}

/** The picture a URL names, or null for any other path (an unknown width or format included). */
export function artworkPictureOf(path: string): ArtworkPicture | null {
  const raster = RASTER.exec(path);
  if (raster) {
    const width = Number(raster[2]);
    return (ARTWORK_WIDTHS as readonly number[]).includes(width) ? { name: raster[1], format: raster[3] as Format, size: { width } } : null;
  }
  const share = SHARE.exec(path);
  return share ? { name: share[1], format: 'jpg', size: 'share' } : null;
}

/** Renders a shipped SVG scene to pixels: a size for the page's srcset, or the share card (Facebook, X and LinkedIn show no SVG). */
export async function renderArtwork(svgFile: string, picture: ArtworkPicture): Promise<Buffer> {
  if (picture.size === 'share') {
    return sharp(svgFile, { density: 144 }).resize({ width: 1200, height: 630, fit: 'cover' }).flatten({ background: BACKGROUND }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  }
  const { width } = picture.size;
  const scene = sharp(svgFile, { density: Math.ceil((72 * width) / 1200) * 2 }).resize({ width }).flatten({ background: BACKGROUND });
  if (picture.format === 'avif') return scene.avif({ quality: 50, effort: 2 }).toBuffer();
  if (picture.format === 'webp') return scene.webp({ quality: 74 }).toBuffer();
  return scene.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

/**
 * The shipped artwork's pixels, made on first request and kept beside the build: the build no
 * longer renders 53 scenes in three sizes and three formats (most of its time), and a picture
 * nobody asks for is never made. Mounted behind the static files, it sees only pictures they do
 * not have yet: each is made once however many ask (two at a time, so the event loop's requests
 * go on), kept on disk, and served by the static files from then on.
 * Where the build's folder cannot be written the picture is served from memory, made again
 * after a restart.
 */
export class ArtworkRasters {
  private readonly logger = new Logger(ArtworkRasters.name);
  private readonly making = new Map<string, Promise<Buffer>>();
  private readonly renders = new Semaphore(2);
  /** Pictures that could not be kept on disk, by path. */
  private readonly inMemory = new Map<string, Buffer>();

  /**
   * `sourceDir` holds images/art/*.svg; the pictures are kept below `keepDir` at their URL's
   * path (the built client, where the static files are served from), or in memory without one
   * (`npm run dev`, which serves the sources).
   */
  constructor(
    private readonly sourceDir: string,
    private readonly keepDir: string | null,
  ) {}

  readonly middleware = (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const picture = artworkPictureOf(request.path);
    if (!picture) return next();
    const kept = this.inMemory.get(request.path);
    if (kept) return void this.send(response, picture, kept);
    const source = join(this.sourceDir, 'images', 'art', `${picture.name}.svg`);
    if (!existsSync(source)) return next();
    this.make(request.path, source, this.keepDir === null ? null : join(this.keepDir, request.path), picture).then(
      (bytes) => this.send(response, picture, bytes),
      (error: unknown) => next(error),
    );
  };

  /** Makes one picture (once, however many ask at the same time) and keeps it. */
  private make(path: string, source: string, target: string | null, picture: ArtworkPicture): Promise<Buffer> {
    let made = this.making.get(path);
    if (!made) {
      made = this.renders.runExclusive(async () => {
        const bytes = await renderArtwork(source, picture);
        await this.keep(path, target, bytes);
        return bytes;
      });
      this.making.set(path, made);
      void made.finally(() => this.making.delete(path)).catch(() => undefined);
    }
    return made;
  }

  /** Written whole under another name first, then renamed: another process (a replica) never serves half a file. */
  private async keep(path: string, target: string | null, bytes: Buffer): Promise<void> {
    if (target === null) {
      this.inMemory.set(path, bytes);
      return;
    }
    try {
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, target);
    } catch (error) {
      this.logger.warn(`Cannot keep ${path} on disk (${String(error)}); it is kept in memory`);
      this.inMemory.set(path, bytes);
    }
  }

  private send(response: Response, picture: ArtworkPicture, bytes: Buffer): void {
    // As the static files' artwork: it may change with a new build, so a day.
    response.set({ 'Content-Type': CONTENT_TYPES[picture.format], 'Cache-Control': 'public, max-age=86400' }).send(bytes);
  }
}
