import request from 'supertest';
import { DataSource } from 'typeorm';

import type { AdminBookingRow } from '../shared/admin-types';
import type { BookingSummary, ChangePreview, DepartureView, ManagedBooking, TourDetail } from '../shared/api-types';
import { ManageLinks } from '../src/bookings/manage-links.service';
import { Booking } from '../src/bookings/booking.entity';
import { Departure } from '../src/departures/departure.entity';
import { useTestApp } from './support/app';
import { createTestDeparture, newClientAddress, staffToken } from './support/fixtures';

/** The family tour: adult 1250, child (4-12) 625, infant (2-3, on a lap) free, family (2 + 2) 3375. */
const FAMILY_TOUR = 'husky-puppies-and-mini-sled-ride-for-families';
const guest = { name: 'Anna Svensson' };
let guestCount = 0;
const newGuestEmail = () => `family${++guestCount}.${Date.now()}@example.com`;

describe('Price categories (MySQL)', () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  const hold = (body: object) => request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ email: newGuestEmail(), ...guest, ...body });
  const seatsLeft = async (departureId: number) =>
    ((await request(sut.server).get(`/api/tours/${FAMILY_TOUR}/departures`).expect(200)).body as DepartureView[]).find((departure) => departure.id === departureId)?.seatsLeft;

  it("Shows a tour's categories and each departure's price per category, a season price included", async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR);
    await dataSource().getRepository(Departure).update(departure.id, { categoryPrices: { child: 700 } });
    const tour = (await request(sut.server).get(`/api/tours/${FAMILY_TOUR}`).expect(200)).body as TourDetail;
    expect(tour.priceCategories.map((category) => [category.code, category.priceSek, category.seatsPerUnit, category.isDefault])).toEqual([
      ['adult', 1250, 1, true],
      ['child', 625, 1, false],
      ['infant', 0, 0, false],
      ['family', 3375, 4, false],
    ]);
    const departures = (await request(sut.server).get(`/api/tours/${FAMILY_TOUR}/departures`).expect(200)).body as DepartureView[];
    expect(departures.find((item) => item.id === departure.id)).toMatchObject({ priceSek: 1250, prices: { adult: 1250, child: 700, infant: 0, family: 3375 } });

    const held = (await hold({ departureId: departure.id, categories: [{ category: 'adult', quantity: 1 }, { category: 'child', quantity: 1 }] }).expect(201)).body as BookingSummary;
    expect(held).toMatchObject({ guests: 2, seats: 2, tourAmountSek: 1250 + 700, totalSek: 1950 });
  });

  it("Lets staff set a date's season price per category and its own minimum, and refuses a malformed one", async () => {
    const token = await staffToken(dataSource(), sut.server);
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR);
    const patch = (body: object) => request(sut.server).patch(`/api/admin/tour-dates/${departure.id}`).set('Authorization', `Bearer ${token}`).send(body);
    const updated = (await patch({ categoryPrices: { child: 500, family: 3000 }, minGuests: 4, decisionHours: 12 }).expect(200)).body;
    expect(updated.departure).toMatchObject({ categoryPrices: { child: 500, family: 3000 }, minGuests: 4, decisionHours: 12 });
    const shown = ((await request(sut.server).get(`/api/tours/${FAMILY_TOUR}/departures`).expect(200)).body as DepartureView[]).find((item) => item.id === departure.id)!;
    expect(shown.prices).toEqual({ adult: 1250, child: 500, infant: 0, family: 3000 });
    expect(shown.minimum).toMatchObject({ guests: 4, needed: 4 });
    expect((await patch({ categoryPrices: { Child: -1 } }).expect(400)).body.message).toBe('categoryPrices måste ha koder som child och hela kronor från 0 till 100000');
    // A code the tour does not sell was kept and never used (staff believed "chlid=700" priced children); the default's price is priceSek.
    expect((await patch({ categoryPrices: { chlid: 700 } }).expect(400)).body.message).toBe('Turen har ingen priskategori chlid; säsongspriser kan anges för child, infant, family.');
    expect((await patch({ categoryPrices: { adult: 1100 } }).expect(400)).body.message).toBe('adult är turens standardkategori: dess pris för avgången anges i priceSek.');
    expect((await dataSource().getRepository(Departure).findOneByOrFail({ id: departure.id })).categoryPrices).toEqual({ child: 500, family: 3000 });
    await patch({ categoryPrices: null, minGuests: null }).expect(200);
  });

  it('Books two adults, a child and an infant on a lap: four guests on three seats, each at its price', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR);
    const held = (
      await hold({
        departureId: departure.id,
        categories: [
          { category: 'adult', quantity: 2 },
          { category: 'child', quantity: 1 },
          { category: 'infant', quantity: 1 },
        ],
      }).expect(201)
    ).body as BookingSummary;
    expect(held).toMatchObject({ status: 'held', guests: 4, seats: 3, tourAmountSek: 2 * 1250 + 625, totalSek: 3125 });
    expect(held.party.map((line) => [line.code, line.quantity, line.unitPriceSek])).toEqual([
      ['adult', 2, 1250],
      ['child', 1, 625],
      ['infant', 1, 0],
    ]);
    expect(await seatsLeft(departure.id)).toBe(5);
    const stored = await dataSource().getRepository(Booking).findOneByOrFail({ reference: held.reference });
    expect(stored).toMatchObject({ guests: 4, seats: 3 });
  });

  it('Still takes guests: N as N of the default category, with the same answer fields', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR);
    const held = (await hold({ departureId: departure.id, guests: 3 }).expect(201)).body as BookingSummary;
    expect(held).toMatchObject({ guests: 3, seats: 3, totalSek: 3 * 1250, party: [{ code: 'adult', quantity: 3 }] });
  });

  it.each([
    [{ categories: [{ category: 'child', quantity: 2 }] }, 'Child (4-12) must be accompanied by an adult.'],
    [{ categories: [{ category: 'family', quantity: 2 }] }, 'Family (2 adults, 2 children): at most 1 per booking.'],
    [{ categories: [{ category: 'senior', quantity: 1 }] }, 'This tour has no price category "senior". It has adult, child, infant, family.'],
    [{ categories: [{ category: 'adult', quantity: 0 }] }, 'Choose at least one guest.'],
    [{ guests: 2, categories: [{ category: 'adult', quantity: 2 }] }, 'Give either guests or categories, not both.'],
    [{ categories: [{ category: 'Adult; DROP', quantity: 1 }] }, 'categories[].category must be a price category code such as adult'],
    [{ categories: [{ category: 'adult', quantity: -1 }] }, 'categories[].quantity must be a whole number from 0 to 8'],
  ])('Refuses %j with a 400 and holds nothing', async (party, message) => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR);
    const refused = await hold({ departureId: departure.id, ...party }).expect(400);
    expect([refused.body.message].flat().join(" ")).toContain(message);
    expect(await seatsLeft(departure.id)).toBe(8);
  });

  it('Refuses a party in the language the page asks in (Accept-Language), as the booking page says it before sending', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR);
    const asked = (lang: string, categories: object[]) => hold({ departureId: departure.id, categories }).set('Accept-Language', lang).expect(400);
    // Before: English on the Swedish and German pages ("Child (4-12) must be accompanied by an adult.").
    expect((await asked('sv', [{ category: 'child', quantity: 2 }])).body.message).toBe('Child (4-12) måste åka med en vuxen.');
    expect((await asked('de', [{ category: 'child', quantity: 2 }])).body.message).toBe('Child (4-12) muss von einem Erwachsenen begleitet werden.');
    expect((await asked('de', [{ category: 'family', quantity: 2 }])).body.message).toBe('Family (2 adults, 2 children): höchstens 1 pro Buchung.');
    expect((await asked('en', [{ category: 'adult', quantity: 0 }])).body.message).toBe('Choose at least one guest.');
    expect(await seatsLeft(departure.id)).toBe(8);
  });

  it('Counts seats, not guests, under the lock: 20 parties of two at once fill 8 seats exactly', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 8 });
    const party = [
      { category: 'adult', quantity: 1 },
      { category: 'child', quantity: 1 },
      { category: 'infant', quantity: 1 },
    ];
    const answers = await Promise.all(Array.from({ length: 20 }, () => hold({ departureId: departure.id, categories: party })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(4).fill(201), ...Array(16).fill(409)]);
    const held = await dataSource().getRepository(Booking).findBy({ departureId: departure.id });
    expect(held.reduce((sum, booking) => sum + booking.seats, 0)).toBe(8);
    expect(held.reduce((sum, booking) => sum + booking.guests, 0)).toBe(12);
    expect(await seatsLeft(departure.id)).toBe(0);
  });

  it('A family unit takes four seats: two fill a departure of eight, a third is sold out', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 8 });
    const family = { departureId: departure.id, categories: [{ category: 'family', quantity: 1 }] };
    await hold(family).expect(201);
    await hold(family).expect(201);
    expect((await hold(family).expect(409)).body.message).toBe('This departure is sold out. Please choose another date.');
  });

  it('Changes a booking to another party by category through the manage link, re-priced, the seats checked', async () => {
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR, { capacity: 4 });
    const held = (await hold({ departureId: departure.id, categories: [{ category: 'adult', quantity: 2 }] }).expect(201)).body as BookingSummary;
    await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).expect(200);
    const url = sut.app.get(ManageLinks).url({ reference: held.reference, departure: { startsAt: departure.startsAt.toISOString() } });
    const token = new URL(url).searchParams.get('token')!;
    const view = (await request(sut.server).get(`/api/manage/${token}`).expect(200)).body as ManagedBooking;
    expect(view.priceCategories.map((category) => category.code)).toEqual(['adult', 'child', 'infant', 'family']);

    const party = { categories: [{ category: 'adult', quantity: 1 }, { category: 'child', quantity: 2 }, { category: 'infant', quantity: 1 }] };
    // First what it would do, with nothing changed yet.
    const preview = (await request(sut.server).post(`/api/manage/${token}/change/preview`).send(party).expect(200)).body as ChangePreview;
    expect(preview).toMatchObject({ departureId: departure.id, guests: 4, totalSek: 2500, previousTotalSek: 2500, money: { kind: 'due-on-arrival', amountSek: 2500 } });
    expect((await request(sut.server).get(`/api/manage/${token}`).expect(200)).body).toMatchObject({ guests: 2, totalSek: 2500 });
    const changed = (await request(sut.server).post(`/api/manage/${token}/change`).send(party).expect(200)).body as ManagedBooking;
    expect(changed).toMatchObject({ guests: 4, seats: 3, totalSek: 1250 + 2 * 625 });
    // Two more seats than the departure's four: refused, the booking as it was.
    expect((await request(sut.server).post(`/api/manage/${token}/change`).send({ categories: [{ category: 'adult', quantity: 5 }] }).expect(409)).body.message).toBe('Only 4 seats are left on that date.');
    expect((await request(sut.server).post(`/api/manage/${token}/change`).send({ categories: [{ category: 'child', quantity: 1 }] }).expect(400)).body.message).toBe('Child (4-12) must be accompanied by an adult.');
  });

  it('Takes staff phone bookings by category, refused in Swedish when a child comes alone', async () => {
    const token = await staffToken(dataSource(), sut.server);
    const departure = await createTestDeparture(dataSource(), FAMILY_TOUR);
    const staff = (body: object) =>
      request(sut.server)
        .post('/api/admin/bookings')
        .set('Authorization', `Bearer ${token}`)
        .send({ departureId: departure.id, name: 'Phone Guest', email: `phone${Date.now()}@example.com`, payment: 'on_arrival', ...body });
    const booked = (await staff({ categories: [{ category: 'adult', quantity: 1 }, { category: 'child', quantity: 2 }] }).expect(201)).body as AdminBookingRow;
    expect(booked).toMatchObject({ status: 'confirmed', guests: 3, seats: 3, totalSek: 1250 + 2 * 625 });
    expect((await staff({ categories: [{ category: 'child', quantity: 1 }] }).expect(400)).body.message).toBe('Child (4-12) måste åka med en vuxen.');
    const manifest = (await request(sut.server).get(`/api/admin/tour-dates/${departure.id}/manifest`).set('Authorization', `Bearer ${token}`).expect(200)).body;
    // The party in the admin's Swedish, as staff read it (it said "1 Adult (13+), 2 Child (4-12)").
    expect(manifest.passengers).toEqual([expect.objectContaining({ name: 'Phone Guest', guests: 3, party: '1 Vuxen (13+), 2 Barn (4-12)' })]);
  });
});
