import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

import { clock } from '../common/clock';
import { LinkTokens } from '../common/links/link-tokens';
import { AppConfig } from '../config/app-config';
import { isDuplicateKey } from '../database/transactions';
import { MailOptOut, type OptOutKind } from './mail-opt-out.entity';

const KINDS: readonly OptOutKind[] = ['recovery', 'review'];
/** An unsubscribe link works for two years (a mail is rarely unsubscribed from later). */
const LINK_LIFETIME_MS = 2 * 365 * 86_400_000;

/**
 * Who stopped which kind of mail: the one-click unsubscribe (RFC 8058) of every mail that is no
 * answer to something the guest did (the reminder of a booking left half way, the request for a
 * rating). Its link names the address and the kind, signed; the senders ask `stopped` first.
 */
@Injectable()
export class MailOptOuts {
  private tokens?: LinkTokens;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** The address to POST to for `email` to stop `kind`. */
  unsubscribeUrl(email: string, kind: OptOutKind, now = clock.now()): string {
    return `${this.config.publicUrl}/api/unsubscribe/${this.signer.issue(`${kind}:${Buffer.from(email.toLowerCase()).toString('base64url')}`, new Date(now.getTime() + LINK_LIFETIME_MS))}`;
  }

  /** Stops the kind of mail a link names (again is no error); which kind. */
  async unsubscribe(token: string, now = clock.now()): Promise<OptOutKind> {
    const named = this.signer.verify(token, now);
    // The address rides base64url-encoded: the token's parts are separated by dots.
    const [kind, encoded] = named?.split(':') ?? [];
    const email = encoded ? Buffer.from(encoded, 'base64url').toString('utf8') : '';
    if (!KINDS.includes(kind as OptOutKind) || !email) throw new NotFoundException('This unsubscribe link is not valid.');
    try {
      await this.dataSource.getRepository(MailOptOut).insert({ email, kind: kind as OptOutKind, createdAt: now });
    } catch (error) {
      // Stopped already (again, or twice at once): nothing more to do.
      if (!isDuplicateKey(error)) throw error;
    }
    return kind as OptOutKind;
  }

  /** Whether `email` stopped `kind`, as `manager`'s transaction reads it. */
  async stopped(manager: EntityManager, email: string, kind: OptOutKind): Promise<boolean> {
    return (await manager.countBy(MailOptOut, { email: email.toLowerCase(), kind })) > 0;
  }

  /** The kinds an address stopped, for its data export. */
  async heldAbout(email: string): Promise<{ kind: OptOutKind; since: string }[]> {
    const rows = await this.dataSource.getRepository(MailOptOut).find({ where: { email: email.toLowerCase() }, order: { id: 'ASC' } });
    return rows.map((row) => ({ kind: row.kind, since: row.createdAt.toISOString() }));
  }

  /** Forgets the address (an erasure); how many rows went. */
  async forget(email: string): Promise<number> {
    return (await this.dataSource.getRepository(MailOptOut).delete({ email: email.toLowerCase() })).affected ?? 0;
  }

  private get signer(): LinkTokens {
    return (this.tokens ??= new LinkTokens(this.config.key('mail-opt-out')));
  }
}
