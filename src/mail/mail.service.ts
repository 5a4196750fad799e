import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';

import { AppConfig } from '../config/app-config';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../config/private-files';
import { MailComposer } from './mail-composer';
import type { MailContent } from './mail-layout';

export type MailAttachment = { filename: string; content: string; contentType?: string } | { filename: string; qrCode: string; cid: string };

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail says, for its HTML part: made when it is sent (mailText made `text` from the same). */
  layout?: MailContent;
  replyTo?: string;
  /**
   * Attachments as text (a calendar entry), or a QR code's image made from its text when the mail
   * is composed (`qrCode`, shown inline by its `cid`): a mail waits in the outbox as small JSON,
   * and the transaction that writes it draws no image.
   */
  attachments?: MailAttachment[];
  /** Further headers: a one-click unsubscribe (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058) on mails a guest may stop. */
  headers?: Record<string, string>;
}

/**
 * Sends mail by SMTP when SMTP_URL is set; otherwise writes each mail as an .eml file to
 * DATA_DIR/outbox, so nothing is lost on a machine without a mail server. Either way the message
 * is composed first, in a worker (MailComposer).
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private readonly transport?: Transporter;
  private readonly composer = new MailComposer();
  readonly outbox: string;

  constructor(private readonly config: AppConfig) {
    this.outbox = join(config.dataDir, 'outbox');
    // Time-outs well inside the outbox's lease, so a hung server never gets one mail sent twice.
    this.transport = config.mail.smtpUrl ? createTransport({ url: config.mail.smtpUrl, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 }) : undefined;
  }

  onModuleDestroy(): Promise<void> {
    return this.composer.close();
  }

  get supportAddress(): string {
    return 'hello@norrsken-arctic.se';
  }

  get bookingAddress(): string {
    return this.config.mail.bookingEmail;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const from = this.config.mail.from;
    const message = await this.composer.compose({ from, ...mail }, this.transport ? 'windows' : 'unix');
    if (this.transport) {
      // The message is whole: SMTP is told whom it goes from and to, as it would read them from the mail.
      await this.transport.sendMail({ envelope: { from, to: mail.to }, raw: message });
      return;
    }
    await mkdir(this.outbox, { recursive: true, mode: PRIVATE_DIR_MODE });
    const file = join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
    await writeFile(file, message, { mode: PRIVATE_FILE_MODE });
    this.logger.log(`Mail "${mail.subject}" to ${mail.to} written to ${file}`);
  }
}
