import { createTransport } from 'nodemailer';

import { mailHtml } from './mail-layout';
import { qrPng } from './qr-image';
import type { OutgoingMail } from './mail.service';

/** How the lines of a composed message end: as a file on disk (unix), or as SMTP sends it (windows, CRLF). */
export type Newline = 'unix' | 'windows';

/** A mail with its sender, as composing it needs it. */
export type MailToCompose = OutgoingMail & { from: string };

/** nodemailer's own composer, which writes the message to a buffer instead of sending it. */
const composers = {
  unix: createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  windows: createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
};

/**
 * The whole message, as MIME: its HTML part made from its layout (React renders it), its text
 * and attachments as they are (a QR code's image drawn from its text). Runs in the mail composer's worker (MailComposer), or here.
 */
export async function composeMail({ layout, attachments, ...mail }: MailToCompose, newline: Newline): Promise<Buffer> {
  const html = mail.html ?? (layout ? mailHtml(layout) : undefined);
  // A QR code's image is drawn now, as the message is made.
  const files = attachments && (await Promise.all(attachments.map(async (file) => ('qrCode' in file ? { filename: file.filename, content: await qrPng(file.qrCode), contentType: 'image/png', cid: file.cid } : file))));
  const info = (await composers[newline].sendMail({ ...mail, ...(files ? { attachments: files } : {}), ...(html ? { html } : {}) })) as { message: Buffer };
  return info.message;
}
