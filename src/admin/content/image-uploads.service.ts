import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { BadRequestException, Injectable, PayloadTooLargeException } from '@nestjs/common';
import sharp from 'sharp';

import type { ImageVariant } from '../../../shared/api-types';
import { AuditLogService } from '../../common/audit/audit-log.service';
import { AppConfig } from '../../config/app-config';
import { decodeHeic, HeicRefused } from './heic-decoder';

/** The largest upload accepted, in bytes. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Larger pictures are refused before they are decoded (a small file can claim a huge size). */
const MAX_PIXELS = 50_000_000;
/** The widths made for srcset; none larger than the original. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The share image's size: what Facebook, X and LinkedIn show in full. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;
export const UPLOADS_PATH = '/uploads';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

export interface UploadedImage {
  /** The largest JPEG: the `src` for browsers that read no srcset. */
  url: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** What the bytes are, whatever the file is called; undefined for anything but the four kinds we take. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(bytes.toString('latin1', 8, 12))) return 'heic';
  return undefined;
}

const NOT_AN_IMAGE = 'Filen är inte en bild i JPEG, PNG, WebP eller HEIC.';
const TOO_MANY_PIXELS = `Bilden har för många pixlar: högst ${MAX_PIXELS / 1_000_000} megapixlar.`;

/** sharp could not read the picture (damaged, cut short or too large): the upload's fault, a 400. */
function unreadable(error: unknown): never {
  const message = error instanceof Error ? error.message : '';
  throw new BadRequestException(/pixel limit/i.test(message) ? TOO_MANY_PIXELS : `${NOT_AN_IMAGE} Den kan också vara skadad.`);
}

/**
 * Staff photos: the type read from the bytes, decoded (HEIC through libheif in WebAssembly in a
 * worker thread, since sharp's own build has no HEVC decoder), turned upright, and written as
 * AVIF, WebP and JPEG at up to three widths under DATA_DIR/uploads. Metadata (EXIF, GPS) is
 * never copied.
 * The folder is named by the content's hash: the same photo twice is one upload.
 */
@Injectable()
export class ImageUploads {
  private readonly root: string;

  constructor(
    config: AppConfig,
    private readonly audit: AuditLogService,
  ) {
    this.root = join(config.dataDir, 'uploads');
  }

  /** The folder the site serves at /uploads. */
  get directory(): string {
    return this.root;
  }

  async upload(bytes: Buffer, originalName: string, adminEmail: string): Promise<UploadedImage> {
    if (bytes.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeException(`Bilden är för stor: högst ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
    const kind = sniffImage(bytes);
    if (!kind) throw new BadRequestException(NOT_AN_IMAGE);
    const { image, width, height } = await this.decode(bytes, kind);
    if (width < 200 || height < 200) throw new BadRequestException('Bilden är för liten: minst 200 × 200 pixlar.');

    const key = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
    const folder = join(this.root, key);
    const widths = [...new Set(VARIANT_WIDTHS.map((wanted) => Math.min(wanted, width)))];
    const variants: ImageVariant[] = [];
    // Written beside the final folder and moved in at once: a reader never sees half an upload.
    const staging = `${folder}.${randomUUID()}.part`;
    await mkdir(staging, { recursive: true });
    try {
      for (const variantWidth of widths) {
        const resized = image.clone().rotate().resize({ width: variantWidth, withoutEnlargement: true });
        const encoded = await Promise.all([
          resized.clone().avif({ quality: 50, effort: 3 }).toBuffer(),
          resized.clone().webp({ quality: 76 }).toBuffer(),
          resized.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
        ]).catch(unreadable);
        const files = [
          { ext: 'avif', type: 'image/avif' as const, data: encoded[0] },
          { ext: 'webp', type: 'image/webp' as const, data: encoded[1] },
          { ext: 'jpg', type: 'image/jpeg' as const, data: encoded[2] },
        ];
        for (const file of files) {
          await writeFile(join(staging, `${variantWidth}.${file.ext}`), file.data);
          variants.push({ url: `${UPLOADS_PATH}/${key}/${variantWidth}.${file.ext}`, width: variantWidth, type: file.type });
        }
      }
      // The picture shared on Facebook, X and LinkedIn: 1200 × 630, cut from the middle (head.ts's shareImage).
      const share = await image.clone().rotate().resize({ width: SHARE_SIZE.width, height: SHARE_SIZE.height, fit: 'cover' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer().catch(unreadable);
      await writeFile(join(staging, 'share.jpg'), share);
      await rename(staging, folder).catch(async (error: NodeJS.ErrnoException) => {
        // The same photo uploaded before (or at the same time): the folder it made is the same.
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
        await rm(staging, { recursive: true, force: true });
        // A photo uploaded before share images were made gets its own now.
        await writeFile(join(folder, 'share.jpg'), share, { flag: 'wx' }).catch((exists: NodeJS.ErrnoException) => {
          if (exists.code !== 'EEXIST') throw exists;
        });
      });
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
    const largest = Math.max(...widths);
    const uploaded = { url: `${UPLOADS_PATH}/${key}/${largest}.jpg`, width: largest, height: Math.round((height * largest) / width), variants };
    await this.audit.record(adminEmail, 'upload.create', uploaded.url, { originalName: originalName.slice(0, 200), bytes: bytes.length, kind, width, height });
    return uploaded;
  }

  /**
   * A sharp pipeline over the upload, and the picture's size (upright). JPEG, PNG and WebP: sharp
   * decodes in its own threads, refusing more than MAX_PIXELS before it decodes. HEIC: decoded
   * and shrunk in a worker thread (decodeHeic), which checks every image the file declares, not
   * only the primary.
   */
  private async decode(bytes: Buffer, kind: ImageKind): Promise<{ image: sharp.Sharp; width: number; height: number }> {
    if (kind !== 'heic') {
      const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
      return { image, ...(await image.metadata().then((meta) => meta.autoOrient, unreadable)) };
    }
    const decoded = await decodeHeic(bytes, { maxPixels: MAX_PIXELS, maxWidth: Math.max(...VARIANT_WIDTHS) }).catch((error: unknown) => {
      if (!(error instanceof HeicRefused)) throw error;
      throw new BadRequestException(
        { 'too-many-pixels': TOO_MANY_PIXELS, 'too-slow': 'Bilden tog för lång tid att läsa. Spara den som JPEG och försök igen.', unreadable: `${NOT_AN_IMAGE} Den kan också vara skadad.` }[error.reason],
      );
    });
    const image = sharp(decoded.rgba, { raw: { width: decoded.width, height: decoded.height, channels: 4 } });
    return { image, ...decoded.original };
  }
}
