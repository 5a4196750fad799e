import { join } from 'node:path';

import request from 'supertest';
import { DataSource } from 'typeorm';

import type { AdminBookingRow, DashboardView, TourDateView } from '../shared/admin-types';
import type { BookingSummary, DepartureView, ManagedBooking, TourDetail } from '../shared/api-types';
import { Booking } from '../src/bookings/booking.entity';
import { Reminders } from '../src/bookings/lifecycle/reminders.service';
import { ManageLinks } from '../src/bookings/manage-links.service';
import { Departure } from '../src/departures/departure.entity';
import { MinimumDecisions } from '../src/departures/minimum-decisions';
import { deliverMail, useTestApp } from './support/app';
import { createTestDeparture, newClientAddress, outboxMails, staffToken } from './support/fixtures';

const REINDEER = 'reindeer-sledding-day-tour-in-kiruna';
const DOG_SLED = 'drive-your-own-dog-sled-team';
const CAR_CHASE = 'northern-lights-car-chase-kiruna';
let guestCount = 0;

describe('Questions, pickups and a minimum to run (MySQL)', () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  const hold = (body: object) =>
    request(sut.server)
      .post('/api/bookings')
      .set('X-Forwarded-For', newClientAddress())
      .send({ name: 'Anna Svensson', email: `options${++guestCount}.${Date.now()}@example.com`, ...body });
  const tour = async (slug: string) => (await request(sut.server).get(`/api/tours/${slug}`).expect(200)).body as TourDetail;
  const manageToken = async (reference: string) => {
    const booking = await dataSource().getRepository(Booking).findOneOrFail({ where: { reference }, relations: { departure: true } });
    return new URL(sut.app.get(ManageLinks).url({ reference, departure: { startsAt: booking.departure!.startsAt.toISOString() } })).searchParams.get('token')!;
  };

  it("Shows a tour's questions, its pickup points earliest first, and its minimum", async () => {
    const reindeer = await tour(REINDEER);
    expect(reindeer.questions.map((question) => [question.code, question.kind, question.unit, question.perGuest, question.askedAt, question.max])).toEqual([
      ['weight', 'number', 'kg', true, 'booking', 120],
      ['diet', 'text', null, false, 'booking', null],
    ]);
    expect(reindeer.pickupPoints.map((point) => point.name)).toEqual([
      'Icehotel, Jukkasjärvi',
      'Kiruna Airport',
      'Camp Ripan',
      'Hotel Arctic Eye',
      'Hotel Kiruna',
      'Scandic Ferrum',
      'Hotell Kebne',
      'Vinterpalatset',
      'STF Kiruna Hostel',
    ]);
    expect((await tour(CAR_CHASE)).minGuests).toBe(2);
  });

  it('Refuses a booking without the answers asked at booking, or over a weight limit, before any seat is held', async () => {
    const departure = await createTestDeparture(dataSource(), REINDEER);
    expect((await hold({ departureId: departure.id, guests: 2 }).expect(400)).body.message).toBe('Please answer "Weight" for guest 1.');
    expect((await hold({ departureId: departure.id, guests: 2, answers: { guests: [{ weight: 80 }, { weight: 130 }] } }).expect(400)).body.message).toBe(
      'Weight (guest 2) must be at most 120 kg on this tour.',
    );
    // In the page's language, the question as staff translated it (before: English on the Swedish and German pages, then "Weight (Gast 2)").
    expect((await hold({ departureId: departure.id, guests: 2, answers: { guests: [{ weight: 80 }, { weight: 130 }] } }).set('Accept-Language', 'de').expect(400)).body.message).toBe(
      'Gewicht (Gast 2) darf auf dieser Tour höchstens 120 kg sein.',
    );
    expect((await hold({ departureId: departure.id, guests: 2 }).set('Accept-Language', 'sv').expect(400)).body.message).toBe('Svara på "Vikt" för gäst 1.');
    expect((await hold({ departureId: departure.id, guests: 1, answers: { guests: [{ weight: 80 }], booking: { shoe: 1 } } }).expect(400)).body.message).toBe('This tour asks no question "shoe".');
    expect((await hold({ departureId: departure.id, guests: 1, answers: { guests: [{ weight: 80 }, { weight: 70 }] } }).expect(400)).body.message).toBe('answers.guests has 2 entries for 1 guest: one per guest.');
    expect((await hold({ departureId: departure.id, guests: 1, answers: 'heavy' }).expect(400)).body.message).toBe('answers must be an object with booking and guests');
    const held = (await hold({ departureId: departure.id, guests: 2, answers: { guests: [{ weight: 82 }, { weight: '64' }], booking: { diet: '  One vegetarian ' } } }).expect(201)).body as BookingSummary;
    const stored = await dataSource().getRepository(Booking).findOneByOrFail({ reference: held.reference });
    expect(stored.answers).toEqual({ booking: { diet: 'One vegetarian' }, guests: [{ weight: 82 }, { weight: 64 }] });

    // The guest's data export carries the answers; erasing the guest (once the hold is let go) removes them.
    const staff = await staffToken(dataSource(), sut.server);
    const exported = (await request(sut.server).get(`/api/admin/privacy/export?email=${encodeURIComponent(stored.email)}`).set('Authorization', `Bearer ${staff}`).expect(200)).body;
    expect(exported.bookings).toEqual([expect.objectContaining({ reference: held.reference, answers: stored.answers, party: [expect.objectContaining({ code: 'adult', quantity: 2 })] })]);
    await request(sut.server).post(`/api/bookings/${held.reference}/cancel`).expect(200);
    await request(sut.server).post('/api/admin/privacy/erase').set('Authorization', `Bearer ${staff}`).send({ email: stored.email }).expect(200);
    expect(await dataSource().getRepository(Booking).findOneByOrFail({ reference: held.reference })).toMatchObject({ answers: null, pickupPointId: null, email: '' });
  });

  it('Collects guests at a pickup point the tour offers, at its time before the start, and refuses one it does not', async () => {
    const departure = await createTestDeparture(dataSource(), DOG_SLED);
    const sled = await tour(DOG_SLED);
    const ferrum = sled.pickupPoints.find((point) => point.name === 'Scandic Ferrum')!;
    const abisko = (await tour('morning-hike-in-abisko-national-park')).pickupPoints[0];
    expect((await hold({ departureId: departure.id, guests: 1, pickupPointId: abisko.id }).expect(400)).body.message).toBe(`This tour does not collect guests from pickup point ${abisko.id}.`);
    const held = (await hold({ departureId: departure.id, guests: 1, pickupPointId: ferrum.id }).expect(201)).body as BookingSummary;
    // As stored (to the second on MySQL).
    const startsAt = (await dataSource().getRepository(Departure).findOneByOrFail({ id: departure.id })).startsAt;
    expect(held.pickupPoint).toEqual({ id: ferrum.id, name: 'Scandic Ferrum', address: ferrum.address, at: new Date(startsAt.getTime() - 30 * 60_000).toISOString() });
  });

  it('Lets the guest change the pickup and answer "before the tour" questions through the manage link, until their cutoffs', async () => {
    const sled = await tour(DOG_SLED);
    const [first, second] = sled.pickupPoints;
    const token = async (daysAhead: number) => {
      const departure = await createTestDeparture(dataSource(), DOG_SLED, { daysAhead });
      const held = (await hold({ departureId: departure.id, guests: 2, pickupPointId: first.id }).expect(201)).body as BookingSummary;
      await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).expect(200);
      return { token: await manageToken(held.reference), reference: held.reference };
    };

    const early = await token(10);
    let view = (await request(sut.server).get(`/api/manage/${early.token}`).expect(200)).body as ManagedBooking;
    expect(view.missingAnswers).toEqual(['Boot size (EU) (guest 1)', 'Boot size (EU) (guest 2)']);
    view = (await request(sut.server).patch(`/api/manage/${early.token}`).send({ pickupPointId: second.id, answers: { guests: [{ 'shoe-size': 42 }] } }).expect(200)).body as ManagedBooking;
    expect(view.pickupPoint?.id).toBe(second.id);
    expect(view.missingAnswers).toEqual(['Boot size (EU) (guest 2)']);
    // Only what is sent changes: the first guest's size stays.
    view = (await request(sut.server).patch(`/api/manage/${early.token}`).send({ answers: { guests: [{}, { 'shoe-size': 38 }] } }).expect(200)).body as ManagedBooking;
    expect(view.answers.guests).toEqual([{ 'shoe-size': 42 }, { 'shoe-size': 38 }]);
    expect(view.missingAnswers).toEqual([]);
    expect((await request(sut.server).patch(`/api/manage/${early.token}`).send({ answers: { guests: [{ 'shoe-size': 70 }] } }).expect(400)).body.message).toBe(
      'Boot size (EU) (guest 1) must be at most 50 EU on this tour.',
    );

    // An hour before the start: past both cutoffs (pickup 2 hours, answers 24 hours).
    const late = await token(1 / 24);
    expect((await request(sut.server).patch(`/api/manage/${late.token}`).send({ pickupPointId: second.id }).expect(409)).body.message).toMatch(/^The pickup can be changed until 2 hours before the start/);
    expect((await request(sut.server).patch(`/api/manage/${late.token}`).send({ answers: { guests: [{ 'shoe-size': 40 }] } }).expect(409)).body.message).toMatch(/^Answers can be given until 24 hours before the start/);
    // Phone and notes stay open.
    await request(sut.server).patch(`/api/manage/${late.token}`).send({ phone: '+46 70 000 00 00' }).expect(200);
  });

  it('Names a question\'s unit once on the booking page: "Weight (kg)", and "Boot size (EU)" as staff wrote it', async () => {
    const labels = async (slug: string) => {
      const html = (await request(sut.server).get(`/book/${(await tour(slug)).id}/`).expect(200)).text;
      return [...new Set([...html.matchAll(/<label for="answer-[^"]+">([^<]+)<\/label>/g)].map((match) => match[1]))];
    };
    expect(await labels(DOG_SLED)).toEqual(['Boot size (EU) (needed before the tour: answer now or later)']);
    expect((await labels(REINDEER)).filter((label) => label.startsWith('Weight'))).toEqual(['Weight (kg)']);
  });

  it('Tells a Swedish guest what is still to answer in Swedish: in the confirmation, on the manage page and in the reminder', async () => {
    const departure = await createTestDeparture(dataSource(), DOG_SLED, { daysAhead: 10 });
    const held = (await hold({ departureId: departure.id, guests: 2, language: 'sv' }).expect(201)).body as BookingSummary;
    const booked = Date.now();
    await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).expect(200);
    await deliverMail(sut.app);
    // The confirmation says it first.
    const confirmation = outboxMails(join(process.env.DATA_DIR!, 'outbox'), booked).find((text) => text.includes(held.reference) && text.includes('Din bokning är bekräftad'));
    expect(confirmation).toMatch(/Att svara på:\nVi behöver svaren inför turen: svara senast .+ på din bokningssida \(länken nedan\)\.\n- Kängstorlek \(EU\) \(gäst 1\)\n- Kängstorlek \(EU\) \(gäst 2\)\n/);
    const token = await manageToken(held.reference);
    const view = (await request(sut.server).get(`/api/manage/${token}`).expect(200)).body as ManagedBooking;
    expect(view.missingAnswers).toEqual(['Kängstorlek (EU) (gäst 1)', 'Kängstorlek (EU) (gäst 2)']);
    expect((await request(sut.server).patch(`/api/manage/${token}`).set('Accept-Language', 'sv').send({ answers: { guests: [{ 'shoe-size': 70 }] } }).expect(400)).body.message).toBe(
      'Kängstorlek (EU) (gäst 1) får vara högst 50 EU på den här turen.',
    );
    await request(sut.server).patch(`/api/manage/${token}`).send({ answers: { guests: [{ 'shoe-size': 41 }] } }).expect(200);

    // A day before the answers are due (24 hours before the start).
    const startsAt = (await dataSource().getRepository(Departure).findOneByOrFail({ id: departure.id })).startsAt;
    const since = Date.now();
    expect(await sut.app.get(Reminders).sendAnswerReminders(new Date(startsAt.getTime() - 48 * 3_600_000))).toBeGreaterThanOrEqual(1);
    await deliverMail(sut.app);
    const reminder = outboxMails(join(process.env.DATA_DIR!, 'outbox'), since).find((text) => text.includes(held.reference) && text.includes('Att svara på'));
    expect(reminder).toContain('Kängstorlek (EU) (gäst 2)');
    expect(reminder).not.toContain('gäst 1)');
    expect(reminder).not.toMatch(/Boot size|guest \d/);
  });

  it("Lists a departure's guests by pickup time, a driver's route, with their answers", async () => {
    const staff = await staffToken(dataSource(), sut.server);
    const departure = await createTestDeparture(dataSource(), REINDEER);
    const points = (await tour(REINDEER)).pickupPoints;
    const airport = points.find((point) => point.name === 'Kiruna Airport')!;
    const hostel = points.find((point) => point.name === 'STF Kiruna Hostel')!;
    const book = (name: string, pickupPointId: number | null, weight: number) => hold({ departureId: departure.id, guests: 1, name, pickupPointId, answers: { guests: [{ weight }] } }).expect(201);
    await book('Cecilia Meeting', null, 60);
    await book('Bertil Hostel', hostel.id, 70);
    const agnes = (await book('Agnes Airport', airport.id, 90)).body as BookingSummary;
    const manifest = (await request(sut.server).get(`/api/admin/tour-dates/${departure.id}/manifest`).set('Authorization', `Bearer ${staff}`).expect(200)).body;
    expect(manifest.passengers.map((passenger: { name: string; pickup: { name: string } | null; answers: string }) => [passenger.name, passenger.pickup?.name ?? null, passenger.answers])).toEqual([
      ['Agnes Airport', 'Kiruna Airport', 'Vikt: 90 kg (gäst 1)'],
      ['Bertil Hostel', 'STF Kiruna Hostel', 'Vikt: 70 kg (gäst 1)'],
      ['Cecilia Meeting', null, 'Vikt: 60 kg (gäst 1)'],
    ]);
    // One booking as staff open it: its answers in words beside the pickup point, as on the manifest.
    const found = (await request(sut.server).get('/api/admin/bookings').query({ q: agnes.reference }).set('Authorization', `Bearer ${staff}`).expect(200)).body as { data: AdminBookingRow[] };
    expect(found.data.map((row) => [row.pickupPoint?.name, row.answersText])).toEqual([['Kiruna Airport', 'Vikt: 90 kg (gäst 1)']]);
  });

  it('Flags a date below its minimum at its decision time; staff run it anyway, or cancel it through the departure cancel path', async () => {
    const staff = await staffToken(dataSource(), sut.server);
    const as = (call: request.Test) => call.set('Authorization', `Bearer ${staff}`);
    const departures = dataSource().getRepository(Departure);
    // Minimum 3, decided 24 hours before: a start 10 hours away is due.
    const soon = async () => {
      const departure = await createTestDeparture(dataSource(), CAR_CHASE, { daysAhead: 10 / 24 });
      await departures.update(departure.id, { minGuests: 3 });
      return departure;
    };
    const run = await soon();
    const runHold = (await hold({ departureId: run.id, guests: 1 }).expect(201)).body as BookingSummary;
    await request(sut.server).post(`/api/bookings/${runHold.reference}/checkout`).expect(200);
    // A date nobody booked is not flagged, nor mailed about, at its decision time: there is nothing to decide.
    const empty = await soon();
    const cancel = await soon();
    const held = (await hold({ departureId: cancel.id, guests: 1 }).expect(201)).body as BookingSummary;
    // Before confirming: the checkout page says the date may not run (its seats held count: 2 more needed).
    expect(((await request(sut.server).get(`/api/bookings/${held.reference}`).expect(200)).body as BookingSummary).minimum).toMatchObject({ guests: 3, needed: 2, deciding: true });
    expect((await request(sut.server).get(`/checkout/?booking=${held.reference}`).expect(200)).text).toContain('Your date runs with at least 3 guests; 2 more are needed. We decide shortly');
    await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).expect(200);
    // Its guest is told the date may not run, and what then (its decision time has passed: staff decide shortly).
    await deliverMail(sut.app);
    const confirmation = outboxMails(join(process.env.DATA_DIR!, 'outbox')).find((text) => text.includes(held.reference) && text.includes('Subject: Booking confirmed'));
    expect(confirmation).toContain('This date runs with at least 3 guests, and 2 more are needed. We decide shortly: if it does not run, we tell you at once, and you can move to another date or cancel, free of charge.');
    // And its booking's page says so, until the date is decided.
    const heldToken = await manageToken(held.reference);
    expect(((await request(sut.server).get(`/api/manage/${heldToken}`).expect(200)).body as ManagedBooking).minimum).toMatchObject({ guests: 3, needed: 2, deciding: true });
    expect((await request(sut.server).get(`/booking/manage/?token=${heldToken}`).expect(200)).text).toContain('Your date runs with at least 3 guests; 2 more are needed. We decide shortly');
    // As its success page does, and the hold's own answer did.
    expect(held.minimum).toMatchObject({ guests: 3, needed: 2, deciding: true });
    expect(((await request(sut.server).get(`/api/bookings/${held.reference}`).expect(200)).body as BookingSummary).minimum).toMatchObject({ guests: 3, needed: 2, deciding: true });
    expect((await request(sut.server).get(`/success/?booking=${held.reference}`).expect(200)).text).toContain('Your date runs with at least 3 guests; 2 more are needed.');

    const shown = async (id: number) => ((await request(sut.server).get(`/api/tours/${CAR_CHASE}/departures`).expect(200)).body as DepartureView[]).find((item) => item.id === id);
    const startsAt = (await departures.findOneByOrFail({ id: cancel.id })).startsAt;
    // The tour decides 24 hours ahead, but free cancellation ends 48 hours ahead (CANCEL_FREE_HOURS): decided then, so no guest is bound first.
    const decidedAt = new Date(startsAt.getTime() - 48 * 3_600_000).toISOString();
    expect((await shown(cancel.id))?.minimum).toMatchObject({ guests: 3, needed: 2, decidedAt });
    // A date decided in 6 hours names its decision time…
    const undecided = await createTestDeparture(dataSource(), CAR_CHASE, { daysAhead: 54 / 24 });
    await departures.update(undecided.id, { minGuests: 4 });
    const undecidedStart = (await departures.findOneByOrFail({ id: undecided.id })).startsAt;
    expect((await shown(undecided.id))?.minimum).toEqual({ guests: 4, needed: 4, decidedAt: new Date(undecidedStart.getTime() - 48 * 3_600_000).toISOString() });
    // …and the tour page states the minimum once, calmly, not beside each date.
    const page = async () => (await request(sut.server).get(`/tours/${CAR_CHASE}/`).expect(200)).text;
    expect(await page()).toContain('<dt>Minimum to run</dt><dd>2 guests; a date short of them is decided while you can still cancel free of charge</dd>');
    expect(await page()).not.toMatch(/Needs \d more guests? to run/);

    await sut.app.get(MinimumDecisions).decideDue();
    expect(await departures.findOneByOrFail({ id: run.id })).toMatchObject({ minimumStatus: 'flagged' });
    expect(await departures.findOneByOrFail({ id: undecided.id })).toMatchObject({ minimumStatus: null });
    expect(await departures.findOneByOrFail({ id: empty.id })).toMatchObject({ minimumStatus: null });
    // …then, below the minimum, guests read that staff are deciding, not a time already gone.
    expect((await shown(cancel.id))?.minimum).toEqual({ guests: 3, needed: 2, decidedAt, deciding: true });
    // A second look decides nothing again.
    const before = await departures.findOneByOrFail({ id: cancel.id });
    await sut.app.get(MinimumDecisions).decideDue();
    expect((await departures.findOneByOrFail({ id: cancel.id })).minimumDecidedAt).toEqual(before.minimumDecidedAt);

    const dashboard = (await as(request(sut.server).get('/api/admin/dashboard')).expect(200)).body as DashboardView;
    expect(dashboard.belowMinimum).toEqual(expect.arrayContaining([expect.objectContaining({ id: cancel.id, minGuests: 3, booked: 1 })]));
    expect(dashboard.belowMinimum.map((flagged) => flagged.id)).not.toContain(empty.id);

    await as(request(sut.server).post(`/api/admin/tour-dates/${run.id}/minimum`)).send({ decision: 'run' }).expect(200);
    expect(await departures.findOneByOrFail({ id: run.id })).toMatchObject({ minimumStatus: 'run', status: 'open' });
    expect((await shown(run.id))?.minimum).toBeUndefined();
    expect((await as(request(sut.server).post(`/api/admin/tour-dates/${run.id}/minimum`)).send({ decision: 'cancel' }).expect(409)).body.message).toBe('Avgången väntar inte på något beslut om minsta antal.');

    const cancelled = (await as(request(sut.server).post(`/api/admin/tour-dates/${cancel.id}/minimum`)).send({ decision: 'cancel' }).expect(200)).body as { departure: TourDateView; affectedBookings: string[] };
    expect(cancelled).toMatchObject({ departure: { status: 'cancelled' }, affectedBookings: [held.reference] });
    expect(await departures.findOneByOrFail({ id: cancel.id })).toMatchObject({ minimumStatus: 'cancelled' });
    expect(await dataSource().getRepository(Booking).findOneByOrFail({ reference: held.reference })).toMatchObject({ status: 'cancelled', cancelReason: 'departure' });
    await deliverMail(sut.app);
    const mail = outboxMails(join(process.env.DATA_DIR!, 'outbox')).find((text) => text.includes(held.reference) && text.includes('Subject: Your booking has been cancelled'));
    expect(mail).toContain(`You can move to another date of Northern Lights Car Chase from Kiruna free of charge, the same party at the same price: choose it with your booking link below.`);
    expect(mail).toContain(`Other dates: https://norrsken.test/tours/${CAR_CHASE}/`);

    // The guest moves, free, to another date through the manage link: confirmed again, due on arrival at the same total.
    const token = await manageToken(held.reference);
    const later = await createTestDeparture(dataSource(), CAR_CHASE, { daysAhead: 12 });
    const view = (await request(sut.server).get(`/api/manage/${token}`).expect(200)).body as ManagedBooking;
    expect(view.cancelledByUs).toBe(true);
    const moved = (await request(sut.server).post(`/api/manage/${token}/rebook`).send({ departureId: later.id }).expect(200)).body as ManagedBooking;
    expect(moved).toMatchObject({ status: 'confirmed', departure: { id: later.id }, paymentStatus: 'due_on_arrival', totalSek: held.totalSek, cancelledByUs: false });
    expect((await request(sut.server).get(`/api/tours/${CAR_CHASE}/departures`).expect(200)).body.find((item: DepartureView) => item.id === later.id).seatsLeft).toBe(7);
    expect((await request(sut.server).post(`/api/manage/${token}/rebook`).send({ departureId: later.id }).expect(409)).body.message).toBe('This booking is confirmed: use "Change date or guests".');
    // A booking the guest cancelled is not moved for free.
    const own = (await hold({ departureId: later.id, guests: 1 }).expect(201)).body as BookingSummary;
    await request(sut.server).post(`/api/bookings/${own.reference}/cancel`).expect(200);
    expect((await request(sut.server).post(`/api/manage/${await manageToken(own.reference)}/rebook`).send({ departureId: later.id }).expect(409)).body.message).toMatch(/^This booking was cancelled, not its date/);
    await as(request(sut.server).post(`/api/admin/tour-dates/${cancel.id}/minimum`)).send({ decision: 'later' }).expect(400);
  });
});
