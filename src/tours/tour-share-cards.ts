import { existsSync } from 'node:fs';

import { Injectable, Logger } from '@nestjs/common';
import { Semaphore } from 'async-mutex';
import type { NextFunction, Request, Response } from 'express';
import sharp from 'sharp';

import { isLang, type Lang } from '../../shared/languages';
import { COMPANY } from '../../shared/company';
import { ToursService } from './tours.service';

/** `/images/share/tours/<lang>/<slug>.jpg`: a tour's card for social sites, in a language. */
const CARD_PATH = /^\/images\/share\/tours\/([a-z]{2})\/([a-z0-9-]+)\.jpg$/;
export const tourShareCardPath = (lang: Lang, slug: string): string => `/images/share/tours/${lang}/${slug}.jpg`;

const WIDTH = 1200;
const HEIGHT = 630;
/** The title's size and the characters a line of it holds at that size (DejaVu Sans Bold, the widest of the fonts named). */
const TITLE_PX = 56;
const TITLE_LINE_CHARS = 27;
const MAX_TITLE_LINES = 3;
/** Cards kept in memory: every tour in every language, with room for renamed ones. */
const KEPT_CARDS = 200;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The title in lines of at most `width` characters, broken between words; a last line that would not fit ends in "…". */
export function titleLines(title: string, width = TITLE_LINE_CHARS, most = MAX_TITLE_LINES): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= most) return lines;
  const kept = lines.slice(0, most);
  kept[most - 1] = `${kept[most - 1]!.slice(0, width - 1).trimEnd()}…`;
  return kept;
}

/** What a card says over the tour's picture: the logo and the company's name above, the place and hours, and the title below. */
export function cardOverlay(card: { title: string; place: string; hours: string }): string {
  const lines = titleLines(card.title);
  const titleTop = HEIGHT - 64 - (lines.length - 1) * (TITLE_PX + 10);
  const font = "font-family=\"DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif\"";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0b1d3a" stop-opacity="0.55"/>
      <stop offset="0.3" stop-color="#0b1d3a" stop-opacity="0"/>
      <stop offset="0.45" stop-color="#0b1d3a" stop-opacity="0.1"/>
      <stop offset="1" stop-color="#0b1d3a" stop-opacity="0.88"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>
  <g transform="translate(56 44) scale(1.25)">
    <circle cx="32" cy="32" r="32" fill="#0b1d3a"/>
    <path d="M8,30 Q20,12 32,26 T56,22" stroke="#3ddc97" stroke-width="5" fill="none" stroke-linecap="round"/>
    <path d="M6,52 L22,32 L30,42 L40,28 L58,52 Z" fill="#eef4fb"/>
  </g>
  <text x="152" y="96" ${font} font-size="36" font-weight="bold" fill="#ffffff">${escapeXml(COMPANY.name)}</text>
  <text x="60" y="${titleTop - TITLE_PX - 6}" ${font} font-size="30" font-weight="bold" fill="#3ddc97">${escapeXml(`${card.place} · ${card.hours}`)}</text>
  ${lines.map((line, index) => `<text x="60" y="${titleTop + index * (TITLE_PX + 10)}" ${font} font-size="${TITLE_PX}" font-weight="bold" fill="#ffffff">${escapeXml(line)}</text>`).join('\n  ')}
</svg>`;
}

const HOURS: Record<Lang, (hours: string) => string> = { en: (hours) => `${hours} h`, sv: (hours) => `${hours} tim`, de: (hours) => `${hours} Std.` };

/**
 * Each tour's share card (Facebook, LinkedIn, X and messengers show it with a link): its own
 * picture at 1200 × 630 with its name in the page's language, where it goes from and for how
 * long, and the company's logo and name (it was the bare illustration). Made on first request,
 * two at a time, and kept in memory by tour, language and words: a renamed tour gets a new card.
 */
@Injectable()
export class TourShareCards {
  private readonly logger = new Logger(TourShareCards.name);
  private readonly renders = new Semaphore(2);
  private readonly cards = new Map<string, Promise<Buffer>>();

  constructor(private readonly tours: ToursService) {}

  /** The middleware for the card's path; `pictureFile` names the file a tour's picture URL is made from (null: none we have). */
  middleware(pictureFile: (imageUrl: string) => string | null) {
    return (request: Request, response: Response, next: NextFunction): void => {
      const path = CARD_PATH.exec(request.path);
      if (!path || (request.method !== 'GET' && request.method !== 'HEAD') || !isLang(path[1]!)) return next();
      this.card(path[1] as Lang, path[2]!, pictureFile).then(
        (bytes) => {
          if (!bytes) return next();
          response.set({ 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=86400' }).send(bytes);
        },
        (error: unknown) => next(error),
      );
    };
  }

  /** The tour's card in `lang`, or null when there is no such tour (or no picture of it to make one from). */
  async card(lang: Lang, slug: string, pictureFile: (imageUrl: string) => string | null): Promise<Buffer | null> {
    const tour = await this.tours.findBySlug(slug, lang);
    if (!tour) return null;
    const file = pictureFile(tour.image_url);
    if (!file || !existsSync(file)) return null;
    const words = { title: tour.title, place: tour.locations[0] ?? 'Lapland', hours: HOURS[lang](String(tour.duration).replace('.', lang === 'en' ? '.' : ',')) };
    const key = JSON.stringify([lang, slug, file, words]);
    let made = this.cards.get(key);
    if (!made) {
      made = this.renders.runExclusive(() => renderCard(file, words));
      this.cards.set(key, made);
      made.catch((error: unknown) => {
        this.logger.warn(`Cannot make the share card of ${slug} (${lang}): ${String(error)}`);
        this.cards.delete(key);
      });
      // The oldest card goes first when there are more than a site's worth.
      if (this.cards.size > KEPT_CARDS) this.cards.delete(this.cards.keys().next().value!);
    }
    return made;
  }
}

/** The picture at 1200 × 630 with the words over it, as a JPEG. */
async function renderCard(file: string, words: { title: string; place: string; hours: string }): Promise<Buffer> {
  const picture = await sharp(file, file.endsWith('.svg') ? { density: 144 } : {})
    .resize({ width: WIDTH, height: HEIGHT, fit: 'cover' })
    .flatten({ background: '#0b1d3a' })
    .toBuffer();
  return sharp(picture)
    .composite([{ input: Buffer.from(cardOverlay(words)), top: 0, left: 0 }])
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
}
