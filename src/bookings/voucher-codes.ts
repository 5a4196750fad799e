import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

import type { Provider } from '@nestjs/common';

import { AppConfig } from '../config/app-config';

/** What every voucher code starts with: the format's name and version. */
const PREFIX = 'NAT1';
/** The DER header of a PKCS#8 Ed25519 private key, before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_HEADER = Buffer.from('302e020100300506032b657004220420', 'hex');
const REFERENCE = /^[A-Z0-9-]{1,40}$/;

/** Why a code is not taken: not a code of ours at all, signed by a key this site no longer (or never) checks with, or a signature that does not match. */
export type VoucherRefusal = 'malformed' | 'unknownKey' | 'forged';

/** A signing key: its id (in every code it signs) and its private and public halves. */
interface VoucherKey {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/**
 * The code in a confirmed booking's QR (the voucher OCTO's delivery announces, the manage page
 * and the mails): `NAT1.{reference}.{key id}.{Ed25519 signature}`. It names the booking and
 * nothing personal; anyone with the public keys (a guide's phone, offline) can tell a real code
 * from a made-up one, and only the server can make one. Keys are derived from the app secret
 * (AppConfig.voucherSeed), so every replica signs alike. The first key signs; the others still
 * check the codes they signed, so keys rotate (VOUCHER_KEYS=k2,k1) without breaking codes already
 * sent, and a key left out of the ring is retired: its codes are refused.
 */
export class VoucherCodes {
  private readonly keys: VoucherKey[];

  /** `keys`: each a 32-byte seed and a short id, the one that signs first. */
  constructor(keys: { id: string; seed: Buffer }[]) {
    if (keys.length === 0) throw new Error('A voucher key ring needs a key');
    this.keys = keys.map(({ id, seed }) => {
      if (seed.length !== 32) throw new Error('An Ed25519 seed is 32 bytes');
      const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_HEADER, seed]), format: 'der', type: 'pkcs8' });
      return { id, privateKey, publicKey: createPublicKey(privateKey) };
    });
  }

  /** The code for a booking reference, signed with the newest key. */
  code(reference: string): string {
    const signer = this.keys[0]!;
    const payload = `${PREFIX}.${reference}.${signer.id}`;
    return `${payload}.${sign(null, Buffer.from(payload), signer.privateKey).toString('base64url')}`;
  }

  /** The booking reference a code names, or why it is refused. */
  check(code: string): { reference: string } | { refused: VoucherRefusal } {
    const parts = code.trim().split('.');
    if (parts.length !== 4 || parts[0] !== PREFIX || !REFERENCE.test(parts[1]!)) return { refused: 'malformed' };
    const key = this.keys.find((one) => one.id === parts[2]);
    if (!key) return { refused: 'unknownKey' };
    const signature = Buffer.from(parts[3]!, 'base64url');
    if (signature.length !== 64 || !verify(null, Buffer.from(parts.slice(0, 3).join('.')), key.publicKey, signature)) return { refused: 'forged' };
    return { reference: parts[1]! };
  }

  /** The booking reference a code names, or null when no key of the ring signed it. */
  verify(code: string): string | null {
    const checked = this.check(code);
    return 'reference' in checked ? checked.reference : null;
  }

  /** The public keys as JWKs (kty OKP, crv Ed25519), each with its id: what a scanner needs to check codes offline. */
  publicJwks(): { kty: string; crv: string; x: string; kid: string }[] {
    return this.keys.map((key) => ({ ...(key.publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string }), kid: key.id }));
  }
}

/** The ring as the site's settings give it (VOUCHER_KEYS, seeds from the app secret): one provider for every module that signs or checks codes. */
export const VOUCHER_CODES: Provider = {
  provide: VoucherCodes,
  useFactory: (config: AppConfig) => new VoucherCodes(config.voucherKeyIds.map((id) => ({ id, seed: config.voucherSeed(id) }))),
  inject: [AppConfig],
};
