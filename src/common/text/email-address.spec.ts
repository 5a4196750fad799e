import { mentionsAddress } from './email-address';

describe(mentionsAddress.name, () => {
  it('finds the address on its own, whatever its case and whatever stands around it', () => {
    for (const text of ['a@example.com', 'Mail a@example.com, please', 'mailto:A@Example.COM', '<a@example.com>', '"a@example.com"', 'to a@example.com.', 'write (a@example.com)']) {
      expect([text, mentionsAddress(text, 'a@example.com')]).toEqual([text, true]);
    }
  });

  it('never finds it inside a longer address', () => {
    for (const text of ['anna@example.com', 'x.a@example.com', 'sara+a@example.com', 'a@example.com.au', 'a@example.community', 'ba@example.com', 'å@example.com'.replace('å', 'åa')]) {
      expect([text, mentionsAddress(text, 'a@example.com')]).toEqual([text, false]);
    }
  });

  it('reads characters in the address literally, not as a pattern', () => {
    expect(mentionsAddress('a+b@example.com', 'a+b@example.com')).toBe(true);
    expect(mentionsAddress('aab@example.com', 'a+b@example.com')).toBe(false);
    expect(mentionsAddress('a@exampleXcom', 'a@example.com')).toBe(false);
  });
});
