import { createHmac } from 'node:crypto';

import type { Request } from 'express';

/** The client's address as Express resolved it (trust proxy decides which header counts). */
export function clientIp(request: Pick<Request, 'ip' | 'socket'>): string {
  return request.ip ?? request.socket?.remoteAddress ?? 'unknown';
}

/** A keyed hash of an address: lets staff see repeats without storing the address itself. */
export function hashIp(ip: string, secret: string): string {
  return createHmac('sha256', secret).update(ip).digest('hex');
}
