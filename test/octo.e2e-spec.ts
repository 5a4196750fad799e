import { randomUUID } from 'node:crypto';

import {
  zAvailability,
  zAvailabilityCalendar,
  zBaseError,
  zBooking,
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zProduct,
  zSupplier,
} from '@octocloud/types';
import request from 'supertest';
import { DataSource } from 'typeorm';

import type { AdminBookingRow, DashboardView, ManifestView, ResellerView } from '../shared/admin-types';
import type { DepartureView } from '../shared/api-types';
import { AuditLogEntry } from '../src/common/audit/audit-log-entry.entity';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { Booking } from '../src/bookings/booking.entity';
import { Departure } from '../src/departures/departure.entity';
import { HoldCheckout } from '../src/bookings/lifecycle/hold-checkout.service';
import { kirunaLocal } from '../src/octo/octo-catalogue';
import { useTestApp } from './support/app';
import { expectOcto } from './support/octo';
import { createTestDeparture, newClientAddress, staffToken } from './support/fixtures';
import { moveBookingClocks } from './support/bookings';

/** The family tour: adult 1250, child (4-12) 625, infant (on a lap, no seat) free, family (2 + 2) 3375. */
const FAMILY_TOUR = 'husky-puppies-and-mini-sled-ride-for-families';


