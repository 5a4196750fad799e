import { createHmac } from 'node:crypto';

import { hashSync } from 'bcryptjs';
import request from 'supertest';
import { DataSource } from 'typeorm';

import { AdminUser } from '../src/admin/admin-user.entity';
import { PASSWORD_HASH_ROUNDS } from '../src/admin/auth/passwords';
import { LOGIN_LIMITS } from '../src/admin/auth/login-limits';
import { hashIp } from '../src/common/throttling/client-ip';
import { AppConfig } from '../src/config/app-config';
import { Tour } from '../src/tours/tour.entity';
import { useTestApp } from './support/app';
import { latenciesDuring, newClientAddress } from './support/fixtures';
import { clock } from '../src/common/clock';

const PASSWORD = 'correct horse battery staple';
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT signed by hand, to try what an attacker might send. */
function handMadeToken(header: object, payload: object, secret?: string | Buffer): string {
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

  it('Keeps answering other visitors while wrong passwords are checked (hashing is off the event loop)', async () => {
    const owner = await sut.app.get(DataSource).getRepository(AdminUser).save({ email: `hashing-${Date.now()}@norrsken.test`, passwordHash: hashSync(PASSWORD, PASSWORD_HASH_ROUNDS) });
    const guesses = Promise.all(Array.from({ length: 8 }, (_, n) => login(owner.email, `wrong guess ${n}`)));
    // Probed for as long as the eight checks take (about 2 s of one core's work in all).
    const { latencies, result } = await latenciesDuring(sut.server, guesses);
    expect(result.map((answer) => answer.status)).toEqual(Array(8).fill(401));
    expect(latencies.length).toBeGreaterThan(10);
    expect(latencies[Math.floor(latencies.length / 2)]).toBeLessThan(50);
    expect(latencies[latencies.length - 1]).toBeLessThan(300);
  });

  it('Gives one Swedish message whether the email or the password was wrong', async () => {
    const wrongPassword = await login(admin.email, 'wrong').expect(401);
    const unknownEmail = await login('nobody@norrsken.test', PASSWORD).expect(401);
    expect(wrongPassword.body).toEqual({ statusCode: 401, message: 'Fel e-postadress eller lösenord.', error: 'Unauthorized' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    await login('', '').expect(400);
  });

  it('Refuses bad fields in Swedish on the staff API, the limits of lengths and pages too', async () => {
    expect((await login(admin.email, 'x'.repeat(201)).expect(400)).body.message).toBe('password får vara högst 200 tecken');
    const token = await freshToken();
    const bookings = await request(sut.server).get('/api/admin/bookings?pageSize=999&page=0').set('Authorization', `Bearer ${token}`).expect(400);
    expect(bookings.body.fields).toEqual({ page: ['page måste vara ett heltal från 1'], pageSize: ['pageSize måste vara ett heltal från 1 till 200'] });
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'not-a-jwt'],
    ['a token signed with another secret', 'forged'],
    ['an alg: none token', 'none'],
    ['an expired token', 'expired'],
    ['a token without exp', 'no-exp'],
    ['a token signed with the app secret itself', 'raw-secret'],
    ['a token whose signature is a visitor-address hash of its own text', 'address-hash'],
  ])('Answers 401 { valid: false } and refuses admin calls for %s', async (_label, kind) => {
    const config = sut.app.get(AppConfig);
    const iat = Math.floor(Date.now() / 1000);
    const payload = { sub: admin.id, email: admin.email, ver: admin.tokenVersion, iat, exp: iat + 3600 };
    const hs256 = { alg: 'HS256', typ: 'JWT' };
    const unsigned = `${base64url(hs256)}.${base64url(payload)}`;
    const tokens: Record<string, () => string> = {
      forged: () => handMadeToken(hs256, payload, 'another secret that is long enough!!'),
      none: () => handMadeToken({ alg: 'none', typ: 'JWT' }, payload),
      expired: () => handMadeToken(hs256, { ...payload, iat: iat - 7200, exp: iat - 3600 }, config.key('admin-token')),
      'no-exp': () => handMadeToken(hs256, { ...payload, exp: undefined }, config.key('admin-token')),
      'raw-secret': () => handMadeToken(hs256, payload, config.jwtSecret),
      // Before the keys were separated, a stored address hash of a chosen "address" was a valid signature.
      'address-hash': () => `${unsigned}.${Buffer.from(hashIp(unsigned, config.key('visitor-address')), 'hex').toString('base64url')}`,
    };
    const token = kind === undefined ? undefined : (tokens[kind]?.() ?? kind);
    await validate(token).expect(401, { valid: false });
    const call = request(sut.server).post('/api/admin/tour-dates').send({ tourId, startsAt: new Date(Date.now() + 86_400_000).toISOString(), capacity: 8 });
    const refused = await (token ? call.set('Authorization', `Bearer ${token}`) : call).expect(401);
    expect(refused.body).toEqual({ statusCode: 401, message: 'Logga in igen.', error: 'Unauthorized' });
  });

  it('Accepts a token signed with the admin-token key and an exp (the control for the refusals above)', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const token = handMadeToken({ alg: 'HS256', typ: 'JWT' }, { sub: admin.id, email: admin.email, ver: admin.tokenVersion, iat, exp: iat + 3600 }, sut.app.get(AppConfig).key('admin-token'));
    await validate(token).expect(200, { valid: true, email: admin.email });
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

  describe('Staff login limits', () => {
    afterEach(() => clock.reset());
    const newAdmin = async (rounds = 4): Promise<AdminUser> => {
      const admins = sut.app.get(DataSource).getRepository(AdminUser);
      return admins.save(admins.create({ email: `owner-${Date.now()}-${Math.floor(Math.random() * 1e6)}@norrsken.test`, passwordHash: hashSync(PASSWORD, rounds) }));
    };

    it('Cannot be turned against the owner: failures from another address never keep them out', async () => {
      const owner = await newAdmin();
      const attacker = newClientAddress();
      for (let attempt = 0; attempt < 25; attempt++) expect([401, 429]).toContain((await login(owner.email, `guess ${attempt}`, attacker)).status);
      await login(owner.email, 'one more guess', attacker).expect(429);
      await login(owner.email, PASSWORD, newClientAddress()).expect(200);
    });

    it(`Makes a guesser wait longer after each failure past the first ${LOGIN_LIMITS.freeFailures}, and lets the right password in once the wait is over`, async () => {
      const owner = await newAdmin();
      const address = newClientAddress();
      for (let attempt = 0; attempt < LOGIN_LIMITS.freeFailures; attempt++) await login(owner.email, 'wrong', address).expect(401);
      const waiting = await login(owner.email, PASSWORD, address).expect(429);
      expect(waiting.body.message).toMatch(/^För många misslyckade inloggningar\. Försök igen om (1 sekund|2 sekunder)\.$/);
      expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.firstDelayMs / 1000);
      // The wait is over: the server's clock moves on, nobody waits for the wall's.
      clock.advance(LOGIN_LIMITS.firstDelayMs + 200);
      await login(owner.email, 'wrong again', address).expect(401);
      const longer = await login(owner.email, PASSWORD, address).expect(429);
      expect(Number(longer.headers['retry-after'])).toBeGreaterThan(LOGIN_LIMITS.firstDelayMs / 1000);
    });

    it('Counts 20 wrong guesses sent at once, not one: only the free tries reach the password check', async () => {
      const owner = await newAdmin();
      const address = newClientAddress();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => login(owner.email, `parallel guess ${n}`, address)));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.freeFailures);
      // The count holds afterwards too: the right password waits from there, and works from elsewhere.
      await login(owner.email, PASSWORD, address).expect(429);
      await login(owner.email, PASSWORD, newClientAddress()).expect(200);
    });

    it('Answers an unknown email exactly as a known one: status, body, limits and time', async () => {
      const owner = await newAdmin(PASSWORD_HASH_ROUNDS);
      const unknown = `nobody-${Date.now()}@norrsken.test`;
      const timed = async (email: string) => {
        const started = performance.now();
        const answer = await login(email, 'wrong', newClientAddress());
        return { status: answer.status, body: answer.body as unknown, ms: performance.now() - started };
      };
      const known: Awaited<ReturnType<typeof timed>>[] = [];
      const unknowns: Awaited<ReturnType<typeof timed>>[] = [];
      for (let round = 0; round < 5; round++) {
        known.push(await timed(owner.email));
        unknowns.push(await timed(unknown));
      }
      for (const answer of [...known, ...unknowns]) expect({ status: answer.status, body: answer.body }).toEqual({ status: 401, body: known[0].body });
      const median = (answers: typeof known) => answers.map((answer) => answer.ms).sort((a, b) => a - b)[2];
      expect(median(unknowns) / median(known)).toBeGreaterThan(0.6);
      expect(median(unknowns) / median(known)).toBeLessThan(1.6);

      const knownAddress = newClientAddress();
      const unknownAddress = newClientAddress();
      for (let attempt = 0; attempt < LOGIN_LIMITS.freeFailures; attempt++) {
        await login(owner.email, 'wrong', knownAddress).expect(401);
        await login(unknown, 'wrong', unknownAddress).expect(401);
      }
      const [knownRefusal, unknownRefusal] = [await login(owner.email, 'wrong', knownAddress), await login(unknown, 'wrong', unknownAddress)];
      expect(knownRefusal.status).toBe(429);
      expect(unknownRefusal.status).toBe(429);
      // The same words; only the seconds left may differ by the moment each was asked.
      const withoutWait = (body: { message: string }) => ({ ...body, message: body.message.replace(/\d+ sekund(er)?\.$/, 'N.') });
      expect(withoutWait(unknownRefusal.body)).toEqual(withoutWait(knownRefusal.body));
      expect(withoutWait(knownRefusal.body)).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'För många misslyckade inloggningar. Försök igen om N.' });
    });

    it(`Limits one address to ${LOGIN_LIMITS.perAddress} failures whatever emails it tries, with a wait time`, async () => {
      const ip = newClientAddress();
      for (let attempt = 0; attempt < LOGIN_LIMITS.perAddress; attempt++) await login(`nobody${attempt}@norrsken.test`, 'x', ip).expect(401);
      const limited = await login(admin.email, PASSWORD, ip).expect(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await login(admin.email, PASSWORD, newClientAddress()).expect(200);
    });

    it('Shows staff the recent failed logins on the dashboard', async () => {
      const tried = `intruder-${Date.now()}@norrsken.test`;
      const address = newClientAddress();
      await login(tried, 'wrong', address).expect(401);
      const dashboard = await request(sut.server).get('/api/admin/dashboard').set('Authorization', `Bearer ${await freshToken()}`).expect(200);
      expect(dashboard.body.failedLogins.lastDay).toBeGreaterThan(0);
      expect(dashboard.body.failedLogins.latest).toContainEqual({ email: tried, address, at: expect.any(String) });
    });
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
      // The validator's own English, said in Swedish as the staff API's other refusals.
      [{ seats: 3 }, 'fältet seats finns inte i det här anropet'],
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
