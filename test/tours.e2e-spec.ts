import request from 'supertest';
import { DataSource } from 'typeorm';

import type { DepartureView, TourDetail, TourSummary } from '../shared/api-types';
import { TOURS } from '../src/app-data/seed/tours.catalogue';
import { Departure } from '../src/departures/departure.entity';
import { useTestApp } from './support/app';
import { bookingBuilders } from './support/bookings';
import { createTestDeparture } from './support/fixtures';

describe('Tours API (MySQL)', () => {
  const sut = useTestApp();
  const bookings = bookingBuilders(sut);

  it('Can list every tour with the fields of spec section 3', async () => {
    const response = await request(sut.server).get('/api/tours').expect(200).expect('Content-Type', /json/);
    const tours = response.body.data as TourSummary[];
    expect(tours).toHaveLength(TOURS.length);
    expect(Object.keys(tours[0])).toEqual(
      expect.arrayContaining(['id', 'slug', 'title', 'short_description', 'image_url', 'image_alt', 'isMain', 'duration', 'price', 'locations', 'sort_order']),
    );
  });

  it('Sorts by sort_order ascending, missing sort_order last, ties by id descending', async () => {
    const tours = (await request(sut.server).get('/api/tours').expect(200)).body.data as TourSummary[];
    const ordered = tours.filter((tour) => tour.sort_order !== null).map((tour) => tour.sort_order as number);
    expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
    const missing = tours.slice(ordered.length);
    expect(missing.length).toBeGreaterThanOrEqual(2);
    expect(missing.every((tour) => tour.sort_order === null)).toBe(true);
    expect(missing.map((tour) => tour.id)).toEqual([...missing.map((tour) => tour.id)].sort((a, b) => b - a));
  });

  it('Cleans markup and quote entities out of short descriptions', async () => {
    const tours = (await request(sut.server).get('/api/tours').expect(200)).body.data as TourSummary[];
    for (const tour of tours) expect(tour.short_description).not.toMatch(/<|&amp;|&quot;|\s{2}/);
    const snowmobile = tours.find((tour) => tour.slug === 'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour');
    expect(snowmobile?.short_description).toContain('Driving licence required.');
  });

  it('Filters by location', async () => {
    const tours = (await request(sut.server).get('/api/tours?location=Abisko').expect(200)).body.data as TourSummary[];
    const expected = TOURS.filter((tour) => tour.locations.includes('Abisko')).map((tour) => tour.slug);
    expect(tours.map((tour) => tour.slug).sort()).toEqual(expected.sort());
  });

  it('Filters by category, by name in any case or by its landing slug, together with location', async () => {
    const expected = TOURS.filter((tour) => tour.categories.includes('Northern Lights') && tour.locations.includes('Kiruna'))
      .map((tour) => tour.slug)
      .sort();
    for (const category of ['Northern Lights', 'northern lights', 'northern-lights']) {
      const response = await request(sut.server).get('/api/tours').query({ location: 'kiruna', category }).expect(200);
      expect((response.body.data as TourSummary[]).map((tour) => tour.slug).sort()).toEqual(expected);
    }
  });

  it('Answers 400 naming the allowed values for an unknown location or category', async () => {
    const location = await request(sut.server).get('/api/tours?location=Stockholm').expect(400);
    expect(location.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(location.body.message).toBe('location must be one of: Kiruna, Abisko');
    const category = await request(sut.server).get('/api/tours?category=Skiing').expect(400);
    expect(category.body.message).toContain('category must be one of: Dogsledding, Snowmobile, Car Tours');
  });

  it('Refuses unknown query fields', async () => {
    const response = await request(sut.server).get('/api/tours?sort=price').expect(400);
    expect(response.body.message).toBe('property sort should not exist');
  });

  it('Shows one tour with details and upcoming departures', async () => {
    const response = await request(sut.server).get('/api/tours/drive-your-own-dog-sled-team').expect(200);
    const tour = response.body as TourDetail;
    expect(tour).toMatchObject({ slug: 'drive-your-own-dog-sled-team', maxGroupSize: 8, categories: ['Dogsledding', 'Winter'] });
    expect(tour.highlights.length).toBeGreaterThan(0);
    expect(tour.departures.length).toBeGreaterThan(0);
    for (const departure of tour.departures) {
      expect(new Date(departure.startsAt).getTime()).toBeGreaterThan(Date.now());
      expect(departure.seatsLeft).toBeLessThanOrEqual(departure.capacity);
    }
  });

  it('Answers 404 with a JSON error for an unknown tour', async () => {
    const response = await request(sut.server).get('/api/tours/no-such-tour').expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'There is no tour called "no-such-tour".', error: 'Not Found' });
  });

  it('Counts confirmed seats and unexpired holds, not expired or cancelled ones, in seats left', async () => {
    const departure = await createTestDeparture(sut.app.get(DataSource), 'ice-fishing-on-the-torne-river', { capacity: 8 });
    await bookings.aConfirmed(departure.id, { guests: 3 });
    await bookings.aHold(departure.id, { guests: 2 });
    await bookings.aLapsedHold(departure.id, { guests: 2 });
    await bookings.aCancelledHold(departure.id, { guests: 1 });
    const day = departure.startsAt.toISOString().slice(0, 10);
    const response = await request(sut.server).get(`/api/tours/ice-fishing-on-the-torne-river/departures?from=${day}`).expect(200);
    const seen = (response.body as DepartureView[]).find((item) => item.id === departure.id);
    expect(seen).toMatchObject({ capacity: 8, seatsLeft: 3 });
  });

  it('Lists departures in a date range and rejects a date that is not ISO', async () => {
    const departures = await sut.app.get(DataSource).getRepository(Departure).find({ order: { startsAt: 'ASC' }, take: 1 });
    const from = departures[0].startsAt.toISOString().slice(0, 10);
    const to = new Date(departures[0].startsAt.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    const response = await request(sut.server).get(`/api/tours/northern-lights-car-chase-kiruna/departures?from=${from}&to=${to}`).expect(200);
    for (const departure of response.body as DepartureView[]) {
      expect(departure.startsAt >= from && departure.startsAt < to).toBe(true);
    }
    const bad = await request(sut.server).get('/api/tours/northern-lights-car-chase-kiruna/departures?from=tomorrow').expect(400);
    expect(bad.body.message).toBe('from must be an ISO date such as 2026-12-01');
    // A reversed range is said to be one (it answered 200 []), in the guest's language; an empty one (to is exclusive) is still an empty list.
    const reversed = await request(sut.server).get(`/api/tours/northern-lights-car-chase-kiruna/departures?from=${to}&to=${from}`).expect(400);
    expect(reversed.body.message).toBe('to must not be before from.');
    const swedish = await request(sut.server).get(`/api/tours/northern-lights-car-chase-kiruna/departures?from=${to}&to=${from}`).set('Accept-Language', 'sv').expect(400);
    expect(swedish.body.message).toBe('to får inte vara före from.');
    await request(sut.server).get(`/api/tours/northern-lights-car-chase-kiruna/departures?from=${from}&to=${from}`).expect(200, []);
  });
});
