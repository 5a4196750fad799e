import { addressKey, clientIp } from './client-ip';

const request = (ip: string | undefined, remoteAddress = '127.0.0.1') => ({ ip, socket: { remoteAddress } }) as Parameters<typeof clientIp>[0];

describe(clientIp.name, () => {
  it('takes the address Express resolved through the trusted proxies', () => {
    expect(clientIp(request('203.0.113.7'))).toBe('203.0.113.7');
  });

  it('ignores a forwarded value that is not an address, keeping the connection address', () => {
    expect(clientIp(request('not-an-address', '10.0.0.9'))).toBe('10.0.0.9');
    expect(clientIp(request('1.2.3.4.5', '::ffff:10.0.0.9'))).toBe('10.0.0.9');
  });
});

describe(addressKey.name, () => {
  it('keys IPv6 on the /64, so one line cannot rotate through its addresses', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps IPv4, and unwraps IPv4-mapped IPv6', () => {
    expect(addressKey('198.51.100.4')).toBe('198.51.100.4');
    expect(addressKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });
});
