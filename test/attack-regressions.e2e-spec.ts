import { randomUUID } from 'node:crypto';

import request from 'supertest';
import { DataSource } from 'typeorm';

import type { AdminBookingRow, ResellerView } from '../shared/admin-types';
import type { BookingSummary, DepartureView } from '../shared/api-types';
import { AuditLogEntry } from '../src/common/audit/audit-log-entry.entity';
import { Booking } from '../src/bookings/booking.entity';
import { StayPackage } from '../src/bookings/stay-package.entity';
import { LinkTokens } from '../src/common/links/link-tokens';
import { AppConfig } from '../src/config/app-config';
import { Departure } from '../src/departures/departure.entity';
import { DeparturesRepository } from '../src/departures/departures.repository';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { kirunaLocal } from '../src/octo/octo-catalogue';
import { RESELLER_HELD_SEATS } from '../src/bookings/lifecycle/reseller-bookings.service';
import { useTestApp } from './support/app';
import { aGuestEmail, bookingBuilders, moveBookingClocks } from './support/bookings';
import { createTestDeparture, staffToken } from './support/fixtures';

const FAMILY_TOUR = 'husky-puppies-and-mini-sled-ride-for-families';
const REINDEER = 'reindeer-sledding-day-tour-in-kiruna';
const DOG_SLED = 'drive-your-own-dog-sled-team';
const HOUR = 3_600_000;

/**
 * The findings 8 to 20 of the attack on every path (issue 44), each tried again as it was
 * found: through the API a guest, staff or a reseller uses.
 */
