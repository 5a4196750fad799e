import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import request from 'supertest';
import { DataSource } from 'typeorm';

import { useTestApp } from './support/app';
import { staffToken } from './support/fixtures';

describe('Platform: health, errors, security headers, OpenAPI (MySQL)', () => {
  const sut = useTestApp();

  it('Reports health with the database', async () => {
    const response = await request(sut.server).get('/health').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', database: { type: 'mysql', status: 'up' } });
  });

  it('Answers liveness and readiness (the database answers; no Redis is configured here)', async () => {
    await request(sut.server).get('/health/live').expect(200, { status: 'alive' });
    await request(sut.server).get('/health/ready').expect(200, { status: 'ready', database: 'up', redis: 'not configured' });
  });

  it('Answers a path of doubled slashes with a redirect to its one-slash page, never a 500', async () => {
    for (const [from, to] of [['//', '/'], ['//tours/', '/tours/'], ['//tours', '/tours/']]) {
      const response = await request(sut.server).get(from).expect(301);
      expect(response.headers.location).toBe(to);
    }
  });

  it('Answers malformed JSON with 400, not 500', async () => {
    const response = await request(sut.server).post('/api/tours').set('Content-Type', 'application/json').send('{"name": ').expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: 'The request body is not valid JSON.', error: 'Bad Request' });
  });

  it('Answers JSON that is no object (null, a string) with 400 saying so', async () => {
    for (const body of ['null', '"x"', '12']) {
      const response = await request(sut.server).post('/api/contact').set('Content-Type', 'application/json').send(body).expect(400);
      expect([body, response.body]).toEqual([body, { statusCode: 400, message: 'The request body must be a JSON object.', error: 'Bad Request' }]);
    }
  });

  it.each(['gzip', 'deflate', 'br'])('Answers a %s body that does not decompress with 400 in plain words, not the decompressor\'s', async (encoding) => {
    const response = await request(sut.server).post('/api/contact').set('Content-Type', 'application/json').set('Content-Encoding', encoding).send('not compressed at all').expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: 'The request body could not be decompressed as its Content-Encoding says.', error: 'Bad Request' });
  });

  it('Counts a compressed body by its size once decompressed: a small gzip of 1 MB is 413', async () => {
    const bomb = gzipSync(JSON.stringify({ message: ' '.repeat(1_000_000) }));
    expect(bomb.length).toBeLessThan(5_000);
    const response = await request(sut.server).post('/api/contact').set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').serialize((bytes: Buffer) => bytes as unknown as string).send(bomb).expect(413);
    expect(response.body.message).toBe('The request body is too large.');
  });

  it('Answers an oversized body with 413', async () => {
    const response = await request(sut.server)
      .post('/api/tours')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(200_000) }))
      .expect(413);
    expect(response.body).toEqual({ statusCode: 413, message: 'The request body is too large.', error: 'Payload Too Large' });
  });

  it('Answers an unknown API path with a JSON 404', async () => {
    const response = await request(sut.server).get('/api/nothing-here').expect(404).expect('Content-Type', /json/);
    expect(response.body).toEqual({ statusCode: 404, message: 'There is no API endpoint GET /api/nothing-here.', error: 'Not Found' });
  });

  it('Answers a method an API path does not take with 405 and the methods it does take (Allow), in the guest\'s or staff\'s words; a path nothing takes is 404', async () => {
    const send = (method: 'delete' | 'put' | 'post', path: string) => request(sut.server)[method](path).set('Sec-Fetch-Site', 'same-origin').send({});
    const tours = await send('delete', '/api/tours').expect(405).expect('Allow', 'GET, HEAD');
    expect(tours.body).toEqual({ statusCode: 405, message: 'DELETE is not allowed on /api/tours: it takes GET, HEAD.', error: 'Method Not Allowed' });
    await send('put', '/api/bookings').expect(405).expect('Allow', 'POST');
    await send('post', '/api/tours/northern-lights-car-chase-kiruna/departures').expect(405).expect('Allow', 'GET, HEAD');
    const german = await send('delete', '/api/tours').set('Accept-Language', 'de').expect(405);
    expect(german.body.message).toBe('DELETE ist für /api/tours nicht erlaubt: dort gibt es GET, HEAD.');
    const token = await staffToken(sut.app.get(DataSource), sut.server);
    const staff = await send('delete', '/api/admin/bookings.csv').set('Authorization', `Bearer ${token}`).expect(405).expect('Allow', 'GET, HEAD');
    expect(staff.body.message).toBe('DELETE går inte på /api/admin/bookings.csv: där finns GET, HEAD.');
    // No route at all: not there.
    expect((await send('post', '/api/nothing-here').expect(404)).body.statusCode).toBe(404);
  });

  it('Never reveals the framework or a stack trace', async () => {
    const response = await request(sut.server).get('/api/tours/%E0%A4%A').expect((res) => expect(res.status).toBeLessThan(500));
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js|node_modules/);
  });

  it('Sends a strict Content-Security-Policy: only our own script files, and no inline script on the page', async () => {
    const response = await request(sut.server).get('/').expect(200);
    const csp = response.headers['content-security-policy'];
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Every script element is either a file of ours or data that never runs (router state, structured data).
    const scripts = [...response.text.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const attributes of scripts) expect(attributes).toMatch(/type="module" src="\/assets\/[^"]+"|type="application\/(ld\+)?json"/);
  });

  it('Serves the OpenAPI documentation generated from the DTOs', async () => {
    await request(sut.server).get('/api/docs').expect(200).expect('Content-Type', /html/);
    const spec = (await request(sut.server).get('/api/docs/openapi.json').expect(200)).body;
    expect(spec.paths['/api/tours'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['location', 'category']),
    );
  });

  it('Documents the staff API for signed-in staff only', async () => {
    const published = JSON.stringify((await request(sut.server).get('/api/docs/openapi.json').expect(200)).body);
    expect(published).not.toContain('/api/admin');
    await request(sut.server).get('/api/admin/openapi.json').expect(401);
    const whole = (await request(sut.server).get('/api/admin/openapi.json').set('Authorization', `Bearer ${await staffToken(sut.app.get(DataSource), sut.server)}`).expect(200)).body;
    expect(Object.keys(whole.paths)).toEqual(expect.arrayContaining(['/api/admin/bookings', '/api/admin/login', '/api/tours']));
  });

  it('Describes the fields of every JSON request body, in the public and the staff document', async () => {
    const token = await staffToken(sut.app.get(DataSource), sut.server);
    type Schema = { $ref?: string; properties?: Record<string, unknown>; allOf?: Schema[]; oneOf?: Schema[]; anyOf?: Schema[]; type?: string; items?: Schema };
    for (const document of [(await request(sut.server).get('/api/docs/openapi.json').expect(200)).body, (await request(sut.server).get('/api/admin/openapi.json').set('Authorization', `Bearer ${token}`).expect(200)).body]) {
      const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()!]) : schema);
      const fields = (schema: Schema): string[] => {
        const resolved = resolve(schema);
        if (resolved.type === 'array' && resolved.items) return fields(resolved.items);
        return [...Object.keys(resolved.properties ?? {}), ...[...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])].flatMap(fields)];
      };
      const bodies = Object.entries(document.paths as Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>).flatMap(([path, operations]) =>
        Object.entries(operations).flatMap(([method, operation]) => {
          const json = operation.requestBody?.content['application/json'];
          return json ? [{ operation: `${method.toUpperCase()} ${path}`, fields: fields(json.schema) }] : [];
        }),
      );
      expect(bodies.length).toBeGreaterThan(document.paths['/api/admin/bookings'] ? 20 : 3);
      expect(bodies.filter((body) => body.fields.length === 0).map((body) => body.operation)).toEqual([]);
    }
  });

  it('Sends scripts and styles as compressed at build time, for a year, with the right type', async () => {
    const html = (await request(sut.server).get('/').expect(200)).text;
    const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const built = readFileSync(join(__dirname, '..', 'dist', 'client', `${script}.br`));
    const answer = await request(sut.server).get(script).set('Accept-Encoding', 'br, gzip').expect(200);
    // The file made at build time, byte for byte (supertest inflates the body itself).
    expect(answer.headers).toMatchObject({ 'content-encoding': 'br', 'content-length': String(built.length), 'content-type': expect.stringMatching(/javascript/) });
    expect(answer.headers['cache-control']).toContain('immutable');
  });

  it('Compresses pages', async () => {
    const response = await request(sut.server).get('/tours/').set('Accept-Encoding', 'gzip').expect(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});
