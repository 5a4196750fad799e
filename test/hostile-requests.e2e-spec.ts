import request from 'supertest';
import { DataSource } from 'typeorm';

import { ApiDocuments } from '../src/common/api-docs';
import { Booking } from '../src/bookings/booking.entity';
import { ContactMessage } from '../src/contact/contact-message.entity';
import { useTestApp } from './support/app';
import { TEST_PUBLIC_URL } from './support/e2e-env';
import { createTestDeparture, newClientAddress, staffToken } from './support/fixtures';

const SLUG = 'drive-your-own-dog-sled-team';

describe('Requests as an attacker would send them (MySQL)', () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  const guest = () => ({ name: 'Hostile Page', email: `hostile-${Date.now()}-${Math.random()}@example.com` });

  /** The security headers every answer carries, whoever answered it. */
  const expectSecurityHeaders = (headers: Record<string, string>) => {
    expect(headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  };

  it('Sends the security headers with the answer to malformed JSON (400) and to a body too large (413)', async () => {
    const malformed = await request(sut.server).post('/api/contact').set('Content-Type', 'application/json').send('{"name":').expect(400);
    expect(malformed.body.message).toBe('The request body is not valid JSON.');
    expectSecurityHeaders(malformed.headers);
    const large = await request(sut.server).post('/api/contact').set('Content-Type', 'application/json').send(JSON.stringify({ message: 'x'.repeat(200_000) })).expect(413);
    expectSecurityHeaders(large.headers);
  });

  it("Refuses a hostile page's form: a form body is 415 and holds no seat", async () => {
    const departure = await createTestDeparture(dataSource(), SLUG, { capacity: 8 });
    const form = new URLSearchParams({ departureId: String(departure.id), guests: '8', ...guest() }).toString();
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const refused = await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).set('Content-Type', type).send(form).expect(415);
      expect(refused.body.message).toBe('Send the request body as application/json.');
      expectSecurityHeaders(refused.headers);
    }
    expect(await dataSource().getRepository(Booking).countBy({ departureId: departure.id })).toBe(0);
  });

  it('Refuses writes another site asks a visitor’s browser to make (403), and takes our own', async () => {
    const departure = await createTestDeparture(dataSource(), SLUG, { capacity: 8 });
    const booking = { departureId: departure.id, guests: 8, ...guest() };
    const contact = { name: 'Spam Sender', email: `spam-${Date.now()}@example.com`, message: 'Cheap watches, very cheap watches for you.' };
    const before = await dataSource().getRepository(ContactMessage).countBy({ email: contact.email });
    for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'https://evil.example' }, { Origin: 'null' }]) {
      const post = (path: string, body: object) => request(sut.server).post(path).set('X-Forwarded-For', newClientAddress()).set(headers).send(body);
      const refused = await post('/api/bookings', booking).expect(403);
      expect(refused.body.message).toBe('Requests from other sites are not accepted.');
      await post('/api/contact', contact).expect(403);
      await post('/api/chat', { message: 'Which tours are there?' }).expect(403);
      await post('/api/chat/stream', { message: 'Which tours are there?' }).expect(403);
      const staff = await post('/api/admin/login', { email: 'a@b.se', password: 'x' }).expect(403);
      expect(staff.body.message).toBe('Anrop från andra webbplatser tas inte emot.');
    }
    expect(await dataSource().getRepository(Booking).countBy({ departureId: departure.id })).toBe(0);
    expect(await dataSource().getRepository(ContactMessage).countBy({ email: contact.email })).toBe(before);

    // Our own pages: the site's origin, or the host it was reached at, and what the browser calls same-origin.
    for (const headers of [{ Origin: TEST_PUBLIC_URL, 'Sec-Fetch-Site': 'same-origin' }, { Origin: 'http://tours.internal:8080', Host: 'tours.internal:8080' }]) {
      await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).set(headers).send({ ...booking, guests: 1, ...guest() }).expect(201);
    }
    // Reads are never refused, and the Stripe webhook answers for its signature, not its origin.
    await request(sut.server).get('/api/tours').set('Sec-Fetch-Site', 'cross-site').expect(200);
    await request(sut.server).post('/api/payments/stripe/webhook').set('Origin', 'https://evil.example').set('Content-Type', 'application/json').send('{}').expect((answer) => expect(answer.status).not.toBe(403));
  });

  /** Every write route of the whole API (public and staff), from its own OpenAPI document. */
  const writeRoutes = (): [string, string][] => {
    const paths = sut.app.get(ApiDocuments).whole().paths;
    const routes: [string, string][] = [];
    for (const [path, item] of Object.entries(paths)) {
      for (const method of ['post', 'put', 'patch'] as const) {
        if (item[method] && path !== '/api/payments/stripe/webhook' && path !== '/api/admin/uploads') {
          routes.push([method, path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'reference' ? 'NAT-AAAAA-AAAAA' : name === 'token' ? 'not-a-token' : '1'))]);
        }
      }
    }
    return routes;
  };

  it('Answers odd JSON with 400 naming the field on every write route, never 500', async () => {
    const token = await staffToken(dataSource(), sut.server);
    let deep = '1';
    for (let level = 0; level < 3000; level++) deep = `[${deep}]`;
    const bodies: [string, string, string][] = [
      [`{"guests":${deep}}`, 'guests', 'guests is nested deeper than 16 levels.'],
      [deep, '(body)', '(body) is nested deeper than 16 levels.'],
      ['{"email":"\\ud800@x.se"}', 'email', 'email contains text that is not valid Unicode.'],
      ['{"email":"\\uffff\\ud800"}', 'email', 'email contains text that is not valid Unicode.'],
      ['{"departureId":{"toString":1}}', 'departureId', 'departureId must be a plain value, not an object.'],
    ];
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(25);
    for (const [method, path] of routes) {
      for (const [body, field] of bodies) {
        const answer = await request(sut.server)[method as 'post'](path)
          .set('Authorization', `Bearer ${token}`)
          .set('X-Forwarded-For', newClientAddress())
          .set('Content-Type', 'application/json')
          .send(body);
        expect([method, path, body.slice(0, 30), answer.status]).toEqual([method, path, body.slice(0, 30), 400]);
        expect(Object.keys(answer.body.fields)).toEqual([field]);
      }
    }
    const login = await request(sut.server).post('/api/admin/login').set('Content-Type', 'application/json').send('{"email":"\\uffff\\ud800","password":"x"}').expect(400);
    expect(login.body.message).toBe('email innehåller text som inte är giltig Unicode.');
    const booking = await request(sut.server).post('/api/bookings').set('Content-Type', 'application/json').send('{"departureId":{"toString":1}}').expect(400);
    expect(booking.body).toMatchObject({ message: 'departureId must be a plain value, not an object.', fields: { departureId: ['departureId must be a plain value, not an object.'] } });
  });

  it('Answers at once text made to make its cleaning or check take quadratic time (each blocked the whole site for over 3 s)', async () => {
    const departure = await createTestDeparture(dataSource(), SLUG, { capacity: 8, daysAhead: 61 });
    // 90 KB of "a-a-…": PERSON_NAME's look for a domain ran over every run of letters and hyphens, 3.4 s on one core.
    let started = Date.now();
    const refused = await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 1, name: 'a-'.repeat(45_000), email: guest().email }).expect(400);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(refused.body.fields.name).toContain('name must be at most 120 characters');
    // 95 KB of spaces before a name: a single line's cleaning tried every space as the start of a line break, 3.3 s.
    started = Date.now();
    await request(sut.server).post('/api/contact').set('X-Forwarded-For', newClientAddress()).send({ name: `${' '.repeat(95_000)}Anna`, email: guest().email, message: 'Do you run the car chase on Christmas Eve?' }).expect(201);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