describe('Attack findings on every path, each tried again (MySQL)', () => {
  const sut = useTestApp();
  const builders = bookingBuilders(sut);
  const dataSource = () => sut.app.get(DataSource);
  let token: string;
  let key: string;
  let productId: string;
  beforeAll(async () => {
    token = await staffToken(dataSource(), sut.server);
    const created = await staff(request(sut.server).post('/api/admin/resellers')).send({ name: 'Squatting OTA', commissionPercent: 20 }).expect(201);
    ({ key } = created.body as ResellerView & { key: string });
    productId = String((await request(sut.server).get(`/api/tours/${FAMILY_TOUR}`).expect(200)).body.id);
  });
  const staff = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${token}`);
  const octo = (method: 'get' | 'post' | 'patch' | 'delete', path: string, withKey = key) => request(sut.server)[method](`/octo${path}`).set('Authorization', `Bearer ${withKey}`);
  const reserve = (availabilityId: string, units: number, withKey = key) =>
    octo('post', '/bookings', withKey).send({ uuid: randomUUID(), productId, optionId: 'DEFAULT', availabilityId, unitItems: Array.from({ length: units }, () => ({ unitId: 'adult' })) });
  const manageToken = (reference: string) => new LinkTokens(sut.app.get(AppConfig).key('booking-manage-link')).issue(reference, new Date(Date.now() + 30 * 86_400_000));
  /** A booking sold through this suite's key: reserved, then confirmed with the guest's name. */
  const sold = async (departure: Departure, units = 1): Promise<{ uuid: string; reference: string }> => {
    const reserved = (await reserve(kirunaLocal(departure.startsAt), units).expect(200)).body as { id: string; uuid: string };
    await octo('post', `/bookings/${reserved.uuid}/confirm`).send({ contact: { fullName: 'Reseller Guest', emailAddress: aGuestEmail() } }).expect(200);
    return { uuid: reserved.uuid, reference: reserved.id };
  };
  const stored = (reference: string) => dataSource().getRepository(Booking).findOneByOrFail({ reference });
  const family = (daysAhead: number, capacity = 8) => createTestDeparture(dataSource(), FAMILY_TOUR, { daysAhead, capacity });

  it("8. Erasing a guest leaves none of their details in the audit log, also where a reseller's update named them", async () => {
    const departure = await family(40);
    const booking = await sold(departure);
    const email = aGuestEmail();
    await octo('patch', `/bookings/${booking.uuid}`).send({ contact: { fullName: 'Greta Erasable', emailAddress: email, phoneNumber: '+46 70 999 88 77' } }).expect(200);
    await octo('post', `/bookings/${booking.uuid}/cancel`).send({}).expect(200);
    await staff(request(sut.server).post('/api/admin/privacy/erase')).send({ email }).expect(200);
    const entries = await dataSource().getRepository(AuditLogEntry).findBy({ target: `booking:${booking.reference}` });
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['reseller.update', 'reseller.cancel']));
    const written = JSON.stringify(entries);
    for (const personal of ['Greta', 'Erasable', email, '999 88 77']) expect(written).not.toContain(personal);
  });

  it(`9. Holds at most ${RESELLER_HELD_SEATS} seats for one reseller key, and revoking the key lets its holds go at once`, async () => {
    const created = (await staff(request(sut.server).post('/api/admin/resellers')).send({ name: 'Greedy OTA', commissionPercent: 10 }).expect(201)).body as ResellerView & { key: string };
    const departures = await Promise.all([41, 42, 43, 44].map((days) => family(days)));
    const answers = await Promise.all(departures.map((departure) => reserve(kirunaLocal(departure.startsAt), 8, created.key)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 400]);
    const refused = answers.find((answer) => answer.status === 400)!;
    expect(refused.body).toMatchObject({ error: 'UNPROCESSABLE_ENTITY', errorMessage: expect.stringContaining(`at most ${RESELLER_HELD_SEATS} are held for this key`) });
    await staff(request(sut.server).post(`/api/admin/resellers/${created.id}/revoke`)).expect(201);
    const held = await dataSource().getRepository(Booking).findBy({ resellerId: created.id });
    expect(held).toHaveLength(3);
    expect(held.every((booking) => booking.status === 'expired')).toBe(true);
    for (const departure of departures) {
      const seats = ((await request(sut.server).get(`/api/tours/${FAMILY_TOUR}/departures`).expect(200)).body as DepartureView[]).find((item) => item.id === departure.id)!.seatsLeft;
      expect(seats).toBe(8);
    }
  });

  it("10. The site's checkout does not confirm a reseller's reservation", async () => {
    const departure = await family(45);
    const held = await builders.aResellerBooking(departure.id, [{ category: 'adult', quantity: 2 }], { confirmed: false });
    const refused = await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).expect(409);
    expect(refused.body.message).toBe('This reservation was made by one of our partners, who confirms and is paid for it: please finish your booking with them.');
    expect(await stored(held.reference)).toMatchObject({ status: 'held', paymentStatus: 'unpaid' });
  });

  it('11. Gives two departures of a tour at the same start their own availability ids, and reserves the one named', async () => {
    const soldOut = await family(46, 2);
    const other = await dataSource().getRepository(Departure).save(dataSource().getRepository(Departure).create({ tourId: soldOut.tourId, startsAt: soldOut.startsAt, capacity: 8, priceSek: null, status: 'open' }));
    await reserve(kirunaLocal(soldOut.startsAt), 2).expect(200);
    const day = kirunaLocal(soldOut.startsAt).slice(0, 10);
    const listed = (await octo('post', '/availability').send({ productId, optionId: 'DEFAULT', localDateStart: day, localDateEnd: day }).expect(200)).body as { id: string; vacancies: number }[];
    const ids = listed.map((availability) => availability.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Of the two at that start (the seeded schedule may have other departures that day, at other times), the one with room.
    const open = listed.filter((availability) => availability.id.startsWith(kirunaLocal(soldOut.startsAt))).find((availability) => availability.vacancies === 8)!;
    expect(open.id).toBe(`${kirunaLocal(other.startsAt)}#${other.id}`);
    const booked = (await reserve(open.id, 3).expect(200)).body as { id: string; availabilityId: string };
    expect(booked.availabilityId).toBe(open.id);
    expect((await stored(booked.id)).departureId).toBe(other.id);
  });

  it('12. Does not promise the same seats twice when staff move two departures to one date', async () => {
    const [six, five, target] = [await family(47), await family(48), await family(49)];
    await builders.aConfirmed(six.id, { guests: 6 });
    await builders.aConfirmed(five.id, { guests: 5 });
    await staff(request(sut.server).post(`/api/admin/sky-board/departures/${six.id}/move`)).send({ targetDepartureId: target.id, reason: 'aurora' }).expect(200);
    const refused = await staff(request(sut.server).post(`/api/admin/sky-board/departures/${five.id}/move`)).send({ targetDepartureId: target.id, reason: 'aurora' }).expect(409);
    expect(refused.body.message).toBe('Avgången du flyttar till har 2 platser kvar; gästerna behöver 5. Välj en annan.');
  });

  it('13. Changes the pickup of a phone booking that has no answers yet, and asks a grown party for its new answers', async () => {
    const departure = await createTestDeparture(dataSource(), REINDEER, { daysAhead: 30 });
    const pickups = ((await request(sut.server).get(`/api/tours/${REINDEER}`).expect(200)).body as { pickupPoints: { id: number }[] }).pickupPoints;
    const taken = (await staff(request(sut.server).post('/api/admin/bookings')).send({ departureId: departure.id, guests: 1, name: 'Phone Guest', email: aGuestEmail(), payment: 'on_arrival', notify: false }).expect(201))
      .body as AdminBookingRow;
    await request(sut.server).patch(`/api/manage/${manageToken(taken.reference)}`).send({ pickupPointId: pickups[0]!.id }).expect(200);
    expect((await stored(taken.reference)).pickupPointId).toBe(pickups[0]!.id);
    await moveBookingClocks(dataSource(), { reference: taken.reference }, { answersRemindedAt: new Date() });
    await request(sut.server).post(`/api/manage/${manageToken(taken.reference)}/change`).send({ guests: 3 }).expect(200);
    const grown = await stored(taken.reference);
    expect(grown).toMatchObject({ guests: 3, answersRemindedAt: null });
    const view = (await request(sut.server).get(`/api/manage/${manageToken(taken.reference)}`).expect(200)).body as { missingAnswers: string[] };
    expect(view.missingAnswers.length).toBeGreaterThanOrEqual(3);
  });

  it('14. Keeps no NUL, ESC or direction overrides in a text answer', async () => {
    const departure = await createTestDeparture(dataSource(), REINDEER, { daysAhead: 31 });
    const held = await builders.aHold(departure.id, { guests: 1, answers: { guests: [{ weight: 70 }], booking: { diet: 'Veg\u0000an\u001B[31m \u202Eetc' } } });
    expect((await stored(held.reference)).answers).toEqual({ booking: { diet: 'Vegan[31m etc' }, guests: [{ weight: 70 }] });
  });

  it('15. Refuses to change notes or the pickup hotel once the tour has started', async () => {
    const departure = await createTestDeparture(dataSource(), DOG_SLED, { daysAhead: 32 });
    const booking = await builders.aConfirmed(departure.id, { guests: 1 });
    await dataSource().getRepository(Departure).update({ id: departure.id }, { startsAt: new Date(Date.now() - HOUR) });
    for (const change of [{ notes: 'Late note' }, { pickup: 'Another hotel' }]) {
      const refused = await request(sut.server).patch(`/api/manage/${manageToken(booking.reference)}`).send(change).expect(409);
      expect(refused.body.message).toBe('This tour has started; its details can no longer be changed.');
    }
    expect(await stored(booking.reference)).toMatchObject({ notes: null, pickup: null });
  });

  it('16. Answers an unknown OCTO route 404 and a method a route does not take 405 with Allow, in OCTO words', async () => {
    const unknown = await octo('get', '/nothing-here').expect(404);
    expect(unknown.body).toEqual({ error: 'BAD_REQUEST', errorMessage: 'There is no OCTO endpoint /octo/nothing-here.' });
    const wrong = await octo('delete', `/bookings/${randomUUID()}`).expect(405);
    expect(wrong.headers.allow).toBe('GET, PATCH, HEAD');
    expect(wrong.body.error).toBe('BAD_REQUEST');
    await octo('get', '/supplier').expect(200);
  });

  it("17. Tells browsers and proxies not to keep a guest's manage page data", async () => {
    const departure = await createTestDeparture(dataSource(), DOG_SLED, { daysAhead: 33 });
    const booking = await builders.aConfirmed(departure.id, { guests: 1 });
    const answer = await request(sut.server).get(`/api/manage/${manageToken(booking.reference)}`).expect(200);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('18. Keeps the rooms a stay was priced for when staff later change its guests per room', async () => {
    const departure = await createTestDeparture(dataSource(), DOG_SLED, { daysAhead: 34 });
    const stays = dataSource().getRepository(StayPackage);
    const igloo = await stays.findOneByOrFail({ slug: 'glass-igloo-night' });
    const held = await builders.aHold(departure.id, { guests: 3, stayPackageId: igloo.id });
    const rooms = held.stayPackage!.rooms;
    expect(held.stayAmountSek).toBe(rooms * igloo.priceSek);
    try {
      await stays.update({ id: igloo.id }, { maxGuests: 1 });
      const after = (await request(sut.server).get(`/api/bookings/${held.reference}`).expect(200)).body as BookingSummary;
      expect(after).toMatchObject({ stayAmountSek: held.stayAmountSek, stayPackage: { rooms } });
    } finally {
      await stays.update({ id: igloo.id }, { maxGuests: igloo.maxGuests });
    }
  });

  it('19. Tells staff a reseller cancelled, not "the guest"', async () => {
    const departure = await family(50);
    const booking = await sold(departure);
    await octo('post', `/bookings/${booking.uuid}/cancel`).send({}).expect(200);
    const notice = await dataSource().getRepository(OutboxMail).findOneByOrFail({ bookingReference: booking.reference, topic: 'booking.guest-change-notice' });
    expect(notice.subject).toMatch(/^Återförsäljaren avbokade /);
  });

  it('20. Lists OCTO products from the tours as their pages keep them, reading no departures of its own', async () => {
    await octo('get', '/products').expect(200);
    const reads = jest.spyOn(sut.app.get(DeparturesRepository), 'upcomingWithSeats');
    try {
      const products = (await octo('get', '/products').expect(200)).body as { id: string; options: { availabilityLocalStartTimes: string[] }[] }[];
      expect(products.length).toBeGreaterThan(5);
      expect(products.every((product) => product.options[0]!.availabilityLocalStartTimes.length > 0)).toBe(true);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });
});
