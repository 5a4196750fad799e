import { randomUUID } from 'node:crypto';

import { zBooking, zErrorInvalidUnitId, zProduct } from '@octocloud/types';
import request from 'supertest';
import { DataSource } from 'typeorm';

import type { ResellerView } from '../shared/admin-types';
import type { DepartureView } from '../shared/api-types';
import { AuditLogEntry } from '../src/common/audit/audit-log-entry.entity';
import { Booking } from '../src/bookings/booking.entity';
import { VoucherCodes } from '../src/bookings/voucher-codes';
import { AppConfig } from '../src/config/app-config';
import { Departure } from '../src/departures/departure.entity';
import { kirunaLocal } from '../src/octo/octo-catalogue';
import { useTestApp } from './support/app';
import { expectOcto } from './support/octo';
import { createTestDeparture, staffToken } from './support/fixtures';

/** The family tour: adult 1250, child (4-12) 625, infant free, family (2 + 2) 3375. */
const FAMILY_TOUR = 'husky-puppies-and-mini-sled-ride-for-families';
const UTC_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/;


describe('OCTO as a channel manager certifies it: delivery, changes of date, product and units, the errors the validator asks for (MySQL)', () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  let token: string;
  let key: string;
  let productId: string;
  let otherProductId: string;
  let otherTour: string;

  const octo = (method: 'get' | 'post' | 'patch', path: string, withKey = key) => request(sut.server)[method](`/octo${path}`).set('Authorization', `Bearer ${withKey}`);
  const reserve = (departure: Departure, units: string[], product = productId, withKey = key) =>
    octo('post', '/bookings', withKey).send({ uuid: randomUUID(), productId: product, optionId: 'DEFAULT', availabilityId: kirunaLocal(departure.startsAt), unitItems: units.map((unitId) => ({ unitId })) });
  const seatsLeft = async (slug: string, departureId: number) =>
    ((await request(sut.server).get(`/api/tours/${slug}/departures`).expect(200)).body as DepartureView[]).find((departure) => departure.id === departureId)?.seatsLeft ?? 0;
  const stored = (uuid: string) => dataSource().getRepository(Booking).findOneByOrFail({ octoUuid: uuid });
  const newKey = async (body: object) =>
    ((await request(sut.server).post('/api/admin/resellers').set('Authorization', `Bearer ${token}`).send({ name: `Channel ${randomUUID().slice(0, 8)}`, commissionPercent: 10, ...body }).expect(201)).body as ResellerView & { key: string });

  beforeAll(async () => {
    token = await staffToken(dataSource(), sut.server);
    ({ key } = await newKey({}));
    productId = String((await request(sut.server).get(`/api/tours/${FAMILY_TOUR}`).expect(200)).body.id);
    const listed = (await request(sut.server).get('/api/tours').expect(200)).body as { data: { id: number; slug: string }[] };
    const other = listed.data.find((tour) => tour.slug !== FAMILY_TOUR)!;
    otherTour = other.slug;
    otherProductId = String(other.id);
  });

  it('Says truthfully how a booking is delivered: a voucher with a QR code, signed, once it is confirmed', async () => {
    const product = (await octo('get', `/products/${productId}`).expect(200)).body;
    expectOcto(zProduct, product);
    expect(product).toMatchObject({ deliveryFormats: ['QRCODE'], deliveryMethods: ['VOUCHER'], redemptionMethod: 'MANIFEST' });

    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR);
    const held = (await reserve(departure, ['adult', 'child']).expect(200)).body;
    expectOcto(zBooking, held);
    expect(held.deliveryMethods).toEqual(['VOUCHER']);
    expect(held.voucher).toEqual({ redemptionMethod: 'MANIFEST', utcRedeemedAt: null, deliveryOptions: [] });
    for (const field of ['utcCreatedAt', 'utcUpdatedAt', 'utcExpiresAt']) expect(held[field]).toMatch(UTC_SECONDS);
    expect(held.availability.utcCutoffAt).toMatch(UTC_SECONDS);
    // Unit items have uuids of their own, the same on every read.
    const uuids = (held.unitItems as { uuid: string }[]).map((item) => item.uuid);
    for (const uuid of uuids) expect(uuid).toMatch(UUID);
    expect(new Set(uuids).size).toBe(2);
    expect(((await octo('get', `/bookings/${held.uuid}`).expect(200)).body.unitItems as { uuid: string }[]).map((item) => item.uuid)).toEqual(uuids);

    const confirmed = (await octo('post', `/bookings/${held.uuid}/confirm`).send({ contact: { fullName: 'Greta Lind' } }).expect(200)).body;
    expectOcto(zBooking, confirmed);
    expect(confirmed.utcConfirmedAt).toMatch(UTC_SECONDS);
    expect(confirmed.voucher.deliveryOptions).toHaveLength(1);
    const [qr] = confirmed.voucher.deliveryOptions as { deliveryFormat: string; deliveryValue: string }[];
    expect(qr.deliveryFormat).toBe('QRCODE');
    // The code names the booking and nothing personal, and only our key makes it.
    expect(qr.deliveryValue).not.toContain('Greta');
    const codes = sut.app.get(VoucherCodes);
    expect(codes.verify(qr.deliveryValue)).toBe(confirmed.supplierReference);
  });

  it('Answers a reservation without units UNPROCESSABLE_ENTITY, and availability asked by both ids and dates BAD_REQUEST', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR);
    const availabilityId = kirunaLocal(departure.startsAt);
    for (const unitItems of [undefined, []]) {
      const refused = await octo('post', '/bookings').send({ productId, optionId: 'DEFAULT', availabilityId, ...(unitItems ? { unitItems } : {}) }).expect(400);
      expect(refused.body).toEqual({ error: 'UNPROCESSABLE_ENTITY', errorMessage: 'unitItems must name at least one unit.' });
    }
    const day = availabilityId.slice(0, 10);
    const both = await octo('post', '/availability').send({ productId, optionId: 'DEFAULT', localDateStart: day, localDateEnd: day, availabilityIds: [availabilityId] }).expect(400);
    expect(both.body.error).toBe('BAD_REQUEST');
    expect(await seatsLeft(FAMILY_TOUR, departure.id)).toBe(8);
  });

  it('Moves a reservation to another date, another party, or another product, under the seat rule, and frees what it left', async () => {
    const first = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 6 });
    const second = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 4, daysAhead: 31 });
    const held = (await reserve(first, ['adult', 'adult']).expect(200)).body;
    expect(await seatsLeft(FAMILY_TOUR, first.id)).toBe(4);

    // Another date, and three adults there.
    const moved = await octo('patch', `/bookings/${held.uuid}`).send({ availabilityId: kirunaLocal(second.startsAt), unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'adult' }] }).expect(200);
    expectOcto(zBooking, moved.body);
    expect(moved.body).toMatchObject({ status: 'ON_HOLD', availabilityId: kirunaLocal(second.startsAt), pricing: { retail: 375000 } });
    expect(moved.body.unitItems).toHaveLength(3);
    expect(await seatsLeft(FAMILY_TOUR, first.id)).toBe(6);
    expect(await seatsLeft(FAMILY_TOUR, second.id)).toBe(1);
    // It holds no longer than the new date's start, and no longer than it did.
    expect(new Date(moved.body.utcExpiresAt).getTime()).toBeLessThanOrEqual(new Date(held.utcExpiresAt).getTime());

    // Too many for the date (its 4 seats, its own 3 among them): refused, nothing changed.
    const tooMany = await octo('patch', `/bookings/${held.uuid}`).send({ unitItems: Array.from({ length: 5 }, () => ({ unitId: 'adult' })) }).expect(400);
    expect(tooMany.body).toMatchObject({ error: 'UNPROCESSABLE_ENTITY', errorMessage: 'Only 4 seats are left on that date.' });
    expect((await stored(held.uuid)).seats).toBe(3);

    // An unknown unit is named.
    const unknownUnit = await octo('patch', `/bookings/${held.uuid}`).send({ unitItems: [{ unitId: 'walrus' }] }).expect(400);
    expectOcto(zErrorInvalidUnitId, unknownUnit.body);
    expect(unknownUnit.body.unitId).toBe('walrus');

    // Another product: its date and its units; the old date's seats come back.
    const elsewhere = await createTestDeparture(dataSource(), otherTour, { capacity: 8, daysAhead: 32 });
    const product = await octo('patch', `/bookings/${held.uuid}`).send({ productId: otherProductId, optionId: 'DEFAULT', availabilityId: kirunaLocal(elsewhere.startsAt), unitItems: [{ unitId: 'adult' }] }).expect(200);
    expectOcto(zBooking, product.body);
    expect(product.body).toMatchObject({ productId: otherProductId, availabilityId: kirunaLocal(elsewhere.startsAt) });
    expect(await seatsLeft(FAMILY_TOUR, second.id)).toBe(4);
    expect(await seatsLeft(otherTour, elsewhere.id)).toBe(7);
    // Another product needs its availability.
    const noDate = await octo('patch', `/bookings/${held.uuid}`).send({ productId }).expect(400);
    expect(noDate.body.error).toBe('BAD_REQUEST');

    const audited = await dataSource().getRepository(AuditLogEntry).findBy({ target: `booking:${held.supplierReference}` });
    expect(audited.map((entry) => entry.action)).toEqual(['reseller.reserve', 'reseller.change', 'reseller.change']);
  });

  it('Confirms with the units the reseller settles on, and charges it the new price of a confirmed booking it changes', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 8 });
    const held = (await reserve(departure, ['adult', 'adult']).expect(200)).body;
    const confirmed = await octo('post', `/bookings/${held.uuid}/confirm`).send({ contact: { fullName: 'John Doe', notes: 'Arrives by train' }, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }] }).expect(200);
    expectOcto(zBooking, confirmed.body);
    expect(confirmed.body).toMatchObject({ status: 'CONFIRMED', pricing: { retail: 312500 }, contact: { fullName: 'John Doe', notes: 'Arrives by train' } });
    expect(await seatsLeft(FAMILY_TOUR, departure.id)).toBe(5);
    expect(await stored(held.uuid)).toMatchObject({ totalSek: 3125, paymentMethod: 'reseller', paymentStatus: 'paid', paidAmountOre: 312500 });

    // Grown after confirmation by the reseller itself: it is charged the new price (nothing left due on the day).
    const grown = await octo('patch', `/bookings/${held.uuid}`).send({ unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }] }).expect(200);
    expect(grown.body).toMatchObject({ status: 'CONFIRMED', pricing: { retail: 437500 } });
    expect(await stored(held.uuid)).toMatchObject({ totalSek: 4375, paymentStatus: 'paid', paidAmountOre: 437500 });

    const cancelled = await octo('post', `/bookings/${held.uuid}/cancel`).send({ reason: 'Guest is ill' }).expect(200);
    expectOcto(zBooking, cancelled.body);
    expect(cancelled.body.cancellation).toMatchObject({ refund: 'NONE', reason: 'Guest is ill', utcCancelledAt: expect.stringMatching(UTC_SECONDS) });
  });

  it('After the cancellation cutoff a confirmed booking may grow but not shrink, as it may not be cancelled then', async () => {
    const freeHours = sut.app.get(AppConfig).cancelFreeHours;
    // Starts inside the cutoff (the fixture adds up to an hour), with room to grow.
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 8, daysAhead: Math.max(freeHours - 2, 1) / 24 });
    const held = (await reserve(departure, ['adult', 'adult']).expect(200)).body;
    await octo('post', `/bookings/${held.uuid}/confirm`).send({ contact: { fullName: 'Greta Lind' } }).expect(200);
    const smaller = await octo('patch', `/bookings/${held.uuid}`).send({ unitItems: [{ unitId: 'adult' }] }).expect(400);
    expect(smaller.body).toEqual({ error: 'UNPROCESSABLE_ENTITY', errorMessage: `The cancellation cutoff (${freeHours} hours before the start) has passed: contact the supplier to cancel.` });
    await octo('patch', `/bookings/${held.uuid}`).send({ unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }] }).expect(200);
    expect(await stored(held.uuid)).toMatchObject({ totalSek: 3125, paidAmountOre: 312500 });
  });

  it("Counts a reservation's growth against its key's held seats, which staff set per key", async () => {
    const small = await newKey({ heldSeats: 3 });
    expect(small.heldSeats).toBe(3);
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 8 });
    const held = (await reserve(departure, ['adult', 'adult'], productId, small.key).expect(200)).body;
    await octo('patch', `/bookings/${held.uuid}`, small.key).send({ unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'adult' }] }).expect(200);
    const refused = await octo('patch', `/bookings/${held.uuid}`, small.key).send({ unitItems: Array.from({ length: 4 }, () => ({ unitId: 'adult' })) }).expect(400);
    expect(refused.body).toMatchObject({ error: 'UNPROCESSABLE_ENTITY', errorMessage: expect.stringContaining('at most 3 are held for this key') });
    const second = await reserve(departure, ['adult'], productId, small.key).expect(400);
    expect(second.body.error).toBe('UNPROCESSABLE_ENTITY');
    const bad = await request(sut.server).post('/api/admin/resellers').set('Authorization', `Bearer ${token}`).send({ name: 'Too many', commissionPercent: 10, heldSeats: 0 }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('heldSeats måste vara ett heltal från 1 till 2000');
  });

  it("Keeps a calendar until that tour's seats change, as the site keeps its pages: a guest's hold or a reservation shows at once", async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 6, daysAhead: 40 });
    const day = kirunaLocal(departure.startsAt).slice(0, 10);
    const calendar = async () =>
      ((await octo('post', '/availability/calendar').send({ productId, optionId: 'DEFAULT', localDateStart: day, localDateEnd: day }).expect(200)).body as { vacancies: number }[])[0]!.vacancies;
    const before = await calendar();
    expect(await calendar()).toBe(before);
    await request(sut.server).post('/api/bookings').set('X-Forwarded-For', '203.0.113.171').send({ departureId: departure.id, guests: 2, name: 'Anna Svensson', email: `calendar.${Date.now()}@example.com` }).expect(201);
    expect(await calendar()).toBe(before - 2);
    await reserve(departure, ['adult']).expect(200);
    expect(await calendar()).toBe(before - 3);
  });

  it('Two changes of one reservation at once: one wins, the seats are counted once', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 5 });
    const held = (await reserve(departure, ['adult']).expect(200)).body;
    const answers = await Promise.all(
      [4, 5].map((size) => octo('patch', `/bookings/${held.uuid}`).send({ unitItems: Array.from({ length: size }, () => ({ unitId: 'adult' })) })),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 400)).toBe(true);
    const booking = await stored(held.uuid);
    expect([4, 5]).toContain(booking.seats);
    expect(await seatsLeft(FAMILY_TOUR, departure.id)).toBe(5 - booking.seats);
  });
});
