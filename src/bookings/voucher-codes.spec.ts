import { randomBytes } from 'node:crypto';

import { VoucherCodes } from './voucher-codes';

describe('VoucherCodes', () => {
  const codes = new VoucherCodes(Buffer.alloc(32, 7));

  it('signs a reference into a code that names it and nothing else', () => {
    const code = codes.code('NAT-UWG6H-72KHN');
    expect(code).toMatch(/^NAT1\.NAT-UWG6H-72KHN\.k1\.[A-Za-z0-9_-]{86}$/);
    expect(codes.verify(code)).toBe('NAT-UWG6H-72KHN');
  });

  it('makes the same code on every replica (the key comes from the app secret)', () => {
    expect(new VoucherCodes(Buffer.alloc(32, 7)).code('NAT-A')).toBe(codes.code('NAT-A'));
  });

  it('refuses a code for another booking, from another key, or mangled', () => {
    const code = codes.code('NAT-AAAAA-BBBBB');
    expect(codes.verify(code.replace('NAT-AAAAA-BBBBB', 'NAT-AAAAA-BBBBC'))).toBeNull();
    expect(codes.verify(new VoucherCodes(randomBytes(32)).code('NAT-AAAAA-BBBBB'))).toBeNull();
    expect(codes.verify(new VoucherCodes(Buffer.alloc(32, 7), 'k2').code('NAT-AAAAA-BBBBB'))).toBeNull();
    expect(codes.verify(`${code}x`)).toBeNull();
    expect(codes.verify('NAT1.NAT-A.k1')).toBeNull();
    expect(codes.verify('')).toBeNull();
  });

  it('gives the public key a scanner checks codes with', () => {
    const jwk = codes.publicJwk();
    expect(jwk).toEqual({ kty: 'OKP', crv: 'Ed25519', x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), kid: 'k1' });
  });
});
