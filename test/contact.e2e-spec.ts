import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';

import { ContactMessage } from '../src/contact/contact-message.entity';
import { createTestApp, deliverMail, useTestApp } from './support/app';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

const outbox = join(process.env.DATA_DIR!, 'outbox');
const valid = { name: 'Anna Svensson', email: 'anna@example.com', message: 'Can we see the aurora in late March?' };
let nextIp = 1;
/** Each test speaks from its own address, so the rate limit of one does not touch another. */
const fromNewAddress = () => `203.0.113.${nextIp++}`;

describe('Contact API (MySQL)', () => {
  const sut = useTestApp();
  const messages = () => sut.app.get(DataSource).getRepository(ContactMessage);

  beforeEach(() => rmSync(outbox, { recursive: true, force: true }));

  it('Stores a message and mails support through the outbox', async () => {
    const message = `Hello from test ${Date.now()}`;
    const response = await request(sut.server).post('/api/contact').set('X-Forwarded-For', fromNewAddress()).send({ ...valid, message }).expect(201);
    expect(response.body).toEqual({ received: true });
    const stored = await messages().findOneByOrFail({ message });
    expect(stored).toMatchObject({ name: 'Anna Svensson', email: 'anna@example.com', handledAt: null });
    expect(stored.ipHash).toMatch(/^[0-9a-f]{64}$/);
    await deliverMail(sut.app);
    const mails = readdirSync(outbox).map((file) => readFileSync(join(outbox, file), 'utf8')).filter((mail) => mail.includes(message));
    expect(mails).toHaveLength(1);
    const eml = mails[0];
    expect(eml).toContain('To: hello@norrsken-arctic.se');
    expect(eml).toContain('Reply-To: Anna Svensson <anna@example.com>');
    expect(eml).toContain(message);
  });

  it('Stores text without null bytes or other control characters, keeping its line breaks', async () => {
    const marker = `Control ${Date.now()}`;
    await request(sut.server)
      .post('/api/contact')
      .set('X-Forwarded-For', fromNewAddress())
      .send({ ...valid, name: 'Anna\u0000 Svensson\u202E', message: `${marker}\u0000\r\nSecond line\u0007\u001B[31m` })
      .expect(201);
    const stored = await messages().findOneByOrFail({ message: `${marker}\nSecond line[31m` });
    expect(stored.name).toBe('Anna Svensson');
  });

  it('Answers 400 naming each bad field, and stores nothing', async () => {
    const before = await messages().count();
    const response = await request(sut.server)
      .post('/api/contact')
      .set('X-Forwarded-For', fromNewAddress())
      .send({ name: '  ', email: 'not-an-email', message: '' })
      .expect(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      fields: { name: ['name is required'], email: ['email must be a valid email address'], message: ['message is required'] },
    });
    expect(response.body.message).toBe('name is required; email must be a valid email address; message is required');
    expect(await messages().count()).toBe(before);
  });

  it('Refuses unknown fields and overlong text', async () => {
    const unknown = await request(sut.server).post('/api/contact').set('X-Forwarded-For', fromNewAddress()).send({ ...valid, phone: '123' }).expect(400);
    expect(unknown.body.message).toBe('property phone should not exist');
    const long = await request(sut.server).post('/api/contact').set('X-Forwarded-For', fromNewAddress()).send({ ...valid, message: 'x'.repeat(5001) }).expect(400);
    expect(long.body.message).toBe('message must be at most 5000 characters');
  });

  it('Quietly drops a message whose honeypot is filled', async () => {
    const message = `Spam ${Date.now()}`;
    await request(sut.server).post('/api/contact').set('X-Forwarded-For', fromNewAddress()).send({ ...valid, message, website: 'http://spam.example' }).expect(201);
    expect(await messages().countBy({ message })).toBe(0);
  });

  it('Limits each address to 5 messages in 10 minutes', async () => {
    const ip = fromNewAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      await request(sut.server).post('/api/contact').set('X-Forwarded-For', ip).send(valid).expect(201);
    }
    const limited = await request(sut.server).post('/api/contact').set('X-Forwarded-For', ip).send(valid).expect(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      message: 'Too many requests from your address. Please wait a few minutes and try again.',
      error: 'Too Many Requests',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await request(sut.server).post('/api/contact').set('X-Forwarded-For', fromNewAddress()).send(valid).expect(201);
  });
});

describe('Contact mail over SMTP', () => {
  let smtp: SmtpSink;
  let app: NestExpressApplication;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    app = await createTestApp();
  });

  afterAll(async () => {
    delete process.env.SMTP_URL;
    await app.close();
    await smtp.close();
  });

  it('Sends the notice to support through the SMTP server', async () => {
    const message = `By SMTP ${Date.now()}`;
    await request(app.getHttpServer()).post('/api/contact').set('X-Forwarded-For', fromNewAddress()).send({ ...valid, message }).expect(201);
    await deliverMail(app);
    expect(smtp.received.some((mail) => mail.includes(message) && mail.includes('To: hello@norrsken-arctic.se'))).toBe(true);
  });
});
