import { randomUUID } from 'node:crypto';

import { zBooking, zOptionContent, zProduct, zProductContent, zUnitContent } from '@octocloud/types';
import request from 'supertest';
import { DataSource } from 'typeorm';

import type { ResellerView } from '../shared/admin-types';
import type { TourDetail } from '../shared/api-types';
import { Booking } from '../src/bookings/booking.entity';
import { Departure } from '../src/departures/departure.entity';
import { kirunaLocal } from '../src/octo/octo-catalogue';
import { useTestApp } from './support/app';
import { expectOcto } from './support/octo';
import { createTestDeparture, staffToken } from './support/fixtures';

/** Reindeer sledding: pickup points, a weight asked of each guest (2 to 120 kg, at booking) and a diet asked of the booking. */
const REINDEER = 'reindeer-sledding-day-tour-in-kiruna';
const ALL = 'octo/pricing, octo/pickups, octo/questions, octo/content';


describe('OCTO capabilities: pickups, questions and content (MySQL)', () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  let key: string;
  let tour: TourDetail;
  let productId: string;

  const octo = (method: 'get' | 'post' | 'patch', path: string, capabilities = ALL) =>
    request(sut.server)[method](`/octo${path}`).set('Authorization', `Bearer ${key}`).set('Octo-Capabilities', capabilities);
  const reserve = (departure: Departure, body: object) =>
    octo('post', '/bookings').send({ uuid: randomUUID(), productId, optionId: 'DEFAULT', availabilityId: kirunaLocal(departure.startsAt), ...body });
  const stored = (uuid: string) => dataSource().getRepository(Booking).findOneByOrFail({ octoUuid: uuid });

  beforeAll(async () => {
    const token = await staffToken(dataSource(), sut.server);
    ({ key } = (await request(sut.server).post('/api/admin/resellers').set('Authorization', `Bearer ${token}`).send({ name: 'Capable OTA', commissionPercent: 15 }).expect(201)).body as ResellerView & { key: string });
    tour = (await request(sut.server).get(`/api/tours/${REINDEER}`).expect(200)).body as TourDetail;
    productId = String(tour.id);
  });

  it('Lists its capabilities, and answers with those asked for (and only those)', async () => {
    const listed = await octo('get', '/capabilities').expect(200);
    expect((listed.body as { id: string }[]).map((capability) => capability.id)).toEqual(['octo/pricing', 'octo/pickups', 'octo/questions', 'octo/content', 'octo/webhooks']);
    const some = await octo('get', `/products/${productId}`, 'octo/pickups, octo/unknown').expect(200);
    expect(some.headers['octo-capabilities']).toBe('octo/pickups');
    expect(some.body.options[0].pickupPoints.length).toBeGreaterThan(0);
    expect(some.body.options[0].questions).toBeUndefined();
    expect(some.body.title).toBeUndefined();
    const none = await octo('get', `/products/${productId}`, '').expect(200);
    expect(none.body.options[0].pickupPoints).toBeUndefined();
    expect(none.headers['content-language']).toBeUndefined();
  });

  it('octo/pickups: the tour pickup points, the time each is collected from at a departure, and a reservation with one', async () => {
    const product = (await octo('get', `/products/${productId}`).expect(200)).body;
    const option = product.options[0];
    expect(option).toMatchObject({ pickupAvailable: true, pickupRequired: false });
    expect(option.pickupPoints.map((point: { id: string }) => point.id)).toEqual(tour.pickupPoints.map((point) => String(point.id)));
    const point = tour.pickupPoints[0];
    expect(option.pickupPoints[0]).toMatchObject({ id: String(point.id), name: point.name, address: point.address, locality: point.location, country: 'SE', directions: `Collected ${point.minutesBefore} minutes before the tour starts.` });

    const departure = await createTestDeparture(dataSource(), REINDEER, { capacity: 8 });
    const availability = (await octo('post', '/availability').send({ productId, optionId: 'DEFAULT', availabilityIds: [kirunaLocal(departure.startsAt)] }).expect(200)).body[0];
    expect(availability.pickupPoints[0].localDateTime).toBe(kirunaLocal(new Date(departure.startsAt.getTime() - point.minutesBefore * 60_000)));

    const held = await reserve(departure, { pickupRequested: true, pickupPointId: String(point.id), pickupHotel: 'Room 12, Icehotel', unitItems: [{ unitId: 'adult' }] }).expect(200);
    expectOcto(zBooking, held.body);
    expect(held.body).toMatchObject({ pickupRequested: true, pickupPointId: String(point.id), pickupHotel: 'Room 12, Icehotel', pickupPoint: { id: String(point.id), localDateTime: availability.pickupPoints[0].localDateTime } });
    expect(await stored(held.body.uuid)).toMatchObject({ pickupPointId: point.id, pickup: 'Room 12, Icehotel' });

    // Another tour's point, or none that exists: refused by name, nothing made.
    const elsewhere = await reserve(departure, { pickupRequested: true, pickupPointId: '999999', unitItems: [{ unitId: 'adult' }] }).expect(400);
    expect(elsewhere.body).toEqual({ error: 'BAD_REQUEST', errorMessage: 'This tour does not collect guests from pickup point 999999.' });
    const noPoint = await reserve(departure, { pickupRequested: true, unitItems: [{ unitId: 'adult' }] }).expect(400);
    expect(noPoint.body.error).toBe('BAD_REQUEST');

    // The meeting point after all.
    const dropped = await octo('patch', `/bookings/${held.body.uuid}`).send({ pickupRequested: false }).expect(200);
    expect(dropped.body).toMatchObject({ pickupRequested: false, pickupPointId: null, pickupPoint: null });
  });

  it("octo/pickups: a pickup changes until the tour's pickup cutoff, as on the site", async () => {
    // Starts inside the cutoff, whatever the fixture's up to an hour of jitter adds.
    const soon = await createTestDeparture(dataSource(), REINDEER, { capacity: 8, daysAhead: (tour.pickupCutoffHours - 1.5) / 24 });
    const held = (await reserve(soon, { unitItems: [{ unitId: 'adult' }] }).expect(200)).body;
    const late = await octo('patch', `/bookings/${held.uuid}`).send({ pickupRequested: true, pickupPointId: String(tour.pickupPoints[0].id) }).expect(400);
    expect(late.body).toMatchObject({ error: 'UNPROCESSABLE_ENTITY', errorMessage: expect.stringContaining(`The pickup can be changed until ${tour.pickupCutoffHours} hours before the start.`) });
    expect((await stored(held.uuid)).pickupPointId).toBeNull();
  });

  it('octo/questions: the booking questions on the option, the guests on each unit, answered at reservation or later and checked as the site checks them', async () => {
    const product = (await octo('get', `/products/${productId}`).expect(200)).body;
    expect(product.options[0].questions).toEqual([{ id: 'diet', title: expect.any(String), shortDescription: null, required: false, inputType: 'text', selectOptions: [], coverImageUrl: null }]);
    const adult = product.options[0].units.find((unit: { id: string }) => unit.id === 'adult');
    expect(adult.questions).toEqual([{ id: 'weight', title: 'Weight (kg)', shortDescription: 'From 2 kg to 120 kg.', required: true, inputType: 'number', selectOptions: [], coverImageUrl: null }]);

    const departure = await createTestDeparture(dataSource(), REINDEER, { capacity: 8 });
    // Too heavy for a sled: refused as the booking page refuses it, naming the guest.
    const heavy = await reserve(departure, { unitItems: [{ unitId: 'adult', questionAnswers: [{ questionId: 'weight', value: '135' }] }] }).expect(400);
    expect(heavy.body).toEqual({ error: 'BAD_REQUEST', errorMessage: 'Weight (guest 1) must be at most 120 kg on this tour.' });
    const unknown = await reserve(departure, { questionAnswers: [{ questionId: 'shoe-size', value: '42' }], unitItems: [{ unitId: 'adult' }] }).expect(400);
    expect(unknown.body.error).toBe('BAD_REQUEST');

    // Required answers may come later from a reseller (as from staff on the phone).
    const held = await reserve(departure, { questionAnswers: [{ questionId: 'diet', value: 'Vegetarian' }], unitItems: [{ unitId: 'adult', questionAnswers: [{ questionId: 'weight', value: '80' }] }, { unitId: 'adult' }] }).expect(200);
    expectOcto(zBooking, held.body);
    expect(held.body.questionAnswers).toEqual([{ questionId: 'diet', question: expect.objectContaining({ id: 'diet' }), value: 'Vegetarian' }]);
    expect(held.body.unitItems.map((item: { questionAnswers: { value: string | null }[] }) => item.questionAnswers[0].value)).toEqual(['80', null]);

    const answered = await octo('patch', `/bookings/${held.body.uuid}`).send({ unitItems: [{ unitId: 'adult' }, { unitId: 'adult', questionAnswers: [{ questionId: 'weight', value: '64' }] }] }).expect(200);
    expect(answered.body.unitItems.map((item: { questionAnswers: { value: string | null }[] }) => item.questionAnswers[0].value)).toEqual(['80', '64']);
    expect((await stored(held.body.uuid)).answers).toEqual({ booking: { diet: 'Vegetarian' }, guests: [{ weight: 80 }, { weight: 64 }] });

    const confirmed = await octo('post', `/bookings/${held.body.uuid}/confirm`).send({ contact: { fullName: 'Ella Nilsson' }, questionAnswers: [{ questionId: 'diet', value: 'Vegan' }] }).expect(200);
    expect(confirmed.body.questionAnswers[0].value).toBe('Vegan');
  });

  it('octo/content: the tour words and pictures in the language asked for, from the translations the site uses', async () => {
    for (const [header, lang] of [
      ['sv-SE,sv;q=0.9,en;q=0.5', 'sv'],
      ['de', 'de'],
      ['fr-FR', 'en'],
    ] as const) {
      const answer = await octo('get', `/products/${productId}`).set('Accept-Language', header).expect(200);
      expect(answer.headers['content-language']).toBe(lang);
      const page = (await request(sut.server).get(`/api/tours/${REINDEER}?lang=${lang}`).expect(200)).body as TourDetail;
      expectOcto(zProduct, answer.body);
      expectOcto(zProductContent, answer.body);
      expectOcto(zOptionContent, answer.body.options[0]);
      for (const unit of answer.body.options[0].units) expectOcto(zUnitContent, unit);
      expect(answer.body).toMatchObject({ locale: lang, title: page.title, shortDescription: page.short_description, description: page.description, durationMinutesFrom: page.duration * 60 });
      const features = answer.body.features as { type: string; shortDescription: string }[];
      expect(features.filter((feature) => feature.type === 'INCLUSION').map((feature) => feature.shortDescription)).toEqual(page.included);
      expect(features.filter((feature) => feature.type === 'HIGHLIGHT').map((feature) => feature.shortDescription)).toEqual(page.highlights);
      expect(answer.body.media[0]).toMatchObject({ rel: 'COVER', type: 'image/jpeg', caption: page.images[0].alt });
      expect(answer.body.media[0].src).toMatch(/^https?:\/\/.+\.jpg$/);
    }
    const swedish = (await octo('get', `/products/${productId}`).set('Accept-Language', 'sv').expect(200)).body;
    expect(swedish.features.find((feature: { type: string }) => feature.type === 'CANCELLATION_TERM').shortDescription).toMatch(/^Fri avbokning fram till \d+ timmar före start/);
    // The picture a reseller is pointed to is one we serve.
    const picture = await request(sut.server).get(new URL(swedish.media[0].src).pathname).expect(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
  });
});
