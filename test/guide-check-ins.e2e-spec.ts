import { randomUUID } from 'node:crypto';

import request from 'supertest';
import { DataSource } from 'typeorm';

import type { ManifestView } from '../shared/admin-types';
import type { CheckInAnswer, GuideActionInput, GuideDownload } from '../shared/guide-app';
import type { ResourceKindView, ResourceView } from '../shared/resources';
import { Booking } from '../src/bookings/booking.entity';
import { CheckInAction } from '../src/bookings/check-in/check-in-action.entity';
import { StaffBookingsService } from '../src/bookings/staff-bookings.service';
import { VoucherCodes } from '../src/bookings/voucher-codes';
import { useTestApp } from './support/app';
import { bookingBuilders } from './support/bookings';
import { createTestDeparture, staffToken } from './support/fixtures';

const TOUR = 'abisko-canyon-winter-snowshoe-walk';

/** The email a staff token names (its payload's `email`). */
const emailOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { email: string }).email;

describe("The guide app's download and check-in batches (MySQL)", () => {
  const sut = useTestApp();
  const server = () => sut.server;
  const dataSource = () => sut.app.get(DataSource);
  const { aConfirmed } = bookingBuilders(sut);
  let office: string;
  let guide: string;
  const as = <T extends request.Test>(token: string, call: T): T => call.set('Authorization', `Bearer ${token}`);
  const send = async (token: string, device: string, actions: GuideActionInput[]): Promise<CheckInAnswer[]> =>
    ((await as(token, request(server()).post('/api/admin/guide/check-ins')).send({ device, actions }).expect(200)).body as { results: CheckInAnswer[] }).results;
  const bookingOf = (reference: string) => dataSource().getRepository(Booking).findOneByOrFail({ reference });
  const soon = (hours: number) => createTestDeparture(dataSource(), TOUR, { daysAhead: hours / 24, capacity: 8 });
  const action = (departureId: number, kind: GuideActionInput['kind'], by: { reference?: string; code?: string }, at: Date, guests?: number): GuideActionInput => ({ id: randomUUID(), departureId, kind, at: at.toISOString(), guests, ...by });

  beforeAll(async () => {
    office = await staffToken(dataSource(), server());
    guide = await staffToken(dataSource(), server());
  });

  it("Downloads the shift: a guide's own departures, every departure with guests for another login, the passenger lists and the keys", async () => {
    const [mine, other] = [await soon(2), await soon(3)];
    const anna = await aConfirmed(mine.id, { guests: 2, name: 'Anna Download', phone: '+46 70 111 22 33' });
    await aConfirmed(other.id, { guests: 1, name: 'Other Download' });
    // A guide on the plan, whose staff login is `guide`, put on the first departure.
    const kinds = (await as(office, request(server()).get('/api/admin/resources')).expect(200)).body.kinds as ResourceKindView[];
    const item = (await as(office, request(server()).post('/api/admin/resources')).send({ kindId: kinds.find((kind) => kind.type === 'guide')!.id, name: 'Zeta Testguide' }).expect(201)).body as ResourceView;
    await as(office, request(server()).patch(`/api/admin/resources/${item.id}`)).send({ staffEmail: emailOf(guide).toUpperCase() }).expect(204);
    await as(office, request(server()).post(`/api/admin/departures/${mine.id}/crew`)).send({ resourceId: item.id }).expect(200);

    const theirs = (await as(guide, request(server()).get('/api/admin/guide/download')).expect(200)).body as GuideDownload;
    expect(theirs.guide).toEqual({ id: item.id, name: 'Zeta Testguide' });
    expect(theirs.departures.map((departure) => departure.id)).toEqual([mine.id]);
    const [passenger] = theirs.departures[0]!.passengers;
    expect(passenger).toMatchObject({ reference: anna.reference, name: 'Anna Download', guests: 2, phone: '+46 70 111 22 33', status: 'confirmed', attendance: null, checkedInGuests: null });
    expect(passenger).not.toHaveProperty('email');
    expect(Date.parse(theirs.takenAt)).toBeGreaterThan(Date.now() - 60_000);
    const keys = (await request(server()).get('/api/guide/keys').expect(200)).body as { keys: GuideDownload['keys'] };
    expect(theirs.keys).toEqual(keys.keys);
    expect(keys.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: 'k1' });

    const everyone = (await as(office, request(server()).get('/api/admin/guide/download')).expect(200)).body as GuideDownload;
    expect(everyone.guide).toBeNull();
    expect(everyone.departures.map((departure) => departure.id)).toEqual(expect.arrayContaining([mine.id, other.id]));
    await request(server()).get('/api/admin/guide/download').expect(401);
    await as(office, request(server()).delete(`/api/admin/departures/${mine.id}/crew/${item.id}`)).expect(204);
    await as(office, request(server()).patch(`/api/admin/resources/${item.id}`)).send({ isActive: false, staffEmail: null }).expect(204);
  });

  it('Applies each action once (a batch sent again, or five times at once), checks a party in partly, keeps the earliest check-in of two phones and answers the conflicts', async () => {
    const departure = await soon(4);
    const elsewhere = await soon(5);
    const family = await aConfirmed(departure.id, { guests: 4, name: 'Family Scan' });
    const absent = await aConfirmed(departure.id, { guests: 1, name: 'Never Came' });
    const wrongDay = await aConfirmed(elsewhere.id, { guests: 1, name: 'Wrong Day' });
    const stayedHome = await aConfirmed(departure.id, { guests: 2, name: 'Stayed Home' });
    const code = sut.app.get(VoucherCodes).code(family.reference);
    const t0 = new Date(Math.floor((Date.now() - 10 * 60_000) / 1000) * 1000);
    const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

    // Phone A, offline: three of the family scanned at t0+2, the absent guest a no-show.
    const batch = [action(departure.id, 'check_in', { code }, minutes(2), 3), action(departure.id, 'no_show', { reference: absent.reference.toLowerCase() }, minutes(20))];
    const first = await send(guide, 'Telefon A', batch);
    expect(first.map((answer) => [answer.result, answer.reason])).toEqual([['applied', null], ['applied', null]]);
    expect(first[0]!.booking).toMatchObject({ reference: family.reference, attendance: 'checked_in', checkedInGuests: 3, attendanceDevice: 'Telefon A', attendanceAt: minutes(2).toISOString() });
    // The answer was lost: the whole batch again. Nothing more happens.
    const events = async () => Number(((await dataSource().query('SELECT COUNT(*) AS n FROM booking_events WHERE booking_id = ?', [(await bookingOf(family.reference)).id])) as { n: number }[])[0]!.n);
    const eventsBefore = await events();
    const again = await send(guide, 'Telefon A', batch);
    expect(again.map((answer) => [answer.result, answer.first])).toEqual([['duplicate', 'applied'], ['duplicate', 'applied']]);
    expect(again[0]!.booking).toMatchObject({ checkedInGuests: 3 });
    // The fourth arrives; the phone sends it five times at once (retries on a weak signal): applied once.
    const fourth = action(departure.id, 'check_in', { reference: family.reference }, minutes(6), 4);
    const racing = (await Promise.all(Array.from({ length: 5 }, () => send(guide, 'Telefon A', [fourth])))).map((answers) => answers[0]!.result);
    expect(racing.filter((result) => result === 'applied')).toHaveLength(1);
    expect(racing.filter((result) => result === 'duplicate')).toHaveLength(4);
    expect(await dataSource().getRepository(CheckInAction).countBy({ id: fourth.id })).toBe(1);
    expect(await events()).toBe(eventsBefore + 1);

    // Phone B had checked the whole family in earlier, at t0, and comes online now: a conflict to show, and the earliest is kept.
    const [second] = await send(office, 'Telefon B', [action(departure.id, 'check_in', { reference: family.reference }, minutes(0))]);
    expect([second!.result, second!.reason]).toEqual(['conflict', 'alreadyCheckedIn']);
    expect(await bookingOf(family.reference)).toMatchObject({ attendance: 'checked_in', checkedInGuests: 4, attendanceDevice: 'Telefon B', attendanceAt: minutes(0) });
    // A no-show for guests who came, an undo of another phone's mark, a code for another departure, a made-up code, no such booking.
    const forged = code.replace(/.{4}$/, 'AAAA');
    const answers = await send(guide, 'Telefon A', [
      action(departure.id, 'no_show', { reference: family.reference }, minutes(30)),
      action(departure.id, 'undo', { reference: family.reference }, minutes(31)),
      action(departure.id, 'check_in', { code: sut.app.get(VoucherCodes).code(wrongDay.reference) }, minutes(32)),
      action(departure.id, 'check_in', { code: forged }, minutes(33)),
      action(departure.id, 'check_in', { reference: 'NAT-ZZZZZ-ZZZZZ' }, minutes(34)),
      action(departure.id, 'check_in', { reference: absent.reference }, minutes(35), 2),
    ]);
    expect(answers.map((answer) => [answer.result, answer.reason])).toEqual([
      ['conflict', 'checkedIn'],
      ['conflict', 'otherDevice'],
      ['conflict', 'otherDeparture'],
      ['refused', 'badCode'],
      ['refused', 'noBooking'],
      ['conflict', 'tooMany'],
    ]);
    expect(answers[2]!.booking).toMatchObject({ reference: wrongDay.reference, departureId: elsewhere.id });
    expect(await bookingOf(wrongDay.reference)).toMatchObject({ attendance: null });
    // The absent guest turns up after all: a check-in beats the no-show.
    const [late] = await send(guide, 'Telefon A', [action(departure.id, 'check_in', { reference: absent.reference }, minutes(40))]);
    expect(late!.booking).toMatchObject({ attendance: 'checked_in', checkedInGuests: 1 });

    await send(guide, 'Telefon A', [action(departure.id, 'no_show', { reference: stayedHome.reference }, minutes(41))]);

    // The office sees who came, on which phone and when, and the day's figures count them (a second's window: this departure's own).
    const from = new Date(Math.floor(departure.startsAt.getTime() / 1000) * 1000);
    expect(await sut.app.get(StaffBookingsService).attendanceBetween(from, new Date(from.getTime() + 1000))).toEqual({ expected: 7, checkedIn: 5, noShows: 2 });
    const manifest = (await as(office, request(server()).get(`/api/admin/tour-dates/${departure.id}/manifest`)).expect(200)).body as ManifestView;
    expect(manifest.passengers.find((passenger) => passenger.reference === family.reference)).toMatchObject({ attendance: 'checked_in', checkedInGuests: 4, attendanceDevice: 'Telefon B', attendanceAt: minutes(0).toISOString() });
  });

  it('Refuses a booking cancelled between the download and the scan, with the reason, and bad batches whole with a clear 400', async () => {
    const departure = await soon(6);
    const leaving = await aConfirmed(departure.id, { guests: 2, name: 'Cancelled Meanwhile' });
    const download = (await as(guide, request(server()).get('/api/admin/guide/download')).expect(200)).body as GuideDownload;
    expect(download.departures.find((one) => one.id === departure.id)?.passengers.map((passenger) => passenger.reference)).toContain(leaving.reference);
    await as(office, request(server()).post(`/api/admin/bookings/${leaving.reference}/cancel`)).send({}).expect(200);
    const [answer] = await send(guide, 'Telefon A', [action(departure.id, 'check_in', { code: sut.app.get(VoucherCodes).code(leaving.reference) }, new Date())]);
    expect([answer!.result, answer!.reason, answer!.booking?.status]).toEqual(['conflict', 'notConfirmed', 'cancelled']);
    expect(await bookingOf(leaving.reference)).toMatchObject({ attendance: null });

    const count = await dataSource().getRepository(CheckInAction).count();
    const bad = await as(guide, request(server()).post('/api/admin/guide/check-ins'))
      .send({ device: 'Telefon A', actions: [action(departure.id, 'check_in', { reference: leaving.reference }, new Date()), { id: 'not-a-uuid', departureId: departure.id, kind: 'dance', at: 'yesterday' }] })
      .expect(400);
    expect(bad.body.message).toEqual(expect.stringContaining('id är åtgärdens UUID'));
    await as(guide, request(server()).post('/api/admin/guide/check-ins')).send({ device: 'Telefon A', actions: [{ id: randomUUID(), departureId: departure.id, kind: 'check_in', at: new Date().toISOString() }] }).expect(400);
    expect(await dataSource().getRepository(CheckInAction).count()).toBe(count);
  });
});
