import { randomBytes } from 'node:crypto';

import { VoucherCodes } from './voucher-codes';

describe('VoucherCodes', () => {
  const k1 = { id: 'k1', seed: Buffer.alloc(32, 7) };
  const k2 = { id: 'k2', seed: Buffer.alloc(32, 9) };
  const codes = new VoucherCodes([k1]);

  it('signs a reference into a code that names it and nothing else', () => {
    const code = codes.code('NAT-UWG6H-72KHN');
    expect(code).toMatch(/^NAT1\.NAT-UWG6H-72KHN\.k1\.[A-Za-z0-9_-]{86}$/);
    expect(codes.verify(code)).toBe('NAT-UWG6H-72KHN');
    expect(codes.check(code)).toEqual({ reference: 'NAT-UWG6H-72KHN' });
  });

  it('makes the same code on every replica (the key comes from the app secret)', () => {
    expect(new VoucherCodes([{ id: 'k1', seed: Buffer.alloc(32, 7) }]).code('NAT-A')).toBe(codes.code('NAT-A'));
  });

  it('refuses a forged code, an altered one, one from another key, and a mangled one, each with its reason', () => {
    const code = codes.code('NAT-AAAAA-BBBBB');
    // Altered: another booking's reference under this one's signature.
    expect(codes.check(code.replace('NAT-AAAAA-BBBBB', 'NAT-AAAAA-BBBBC'))).toEqual({ refused: 'forged' });
    // Forged: signed by a key that is not ours, under our key's id.
    expect(codes.check(new VoucherCodes([{ id: 'k1', seed: randomBytes(32) }]).code('NAT-AAAAA-BBBBB'))).toEqual({ refused: 'forged' });
    // Another key's id, which this ring does not hold.
    expect(codes.check(new VoucherCodes([{ id: 'k7', seed: Buffer.alloc(32, 7) }]).code('NAT-AAAAA-BBBBB'))).toEqual({ refused: 'unknownKey' });
    const signature = code.split('.')[3]!;
    expect(codes.check(code.replace(signature, `${signature.slice(0, -2)}AA`))).toEqual({ refused: 'forged' });
    expect(codes.check(`${code}x`)).toEqual({ refused: 'forged' });
    expect(codes.check('NAT1.NAT-A.k1')).toEqual({ refused: 'malformed' });
    expect(codes.check('NAT1.nat-a b.k1.xyz')).toEqual({ refused: 'malformed' });
    expect(codes.check('')).toEqual({ refused: 'malformed' });
    expect(codes.verify('https://example.com/')).toBeNull();
  });

  it('rotates keys: a new key signs, codes already sent still check, and a retired key checks nothing', () => {
    const sentBefore = codes.code('NAT-OLD00-00001');
    const rotated = new VoucherCodes([k2, k1]);
    const sentAfter = rotated.code('NAT-NEW00-00001');
    expect(sentAfter.split('.')[2]).toBe('k2');
    expect(rotated.verify(sentBefore)).toBe('NAT-OLD00-00001');
    expect(rotated.verify(sentAfter)).toBe('NAT-NEW00-00001');
    // k1 retired (left out of the ring): its codes are refused; k2's still check.
    const retired = new VoucherCodes([k2]);
    expect(retired.check(sentBefore)).toEqual({ refused: 'unknownKey' });
    expect(retired.verify(sentAfter)).toBe('NAT-NEW00-00001');
  });

  it('gives the public keys a scanner checks codes with, each with its id', () => {
    expect(new VoucherCodes([k2, k1]).publicJwks()).toEqual([
      { kty: 'OKP', crv: 'Ed25519', x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), kid: 'k2' },
      { kty: 'OKP', crv: 'Ed25519', x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), kid: 'k1' },
    ]);
  });
});
