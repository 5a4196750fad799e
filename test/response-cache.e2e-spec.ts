import request from 'supertest';
import { DataSource } from 'typeorm';

import { BlogPost } from '../src/blog/blog-post.entity';
import { Booking } from '../src/bookings/booking.entity';
import { Departure } from '../src/departures/departure.entity';
import { ToursService } from '../src/tours/tours.service';
import { ResponseCache } from '../src/common/cache/response-cache';
import { createTestApp } from './support/app';
import { useTestApp } from './support/app';
import { createTestDeparture, newClientAddress, staffToken } from './support/fixtures';
import { moveBookingClocks } from './support/bookings';
import { pause } from './support/time';
import { clock } from '../src/common/clock';

const SLUG = 'drive-your-own-dog-sled-team';
const DAY = 86_400_000;

describe('The page and catalogue cache (MySQL)', () => {
  const sut = useTestApp();
  // The server's clock only moves on within the suite, as time does: set back, a hold it lapsed would lapse again, later, in another test.
  afterAll(() => clock.reset());
  const dataSource = () => sut.app.get(DataSource);
  const get = (path: string) => request(sut.server).get(path).set('Accept-Encoding', 'br, gzip');
  /** Seats left on one departure, through the (cached) departures API. */
  const seatsLeft = async (departure: Departure) => {
    const from = new Date(departure.startsAt.getTime() - DAY).toISOString().slice(0, 10);
    const to = new Date(departure.startsAt.getTime() + DAY).toISOString().slice(0, 10);
    const answer = await get(`/api/tours/${SLUG}/departures?from=${from}&to=${to}`).expect(200);
    return { cache: answer.headers['x-cache'], seats: (answer.body as { id: number; seatsLeft: number }[]).find((item) => item.id === departure.id)?.seatsLeft };
  };
  const hold = (departureId: number, guests: number) =>
    request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId, guests, name: 'Cache Guest', email: `cache-${Math.random()}@example.com` }).expect(201);
  /**
   * Asks until the answer comes from the cache: brotli at its best takes a moment, and a hold
   * of another suite lapsing in the shared database empties the cache too.
   */
  async function untilHit<T extends { cache?: string }>(ask: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const answer = await ask();
      if (answer.cache === 'hit' || attempt === 40) return answer;
      await pause(100);
    }
  }
  const page = async (path: string) => {
    const answer = await get(path);
    return Object.assign(answer, { cache: answer.headers['x-cache'] as string | undefined });
  };

  it('Serves a page rendered once from memory, compressed, with the security headers, an ETag and 304', async () => {
    const hit = await untilHit(() => page('/tours/'));
    expect(hit.status).toBe(200);
    expect(hit.headers).toMatchObject({ 'x-cache': 'hit', 'content-encoding': 'br', vary: 'Accept-Encoding', 'content-type': expect.stringMatching(/^text\/html/) });
    expect(hit.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(hit.headers.etag).toMatch(/^"[\w-]+"$/);
    // What belonged to the first answer alone is not replayed.
    expect(hit.headers['server-timing']).toBeUndefined();
    expect(hit.headers['x-request-id']).toBeUndefined();
    // supertest inflates gzip itself: the header says what was sent.
    const gzip = await request(sut.server).get('/tours/').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers).toMatchObject({ 'x-cache': 'hit', 'content-encoding': 'gzip' });
    expect(gzip.text).toContain('<h1');
    await get('/tours/').set('If-None-Match', hit.headers.etag).expect(304);
  });

  it('Sends a page it does not keep compressed as the visitor takes it, whole (compressed off the event loop)', async () => {
    const path = '/tours/?utm_source=mail';
    // supertest inflates brotli and gzip itself: the headers say what was sent.
    const br = await request(sut.server).get(path).set('Accept-Encoding', 'br').expect(200);
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(br.headers['x-cache']).toBeUndefined();
    expect(br.text).toMatch(/^<!doctype html>[\s\S]*<h1[\s\S]*<\/html>$/);
    const gzip = await request(sut.server).get(path).set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toMatch(/<\/html>$/);
    const identity = await request(sut.server).get(path).set('Accept-Encoding', 'identity').expect(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect([br.text, gzip.text]).toEqual([identity.text, identity.text]);
  });

  it('Says in Server-Timing how long a fresh render took: data, then React', async () => {
    const fresh = await get('/faq/?location=Kiruna').expect(200);
    expect(fresh.headers['server-timing']).toMatch(/^data;dur=\d+\.\d{2}, render;dur=\d+\.\d{2}$/);
  });

  it('Never shares an answer that depends on the visitor: booking look-ups, tokens, unknown parameters, staff calls', async () => {
    for (const path of ['/success/?booking=NAT-AAAAA-AAAAA', '/booking/manage/?token=x', '/tours/?utm_source=mail', '/api/admin/validate-token']) {
      await get(path);
      await pause(300);
      expect([path, (await get(path)).headers['x-cache']]).toEqual([path, undefined]);
    }
  });

  it('Never keeps a page that shows its data failed to load, and shows the tours again once they load', async () => {
    const path = '/tours/?location=Abisko';
    const failing = jest.spyOn(sut.app.get(ToursService), 'list').mockRejectedValue(new Error('The database went away'));
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const failed = await get(path).expect(200);
        expect(failed.text).toContain('Failed to load tours. Please try again later.');
        expect(failed.headers['cache-control']).toBe('no-store');
        expect(failed.headers['x-cache']).toBeUndefined();
        await pause(300);
      }
    } finally {
      failing.mockRestore();
      quiet.mockRestore();
    }
    const recovered = await get(path).expect(200);
    expect(recovered.text).not.toContain('Failed to load tours');
    expect(recovered.headers['cache-control']).toBe('no-cache');
  });

  it('Shows the new seats left as soon as a booking has answered, and again when its hold lapses', async () => {
    const departure = await createTestDeparture(dataSource(), SLUG, { capacity: 6 });
    expect((await seatsLeft(departure)).seats).toBe(6);
    expect(await untilHit(() => seatsLeft(departure))).toEqual({ cache: 'hit', seats: 6 });

    const held = await hold(departure.id, 2);
    expect(await seatsLeft(departure)).toEqual({ cache: undefined, seats: 4 });
    expect(await untilHit(() => seatsLeft(departure))).toEqual({ cache: 'hit', seats: 4 });

    // The hold lapses by the clock alone, with no write: the kept answer is good only until then.
    await moveBookingClocks(dataSource(), { reference: held.body.reference }, { holdExpiresAt: new Date(clock.now().getTime() + 3000) });
    expect(await untilHit(() => seatsLeft(departure))).toEqual({ cache: 'hit', seats: 4 });
    // Three seconds on the server's clock, and nobody waits for them.
    clock.advance(3100);
    expect(await seatsLeft(departure)).toEqual({ cache: undefined, seats: 6 });
  });

  it('Renders pages again after staff add a departure', async () => {
    expect((await untilHit(() => page(`/tours/${SLUG}/`))).cache).toBe('hit');
    const token = await staffToken(dataSource(), sut.server);
    const tourId = (await get(`/api/tours/${SLUG}`).expect(200)).body.id as number;
    await request(sut.server)
      .post('/api/admin/tour-dates')
      .set('Authorization', `Bearer ${token}`)
      .send({ tourId, startsAt: new Date(Date.now() + 2 * DAY).toISOString(), capacity: 8 })
      .expect(201);
    expect((await get(`/tours/${SLUG}/`)).headers['x-cache']).toBeUndefined();
  });

  /** Seats left on one departure as the tour's own answer (a catalogue read) shows them; undefined when it is not listed. */
  const tourSeatsLeft = async (departure: Departure) => {
    const answer = await get(`/api/tours/${SLUG}`).expect(200);
    return { cache: answer.headers['x-cache'], seats: (answer.body.departures as { id: number; seatsLeft: number }[]).find((item) => item.id === departure.id)?.seatsLeft };
  };

  it("Keeps a tour's departures and seats only until a hold lapses or a departure starts, by the clock alone", async () => {
    const soon = await createTestDeparture(dataSource(), SLUG, { daysAhead: 0.05, capacity: 5 });
    const held = await hold(soon.id, 2);
    const lapsesAt = clock.now().getTime() + 3000;
    await moveBookingClocks(dataSource(), { reference: held.body.reference }, { holdExpiresAt: new Date(lapsesAt) });
    const starting = await createTestDeparture(dataSource(), SLUG, { daysAhead: 0, capacity: 5 });
    await dataSource().getRepository(Departure).update(starting.id, { startsAt: new Date(lapsesAt) });
    expect(await untilHit(() => tourSeatsLeft(soon))).toEqual({ cache: 'hit', seats: 3 });
    expect((await tourSeatsLeft(starting)).seats).toBe(5);
    clock.advance(lapsesAt + 100 - clock.now().getTime());
    expect(await tourSeatsLeft(soon)).toEqual({ cache: undefined, seats: 5 });
    expect((await tourSeatsLeft(starting)).seats).toBeUndefined();
  });

  it('Shows a scheduled post on the blog when its time comes, with no write', async () => {
    const posts = dataSource().getRepository(BlogPost);
    const slug = `scheduled-${Date.now()}`;
    const publishedAt = clock.now().getTime() + 3000;
    await posts.save(
      posts.create({ slug, title: 'Scheduled northern lights', excerpt: '', content: '<p>Soon.</p>', coverImageUrl: '/images/aurora.jpg', coverImageAlt: 'Aurora', author: 'Staff', publishedAt: new Date(publishedAt) }),
    );
    const blog = async () => {
      const answer = await page('/blog/');
      return { cache: answer.cache, shown: answer.text.includes('Scheduled northern lights') };
    };
    expect(await untilHit(blog)).toEqual({ cache: 'hit', shown: false });
    await get(`/api/blog/${slug}`).expect(404);
    clock.advance(publishedAt + 100 - clock.now().getTime());
    expect(await blog()).toEqual({ cache: undefined, shown: true });
    await get(`/api/blog/${slug}`).expect(200);
    await posts.delete({ slug });
  });

  it("Empties only the answers that show a tour's seats when a guest holds some: home, blog, FAQ and other tours stay kept", async () => {
    const other = 'northern-lights-car-chase-kiruna';
    const departure = await createTestDeparture(dataSource(), SLUG, { capacity: 6 });
    const kept = ['/', '/blog/', '/faq/', '/tours/', `/tours/${other}/`, `/api/tours/${other}`, '/api/faq'];
    const emptied = [`/tours/${SLUG}/`, `/api/tours/${SLUG}`, `/book/${departure.tourId}/`];
    for (const path of [...kept, ...emptied]) expect([path, (await untilHit(() => page(path))).cache]).toEqual([path, 'hit']);

    const held = await hold(departure.id, 2);
    for (const path of kept) expect([path, (await page(path)).cache]).toEqual([path, 'hit']);
    for (const path of emptied) expect([path, (await page(path)).cache]).toEqual([path, undefined]);
    expect((await tourSeatsLeft(departure)).seats).toBe(4);

    // Confirming the hold (pay on arrival) keeps its seats taken: what the site shows stays kept.
    for (const path of emptied) expect([path, (await untilHit(() => page(path))).cache]).toEqual([path, 'hit']);
    await request(sut.server).post(`/api/bookings/${held.body.reference}/checkout`).expect(200);
    for (const path of emptied) expect([path, (await page(path)).cache]).toEqual([path, 'hit']);
    expect(await dataSource().getRepository(Booking).findOneByOrFail({ reference: held.body.reference })).toMatchObject({ status: 'confirmed' });
  });

  it("Reads only a tour's departures again after a hold: the tour itself, its prices and options stay kept", async () => {
    const departure = await createTestDeparture(dataSource(), SLUG, { capacity: 6 });
    expect(await untilHit(() => tourSeatsLeft(departure))).toEqual({ cache: 'hit', seats: 6 });
    expect((await untilHit(() => page(`/tours/${SLUG}/`))).cache).toBe('hit');
    const tourReads = jest.spyOn(ToursService.prototype as unknown as { findActive: () => Promise<unknown> }, 'findActive');
    try {
      await hold(departure.id, 2);
      expect(await tourSeatsLeft(departure)).toEqual({ cache: undefined, seats: 4 });
      const tourPage = await page(`/tours/${SLUG}/`);
      expect(tourPage.cache).toBeUndefined();
      expect(tourPage.text).toContain('Drive Your Own Dog Sled Team');
      await get(`/api/tours/${SLUG}/departures`).expect(200);
      expect(tourReads).not.toHaveBeenCalled();
    } finally {
      tourReads.mockRestore();
    }
  });

  describe('with a small budget (PAGE_CACHE_MB=1)', () => {
    let small: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      process.env.PAGE_CACHE_MB = '1';
      small = await createTestApp();
      delete process.env.PAGE_CACHE_MB;
    });
    afterAll(() => small.close());

    it('Keeps what it holds under its budget in bytes, however many keys are asked for, and keeps no made-up one', async () => {
      const cache = small.get(ResponseCache);
      const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
      // Made-up values answer as usual but are never kept.
      const before = cache.size;
      for (let index = 0; index < 300; index++) {
        await request(small.getHttpServer()).get(`/tours/?location=u${index}`).expect(200);
        await request(small.getHttpServer()).get(`/api/faq?location=${index}`).expect((answer) => expect(answer.status).toBeLessThan(500));
      }
      await pause(200);
      expect(cache.size).toBe(before);
      // Real keys, thousands of them: the cache stays within 1 MB, evicting the least used.
      let largest = 0;
      for (let from = 0; from < 30; from++) {
        await Promise.all(Array.from({ length: 40 }, (_, span) => request(small.getHttpServer()).get(`/api/tours/${SLUG}/departures?from=${day(from)}&to=${day(from + span + 1)}`).expect(200)));
        largest = Math.max(largest, cache.size);
      }
      await pause(200);
      expect(Math.max(largest, cache.size)).toBeLessThanOrEqual(1024 * 1024);
      expect(cache.size).toBeGreaterThan(512 * 1024);
    });
  });
});
