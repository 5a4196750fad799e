import { join } from 'node:path';

import request from 'supertest';
import { DataSource } from 'typeorm';

import type { BookingSummary, DepartureView } from '../shared/api-types';
import type { StaffWaitlistEntry, WaitlistPlace } from '../shared/waitlist';
import { Booking } from '../src/bookings/booking.entity';
import { Departure } from '../src/departures/departure.entity';
import { WaitlistEntry } from '../src/waitlist/waitlist-entry.entity';
import { WaitlistWorker } from '../src/waitlist/waitlist.worker';
import { kirunaLocal } from '../src/octo/octo-time';
import { deliverMail, useTestApp } from './support/app';
import { aGuestEmail, bookingBuilders } from './support/bookings';
import { createTestDeparture, newClientAddress, outboxMails, staffToken } from './support/fixtures';
import { waitFor } from './support/time';

const outbox = join(process.env.DATA_DIR!, 'outbox');
const TOUR = 'daytime-snowshoe-hike-kiruna';

describe('Waitlists: freed seats offered to the first guest in line whose party fits (MySQL)', () => {
  const sut = useTestApp();
  const server = () => sut.server;
  const dataSource = () => sut.app.get(DataSource);
  const { aHold } = bookingBuilders(sut);
  let token: string;
  const staff = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    token = await staffToken(dataSource(), server());
  });

  /** Joins the line for `departureId` with `guests` adults: the entry's link token, its place and its row. */
  async function join(departureId: number, guests: number, language = 'en'): Promise<{ token: string; place: number; entry: WaitlistEntry; email: string }> {
    const email = aGuestEmail();
    const answer = await request(server()).post('/api/waitlist').set('X-Forwarded-For', newClientAddress()).send({ departureId, guests, name: 'Waiting Guest', email, language });
    if (answer.status !== 201) throw new Error(`join: ${answer.status} ${JSON.stringify(answer.body)}`);
    const entry = await dataSource().getRepository(WaitlistEntry).findOneByOrFail({ email });
    return { ...(answer.body as { token: string; place: number }), entry, email };
  }
  const statusOf = async (id: number) => (await dataSource().getRepository(WaitlistEntry).findOneByOrFail({ id })).status;
  /** Seats left on a departure as the site's calendar reads them (its day's window: the tour page lists only the next 60). */
  const seatsLeftOn = async (departure: Departure) => {
    const day = (offset: number) => new Date(departure.startsAt.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const departures = (await request(server()).get(`/api/tours/${TOUR}/departures?from=${day(-1)}&to=${day(1)}`).expect(200)).body as DepartureView[];
    return departures.find((item) => item.id === departure.id)?.seatsLeft;
  };
  const drain = () => sut.app.get(WaitlistWorker).drain();
  const release = (reference: string) => request(server()).post(`/api/bookings/${reference}/cancel`).expect(200);
  /** A departure with `capacity` seats, all taken by holds of `parts` seats each: the holds. */
  async function aFullDeparture(capacity: number, parts: number[]): Promise<{ departure: Departure; holds: BookingSummary[] }> {
    const departure = await createTestDeparture(dataSource(), TOUR, { daysAhead: 40 + Math.floor(Math.random() * 40), capacity });
    const holds: BookingSummary[] = [];
    for (const guests of parts) holds.push(await aHold(departure.id, { guests }));
    return { departure, holds };
  }
  const mailsTo = async (email: string, since: number) => {
    await deliverMail(sut.app);
    return outboxMails(outbox, since).filter((mail) => mail.includes(email));
  };

  it('Joins only a departure too small for the party, keeps one place per email, and mails the place with a one-click unsubscribe', async () => {
    const since = Date.now() - 1000;
    const { departure } = await aFullDeparture(4, [3]);
    // One seat is left: a guest alone books it, a pair may wait.
    const refused = await request(server()).post('/api/waitlist').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 1, name: 'Solo', email: aGuestEmail(), language: 'en' }).expect(409);
    expect(refused.body.message).toBe('There are 1 seats left on this departure: book them now.');
    const first = await join(departure.id, 2);
    const second = await join(departure.id, 2, 'sv');
    expect([first.place, second.place]).toEqual([1, 2]);
    expect(first.entry).toMatchObject({ status: 'waiting', seats: 2, party: [{ category: 'adult', quantity: 2, name: expect.any(String) }] });
    // The same email again: the same place, the party as now asked.
    const again = await request(server()).post('/api/waitlist').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 3, name: 'Waiting Guest', email: first.email, language: 'en' }).expect(201);
    expect(again.body.place).toBe(1);
    expect(await dataSource().getRepository(WaitlistEntry).countBy({ email: first.email })).toBe(1);
    // Bad input: a clear 400, nothing written.
    const bad = await request(server()).post('/api/waitlist').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 0, name: 'X', email: 'not-an-email' }).expect(400);
    expect(bad.body.message).toContain('email must be a valid email address');
    expect(await dataSource().getRepository(WaitlistEntry).countBy({ email: 'not-an-email' })).toBe(0);

    const [mail] = await mailsTo(second.email, since);
    expect(mail).toContain('Du är nummer 2 i kön');
    expect(mail).toMatch(/List-Unsubscribe:\s*<https?:[^>]+\/api\/waitlist\/[^>]+\/unsubscribe>/);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const view = (await request(server()).get(`/api/waitlist/${second.token}`).expect(200)).body as WaitlistPlace;
    expect(view).toMatchObject({ status: 'waiting', place: 2, seats: 2, departure: { id: departure.id }, offerExpiresAt: null });
    await request(server()).get('/api/waitlist/forged.token').expect(404);
  });

  it('Gives seats freed by a cancel to the first entry whose party fits, holds them against 100 racing guests, and books them in one call', async () => {
    const since = Date.now() - 1000;
    const { departure, holds } = await aFullDeparture(4, [2, 2]);
    const big = await join(departure.id, 3);
    const fits = await join(departure.id, 2);
    const after = await join(departure.id, 2);
    // No pass asked for: the worker hears of the freed seats (the change notice the caches use) and offers them at once.
    const started = Date.now();
    await release(holds[0]!.reference);
    await waitFor(async () => (await statusOf(fits.entry.id)) === 'offered', { timeoutMs: 5_000, everyMs: 10, what: 'the offer after a cancel' });
    const latency = Date.now() - started;
    if (process.env.WAITLIST_LATENCY) process.stdout.write(`offer latency after a cancel: ${latency} ms\n`);
    expect(await statusOf(big.entry.id)).toBe('waiting');
    expect(await statusOf(fits.entry.id)).toBe('offered');
    expect(await statusOf(after.entry.id)).toBe('waiting');
    // Taken, for everyone else: the tour page, a reseller's OCTO availability, and a hundred guests at once.
    expect(await seatsLeftOn(departure)).toBe(0);
    const reseller = (await staff(request(server()).post('/api/admin/resellers')).send({ name: `Waitlist ${Date.now()}`, commissionPercent: 10 }).expect(201)).body as { key: string };
    const day = kirunaLocal(departure.startsAt).slice(0, 10);
    const octo = (await request(server()).post('/octo/availability').set('Authorization', `Bearer ${reseller.key}`).send({ productId: String(departure.tourId), optionId: 'DEFAULT', localDateStart: day, localDateEnd: day }).expect(200)).body as { id: string; vacancies: number }[];
    expect(octo.find((availability) => availability.id.startsWith(kirunaLocal(departure.startsAt)))?.vacancies).toBe(0);
    const racers = await Promise.all(Array.from({ length: 100 }, () => request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 1, name: 'Racer', email: aGuestEmail() })));
    expect(racers.map((answer) => answer.status).filter((status) => status !== 409)).toEqual([]);
    // One offer mail, to that guest alone, with the page that books.
    const offers = (await mailsTo(fits.email, since)).filter((mail) => mail.includes('Seats are free for you'));
    expect(offers).toHaveLength(1);
    expect(offers[0]).toContain('/waitlist/?token=');
    expect((await mailsTo(big.email, since)).filter((mail) => mail.includes('Seats are free'))).toHaveLength(0);
    const view = (await request(server()).get(`/api/waitlist/${fits.token}`).expect(200)).body as WaitlistPlace;
    expect(view.status).toBe('offered');
    expect(new Date(view.offerExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 110 * 60_000);
    // Someone still waiting cannot book.
    const early = await request(server()).post(`/api/waitlist/${big.token}/book`).set('X-Forwarded-For', newClientAddress()).expect(409);
    expect(early.body.message).toBe('No seats are offered to you yet: we will email you when they are.');
    // The offer's guest books: a hold of their party; a second tap answers the same booking.
    const [booked, twice] = await Promise.all([1, 2].map(() => request(server()).post(`/api/waitlist/${fits.token}/book`).set('X-Forwarded-For', newClientAddress())));
    const references = [booked, twice].filter((answer) => answer.status === 201).map((answer) => answer.body.reference as string);
    expect(references.length).toBeGreaterThanOrEqual(1);
    const again = await request(server()).post(`/api/waitlist/${fits.token}/book`).set('X-Forwarded-For', newClientAddress()).expect(201);
    expect(new Set([...references, again.body.reference])).toEqual(new Set([again.body.reference]));
    const booking = await dataSource().getRepository(Booking).findOneByOrFail({ reference: again.body.reference });
    expect(booking).toMatchObject({ status: 'held', seats: 2, departureId: departure.id, email: fits.email, name: 'Waiting Guest' });
    expect(await dataSource().getRepository(Booking).countBy({ departureId: departure.id, email: fits.email })).toBe(1);
    expect(await statusOf(fits.entry.id)).toBe('booked');
    expect(((await request(server()).get(`/api/waitlist/${fits.token}`).expect(200)).body as WaitlistPlace).bookingReference).toBe(booking.reference);
    expect(latency).toBeLessThan(5_000);
  });

  it('Passes a lapsed offer on to the next guest in line, and an offer left at once', async () => {
    const { departure, holds } = await aFullDeparture(2, [2]);
    const first = await join(departure.id, 2);
    const second = await join(departure.id, 2);
    const third = await join(departure.id, 2);
    await release(holds[0]!.reference);
    await drain();
    expect(await statusOf(first.entry.id)).toBe('offered');
    // Its time runs out: the seats are free that moment, and the next pass offers them on.
    await dataSource().query('UPDATE waitlist_entries SET offer_expires_at = ? WHERE id = ?', [new Date(Date.now() - 1000), first.entry.id]);
    await drain();
    expect([await statusOf(first.entry.id), await statusOf(second.entry.id), await statusOf(third.entry.id)]).toEqual(['missed', 'offered', 'waiting']);
    const lapsed = await request(server()).post(`/api/waitlist/${first.token}/book`).set('X-Forwarded-For', newClientAddress()).expect(410);
    expect(lapsed.body.message).toBe('This offer has lapsed: the seats have gone to the next guest in line.');
    // The second guest leaves through the mail's one-click unsubscribe: the third is offered the seats.
    await request(server()).post(`/api/waitlist/${second.token}/unsubscribe`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    await drain();
    expect([await statusOf(second.entry.id), await statusOf(third.entry.id)]).toEqual(['left', 'offered']);
  });

  it('Shows staff the line, offers again by hand to a guest who missed the mail (audited), and ends the line when the departure starts', async () => {
    const { departure, holds } = await aFullDeparture(3, [2, 1]);
    const first = await join(departure.id, 3);
    const small = await join(departure.id, 1);
    const list = (await staff(request(server()).get(`/api/admin/departures/${departure.id}/waitlist`)).expect(200)).body.data as StaffWaitlistEntry[];
    expect(list.map((entry) => [entry.id, entry.status, entry.seats])).toEqual([
      [first.entry.id, 'waiting', 3],
      [small.entry.id, 'waiting', 1],
    ]);
    const refused = await staff(request(server()).post(`/api/admin/waitlist/${small.entry.id}/offer`)).expect(409);
    expect(refused.body.message).toBe('Sällskapet behöver 1 platser; 0 är lediga.');
    await request(server()).get(`/api/admin/departures/${departure.id}/waitlist`).expect(401);
    // One seat comes back: the first in line needs three and waits; the second, who fits, is offered it.
    await release(holds[1]!.reference);
    await drain();
    expect([await statusOf(first.entry.id), await statusOf(small.entry.id)]).toEqual(['waiting', 'offered']);
    // The offer lapses unanswered; the guest calls, and staff offer the seat again.
    await dataSource().query('UPDATE waitlist_entries SET offer_expires_at = ? WHERE id = ?', [new Date(Date.now() - 1000), small.entry.id]);
    await drain();
    expect(await statusOf(small.entry.id)).toBe('missed');
    await staff(request(server()).post(`/api/admin/waitlist/${small.entry.id}/offer`)).expect(204);
    const offered = (await staff(request(server()).get(`/api/admin/departures/${departure.id}/waitlist`)).expect(200)).body.data as StaffWaitlistEntry[];
    expect(offered.find((entry) => entry.id === small.entry.id)).toMatchObject({ status: 'offered', offeredBy: 'staff' });
    const [audit] = (await dataSource().query("SELECT target FROM audit_log_entries WHERE action = 'waitlist.offer' ORDER BY id DESC LIMIT 1")) as { target: string }[];
    expect(audit?.target).toBe(`waitlist:${small.entry.id}`);
    // The departure starts: everyone still in line is out of it.
    await dataSource().query('UPDATE departures SET starts_at = ? WHERE id = ?', [new Date(Date.now() - 60_000), departure.id]);
    await drain();
    expect([await statusOf(first.entry.id), await statusOf(small.entry.id)]).toEqual(['ended', 'ended']);
  });

  it('Waits for any date this week: the full dates around the chosen one, one offer at a time, a booking from one ends the rest, leaving leaves all', async () => {
    const since = Date.now() - 1000;
    const base = 150 + Math.floor(Math.random() * 150);
    const full = async (days: number) => {
      const departure = await createTestDeparture(dataSource(), TOUR, { daysAhead: days, capacity: 2, evening: true });
      return { departure, hold: await aHold(departure.id, { guests: 2 }) };
    };
    const [chosen, second] = [await full(base), await full(base + 2)];
    const open = await createTestDeparture(dataSource(), TOUR, { daysAhead: base + 3, capacity: 8, evening: true });
    const later = await full(base + 4);
    const email = aGuestEmail();
    const joined = await request(server()).post('/api/waitlist').set('X-Forwarded-For', newClientAddress()).send({ departureId: chosen.departure.id, guests: 2, name: 'Any Day', email, language: 'en', anyDateThisWeek: true }).expect(201);
    // In line for the two full dates within three days; not for the one with room (bookable now) nor the one four days on.
    const entries = await dataSource().getRepository(WaitlistEntry).find({ where: { email }, order: { id: 'ASC' } });
    expect(entries.map((entry) => [entry.departureId, entry.groupId])).toEqual([
      [chosen.departure.id, entries[0]!.id],
      [second.departure.id, entries[0]!.id],
    ]);
    expect(entries.some((entry) => entry.departureId === open.id || entry.departureId === later.departure.id)).toBe(false);
    const [joinedMail, ...more] = await mailsTo(email, since);
    expect(more).toHaveLength(0);
    expect(joinedMail).toContain('You also wait for these dates');
    // Seats come back on the second date: offered there; then on the chosen date too, but one offer at a time.
    await release(second.hold.reference);
    await drain();
    await release(chosen.hold.reference);
    await drain();
    expect([await statusOf(entries[0]!.id), await statusOf(entries[1]!.id)]).toEqual(['waiting', 'offered']);
    expect(await seatsLeftOn(chosen.departure)).toBe(2);
    const place = (await request(server()).get(`/api/waitlist/${joined.body.token}`).expect(200)).body as WaitlistPlace;
    expect(place.otherDates).toEqual([{ departureId: second.departure.id, startsAt: expect.stringMatching(second.departure.startsAt.toISOString().slice(0, 19)), status: 'offered', place: null, token: expect.any(String) }]);
    // Booking from the offer ends the chosen date's place: its seats are anyone's.
    await request(server()).post(`/api/waitlist/${place.otherDates[0]!.token}/book`).set('X-Forwarded-For', newClientAddress()).expect(201);
    expect([await statusOf(entries[0]!.id), await statusOf(entries[1]!.id)]).toEqual(['left', 'booked']);
    await drain();
    expect(await statusOf(entries[0]!.id)).toBe('left');
    // Another guest waits around the later date (the second date is full again): leaving one date leaves both.
    const other = aGuestEmail();
    const theirs = await request(server()).post('/api/waitlist').set('X-Forwarded-For', newClientAddress()).send({ departureId: later.departure.id, guests: 1, name: 'Any Day Too', email: other, language: 'sv', anyDateThisWeek: true }).expect(201);
    const their = await dataSource().getRepository(WaitlistEntry).find({ where: { email: other }, order: { id: 'ASC' } });
    expect(their.map((entry) => entry.departureId)).toEqual([later.departure.id, second.departure.id]);
    await request(server()).post(`/api/waitlist/${theirs.body.token}/leave`).expect(204);
    expect(await Promise.all(their.map((entry) => statusOf(entry.id)))).toEqual(['left', 'left']);
    // Not a yes or no: a clear 400.
    const bad = await request(server()).post('/api/waitlist').set('X-Forwarded-For', newClientAddress()).send({ departureId: later.departure.id, guests: 1, name: 'X', email: aGuestEmail(), anyDateThisWeek: 'sure' }).expect(400);
    expect(bad.body.message).toContain('anyDateThisWeek must be true or false');
  });
});
