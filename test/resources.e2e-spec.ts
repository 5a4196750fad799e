import request from 'supertest';
import { DataSource } from 'typeorm';

import type { DashboardView } from '../shared/admin-types';
import type { DepartureView } from '../shared/api-types';
import type { DepartureCrewView, ResourceKindView, ResourceView } from '../shared/resources';
import { Departure } from '../src/departures/departure.entity';
import { Tour } from '../src/tours/tour.entity';
import { useTestApp } from './support/app';
import { aGuestEmail, bookingBuilders, manageTokenOf } from './support/bookings';
import { eveningInKiruna, newClientAddress, staffToken } from './support/fixtures';

/** Two tours no other suite books, sharing the pools this suite makes (the seeded pools are cleared for the others: global-setup.ts). */
const FJORD = 'narvik-fjord-and-narvik-city-sightseeing'; // 600 minutes
const NARVIK = 'tour-to-narvik-from-abisko'; // 480 minutes
const HOUR = 3_600_000;

describe('Shared resources: sleds, vehicles and guides across tours (MySQL)', () => {
  const sut = useTestApp();
  const server = () => sut.server;
  const dataSource = () => sut.app.get(DataSource);
  const { aHold, aConfirmed } = bookingBuilders(sut);
  let token: string;
  const staff = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${token}`);
  let day = 200;

  beforeAll(async () => {
    token = await staffToken(dataSource(), server());
  });

  const tourId = async (slug: string) => (await dataSource().getRepository(Tour).findOneByOrFail({ slug })).id;

  /** A departure of `slug` starting `hours` after 08:00 on this test's own day (each test has days of its own, far past the seeded season). */
  async function departureAt(slug: string, hours: number, capacity = 8): Promise<Departure> {
    const startsAt = new Date(eveningInKiruna(day).getTime() - 11 * HOUR + hours * HOUR);
    const departures = dataSource().getRepository(Departure);
    return departures.save(departures.create({ tourId: await tourId(slug), startsAt, capacity, priceSek: null, status: 'open' }));
  }

  /** A pool of `count` items and the needs of both tours on it (all else they needed forgotten). */
  async function pool(count: number, needs: { fixed?: number; perUnits?: number | null; categories?: string[] }, kind: Partial<ResourceKindView> = {}): Promise<{ kind: ResourceKindView; items: number[] }> {
    const created = (await staff(request(server()).post('/api/admin/resource-kinds')).send({ name: `Testkälkar ${Date.now()}`, type: 'equipment', turnaroundMinutes: 30, ...kind }).expect(201)).body as ResourceKindView;
    const items = [];
    for (let index = 0; index < count; index++) items.push((await staff(request(server()).post('/api/admin/resources')).send({ kindId: created.id, name: `Kälke ${index + 1}` }).expect(201)).body.id as number);
    for (const slug of [FJORD, NARVIK]) {
      await staff(request(server()).put(`/api/admin/tours/${await tourId(slug)}/resource-needs`)).send({ needs: [{ kindId: created.id, fixed: needs.fixed ?? 0, perUnits: needs.perUnits ?? null, categories: needs.categories ?? null }] }).expect(200);
    }
    return { kind: created, items };
  }

  /** What guests see: the seats left on a departure, through the tour's public departures. */
  async function seatsLeft(departure: Departure): Promise<number> {
    const slug = departure.tourId === (await tourId(FJORD)) ? FJORD : NARVIK;
    const from = new Date(departure.startsAt.getTime() - HOUR).toISOString();
    const to = new Date(departure.startsAt.getTime() + HOUR).toISOString();
    const list = (await request(server()).get(`/api/tours/${slug}/departures?from=${from}&to=${to}`).expect(200)).body as DepartureView[];
    return list.find((one) => one.id === departure.id)!.seatsLeft;
  }

  beforeEach(() => {
    day += 3;
  });

  it('Caps two overlapping tours by the sleds they share, and gives them back on a cancel or a move', async () => {
    await pool(3, { perUnits: 2 });
    const fjord = await departureAt(FJORD, 0);
    const narvik = await departureAt(NARVIK, 2);
    const later = await departureAt(FJORD, 24);
    // Three sleds, two guests to one: six seats on each, though each departure has eight.
    expect([await seatsLeft(fjord), await seatsLeft(narvik)]).toEqual([6, 6]);
    const booked = await aConfirmed(fjord.id, { guests: 3 });
    // Three guests take two sleds: one guest more still fits on the second, the Narvik tour has one sled left.
    expect([await seatsLeft(fjord), await seatsLeft(narvik)]).toEqual([3, 2]);
    const refused = await request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: narvik.id, guests: 3, name: 'Too Many', email: aGuestEmail() }).expect(409);
    expect(refused.body.message).toBe('Only 2 seats are left on this departure.');
    await aHold(narvik.id, { guests: 2 });
    expect([await seatsLeft(fjord), await seatsLeft(narvik)]).toEqual([1, 0]);
    // A change that needs another sled is refused; one that frees one is not.
    const manage = await manageTokenOf(sut.app, booked.reference);
    await request(server()).post(`/api/manage/${manage}/change`).send({ guests: 5 }).expect(409);
    await request(server()).post(`/api/manage/${manage}/change`).send({ guests: 4 }).expect(200);
    expect(await seatsLeft(narvik)).toBe(0);
    // Moved to the next day: the sleds of this one are free for the Narvik tour.
    await request(server()).post(`/api/manage/${manage}/change`).send({ departureId: later.id }).expect(200);
    expect([await seatsLeft(fjord), await seatsLeft(narvik)]).toEqual([4, 4]);
    expect(await seatsLeft(later)).toBe(2);
    // Cancelled: back to all three.
    await staff(request(server()).post(`/api/admin/bookings/${booked.reference}/cancel`)).expect(200);
    expect(await seatsLeft(later)).toBe(6);
  });

  it('Counts a departure only over its time span and the turnaround, and an item out of service at any moment of it', async () => {
    const { items } = await pool(1, { fixed: 1 }, { turnaroundMinutes: 60 });
    const fjord = await departureAt(FJORD, 0); // 08:00 to 18:00, free again at 19:00
    const tooSoon = await departureAt(NARVIK, 10.5);
    const afterTurnaround = await departureAt(NARVIK, 11);
    await aHold(fjord.id, { guests: 1 });
    expect(await seatsLeft(tooSoon)).toBe(0);
    expect(await seatsLeft(afterTurnaround)).toBe(8);
    // The one item goes to the workshop for an hour of the later departure: nothing left there either.
    const outage = (await staff(request(server()).post(`/api/admin/resources/${items[0]}/outages`)).send({ startsAt: new Date(afterTurnaround.startsAt.getTime() + 7 * HOUR).toISOString(), endsAt: new Date(afterTurnaround.startsAt.getTime() + 30 * HOUR).toISOString(), reason: 'Verkstad' }).expect(201)).body as { id: number };
    expect(await seatsLeft(afterTurnaround)).toBe(0);
    await staff(request(server()).post(`/api/admin/resources/${items[0]}/outages`)).send({ startsAt: afterTurnaround.startsAt.toISOString(), endsAt: fjord.startsAt.toISOString() }).expect(400);
    await staff(request(server()).delete(`/api/admin/resource-outages/${outage.id}`)).expect(204);
    expect(await seatsLeft(afterTurnaround)).toBe(8);
  });

  it('Counts only the categories a need names: a child on an adult’s sled needs none of its own', async () => {
    await pool(1, { perUnits: 2, categories: ['adult'] });
    const fjord = await departureAt(FJORD, 0);
    const narvik = await departureAt(NARVIK, 1);
    await aHold(fjord.id, { categories: [{ category: 'adult', quantity: 1 }] });
    // One adult more fits on that sled; the other tour has none, so shows none.
    expect([await seatsLeft(fjord), await seatsLeft(narvik)]).toEqual([1, 0]);
    await aHold(fjord.id, { categories: [{ category: 'adult', quantity: 1 }, { category: 'child', quantity: 2 }] });
    await request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: fjord.id, categories: [{ category: 'adult', quantity: 1 }], name: 'One More', email: aGuestEmail() }).expect(409);
  });

  it('Sells the last sled of two tours once to 100 guests racing for both', async () => {
    await pool(1, { perUnits: 1 });
    const fjord = await departureAt(FJORD, 0);
    const narvik = await departureAt(NARVIK, 1);
    const racers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: index % 2 ? fjord.id : narvik.id, guests: 1, name: 'Racer', email: aGuestEmail() }),
      ),
    );
    const statuses = racers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect([await seatsLeft(fjord), await seatsLeft(narvik)]).toEqual([0, 0]);
  });

  it('Assigns a free and qualified guide, refuses one who lacks a skill, is off or already out, with the reason, and flags a departure without one', async () => {
    const { kinds, items } = (await staff(request(server()).get('/api/admin/resources')).expect(200)).body as { kinds: ResourceKindView[]; items: ResourceView[] };
    const guideKind = kinds.find((kind) => kind.type === 'guide')!;
    const guide = (name: string) => items.find((item) => item.name === name)!.id;
    await staff(request(server()).put(`/api/admin/tours/${await tourId(FJORD)}/resource-needs`)).send({ needs: [{ kindId: guideKind.id, fixed: 0, perUnits: 8, skills: ['dogs'] }] }).expect(200);
    const fjord = await departureAt(FJORD, 0);
    const narvik = await departureAt(NARVIK, 4);
    await aHold(fjord.id, { guests: 2 });
    const crew = (await staff(request(server()).get(`/api/admin/departures/${fjord.id}/crew`)).expect(200)).body as DepartureCrewView;
    expect(crew).toMatchObject({ guidesNeeded: 1, assigned: [] });
    expect(crew.suggestions.map((one) => one.name)).toEqual(expect.arrayContaining(['Johan Sarri', 'Lars Nutti', 'Erik Kuoljok']));
    expect(crew.suggestions.map((one) => one.name)).not.toContain('Anna Lind');

    const unskilled = await staff(request(server()).post(`/api/admin/departures/${fjord.id}/crew`)).send({ resourceId: guide('Anna Lind') }).expect(409);
    expect(unskilled.body.message).toBe('Anna Lind saknar Hundförare, som turen kräver.');
    await staff(request(server()).post(`/api/admin/resources/${guide('Erik Kuoljok')}/outages`)).send({ startsAt: fjord.startsAt.toISOString(), endsAt: new Date(fjord.startsAt.getTime() + 24 * HOUR).toISOString(), reason: 'Semester' }).expect(201);
    const away = await staff(request(server()).post(`/api/admin/departures/${fjord.id}/crew`)).send({ resourceId: guide('Erik Kuoljok') }).expect(409);
    expect(away.body.message).toMatch(/^Erik Kuoljok är ledig .* \(Semester\)\.$/);

    // Two staff give Johan both overlapping departures at once: one of them gets him.
    const both = await Promise.all([fjord.id, narvik.id].map((id) => staff(request(server()).post(`/api/admin/departures/${id}/crew`)).send({ resourceId: guide('Johan Sarri') })));
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = both.find((answer) => answer.status === 409)!;
    expect(refused.body.message).toMatch(/^Johan Sarri är redan på /);
    // The board's drag: Johan from wherever he went to the other one, checked the same way.
    const [got] = both.filter((answer) => answer.status === 200).map((answer) => (answer.body as DepartureCrewView).departureId);
    const other = got === fjord.id ? narvik.id : fjord.id;
    const dragged = (await staff(request(server()).post(`/api/admin/departures/${other}/crew`)).send({ resourceId: guide('Johan Sarri'), fromDepartureId: got }).expect(200)).body as DepartureCrewView;
    expect(dragged.assigned.map((one) => one.name)).toEqual(['Johan Sarri']);
    expect(((await staff(request(server()).get(`/api/admin/departures/${got}/crew`)).expect(200)).body as DepartureCrewView).assigned).toEqual([]);

    // His day list names the departure.
    const date = new Date(fjord.startsAt).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
    const dayList = (await staff(request(server()).get(`/api/admin/resources/${guide('Johan Sarri')}/day?date=${date}`)).expect(200)).body as { name: string; departures: { departureId: number }[] };
    expect(dayList).toMatchObject({ name: 'Johan Sarri', departures: [{ departureId: other }] });
    await staff(request(server()).get(`/api/admin/resources/${guide('Johan Sarri')}/day?date=30-01-2027`)).expect(400);
    await staff(request(server()).delete(`/api/admin/departures/${other}/crew/${guide('Johan Sarri')}`)).expect(204);
    await staff(request(server()).delete(`/api/admin/departures/${other}/crew/${guide('Johan Sarri')}`)).expect(404);
  });

  it('Flags a departure in the next 48 hours with guests and no guide on the dashboard, until one is on it', async () => {
    day = 1;
    const soon = await departureAt(FJORD, 0);
    const booked = await aConfirmed(soon.id, { guests: 2 });
    const flagged = async () => ((await staff(request(server()).get('/api/admin/dashboard')).expect(200)).body as DashboardView).unguided.some((one) => one.id === soon.id);
    expect(await flagged()).toBe(true);
    const crew = (await staff(request(server()).get(`/api/admin/departures/${soon.id}/crew`)).expect(200)).body as DepartureCrewView;
    await staff(request(server()).post(`/api/admin/departures/${soon.id}/crew`)).send({ resourceId: crew.suggestions[0]!.resourceId }).expect(200);
    expect(await flagged()).toBe(false);
    await staff(request(server()).post(`/api/admin/bookings/${booked.reference}/cancel`)).expect(200);
    day = 300;
  });

  it('Takes a stay’s rooms for each night it covers: the last room sold once, full nights shown, a change of date moving them', async () => {
    const kind = (await staff(request(server()).post('/api/admin/resource-kinds')).send({ name: `Teststugor ${Date.now()}`, type: 'room', turnaroundMinutes: 0 }).expect(201)).body as ResourceKindView;
    await staff(request(server()).post('/api/admin/resources')).send({ kindId: kind.id, name: 'Stuga 1' }).expect(201);
    const stayBody = { slug: `two-nights-${Date.now()}`, name: 'Two Cabin Nights', description: 'Two nights in a cabin.', nights: 2, priceSek: 2000, maxGuests: 4, partnerUrl: null, imageUrl: '/images/art/guesthouse.svg', imageAlt: 'A cabin', imageVariants: null, isActive: true };
    const notRooms = (await staff(request(server()).post('/api/admin/resource-kinds')).send({ name: `Ej rum ${Date.now()}`, type: 'equipment' }).expect(201)).body as ResourceKindView;
    await staff(request(server()).post('/api/admin/stays')).send({ ...stayBody, roomKindId: notRooms.id }).expect(400);
    const stay = (await staff(request(server()).post('/api/admin/stays')).send({ ...stayBody, roomKindId: kind.id }).expect(201)).body as { id: number; roomKindId: number };
    expect(stay.roomKindId).toBe(kind.id);
    try {
      const first = await departureAt(FJORD, 0);
      const second = await departureAt(FJORD, 24);
      const later = await departureAt(FJORD, 72);
      const withStay = (departureId: number) => request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId, guests: 2, name: 'Cabin Guest', email: aGuestEmail(), stayPackageId: stay.id });
      const booked = (await withStay(first.id).expect(201)).body as { reference: string };
      await request(server()).post(`/api/bookings/${booked.reference}/checkout`).expect(200);
      // Its two nights are the first day's and the second's: the second day's stay has no room.
      const refused = await withStay(second.id).expect(409);
      expect(refused.body.message).toBe(`The stay has no room left on the night of ${new Date(second.startsAt).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' })}: choose another date, or book without it.`);
      await aHold(second.id, { guests: 2 });
      const fullOn = async (departure: Departure) => {
        const from = new Date(departure.startsAt.getTime() - HOUR).toISOString();
        const to = new Date(departure.startsAt.getTime() + HOUR).toISOString();
        const list = (await request(server()).get(`/api/tours/${FJORD}/departures?from=${from}&to=${to}`).expect(200)).body as (DepartureView & { fullStays?: number[] })[];
        return list.find((one) => one.id === departure.id)!.fullStays ?? [];
      };
      expect(await fullOn(first)).toContain(stay.id);
      expect(await fullOn(second)).toContain(stay.id);
      expect(await fullOn(later)).not.toContain(stay.id);
      // Moved three days on, its nights go with it.
      await request(server()).post(`/api/manage/${await manageTokenOf(sut.app, booked.reference)}/change`).send({ departureId: later.id }).expect(200);
      expect(await fullOn(second)).not.toContain(stay.id);
      expect(await fullOn(later)).toContain(stay.id);
      // Twenty guests at once for two dates whose stays share a night: one gets the cabin.
      const [a, b] = [await departureAt(FJORD, 144), await departureAt(FJORD, 168)];
      const racers = await Promise.all(Array.from({ length: 20 }, (_, n) => withStay(n % 2 ? a.id : b.id)));
      expect(racers.map((answer) => answer.status).sort()).toEqual([201, ...Array.from({ length: 19 }, () => 409)]);
    } finally {
      await staff(request(server()).patch(`/api/admin/stays/${stay.id}`)).send({ isActive: false }).expect(200);
    }
  });

  it('Refuses bad plans with a clear 400 and writes nothing', async () => {
    const kind = (await staff(request(server()).post('/api/admin/resource-kinds')).send({ name: 'Rum', type: 'room' }).expect(201)).body as ResourceKindView;
    const roomNeed = await staff(request(server()).put(`/api/admin/tours/${await tourId(NARVIK)}/resource-needs`)).send({ needs: [{ kindId: kind.id, fixed: 1 }] }).expect(400);
    expect(roomNeed.body.message).toContain('per natt');
    await staff(request(server()).put(`/api/admin/tours/${await tourId(NARVIK)}/resource-needs`)).send({ needs: [{ kindId: kind.id, fixed: -1 }] }).expect(400);
    const noTour = await staff(request(server()).put('/api/admin/tours/987654/resource-needs')).send({ needs: [] }).expect(404);
    expect(noTour.body.message).toBe('Det finns ingen sådan tur.');
    await staff(request(server()).post('/api/admin/resource-kinds')).send({ name: 'X', type: 'spaceship' }).expect(400);
    await staff(request(server()).post('/api/admin/resources')).send({ kindId: kind.id, name: 'Rum 1', skills: ['juggling'] }).expect(400);
    await request(server()).get('/api/admin/resources').expect(401);
    // The tours need nothing again.
    for (const slug of [FJORD, NARVIK]) await staff(request(server()).put(`/api/admin/tours/${await tourId(slug)}/resource-needs`)).send({ needs: [] }).expect(200);
  });
});
