import request from 'supertest';
import { DataSource } from 'typeorm';

import type { AdminPickupPointView, TourBookingOptions } from '../shared/admin-types';
import type { BookingSummary, TourDetail } from '../shared/api-types';
import { Booking } from '../src/bookings/booking.entity';
import { Tour } from '../src/tours/tour.entity';
import { useTestApp } from './support/app';
import { createTestDeparture, newClientAddress, staffToken } from './support/fixtures';

const SLUG = 'ice-fishing-and-campfire-lunch-abisko';

describe('Staff edit what a tour sells and asks (MySQL)', () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  let token: string;
  let tourId: number;
  beforeAll(async () => {
    token = await staffToken(dataSource(), sut.server);
    tourId = (await dataSource().getRepository(Tour).findOneByOrFail({ slug: SLUG })).id;
  });
  const as = (call: request.Test) => call.set('Authorization', `Bearer ${token}`);
  let original: TourBookingOptions;
  beforeAll(async () => {
    original = await options();
  });
  // As it was, for the next test and the other suites, whatever a test left (while the app still runs).
  afterEach(async () => {
    await as(request(sut.server).put(`/api/admin/tours/${tourId}/booking-options`)).send(original).expect(200);
  });
  const options = async () => (await as(request(sut.server).get(`/api/admin/tours/${tourId}/booking-options`)).expect(200)).body as TourBookingOptions;

  it('Replaces categories, questions, pickups, minimum and cutoffs in one audited change; bookings keep their own party', async () => {
    const departure = await createTestDeparture(dataSource(), SLUG);
    const before = await options();
    expect(before.priceCategories.map((category) => category.code)).toEqual(['adult', 'child', 'infant', 'family']);
    // The family ticket says whom it replaces (the migration and the catalogue set it): what the booking page offers it by.
    expect(before.priceCategories.find((category) => category.code === 'family')?.bundleOf).toBe('adult2.child2');
    const earlier = (
      await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, categories: [{ category: 'child', quantity: 1 }, { category: 'adult', quantity: 1 }], name: 'Early Bird', email: `early${Date.now()}@example.com` }).expect(201)
    ).body as BookingSummary;

    const [firstPickup] = (await as(request(sut.server).get('/api/admin/pickup-points')).expect(200)).body as AdminPickupPointView[];
    const next: TourBookingOptions = {
      ...before,
      priceCategories: [
        { ...before.priceCategories[0], priceSek: 1695 },
        { ...before.priceCategories[1], code: 'youth', name: 'Youth (7-15)', priceSek: 995, ageMin: 7, ageMax: 15 },
      ],
      questions: [{ code: 'size', label: 'Jacket size', kind: 'choice', unit: null, choices: ['S', 'M', 'L'], perGuest: true, askedAt: 'before', required: true, min: null, max: null }],
      pickupPointIds: [firstPickup.id],
      minGuests: 3,
      decisionHours: 36,
      pickupCutoffHours: 4,
      answersDueHours: 48,
    };
    // Read (and kept by the response cache) before the change: the change must drop it.
    await request(sut.server).get(`/api/tours/${SLUG}`).expect(200);
    await request(sut.server).get(`/tours/${SLUG}/`).expect(200);
    const saved = (await as(request(sut.server).put(`/api/admin/tours/${tourId}/booking-options`)).send(next).expect(200)).body as TourBookingOptions;
    expect(saved).toEqual(next);

    const tour = (await request(sut.server).get(`/api/tours/${SLUG}`).expect(200)).body as TourDetail;
    expect(tour).toMatchObject({ price: 1695, minGuests: 3, pickupCutoffHours: 4, answersDueHours: 48 });
    expect(tour.priceCategories.map((category) => [category.code, category.priceSek])).toEqual([
      ['adult', 1695],
      ['youth', 995],
    ]);
    expect(tour.pickupPoints.map((point) => point.id)).toEqual([firstPickup.id]);
    expect(tour.questions.map((question) => question.code)).toEqual(['size']);
    expect((await request(sut.server).get(`/tours/${SLUG}/`).expect(200)).text).toMatch(/1\s695 SEK/);

    // The earlier booking keeps the child it was booked with, at its price.
    expect((await dataSource().getRepository(Booking).findOneByOrFail({ reference: earlier.reference })).party).toEqual([
      expect.objectContaining({ code: 'adult', unitPriceSek: before.priceCategories[0].priceSek }),
      expect.objectContaining({ code: 'child', quantity: 1 }),
    ]);
    const audit = (await as(request(sut.server).get('/api/admin/audit-log?limit=5')).expect(200)).body.data as { action: string; target: string }[];
    expect(audit[0]).toMatchObject({ action: 'tour.booking-options', target: `tour#${tourId}` });

    await as(request(sut.server).put(`/api/admin/tours/${tourId}/booking-options`)).send(before).expect(200);
  });

  const withBundle = (o: TourBookingOptions, bundleOf: string) => ({ ...o, priceCategories: o.priceCategories.map((category) => (category.code === 'family' ? { ...category, bundleOf } : category)) });
  it.each([
    [(o: TourBookingOptions) => ({ ...o, priceCategories: o.priceCategories.map((category) => ({ ...category, isDefault: true })) }), 'Exakt en priskategori ska vara standard (den gäller för "guests" och turens pris).'],
    [(o: TourBookingOptions) => ({ ...o, priceCategories: [...o.priceCategories, o.priceCategories[1]] }), 'Priskategorin "child" finns två gånger.'],
    [(o: TourBookingOptions) => ({ ...o, pickupPointIds: [999999] }), 'Det finns ingen upphämtningsplats med id 999999.'],
    // An adult on no seat: a departure would take guests without end.
    [(o: TourBookingOptions) => ({ ...o, priceCategories: o.priceCategories.map((category) => (category.isDefault ? { ...category, seatsPerUnit: 0 } : category)) }), 'en kategori utan egen plats (platser 0) måste åka med en vuxen, som ett barn i knät.'],
    [(o: TourBookingOptions) => ({ ...o, priceCategories: [] }), 'minst en priskategori krävs'],
    [(o: TourBookingOptions) => ({ ...o, decisionHours: 0 }), 'decisionHours måste vara ett heltal från 1 till 336'],
    // Whom a family ticket replaces: the tour's other categories, exactly as many guests as it is for, written as codes with counts.
    [(o: TourBookingOptions) => withBundle(o, 'adult2.kid2'), 'Family (2 adults, 2 children): "Ersätter" nämner kid, som inte är en annan av turens priskategorier.'],
    [(o: TourBookingOptions) => withBundle(o, 'adult1.child2'), 'Family (2 adults, 2 children): "Ersätter" gäller 3 gäster men kategorin är för 4.'],
    [(o: TourBookingOptions) => withBundle(o, 'family1'), 'Family (2 adults, 2 children): "Ersätter" nämner family, som inte är en annan av turens priskategorier.'],
    [(o: TourBookingOptions) => withBundle(o, 'two adults'), 'bundleOf skrivs som koder med antal, till exempel adult2.child2'],
    [(o: TourBookingOptions) => ({ ...o, questions: [{ code: 'x', label: 'X', kind: 'choice', unit: null, choices: ['only'], perGuest: false, askedAt: 'booking', required: true, min: null, max: null }] }), 'X: ett val behöver minst två alternativ (choices).'],
  ])('Refuses options that break a rule, in Swedish, and changes nothing (%#)', async (change, message) => {
    const before = await options();
    const refused = await as(request(sut.server).put(`/api/admin/tours/${tourId}/booking-options`)).send(change(before)).expect(400);
    expect([refused.body.message].flat().join(' ')).toContain(message);
    expect(await options()).toEqual(before);
  });

  it('Adds and changes pickup points, each audited; an unknown location is a 400', async () => {
    const created = (await as(request(sut.server).post('/api/admin/pickup-points')).send({ location: 'Abisko', name: 'Abisko Camping', address: 'Gate', minutesBefore: 12, isActive: true }).expect(201)).body as AdminPickupPointView;
    expect(created).toMatchObject({ location: 'Abisko', name: 'Abisko Camping', minutesBefore: 12 });
    const changed = (await as(request(sut.server).patch(`/api/admin/pickup-points/${created.id}`)).send({ minutesBefore: 20, isActive: false }).expect(200)).body as AdminPickupPointView;
    expect(changed).toMatchObject({ minutesBefore: 20, isActive: false, location: 'Abisko' });
    // A change may leave a field out, not empty it with null (a 500 from the NOT NULL column before).
    for (const field of ['location', 'name', 'address', 'minutesBefore', 'isActive']) {
      const refused = await as(request(sut.server).patch(`/api/admin/pickup-points/${created.id}`)).send({ [field]: null }).expect(400);
      expect(Object.keys(refused.body.fields)).toEqual([field]);
    }
    expect((await as(request(sut.server).post('/api/admin/pickup-points')).send({ location: 'Narvik', name: 'X', address: '', minutesBefore: 5, isActive: true }).expect(400)).body.message).toBe('Det finns ingen plats som heter "Narvik".');
  });
});
