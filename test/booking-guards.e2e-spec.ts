import request from 'supertest';
import { DataSource } from 'typeorm';

import type { BookingSummary } from '../shared/api-types';
import { newBookingReference } from '../src/bookings/booking-reference';
import { Booking } from '../src/bookings/booking.entity';
import { Departure } from '../src/departures/departure.entity';
import { GUEST_LIMITS } from '../src/bookings/guest-limits';
import { useTestApp } from './support/app';
import { createTestDeparture, newClientAddress } from './support/fixtures';
import { moveBookingClocks } from './support/bookings';

const TOUR = 'ice-fishing-on-the-torne-river';
let guestCount = 0;
const newEmail = () => `guard${++guestCount}.${Date.now()}@example.com`;

describe('Booking guards: per-guest hold limits, names, and look-ups by reference (MySQL)', () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  const hold = (body: { departureId: number; guests: number } & Record<string, unknown>, from = newClientAddress()) =>
    request(sut.server).post('/api/bookings').set('X-Forwarded-For', from).send({ name: 'Squatting Sam', email: newEmail(), ...body });
  const departures = (count: number) => Promise.all(Array.from({ length: count }, (_, index) => createTestDeparture(dataSource(), TOUR, { daysAhead: 20 + index })));

  it("Lets one guest hold two bookings at once, then answers 429 with Retry-After and words a person understands", async () => {
    const address = newClientAddress();
    const email = newEmail();
    const [first, second, ...rest] = await departures(30);
    await hold({ departureId: first.id, guests: 8, email }, address).expect(201);
    await hold({ departureId: second.id, guests: 8, email }, address).expect(201);
    const refused = await Promise.all(rest.map((departure) => hold({ departureId: departure.id, guests: 8, email }, address)));
    for (const response of refused) {
      expect(response.status).toBe(429);
      expect(response.body.message).toBe('You already have 2 bookings waiting for checkout. Please finish or cancel one of them before holding more seats.');
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    expect(await dataSource().getRepository(Booking).countBy({ departureId: rest[0].id })).toBe(0);
  });

  it("Caps one address's open holds under invented names, counting parallel requests one after the other", async () => {
    // The attack that held 240 seats over 30 departures in a minute, each hold under a new name: 12 holds, then 429.
    const address = newClientAddress();
    const targets = await departures(16);
    const responses = await Promise.all(targets.map((departure) => hold({ departureId: departure.id, guests: 2 }, address)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(GUEST_LIMITS.address.openHolds);
    expect(statuses.filter((status) => status === 429)).toHaveLength(targets.length - GUEST_LIMITS.address.openHolds);
    expect(responses.find((response) => response.status === 429)!.body.message).toMatch(/^Many bookings from your network are waiting for checkout just now\. Please try again in \d+ minutes/);
  });

  it("Never refuses a new family on a hotel's shared address after five others booked from it", async () => {
    const address = newClientAddress();
    const targets = await departures(8);
    for (const departure of targets) {
      const held = (await hold({ departureId: departure.id, guests: 4 }, address).expect(201)).body as BookingSummary;
      await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).set('X-Forwarded-For', address).expect(200);
    }
  });

  it("Does not let a stranger spend a guest's allowance: holds in the guest's name from elsewhere, let go at once, lock nobody out", async () => {
    const victim = newEmail();
    const [a, b, c, d] = await departures(4);
    for (const departure of [a, b]) {
      const squat = (await hold({ departureId: departure.id, guests: 8, email: victim }).expect(201)).body as BookingSummary;
      await request(sut.server).post(`/api/bookings/${squat.reference}/cancel`).expect(200);
    }
    // Two more, kept, from yet another address: the guest at their own address still books.
    await hold({ departureId: a.id, guests: 1, email: victim }).expect(201);
    await hold({ departureId: b.id, guests: 1, email: victim }).expect(201);
    const own = newClientAddress();
    await hold({ departureId: c.id, guests: 8, email: victim }, own).expect(201);
    await hold({ departureId: d.id, guests: 8, email: victim }, own).expect(201);
  });

  it('Keeps at most half of a departure unpaid for one address, whatever names it books under', async () => {
    const address = newClientAddress();
    const [departure] = await departures(1);
    await dataSource().getRepository(Departure).update({ id: departure.id }, { capacity: 16 });
    for (const guests of [4, 4]) {
      const held = (await hold({ departureId: departure.id, guests }, address).expect(201)).body as BookingSummary;
      await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).expect(200);
    }
    const refused = await hold({ departureId: departure.id, guests: 1 }, address).expect(429);
    expect(refused.body.message).toBe('Many seats on this departure are already held without payment from your network; we keep at most 8 for one address. Please call us on +46 980 123 45.');
    // Another address books the rest.
    await hold({ departureId: departure.id, guests: 8 }).expect(201);
  });

  it('Keeps no more than 16 unpaid seats on upcoming tours for one guest, however the days pass', async () => {
    const email = newEmail();
    const address = newClientAddress();
    const [a, b, c] = await departures(3);
    const old = (await hold({ departureId: a.id, guests: 8, email }, address).expect(201)).body as BookingSummary;
    await request(sut.server).post(`/api/bookings/${old.reference}/checkout`).expect(200);
    await moveBookingClocks(dataSource(), { reference: old.reference }, { createdAt: new Date(Date.now() - 2 * 86_400_000) });
    await hold({ departureId: b.id, guests: 8, email }, address).expect(201);
    const refused = await hold({ departureId: c.id, guests: 1, email }, address).expect(429);
    expect(refused.body.message).toContain('You already have 16 unpaid seats on upcoming tours');
  });

  it.each([
    ['Anna\nSvensson', 'a line break'],
    ['Win a prize at https://spam.example', 'a web address'],
    ['Visit www.spam.example', 'a web address'],
    ['cheap-tours.com', 'a domain'],
    ['Anna <anna@example.com>', 'a mail address'],
  ])('Refuses a name with %j (%s) with 400, holding nothing', async (name) => {
    const [departure] = await departures(1);
    const refused = await hold({ departureId: departure.id, guests: 1, name }).expect(400);
    expect(refused.body.message).toBe("name must be a person's name, without line breaks or web addresses");
    expect(await dataSource().getRepository(Booking).countBy({ departureId: departure.id })).toBe(0);
  });

  it('Answers 300 guessed references from one address with 404s, then 429s, on the API', async () => {
    const address = newClientAddress();
    const statuses: number[] = [];
    for (let guess = 0; guess < 300; guess++) {
      statuses.push((await request(sut.server).get(`/api/bookings/${newBookingReference()}`).set('X-Forwarded-For', address)).status);
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(240);
  });

  it('Counts the payment pages against the same look-up limit as the API, with a 429 page that says why', async () => {
    const address = newClientAddress();
    for (let guess = 0; guess < 30; guess++) await request(sut.server).get('/api/bookings/NAT-AAAAA-AAAAA').set('X-Forwarded-For', address).expect(404);
    for (const page of ['checkout', 'success', 'cancel']) {
      for (let guess = 0; guess < 10; guess++) await request(sut.server).get(`/${page}/?booking=NAT-BBBBB-BBBBB`).set('X-Forwarded-For', address).expect(200);
    }
    const refused = await request(sut.server).get('/success/?booking=NAT-CCCCC-CCCCC').set('X-Forwarded-For', address).expect(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.text).toContain('Too many booking look-ups from your address. Please wait a minute and try again.');
    expect(refused.text).not.toContain('There is no booking');
    await request(sut.server).get('/api/bookings/NAT-AAAAA-AAAAA').set('X-Forwarded-For', address).expect(429);
  });

  it('Never shows a link\'s own words on the payment pages, and does not count text that cannot be a reference as a look-up', async () => {
    const address = newClientAddress();
    const words = 'Your card was declined. Call +1 555 0100 now';
    for (let attempt = 0; attempt < 70; attempt++) {
      const page = await request(sut.server).get(`/success/?booking=${encodeURIComponent(words)}`).set('X-Forwarded-For', address).expect(200);
      if (attempt === 0) {
        expect(page.text).toContain("The link&#x27;s booking reference is not valid.");
        expect(page.text).not.toContain('card was declined');
      }
    }
    // Seventy of those, and the address still has all its look-ups (60 a minute): a real one is still looked up.
    const real = await request(sut.server).get('/success/?booking=nat-ddddd-ddddd').set('X-Forwarded-For', address).expect(200);
    expect(real.text).toContain('There is no booking with reference nat-ddddd-ddddd.');
    const swedish = await request(sut.server).get(`/sv/checkout/?booking=${encodeURIComponent(words)}`).set('X-Forwarded-For', address).expect(200);
    expect(swedish.text).toContain('Bokningsnumret i länken är inte giltigt.');
  });

  it('Puts only what the payment pages show in their page data: the email masked, no phone or notes', async () => {
    const [departure] = await departures(1);
    const held = (
      await hold({ departureId: departure.id, guests: 2, email: 'private.person@example.com', name: 'Private Person', phone: '+46 70 999 88 77', notes: 'Allergic to secrets' }).expect(201)
    ).body as BookingSummary;
    for (const page of ['checkout', 'success', 'cancel']) {
      const html = (await request(sut.server).get(`/${page}/?booking=${held.reference}`).set('X-Forwarded-For', newClientAddress()).expect(200)).text;
      expect(html).toContain(held.reference);
      expect(html).not.toMatch(/private\.person@|999 88 77|Allergic/);
    }
    const api = (await request(sut.server).get(`/api/bookings/${held.reference}`).set('X-Forwarded-For', newClientAddress()).expect(200)).body;
    expect(api.maskedEmail).toBe('p***@example.com');
    expect(api).not.toHaveProperty('email');
    expect(api).not.toHaveProperty('phone');
    expect(api).not.toHaveProperty('notes');
  });
});
