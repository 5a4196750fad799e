import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';

import { AppModule } from '../../src/app.module';
import { APP_OPTIONS, configureApp } from '../../src/app.setup';
import { RefundWorker } from '../../src/bookings/refund.worker';
import { MailOutbox } from '../../src/mail/mail-outbox.service';
import { staffToken } from './fixtures';
import { STRIPE_WEBHOOK_SECRET, StripeStandIn } from './stripe-stand-in';

/** The whole app as production builds it, on the MySQL test database, not listening. */
export async function createTestApp(): Promise<NestExpressApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ ...APP_OPTIONS, logger: ['error', 'warn'] });
  await configureApp(app);
  await app.init();
  return app;
}

/** Boots the app once for a suite and closes it after; read `app` and `server` inside tests. */
export function useTestApp(): { readonly app: NestExpressApplication; readonly server: ReturnType<NestExpressApplication['getHttpServer']> } {
  let app: NestExpressApplication;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  return {
    get app() {
      return app;
    },
    get server() {
      return app.getHttpServer();
    },
  };
}

/** Sends every mail that is due now (the outbox worker does it within seconds on its own). */
export async function deliverMail(app: INestApplication): Promise<void> {
  await app.get(MailOutbox).drain();
}

/** Carries out the refunds that are due, then sends the mails they wrote. */
export async function settleRefunds(app: INestApplication): Promise<void> {
  await app.get(RefundWorker).drain();
  await deliverMail(app);
}

/**
 * The whole app with card payments by Stripe, pointed at a local stand-in, and a signed-in
 * staff member's token; for a suite, started once and stopped after.
 */
export function useCardPaymentApp(): { readonly app: NestExpressApplication; readonly standIn: StripeStandIn; readonly token: string } {
  const standIn = new StripeStandIn();
  let app: NestExpressApplication;
  let token: string;
  beforeAll(async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_norrsken';
    process.env.STRIPE_WEBHOOK_SECRET = STRIPE_WEBHOOK_SECRET;
    process.env.STRIPE_API_URL = await standIn.start();
    app = await createTestApp();
    token = await staffToken(app.get(DataSource), app.getHttpServer());
  });
  afterEach(() => {
    standIn.delays = {};
    standIn.failing = undefined;
  });
  afterAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_URL;
    await app.close();
    await standIn.stop();
  });
  return {
    get app() {
      return app;
    },
    standIn,
    get token() {
      return token;
    },
  };
}
