import { createHmac, timingSafeEqual } from 'node:crypto';
import { clock } from '../clock';

/**
 * A personal link's token: it names one thing (a booking's reference for the manage link in
 * every booking mail, a gift card for its printable page) and when the link ends, signed with a
 * key of its own purpose (derived from the app secret, so it is no admin token's key); without
 * the key it cannot be made or changed.
 */
export class LinkTokens {
  /** `key`: the app's key for the links' purpose (AppConfig.key('booking-manage-link'), …). */
  constructor(private readonly key: Buffer) {}

  /** A token for `reference` (what it names), valid until `expiresAt`. */
  issue(reference: string, expiresAt: Date): string {
    const payload = Buffer.from(`${reference}.${Math.floor(expiresAt.getTime() / 1000)}`).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** What a token names, or null when it is forged, mangled or past its end. */
  verify(token: string, now = clock.now()): string | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [reference, expires] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
    if (!reference || !/^\d+$/.test(expires ?? '') || Number(expires) * 1000 <= now.getTime()) return null;
    return reference;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
