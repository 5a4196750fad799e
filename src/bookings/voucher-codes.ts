import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** What every voucher code starts with: the format's name and version. */
const PREFIX = 'NAT1';
/** The DER header of a PKCS#8 Ed25519 private key, before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_HEADER = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * The code in a confirmed booking's QR (the voucher OCTO's delivery announces, the manage page
 * and the mails): `NAT1.{reference}.{key id}.{Ed25519 signature}`. It names the booking and
 * nothing personal; anyone with the public key (a guide's phone, offline) can tell a real code
 * from a made-up one, and only the server can make one. The key is derived from the app
 * secret (AppConfig.key('voucher-signing')), so every replica signs alike; its id names it, so
 * that a later key can sign new codes while codes already sent still verify.
 */
export class VoucherCodes {
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;

  /** `seed`: 32 bytes; `keyId`: a short name for the key, in every code it signs. */
  constructor(
    seed: Buffer,
    readonly keyId = 'k1',
  ) {
    if (seed.length !== 32) throw new Error('An Ed25519 seed is 32 bytes');
    this.privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_HEADER, seed]), format: 'der', type: 'pkcs8' });
    this.publicKey = createPublicKey(this.privateKey);
  }

  /** The code for a booking reference. */
  code(reference: string): string {
    const payload = `${PREFIX}.${reference}.${this.keyId}`;
    return `${payload}.${sign(null, Buffer.from(payload), this.privateKey).toString('base64url')}`;
  }

  /** The booking reference a code names, or null when it is not one this key signed. */
  verify(code: string): string | null {
    const parts = code.trim().split('.');
    if (parts.length !== 4 || parts[0] !== PREFIX || parts[2] !== this.keyId || !/^[A-Z0-9-]{1,40}$/.test(parts[1]!)) return null;
    const signature = Buffer.from(parts[3]!, 'base64url');
    if (signature.length !== 64) return null;
    return verify(null, Buffer.from(parts.slice(0, 3).join('.')), this.publicKey, signature) ? parts[1]! : null;
  }

  /** The public key as a JWK (kty OKP, crv Ed25519), with its id: what a scanner needs to check codes. */
  publicJwk(): { kty: string; crv: string; x: string; kid: string } {
    return { ...(this.publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string }), kid: this.keyId };
  }
}