describe('The OCTO supplier API for resellers (MySQL)', () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  let token: string;
  let key: string;
  let reseller: ResellerView;
  let productId: string;

  const octo = (method: 'get' | 'post' | 'patch', path: string, withKey = key) => request(sut.server)[method](`/octo${path}`).set('Authorization', `Bearer ${withKey}`).set('Octo-Capabilities', 'octo/pricing');
  const departureOf = (departure: Departure) => kirunaLocal(departure.startsAt);
  const reserve = (departure: Departure, units: string[], extra: object = {}) =>
    octo('post', '/bookings').send({ uuid: randomUUID(), productId, optionId: 'DEFAULT', availabilityId: departureOf(departure), unitItems: units.map((unitId) => ({ unitId })), ...extra });
  const seatsLeft = async (departureId: number) =>
    ((await request(sut.server).get(`/api/tours/${FAMILY_TOUR}/departures`).expect(200)).body as DepartureView[]).find((departure) => departure.id === departureId)?.seatsLeft ?? 0;

  beforeAll(async () => {
    token = await staffToken(dataSource(), sut.server);
    const created = await request(sut.server).post('/api/admin/resellers').set('Authorization', `Bearer ${token}`).send({ name: 'Arctic OTA', commissionPercent: 20 }).expect(201);
    ({ key, ...reseller } = created.body as ResellerView & { key: string });
    expect(key).toMatch(/^octo_[A-Za-z0-9_-]{43}$/);
    productId = String((await request(sut.server).get(`/api/tours/${FAMILY_TOUR}`).expect(200)).body.id);
  });

  it('Refuses calls without a valid key in OCTO words, and shows staff a key only once', async () => {
    const missing = await request(sut.server).get('/octo/supplier').expect(401);
    expectOcto(zBaseError, missing.body);
    expect(missing.body.error).toBe('UNAUTHORIZED');
    expect((await octo('get', '/supplier', 'octo_not-a-key').expect(401)).body.error).toBe('UNAUTHORIZED');
    const listed = (await request(sut.server).get('/api/admin/resellers').set('Authorization', `Bearer ${token}`).expect(200)).body as ResellerView[];
    expect(listed.find((item) => item.id === reseller.id)).toEqual(expect.objectContaining({ name: 'Arctic OTA', keyHint: key.slice(-4), revokedAt: null }));
    expect(JSON.stringify(listed)).not.toContain(key);
    await request(sut.server).get('/api/admin/resellers').expect(401);
  });

  it('Describes the supplier and sells each published tour as a product: one option, its price categories as units, retail and net in öre', async () => {
    const supplier = await octo('get', '/supplier').expect(200);
    expectOcto(zSupplier, supplier.body);
    expect(supplier.headers['octo-capabilities']).toBe('octo/pricing');
    const products = (await octo('get', '/products').expect(200)).body as unknown[];
    expect(products.length).toBeGreaterThan(5);
    for (const product of products) expectOcto(zProduct, product);
    const product = (await octo('get', `/products/${productId}`).expect(200)).body;
    expectOcto(zProduct, product);
    expect(product.options).toHaveLength(1);
    expect(product.options[0]).toMatchObject({ id: 'DEFAULT', cancellationCutoffUnit: 'hour' });
    const units = product.options[0].units as { id: string; type: string; restrictions: { paxCount: number }; pricingFrom: { retail: number; net: number; currency: string }[] }[];
    expect(units.map((unit) => [unit.id, unit.type, unit.pricingFrom[0].retail, unit.pricingFrom[0].net])).toEqual([
      ['adult', 'ADULT', 125000, 100000],
      ['child', 'CHILD', 62500, 50000],
      ['infant', 'INFANT', 0, 0],
      ['family', 'FAMILY', 337500, 270000],
    ]);
    expect(units.find((unit) => unit.id === 'family')!.restrictions.paxCount).toBe(4);

    const unknown = await octo('get', '/products/999999').expect(400);
    expectOcto(zErrorInvalidProductId, unknown.body);
    expect(unknown.body).toMatchObject({ error: 'INVALID_PRODUCT_ID', productId: '999999' });
  });

  it('Answers availability and a calendar from the same seats the site counts', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 5 });
    const day = departureOf(departure).slice(0, 10);
    const byDate = await octo('post', '/availability').send({ productId, optionId: 'DEFAULT', localDateStart: day, localDateEnd: day }).expect(200);
    for (const availability of byDate.body) expectOcto(zAvailability, availability);
    const ours = (byDate.body as { id: string; vacancies: number; capacity: number; status: string }[]).find((availability) => availability.id === departureOf(departure))!;
    expect(ours).toMatchObject({ vacancies: 5, capacity: 5, status: 'AVAILABLE' });

    await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 3, name: 'Anna Svensson', email: `site.${Date.now()}@example.com` }).expect(201);
    const byId = await octo('post', '/availability').send({ productId, optionId: 'DEFAULT', availabilityIds: [departureOf(departure)], units: [{ id: 'adult', quantity: 3 }] }).expect(200);
    expectOcto(zAvailability, byId.body[0]);
    expect(byId.body[0]).toMatchObject({ vacancies: 2, status: 'LIMITED', available: false });

    const calendar = await octo('post', '/availability/calendar').send({ productId, optionId: 'DEFAULT', localDateStart: day, localDateEnd: day }).expect(200);
    expect(calendar.body).toHaveLength(1);
    expectOcto(zAvailabilityCalendar, calendar.body[0]);
    expect(calendar.body[0].localDate).toBe(day);

    const badOption = await octo('post', '/availability').send({ productId, optionId: 'VIP', localDateStart: day, localDateEnd: day }).expect(400);
    expectOcto(zErrorInvalidOptionId, badOption.body);
    const badBody = await octo('post', '/availability').send({ productId, optionId: 'DEFAULT', localDateStart: 'tomorrow' }).expect(400);
    expectOcto(zBaseError, badBody.body);
    expect(badBody.body.error).toBe('BAD_REQUEST');
    // A date that is not on the calendar is refused for what it is, not read as the days after it (30 February as 2 March).
    const notADay = await octo('post', '/availability').send({ productId, optionId: 'DEFAULT', localDateStart: '2027-02-30', localDateEnd: '2027-03-01' }).expect(400);
    expect(notADay.body).toEqual({ error: 'BAD_REQUEST', errorMessage: 'localDateStart must be a date as YYYY-MM-DD' });
    const notADayToList = await octo('get', '/bookings?localDate=2027-04-31').expect(400);
    expect(notADayToList.body.errorMessage).toBe('localDate must be a date as YYYY-MM-DD');
  });

  it('Reserves, confirms and cancels a booking through the lifecycle: seats held and freed, one booking per uuid, every call audited', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 6 });
    const uuid = randomUUID();
    const body = { uuid, productId, optionId: 'DEFAULT', availabilityId: departureOf(departure), resellerReference: 'OTA-1001', expirationMinutes: 20, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }] };
    const held = await octo('post', '/bookings').send(body).expect(200);
    expectOcto(zBooking, held.body);
    expect(held.body).toMatchObject({ uuid, status: 'ON_HOLD', resellerReference: 'OTA-1001', productId, optionId: 'DEFAULT', cancellable: true });
    expect(new Date(held.body.utcExpiresAt).getTime() - Date.now()).toBeGreaterThan(18 * 60_000);
    expect(held.body.unitItems).toHaveLength(3);
    expect(held.body.pricing).toMatchObject({ retail: 312500, net: 250000, currency: 'SEK' });
    expect(await seatsLeft(departure.id)).toBe(3);

    // The same uuid again, even twice at once: one booking.
    const again = await Promise.all([octo('post', '/bookings').send(body), octo('post', '/bookings').send(body)]);
    for (const answer of again) expect(answer.body).toMatchObject({ uuid, supplierReference: held.body.supplierReference });
    expect(await dataSource().getRepository(Booking).countBy({ octoUuid: uuid })).toBe(1);

    const confirmed = await octo('post', `/bookings/${uuid}/confirm`).send({ contact: { firstName: 'Greta', lastName: 'Lind', emailAddress: 'greta.lind@example.com' }, emailReceipt: false }).expect(200);
    expectOcto(zBooking, confirmed.body);
    expect(confirmed.body).toMatchObject({ status: 'CONFIRMED', utcExpiresAt: null, contact: { fullName: 'Greta Lind', emailAddress: 'greta.lind@example.com' } });
    expect(await seatsLeft(departure.id)).toBe(3);

    // Staff see it with its channel.
    const rows = (await request(sut.server).get(`/api/admin/bookings?departureId=${departure.id}`).set('Authorization', `Bearer ${token}`).expect(200)).body.data as AdminBookingRow[];
    expect(rows.find((row) => row.reference === held.body.supplierReference)).toMatchObject({ source: 'reseller', reseller: { name: 'Arctic OTA', reference: 'OTA-1001' }, paymentMethod: 'reseller', paymentStatus: 'paid' });
    const staff = (path: string) => request(sut.server).get(`/api/admin/${path}`).set('Authorization', `Bearer ${token}`).expect(200);
    const manifest = (await staff(`tour-dates/${departure.id}/manifest`)).body as ManifestView;
    expect(manifest.passengers.find((passenger) => passenger.reference === held.body.supplierReference)?.channel).toBe('Återförsäljare: Arctic OTA');
    const csv = (await staff(`bookings.csv?departureId=${departure.id}`)).text;
    expect(csv.split('\r\n')[0]).toContain('"Kanal","Återförsäljarens referens"');
    expect(csv.split('\r\n').find((line) => line.startsWith(`"${held.body.supplierReference}"`))).toMatch(/"Återförsäljare: Arctic OTA","OTA-1001","","0"$/);
    const { week } = (await staff('dashboard')).body as DashboardView;
    expect(week.byChannel).toContainEqual({ channel: 'Återförsäljare: Arctic OTA', bookings: expect.any(Number), revenueSek: expect.any(Number) });
    expect(week.byChannel.reduce((sum, line) => sum + line.bookings, 0)).toBe(week.bookings);

    const fetched = await octo('get', `/bookings/${uuid}`).expect(200);
    expectOcto(zBooking, fetched.body);
    const listed = await octo('get', '/bookings?resellerReference=OTA-1001').expect(200);
    expect((listed.body as { uuid: string }[]).map((booking) => booking.uuid)).toContain(uuid);
    for (const booking of listed.body) expectOcto(zBooking, booking);
    const byDate = await octo('get', `/bookings?localDate=${departureOf(departure).slice(0, 10)}`).expect(200);
    expect((byDate.body as { uuid: string }[]).map((booking) => booking.uuid)).toContain(uuid);
    const nextDay = kirunaLocal(new Date(departure.startsAt.getTime() + 86_400_000)).slice(0, 10);
    const otherDays = await octo('get', `/bookings?localDateStart=${nextDay}&localDateEnd=${nextDay}`).expect(200);
    expect((otherDays.body as { uuid: string }[]).map((booking) => booking.uuid)).not.toContain(uuid);
    const bySupplierReference = await octo('get', `/bookings?supplierReference=${String(held.body.supplierReference).toLowerCase()}`).expect(200);
    expect((bySupplierReference.body as { uuid: string }[]).map((booking) => booking.uuid)).toEqual([uuid]);

    const patched = await octo('patch', `/bookings/${uuid}`).send({ resellerReference: 'OTA-1001-B', notes: 'Vegetarian' }).expect(200);
    expect(patched.body).toMatchObject({ resellerReference: 'OTA-1001-B', notes: 'Vegetarian' });

    const cancelled = await octo('post', `/bookings/${uuid}/cancel`).send({ reason: 'Guest changed plans' }).expect(200);
    expectOcto(zBooking, cancelled.body);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancellable: false, cancellation: { refund: 'NONE' } });
    expect(await seatsLeft(departure.id)).toBe(6);
    await octo('post', `/bookings/${uuid}/cancel`).send({}).expect(200);

    const audited = await dataSource().getRepository(AuditLogEntry).findBy({ target: `booking:${held.body.supplierReference}` });
    expect(audited.map((entry) => entry.action)).toEqual(['reseller.reserve', 'reseller.confirm', 'reseller.update', 'reseller.cancel']);
    expect(audited[0].adminEmail).toBe(`reseller:${reseller.id} (Arctic OTA)`);
  });

  it('Mails the guest only when the reseller asks for it, and says the agent refunds a cancelled booking', async () => {
    const mails = (reference: string) => dataSource().getRepository(OutboxMail).findBy({ bookingReference: reference });
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR);

    const quiet = (await reserve(departure, ['adult']).expect(200)).body;
    await octo('post', `/bookings/${quiet.uuid}/confirm`).send({ contact: { fullName: 'Greta Lind', emailAddress: 'greta.quiet@example.com' } }).expect(200);
    expect((await mails(quiet.supplierReference)).map((mail) => mail.topic)).toEqual(['booking.staff-notice']);

    const told = (await reserve(departure, ['adult']).expect(200)).body;
    await octo('post', `/bookings/${told.uuid}/confirm`).send({ contact: { fullName: 'Olle Berg', emailAddress: 'olle.told@example.com' }, emailReceipt: true }).expect(200);
    await octo('post', `/bookings/${told.uuid}/cancel`).send({}).expect(200);
    const sent = await mails(told.supplierReference);
    expect(sent.filter((mail) => mail.recipient === 'olle.told@example.com').map((mail) => mail.topic)).toEqual(['booking.confirmed', 'booking.cancelled']);
    expect(sent.find((mail) => mail.topic === 'booking.cancelled')!.message.text).toContain('You paid the agent you booked with; any refund comes from them.');

    const noAddress = (await reserve(departure, ['adult']).expect(200)).body;
    const refused = await octo('post', `/bookings/${noAddress.uuid}/confirm`).send({ contact: { fullName: 'Olle Berg' }, emailReceipt: true }).expect(400);
    expect(refused.body).toMatchObject({ error: 'BAD_REQUEST', errorMessage: 'emailReceipt needs contact.emailAddress.' });
    // A guest whose locales name a language the site speaks gets our mails, and links, in it.
    const german = (await reserve(departure, ['adult']).expect(200)).body;
    const confirmed = await octo('post', `/bookings/${german.uuid}/confirm`).send({ contact: { fullName: 'Greta Lind', emailAddress: 'greta.de@example.com', locales: ['fr-FR', 'de-AT'] }, emailReceipt: true }).expect(200);
    expectOcto(zBooking, confirmed.body);
    expect(confirmed.body.contact.locales).toEqual(['de']);
    const toGuest = (await mails(german.supplierReference)).find((mail) => mail.recipient === 'greta.de@example.com')!;
    expect(toGuest.message.subject).toMatch(new RegExp(`^Buchung bestätigt: .+ \\(${german.supplierReference}\\)$`));
    expect(toGuest.message.text).toMatch(/\/de\/booking\/manage\/\?token=/);
  });

  it('Refuses what OCTO refuses, with its codes: unknown units and availabilities, sold out, a cancellation inside the cutoff, another reseller\'s booking', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 2 });
    const badUnit = await reserve(departure, ['pensioner']).expect(400);
    expectOcto(zErrorInvalidUnitId, badUnit.body);
    expect(badUnit.body).toMatchObject({ error: 'INVALID_UNIT_ID', unitId: 'pensioner' });
    const badAvailability = await octo('post', '/bookings').send({ productId, optionId: 'DEFAULT', availabilityId: '2031-01-01T19:00:00+01:00', unitItems: [{ unitId: 'adult' }] }).expect(400);
    expectOcto(zErrorInvalidAvailabilityId, badAvailability.body);
    const soldOut = await reserve(departure, ['adult', 'adult', 'adult']).expect(400);
    expectOcto(zBaseError, soldOut.body);
    expect(soldOut.body).toMatchObject({ error: 'UNPROCESSABLE_ENTITY', errorMessage: 'Only 2 seats are left on this departure.' });
    const unknownBooking = await octo('get', `/bookings/${randomUUID()}`).expect(400);
    expectOcto(zErrorInvalidBookingUuid, unknownBooking.body);

    // Inside the cutoff (CANCEL_FREE_HOURS before the start) only staff cancel.
    const soon = await createTestDeparture(dataSource(), FAMILY_TOUR, { daysAhead: 1 });
    const held = (await reserve(soon, ['adult']).expect(200)).body;
    await octo('post', `/bookings/${held.uuid}/confirm`).send({ contact: { fullName: 'Olle Berg' } }).expect(200);
    const late = await octo('post', `/bookings/${held.uuid}/cancel`).send({}).expect(400);
    expect(late.body.error).toBe('UNPROCESSABLE_ENTITY');
    expect((await octo('get', `/bookings/${held.uuid}`).expect(200)).body).toMatchObject({ status: 'CONFIRMED', cancellable: false });

    // Another reseller sees none of it.
    const other = (await request(sut.server).post('/api/admin/resellers').set('Authorization', `Bearer ${token}`).send({ name: 'Other OTA', commissionPercent: 10 }).expect(201)).body as { key: string };
    expect((await octo('get', `/bookings/${held.uuid}`, other.key).expect(400)).body.error).toBe('INVALID_BOOKING_UUID');
    const reused = await octo('post', '/bookings', other.key).send({ uuid: held.uuid, productId, optionId: 'DEFAULT', availabilityId: departureOf(departure), unitItems: [{ unitId: 'adult' }] }).expect(400);
    expect(reused.body.error).toBe('INVALID_BOOKING_UUID');
  });

  it('Extends a hold, refuses an extension past the cutoff, and frees an expired hold like any other', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 4 });
    const held = (await reserve(departure, ['adult', 'adult'], { expirationMinutes: 5 }).expect(200)).body;
    const extended = await octo('post', `/bookings/${held.uuid}/extend`).send({ expirationMinutes: 60 }).expect(200);
    expectOcto(zBooking, extended.body);
    expect(new Date(extended.body.utcExpiresAt).getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
    const tooLong = await octo('post', `/bookings/${held.uuid}/extend`).send({ expirationMinutes: 1440 }).expect(200);
    expect(tooLong.body.status).toBe('ON_HOLD');
    // Leaves in 15 to 75 minutes (createTestDeparture adds up to an hour): two hours more is past it.
    const soon = await createTestDeparture(dataSource(), FAMILY_TOUR, { daysAhead: 0.01 });
    const short = (await reserve(soon, ['adult'], { expirationMinutes: 5 }).expect(200)).body;
    const pastCutoff = await octo('post', `/bookings/${short.uuid}/extend`).send({ expirationMinutes: 120 }).expect(400);
    expect(pastCutoff.body.error).toBe('UNPROCESSABLE_ENTITY');

    // Lapsed: the seats are free at once, the booking reads EXPIRED and cannot be confirmed.
    await moveBookingClocks(dataSource(), { octoUuid: held.uuid }, { holdExpiresAt: new Date(Date.now() - 1000) });
    expect(await seatsLeft(departure.id)).toBe(4);
    expect((await octo('get', `/bookings/${held.uuid}`).expect(200)).body.status).toBe('EXPIRED');
    await sut.app.get(HoldCheckout).expireLapsedHolds();
    expect((await octo('post', `/bookings/${held.uuid}/confirm`).send({ contact: { fullName: 'Greta Lind' } }).expect(400)).body.error).toBe('UNPROCESSABLE_ENTITY');
  });

  it('Never oversells when the site and a reseller race for the last seats', async () => {
    // A day of its own: an OCTO availability is its start to the second, which another test's departure could share.
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 2, daysAhead: 37 });
    const attempts = await Promise.all([
      ...Array.from({ length: 4 }, () => reserve(departure, ['adult', 'adult'])),
      ...Array.from({ length: 4 }, (_, n) =>
        request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 2, name: 'Anna Svensson', email: `race${n}.${Date.now()}@example.com` }),
      ),
    ]);
    const won = attempts.filter((answer) => answer.status === 200 || answer.status === 201);
    expect(won).toHaveLength(1);
    for (const answer of attempts) expect(answer.status).toBeLessThan(500);
    expect(await seatsLeft(departure.id)).toBe(0);
  });

  it('Answers odd bodies with BAD_REQUEST, never a 500', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR);
    const bodies = [
      {},
      { productId: 1, optionId: [], unitItems: 'adult' },
      { productId, optionId: 'DEFAULT', availabilityId: departureOf(departure), unitItems: [] },
      { productId, optionId: 'DEFAULT', availabilityId: departureOf(departure), unitItems: [{ unitId: { toString: 1 } }] },
      { productId, optionId: 'DEFAULT', availabilityId: departureOf(departure), unitItems: [{ unitId: 'adult' }], contact: { fullName: 'http://spam.example' } },
      { uuid: 'not-a-uuid', productId, optionId: 'DEFAULT', availabilityId: departureOf(departure), unitItems: [{ unitId: 'adult' }] },
    ];
    for (const body of bodies) {
      const answer = await octo('post', '/bookings').send(body);
      expect(answer.status).toBe(400);
      expectOcto(zBaseError, answer.body);
    }
    const malformed = await request(sut.server).post('/octo/bookings').set('Authorization', `Bearer ${key}`).set('Content-Type', 'application/json').send('{"productId":');
    expect(malformed.status).toBe(400);
  });

  it('Refuses a revoked key at once', async () => {
    const created = (await request(sut.server).post('/api/admin/resellers').set('Authorization', `Bearer ${token}`).send({ name: 'Short-lived OTA', commissionPercent: 0 }).expect(201)).body as ResellerView & { key: string };
    await octo('get', '/supplier', created.key).expect(200);
    await request(sut.server).post(`/api/admin/resellers/${created.id}/revoke`).set('Authorization', `Bearer ${token}`).expect(201);
    expect((await octo('get', '/supplier', created.key).expect(401)).body.error).toBe('UNAUTHORIZED');
  });
});
