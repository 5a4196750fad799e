import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';

import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { RefundWorker } from '../../src/bookings/refund.worker';
import { MailOutbox } from '../../src/mail/mail-outbox.service';

/** The whole app as production builds it, on the MySQL test database, not listening. */
export async function createTestApp(): Promise<NestExpressApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ rawBody: true, logger: ['error', 'warn'] });
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
