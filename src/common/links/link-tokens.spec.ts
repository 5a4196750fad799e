import { LinkTokens } from './link-tokens';

describe(LinkTokens.name, () => {
  const sut = new LinkTokens(Buffer.from('a-test-key-that-is-long-enough-for-hs256'));
  const later = new Date(Date.now() + 86_400_000);

  it('gives back the reference a token was issued for, until it ends', () => {
    const token = sut.issue('NAT-7K4Q9-XH2MR', later);
    expect(token).not.toContain('NAT-');
    expect(sut.verify(token)).toBe('NAT-7K4Q9-XH2MR');
    expect(sut.verify(token, new Date(later.getTime() + 1000))).toBeNull();
  });

  it('refuses a token signed with another secret, a changed one, and junk', () => {
    const token = sut.issue('NAT-7K4Q9-XH2MR', later);
    expect(new LinkTokens(Buffer.from('another-key-that-is-long-enough-for-it')).verify(token)).toBeNull();
    const [payload, signature] = token.split('.');
    const other = Buffer.from(`NAT-AAAAA-AAAAA.${Math.floor(later.getTime() / 1000)}`).toString('base64url');
    expect(sut.verify(`${other}.${signature}`)).toBeNull();
    expect(sut.verify(`${payload}.${signature.slice(1)}`)).toBeNull();
    for (const junk of ['', '.', 'abc', `${token}.x`, 'NAT-7K4Q9-XH2MR']) expect(sut.verify(junk)).toBeNull();
  });
});
