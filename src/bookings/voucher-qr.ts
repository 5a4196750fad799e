import QRCode from 'qrcode';

/** The QR's look: medium error correction (a scratched phone screen or a creased print still scans), a quiet zone of two modules. */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** A code's QR as an SVG data URL, for a page's <img> (the manage page, the printable voucher). */
export async function qrSvgDataUrl(code: string): Promise<string> {
  const svg = await QRCode.toString(code, { ...OPTIONS, type: 'svg' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A code's QR as a PNG (base64), for a mail's inline image: mail clients show PNG where they show no SVG. */
export async function qrPngBase64(code: string): Promise<string> {
  return (await QRCode.toBuffer(code, { ...OPTIONS, type: 'png', scale: 6 })).toString('base64');
}
