import { createHmac } from 'node:crypto';

import { hashSync } from 'bcryptjs';
import request from 'supertest';
import { DataSource } from 'typeorm';

import { AdminUser } from '../src/admin/admin-user.entity';
import { MAX_FAILED_LOGINS } from '../src/admin/auth/admin-auth.service';
import { AppConfig } from '../src/config/app-config';
import { Tour } from '../src/tours/tour.entity';
import { useTestApp } from './support/app';
import { newClientAddress } from './support/fixtures';

const PASSWORD = 'correct horse battery staple';
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT signed by hand, to try what an attacker might send. */
function handMadeToken(header: object, payload: object, secret?: string): string {
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  return `${unsigned}.${secret ? createHmac('sha256', secret).update(unsigned).digest('base64url') : ''}`;
}

describe('Admin API (MySQL)', () => {
  const sut = useTestApp();
  let admin: AdminUser;
  let tourId: number;

  const login = (email: string, password: string, ip = newClientAddress()) =>
    request(sut.server).post('/api/admin/login').set('X-Forwarded-For', ip).send({ email, password });
  const validate = (token?: string) => {
    const call = request(sut.server).get('/api/admin/validate-token');
    return token ? call.set('Authorization', `Bearer ${token}`) : call;
  };

  beforeAll(async () => {
    const admins = sut.app.get(DataSource).getRepository(AdminUser);
    admin = await admins.save(admins.create({ email: `staff-${Date.now()}@norrsken.test`, passwordHash: hashSync(PASSWORD, 4) }));
    tourId = (await sut.app.get(DataSource).getRepository(Tour).findOneByOrFail({ slug: 'drive-your-own-dog-sled-team' })).id;
  });

  async function freshToken(): Promise<string> {
    const response = await login(admin.email, PASSWORD).expect(200);
    return response.body.token as string;
  }

  it('Logs in with the right email and password and answers { token, email }', async () => {
    const response = await login(admin.email.toUpperCase(), PASSWORD).expect(200);
    expect(response.body).toEqual({ token: expect.any(String), email: admin.email });
    expect(response.headers['cache-control']).toBe('no-store');
    await validate(response.body.token).expect(200, { valid: true, email: admin.email });
  });

  it('Gives one Swedish message whether the email or the password was wrong', async () => {
    const wrongPassword = await login(admin.email, 'wrong').expect(401);
    const unknownEmail = await login('nobody@norrsken.test', PASSWORD).expect(401);
    expect(wrongPassword.body).toEqual({ statusCode: 401, message: 'Fel e-postadress eller lösenord.', error: 'Unauthorized' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    await login('', '').expect(400);
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'not-a-jwt'],
    ['a token signed with another secret', 'forged'],
    ['an alg: none token', 'none'],
    ['an expired token', 'expired'],
  ])('Answers 401 { valid: false } and refuses admin calls for %s', async (_label, kind) => {
    const secret = sut.app.get(AppConfig).jwtSecret;
    const payload = { sub: admin.id, email: admin.email, ver: admin.tokenVersion, iat: Math.floor(Date.now() / 1000) };
    const token =
      kind === 'forged'
        ? handMadeToken({ alg: 'HS256', typ: 'JWT' }, { ...payload, exp: payload.iat + 3600 }, 'another secret that is long enough!!')
        : kind === 'none'
          ? handMadeToken({ alg: 'none', typ: 'JWT' }, { ...payload, exp: payload.iat + 3600 })
          : kind === 'expired'
            ? handMadeToken({ alg: 'HS256', typ: 'JWT' }, { ...payload, iat: payload.iat - 7200, exp: payload.iat - 3600 }, secret)
            : kind;
    await validate(token).expect(401, { valid: false });
    const call = request(sut.server).post('/api/admin/tour-dates').send({ tourId, startsAt: new Date(Date.now() + 86_400_000).toISOString(), capacity: 8 });
    const refused = await (token ? call.set('Authorization', `Bearer ${token}`) : call).expect(401);
    expect(refused.body).toEqual({ statusCode: 401, message: 'Logga in igen.', error: 'Unauthorized' });
  });

  it('Ends the token on the server at logout, so a copied token stops working', async () => {
    const token = await freshToken();
    const copy = token;
    await request(sut.server).post('/api/admin/logout').set('Authorization', `Bearer ${token}`).expect(200, { loggedOut: true });
    await validate(copy).expect(401, { valid: false });
    await request(sut.server).get('/api/admin/audit-log').set('Authorization', `Bearer ${copy}`).expect(401);
    // A new login works again.
    await validate(await freshToken()).expect(200);
  });

  it(`Locks an account for a while after ${MAX_FAILED_LOGINS} failed logins, even from different addresses`, async () => {
    const admins = sut.app.get(DataSource).getRepository(AdminUser);
    const locked = await admins.save(admins.create({ email: `locked-${Date.now()}@norrsken.test`, passwordHash: hashSync(PASSWORD, 4) }));
    for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt++) await login(locked.email, 'wrong').expect(401);
    const refused = await login(locked.email, PASSWORD).expect(429);
    expect(refused.body.message).toBe('För många misslyckade inloggningar. Försök igen om 15 minuter.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    await admins.update({ id: locked.id }, { lockedUntil: new Date(Date.now() - 1000) });
    await login(locked.email, PASSWORD).expect(200);
  });

  it('Limits login attempts per address with 429 and a wait time', async () => {
    const ip = newClientAddress();
    for (let attempt = 0; attempt < 20; attempt++) await login(`nobody${attempt}@norrsken.test`, 'x', ip).expect(401);
    const limited = await login(admin.email, PASSWORD, ip).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  describe('POST /api/admin/tour-dates', () => {
    const soon = () => new Date(Date.now() + 3 * 86_400_000).toISOString();

    it('Creates a departure and records it in the audit log', async () => {
      const token = await freshToken();
      const startsAt = soon();
      const response = await request(sut.server)
        .post('/api/admin/tour-dates')
        .set('Authorization', `Bearer ${token}`)
        .send({ tourId, startsAt, capacity: 6, priceSek: 2890 })
        .expect(201);
      expect(response.body).toMatchObject({ tourId, startsAt, capacity: 6, priceSek: 2890, status: 'open' });
      const tour = (await request(sut.server).get('/api/tours/drive-your-own-dog-sled-team/departures').expect(200)).body as { id: number; seatsLeft: number }[];
      expect(tour.find((departure) => departure.id === response.body.id)).toMatchObject({ seatsLeft: 6 });
      const log = await request(sut.server).get('/api/admin/audit-log').set('Authorization', `Bearer ${token}`).expect(200);
      expect(log.body.data[0]).toMatchObject({ adminEmail: admin.email, action: 'tour-date.create', target: `departure:${response.body.id}` });
    });

    it.each([
      [{ capacity: 9 }, 'capacity får vara högst 8 (gruppstorleken)'],
      [{ capacity: 0 }, 'capacity måste vara ett heltal från 1 till 8'],
      [{ startsAt: '2020-01-01T10:00:00Z' }, 'startsAt ligger i det förflutna; välj en kommande tid.'],
      [{ startsAt: 'tomorrow' }, 'startsAt måste vara en tid i ISO-format, t.ex. 2026-12-24T19:00:00+01:00'],
      [{ tourId: 999999 }, 'Det finns ingen tur med id 999999.'],
      [{ seats: 3 }, 'property seats should not exist'],
    ])('Refuses %j with 400', async (change, message) => {
      const token = await freshToken();
      const response = await request(sut.server)
        .post('/api/admin/tour-dates')
        .set('Authorization', `Bearer ${token}`)
        .send({ tourId, startsAt: soon(), capacity: 8, ...change })
        .expect(400);
      expect(response.body.message).toBe(message);
    });
  });
});
