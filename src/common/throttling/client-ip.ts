import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';

import type { Request } from 'express';

/**
 * The visitor's address as every limit and stored hash sees it.
 *
 * Express resolves it from `X-Forwarded-For` only through the proxies TRUST_PROXY names. A
 * forwarded value that is not an address at all is ignored in favour of the connection's own
 * address, so that made-up values cannot each start a fresh count. IPv6 visitors are keyed
 * on their /64 (one customer line holds a whole /64), IPv4-mapped IPv6 as plain IPv4.
 */
export function clientIp(request: Pick<Request, 'ip' | 'socket'>): string {
  const resolved = request.ip && isIP(request.ip) ? request.ip : request.socket?.remoteAddress;
  return resolved && isIP(resolved) ? addressKey(resolved) : 'unknown';
}

/** One key per visitor: IPv4 as it is, IPv6 as its /64 such as `2001:db8:1:2::/64`. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address.replace(/%.*$/, ''));
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros, `::` expanded. */
function ipv6Groups(address: string): string[] {
  // An embedded IPv4 tail (::ffff:1.2.3.4 forms other than the mapped one) counts as two groups.
  const withoutV4 = address.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_all, a: string, b: string, c: string, d: string) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
  );
  const [head, tail] = withoutV4.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16).toString(16));
}

/** A keyed hash of an address: lets staff see repeats without storing the address itself. */
export function hashIp(ip: string, key: Buffer): string {
  return createHmac('sha256', key).update(ip).digest('hex');
}
