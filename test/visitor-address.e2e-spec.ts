import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { NestExpressApplication } from '@nestjs/platform-express';

import { BookingLookupLimiter } from '../src/bookings/booking-lookup.limiter';
import { createTestApp } from './support/app';

/** A booking look-up (limited per visitor address) sent from `from` with an X-Forwarded-For of our choosing. */
function lookUp(app: NestExpressApplication, from: string, forwardedFor?: string): Promise<number> {
  const { port } = app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      { host: '127.0.0.1', port, path: '/api/bookings/NAT-AAAAA-AAAAA', localAddress: from, headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/** Sends one more look-up than the limit, each with its own X-Forwarded-For; answers the last status. */
async function exhaust(app: NestExpressApplication, from: string, forwardedFor: (n: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n <= BookingLookupLimiter.LIMIT; n++) statuses.push(await lookUp(app, from, forwardedFor(n)));
  return statuses;
}

const listening = async (): Promise<NestExpressApplication> => {
  const app = await createTestApp();
  await app.listen(0, '127.0.0.1');
  return app;
};

describe('Visitor addresses behind proxies (MySQL)', () => {
  describe('with the default TRUST_PROXY (loopback only)', () => {
    let app: NestExpressApplication;
    beforeAll(async () => {
      app = await listening();
    });
    afterAll(() => app.close());

    it('Ignores X-Forwarded-For values that are not addresses: made-up values share the sender’s count', async () => {
      const statuses = await exhaust(app, '127.0.0.71', (n) => `not-an-address-${n}`);
      expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Another sender is not held back.
      expect(await lookUp(app, '127.0.0.72', 'not-an-address')).toBe(404);
    });

    it('Keys IPv6 visitors on their /64: rotating through one /64 shares one count', async () => {
      const statuses = await exhaust(app, '127.0.0.73', (n) => `2001:db8:5:6::${(n + 1).toString(16)}`);
      expect(statuses.at(-1)).toBe(429);
      expect(await lookUp(app, '127.0.0.73', '2001:db8:5:6:ffff:ffff:ffff:ffff')).toBe(429);
      expect(await lookUp(app, '127.0.0.73', '2001:db8:5:7::1')).toBe(404);
    });
  });

  describe('with TRUST_PROXY naming one proxy', () => {
    let app: NestExpressApplication;
    beforeAll(async () => {
      process.env.TRUST_PROXY = '127.0.0.1';
      app = await listening();
    });
    afterAll(async () => {
      delete process.env.TRUST_PROXY;
      await app.close();
    });

    it('Ignores a forged X-Forwarded-For from any other address, private or not', async () => {
      const statuses = await exhaust(app, '127.0.0.74', (n) => `203.0.113.${n % 250}`);
      expect(statuses.at(-1)).toBe(429);
      // The named proxy still speaks for its visitors.
      expect(await lookUp(app, '127.0.0.1', '203.0.113.200')).toBe(404);
    });
  });
});
