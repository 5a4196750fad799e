import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';

import { QR_OPTIONS } from '../mail/qr-image';

/** Codes drawn lately: a booking's page is opened again and again, and its code never changes. */
const drawn = new LRUCache<string, string>({ max: 1000 });

/** A code's QR as an SVG data URL, for a page's <img> (the manage page, the printable voucher). */
export async function qrSvgDataUrl(code: string): Promise<string> {
  const known = drawn.get(code);
  if (known) return known;
  const svg = await QRCode.toString(code, { ...QR_OPTIONS, type: 'svg' });
  const url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  drawn.set(code, url);
  return url;
}
