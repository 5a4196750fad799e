import request from 'supertest';
import { DataSource } from 'typeorm';

import type { SkyBoardView } from '../shared/admin-types';
import { Booking } from '../src/bookings/booking.entity';
import { ManageLinks } from '../src/bookings/manage-links.service';
import { MoveOffer } from '../src/bookings/move-offer.entity';
import { WeatherCalls } from '../src/bookings/lifecycle/weather-calls.service';
import { Departure } from '../src/departures/departure.entity';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { createTestApp, useTestApp } from './support/app';
import { createTestDeparture, newClientAddress, staffToken } from './support/fixtures';
import { bookingBuilders } from './support/bookings';

const AURORA = 'northern-lights-car-chase-kiruna';
const HOUR = 3_600_000;

describe('The sky board: run, or move everyone (MySQL)', () => {
  const sut = useTestApp();
  const bookings = bookingBuilders(sut);
  const dataSource = () => sut.app.get(DataSource);
  let token: string;
  /** A second process on the same database, open for the whole suite (Passport's strategies are shared by the processes of one test run). */
  let second: Awaited<ReturnType<typeof createTestApp>>;
  const as = (method: 'get' | 'post', path: string, server = sut.server) => request(server)[method](path).set('Authorization', `Bearer ${token}`);
  beforeAll(async () => {
    second = await createTestApp();
    token = await staffToken(dataSource(), sut.server);
  });
  afterAll(() => second.close());

  /** A departure of the car chase `hours` from now, with guests booked on it (confirmed on arrival, in their languages) and one unpaid hold. */
  async function bookedDeparture(hours: number, guests: { name: string; language: 'en' | 'sv' | 'de' }[]) {
    const departure = await createTestDeparture(dataSource(), AURORA, { capacity: 8 });
    await dataSource().getRepository(Departure).update({ id: departure.id }, { startsAt: new Date(Date.now() + hours * HOUR) });
    const references: string[] = [];
    for (const guest of guests) {
      const booked = await bookings.aConfirmed(departure.id, { guests: 2, name: guest.name, language: guest.language });
      references.push(booked.reference);
    }
    const held = (await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 1, name: 'Unpaid Hold', email: `unpaid.${Date.now()}@example.com` }).expect(201)).body as { reference: string };
    return { departure, references, held: held.reference };
  }
  const manageToken = async (reference: string) => {
    const booking = await dataSource().getRepository(Booking).findOneOrFail({ where: { reference }, relations: { departure: true } });
    return new URL(sut.app.get(ManageLinks).url({ reference, departure: { startsAt: booking.departure!.startsAt.toISOString() }, language: booking.language })).searchParams.get('token')!;
  };

  it("lists tonight's and the next evenings' departures with their seats and outlook; staff record that one runs", async () => {
    const { departure } = await bookedDeparture(26, [{ name: 'Board Guest', language: 'en' }]);
    const board = (await as('get', '/api/admin/sky-board').expect(200)).body as SkyBoardView;
    expect(board.nights).toHaveLength(4);
    expect(board.attribution).toContain('Data from MET Norway');
    expect(board.nights[0]!.outlooks.map((outlook) => outlook.place)).toEqual(['Kiruna', 'Abisko']);
    const listed = board.nights.flatMap((night) => night.departures).find((item) => item.id === departure.id)!;
    expect(listed).toMatchObject({ tourTitle: 'Northern Lights Car Chase from Kiruna', booked: 3, aurora: true, place: 'Kiruna', call: null });
    // Whom moving everyone would reach, for the confirmation: the confirmed booking and its guests mailed, the live hold cancelled.
    expect(listed).toMatchObject({ confirmedBookings: 1, confirmedGuests: 2, liveHolds: 1 });
    expect(listed.alternatives.length).toBeGreaterThan(0);

    const ran = (await as('post', `/api/admin/sky-board/departures/${departure.id}/run`).expect(200)).body as SkyBoardView;
    expect(ran.nights.flatMap((night) => night.departures).find((item) => item.id === departure.id)?.call).toMatchObject({ decision: 'run', offers: [] });
  });

  it('moves everyone once with two processes at it: each confirmed guest offered once, by mail in their language; the unpaid hold cancelled; the departure closed', async () => {
    const { departure, references, held } = await bookedDeparture(28, [
      { name: 'Anna Svensson', language: 'sv' },
      { name: 'Lena Schmidt', language: 'de' },
      { name: 'Tom Hill', language: 'en' },
    ]);
    const target = await createTestDeparture(dataSource(), AURORA, { daysAhead: 5, capacity: 8 });
    const move = (server: typeof sut.server) => as('post', `/api/admin/sky-board/departures/${departure.id}/move`, server).send({ targetDepartureId: target.id, reason: 'aurora' });
    const answers = await Promise.all([move(sut.server), move(second.getHttpServer())]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 200)!.body).toEqual({ offered: 3, holdsCancelled: 1 });
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe('Gästerna på avgången har redan erbjudits flytt.');
    const ids = (await dataSource().getRepository(Booking).findBy(references.map((reference) => ({ reference })))).map((booking) => booking.id);
    expect(await dataSource().getRepository(MoveOffer).countBy(ids.map((bookingId) => ({ bookingId })))).toBe(3);
    const mails = await dataSource().getRepository(OutboxMail).findBy({ topic: 'booking.weather-offer' });
    const offered = (reference: string) => mails.filter((mail) => mail.bookingReference === reference);
    expect(references.map((reference) => offered(reference).length)).toEqual([1, 1, 1]);
    expect(offered(references[0]!)[0]!.subject).toMatch(/^Norrskensjakt med bil från Kiruna flyttas på grund av vädret/);
    expect(offered(references[1]!)[0]!.subject).toMatch(/wird wegen des Wetters verlegt/);
    expect(JSON.stringify(offered(references[2]!)[0]!.message)).toContain('the sky will not let the northern lights show');
    expect(await dataSource().getRepository(Booking).findOneByOrFail({ reference: held })).toMatchObject({ status: 'cancelled', cancelReason: 'departure' });
    expect((await dataSource().getRepository(Departure).findOneByOrFail({ id: departure.id })).status).toBe('closed');
    // No new booking on it.
    await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 1, name: 'Late Guest', email: `late.${Date.now()}@example.com` }).expect(409);

    // Each guest answers on their page: one moves, one takes the refund; twice at once, one answer counts.
    const [anna, lena] = await Promise.all(references.slice(0, 2).map(manageToken));
    const page = (await request(sut.server).get(`/api/manage/${anna}`).expect(200)).body as { weatherOffer: { status: string; toDepartureId: number } };
    expect(page.weatherOffer).toMatchObject({ status: 'offered', toDepartureId: target.id, reason: 'aurora' });
    const both = await Promise.all([request(sut.server).post(`/api/manage/${anna}/weather-offer`).send({ choice: 'move' }), request(sut.server).post(`/api/manage/${anna}/weather-offer`).send({ choice: 'refund' })]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const annaNow = await dataSource().getRepository(Booking).findOneByOrFail({ reference: references[0]! });
    const annaChose = both.find((answer) => answer.status === 200)!.body as { status: string; departure: { id: number } };
    if (annaChose.status === 'confirmed') expect(annaNow.departureId).toBe(target.id);
    else expect(annaNow).toMatchObject({ status: 'cancelled', cancelReason: 'departure' });

    const refunded = (await request(sut.server).post(`/api/manage/${lena}/weather-offer`).send({ choice: 'refund' }).expect(200)).body as { status: string; weatherOffer: { status: string } };
    expect(refunded).toMatchObject({ status: 'cancelled', weatherOffer: { status: 'refunded' } });
    await request(sut.server).post(`/api/manage/${lena}/weather-offer`).send({ choice: 'move' }).expect(409);
    await request(sut.server).post(`/api/manage/${lena}/weather-offer`).send({ choice: 'stay' }).expect(400);

    // The board shows who has answered.
    const board = (await as('get', '/api/admin/sky-board').expect(200)).body as SkyBoardView;
    const call = board.nights.flatMap((night) => night.departures).find((item) => item.id === departure.id)!.call!;
    expect(call).toMatchObject({ decision: 'move', reason: 'aurora', targetDepartureId: target.id });
    expect(call.offers.map((offer) => [offer.name, offer.status])).toEqual([
      ['Anna Svensson', annaChose.status === 'confirmed' ? 'moved' : 'refunded'],
      ['Lena Schmidt', 'refunded'],
      ['Tom Hill', 'offered'],
    ]);
  });

  it('refuses a move to a departure without the seats for everyone, or of another tour, or for no reason it knows: nobody is offered anything', async () => {
    const { departure } = await bookedDeparture(30, [{ name: 'Seat Guest', language: 'en' }, { name: 'Seat Guest Two', language: 'en' }]);
    const small = await createTestDeparture(dataSource(), AURORA, { daysAhead: 6, capacity: 3 });
    const other = await createTestDeparture(dataSource(), 'drive-your-own-dog-sled-team', { daysAhead: 6 });
    const move = (targetDepartureId: number, reason = 'storm') => as('post', `/api/admin/sky-board/departures/${departure.id}/move`).send({ targetDepartureId, reason });
    expect((await move(small.id).expect(409)).body.message).toBe('Avgången du flyttar till har 3 platser kvar; gästerna behöver 4. Välj en annan.');
    expect((await move(other.id).expect(400)).body.message).toBe('Välj en avgång av samma tur.');
    expect((await move(small.id, 'sunshine').expect(400)).body.message).toContain('reason måste vara');
    expect(await dataSource().getRepository(MoveOffer).count({ where: { bookingId: (await dataSource().getRepository(Booking).findOneByOrFail({ name: 'Seat Guest' })).id } })).toBe(0);
  });

  it('refunds in full, once, an offer nobody answered by the start of its departure', async () => {
    const { departure, references } = await bookedDeparture(32, [{ name: 'Silent Guest', language: 'sv' }]);
    const target = await createTestDeparture(dataSource(), AURORA, { daysAhead: 7, capacity: 8 });
    await as('post', `/api/admin/sky-board/departures/${departure.id}/move`).send({ targetDepartureId: target.id, reason: 'cold' }).expect(200);
    // Not yet started: nothing happens.
    await sut.app.get(WeatherCalls).settleUnanswered(new Date());
    expect(await dataSource().getRepository(Booking).findOneByOrFail({ reference: references[0]! })).toMatchObject({ status: 'confirmed' });

    await dataSource().getRepository(Departure).update({ id: departure.id }, { startsAt: new Date(Date.now() - HOUR) });
    await Promise.all([sut.app.get(WeatherCalls).settleUnanswered(new Date()), second.get(WeatherCalls).settleUnanswered(new Date())]);
    const booking = await dataSource().getRepository(Booking).findOneByOrFail({ reference: references[0]! });
    expect(booking).toMatchObject({ status: 'cancelled', cancelReason: 'departure' });
    expect(await dataSource().getRepository(MoveOffer).findOneByOrFail({ bookingId: booking.id })).toMatchObject({ status: 'lapsed' });
    expect(await dataSource().getRepository(OutboxMail).countBy({ bookingReference: references[0]!, topic: 'booking.cancelled' })).toBe(1);
    const token = await manageToken(references[0]!);
    await request(sut.server).post(`/api/manage/${token}/weather-offer`).send({ choice: 'move' }).expect(409);
  });
});

