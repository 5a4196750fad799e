import QRCode from 'qrcode';

/** A QR code's look: medium error correction (a scratched phone screen or a creased print still scans), a quiet zone of two modules. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** A QR code as a PNG, for a mail's inline image: mail clients show PNG where they show no SVG. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...QR_OPTIONS, type: 'png', scale: 6 });
}
