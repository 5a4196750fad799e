import jsQR from 'jsqr';

import type { VoucherKeyJwk } from '../../shared/guide-app';

/** The reference a booking QR code names, as read offline: checked against the downloaded keys, or why not. */
export type ReadCode = { reference: string; checked: boolean } | { refused: 'badCode' | 'retiredKey' };

const PREFIX = 'NAT1';
const REFERENCE = /^[A-Z0-9-]{1,40}$/;

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

/**
 * Checks a scanned code (`NAT1.{reference}.{key id}.{signature}`, src/bookings/voucher-codes.ts)
 * with the public keys the phone downloaded, by the browser's own Ed25519 (WebCrypto). A browser
 * without Ed25519 takes the code as read (`checked: false`): the server checks it when the queue
 * is sent.
 */
export async function readCode(text: string, keys: VoucherKeyJwk[]): Promise<ReadCode> {
  const parts = text.trim().split('.');
  if (parts.length !== 4 || parts[0] !== PREFIX || !REFERENCE.test(parts[1]!)) return { refused: 'badCode' };
  const jwk = keys.find((key) => key.kid === parts[2]);
  if (!jwk) return { refused: 'retiredKey' };
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('jwk', { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return { reference: parts[1]!, checked: false };
  }
  const signature = fromBase64Url(parts[3]!);
  const signed = new TextEncoder().encode(parts.slice(0, 3).join('.'));
  return (await crypto.subtle.verify({ name: 'Ed25519' }, key, signature, signed)) ? { reference: parts[1]!, checked: true } : { refused: 'badCode' };
}

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
declare const BarcodeDetector: { new (options: { formats: string[] }): BarcodeDetectorLike; getSupportedFormats(): Promise<string[]> } | undefined;

let detector: Promise<BarcodeDetectorLike | null> | undefined;
/** The browser's own QR reader where it has one (Android, macOS, ChromeOS), else none. */
const nativeDetector = (): Promise<BarcodeDetectorLike | null> =>
  (detector ??= (async () => {
    try {
      if (typeof BarcodeDetector === 'undefined' || !(await BarcodeDetector.getSupportedFormats()).includes('qr_code')) return null;
      return new BarcodeDetector({ formats: ['qr_code'] });
    } catch {
      return null;
    }
  })());

/**
 * The text of a QR code in a picture: a camera frame or a photo. One path for both: the browser's
 * BarcodeDetector where present, else jsQR on the picture's pixels. Null when none is found.
 */
export async function decodeQr(source: HTMLVideoElement | ImageBitmap, width: number, height: number): Promise<string | null> {
  const native = await nativeDetector();
  if (native) {
    const found = await native.detect(source).catch(() => []);
    if (found[0]) return found[0].rawValue;
  }
  const canvas = document.createElement('canvas');
  // A phone photo is large: a QR reads as well at 1000 pixels across, in a tenth of the time.
  const scale = Math.min(1, 1000 / Math.max(width, height));
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}
