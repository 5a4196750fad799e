import { join } from 'node:path';

import request from 'supertest';
import { DataSource } from 'typeorm';

import type { RatingView, RecoveredChoices, TourDetail } from '../shared/api-types';
import { Booking } from '../src/bookings/booking.entity';
import { BookingsService } from '../src/bookings/bookings.service';
import { Rating } from '../src/reviews/rating.entity';
import { Reminders, reviewMorning } from '../src/bookings/lifecycle/reminders.service';
import { deliverMail, useTestApp } from './support/app';
import { aGuestEmail, bookingBuilders, moveBookingClocks } from './support/bookings';
import { createTestDeparture, newClientAddress, outboxMails, staffToken } from './support/fixtures';

const outbox = join(process.env.DATA_DIR!, 'outbox');
// Where a guest who rated us 4 or 5 may review us too (read when the app starts).
process.env.REVIEW_GOOGLE_URL = 'https://g.page/r/norrsken-test/review';
const TOUR = 'daytime-snowshoe-hike-kiruna';

describe('A booking left half way: one reminder, only when asked for, its link once (MySQL)', () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  const { aConfirmed } = bookingBuilders(sut);
  const recoveries = (now = new Date()) => sut.app.get(Reminders).sendRecoveryMails(now);

  /** A hold for two adults by `email`, ticked or not, whose time ran out `minutesAgo` minutes ago. */
  async function aLapsedHold(departureId: number, email: string, remindMe: boolean, minutesAgo = 11): Promise<string> {
    const held = await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId, guests: 2, name: 'Half Way', email, language: 'de', ...(remindMe ? { remindMe: true } : {}) }).expect(201);
    await moveBookingClocks(dataSource(), { reference: held.body.reference }, { holdExpiresAt: new Date(Date.now() - minutesAgo * 60_000) });
    return held.body.reference as string;
  }
  const mailsTo = async (email: string, since: number) => {
    await deliverMail(sut.app);
    return outboxMails(outbox, since).filter((mail) => mail.includes(`To: ${email}`));
  };

  it('Mails a guest who ticked "remind me" once, ten minutes after the hold lapsed, in their language, with a one-click unsubscribe', async () => {
    const since = Date.now() - 1000;
    const departure = await createTestDeparture(dataSource(), TOUR, { daysAhead: 20 });
    const [ticked, unticked, early, stale] = [aGuestEmail(), aGuestEmail(), aGuestEmail(), aGuestEmail()];
    const reference = await aLapsedHold(departure.id, ticked, true);
    await aLapsedHold(departure.id, unticked, false);
    await aLapsedHold(departure.id, early, true, 2);
    await aLapsedHold(departure.id, stale, true, 7 * 60);
    // Two processes at once, then again: one mail.
    const [first, second] = await Promise.all([recoveries(), recoveries()]);
    expect(first + second).toBe(1);
    expect(await recoveries()).toBe(0);
    const [mail, ...more] = await mailsTo(ticked, since);
    expect(more).toEqual([]);
    expect(mail).toContain('Ihre Buchung von');
    expect(mail).toMatch(/\/de\/recover\/\?token=[\w-]+\.[\w-]+/);
    expect(mail).toMatch(/List-Unsubscribe:\s*<https?:[^>]+\/api\/unsubscribe\/[\w.-]+>/);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    for (const email of [unticked, early, stale]) expect(await mailsTo(email, since)).toEqual([]);
    expect((await dataSource().getRepository(Booking).findOneByOrFail({ reference })).recoverySentAt).not.toBeNull();
  });

  it("Restores the booking page's choices once, for 48 hours; bad links are refused with the reason", async () => {
    const since = Date.now() - 1000;
    const departure = await createTestDeparture(dataSource(), TOUR, { daysAhead: 21 });
    const email = aGuestEmail();
    await aLapsedHold(departure.id, email, true);
    await recoveries();
    const [mail] = await mailsTo(email, since);
    const token = /recover\/\?token=([\w-]+\.[\w-]+)/.exec(mail!)![1]!;
    // 49 hours on, the link has lapsed.
    await expect(sut.app.get(BookingsService).recover(token, new Date(Date.now() + 49 * 3_600_000))).rejects.toThrow('This link has expired');
    const choices = (await request(sut.server).post('/api/bookings/recover').send({ token }).expect(200)).body as RecoveredChoices;
    expect(choices).toEqual({ tourId: departure.tourId, departureId: departure.id, party: [{ category: 'adult', quantity: 2 }], language: 'de' });
    const again = await request(sut.server).post('/api/bookings/recover').send({ token }).expect(410);
    expect(again.body.message).toBe('This link has already been used. Please choose your date and party again on the booking page.');
    await request(sut.server).post('/api/bookings/recover').send({ token: `${token}x` }).expect(410);
    await request(sut.server).post('/api/bookings/recover').send({ token: 'not a token' }).expect(400);
  });

  it('Sends nothing to a guest who unsubscribed from such mails, or who booked the date meanwhile', async () => {
    const since = Date.now() - 1000;
    const departure = await createTestDeparture(dataSource(), TOUR, { daysAhead: 22 });
    const email = aGuestEmail();
    await aLapsedHold(departure.id, email, true);
    await recoveries();
    const [mail] = await mailsTo(email, since);
    const unsubscribe = /\/api\/unsubscribe\/([\w.-]+)>/.exec(mail!)![1]!;
    const stopped = await request(sut.server).post(`/api/unsubscribe/${unsubscribe}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(stopped.body).toEqual({ unsubscribed: 'recovery' });
    await request(sut.server).post(`/api/unsubscribe/${unsubscribe}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    await request(sut.server).post('/api/unsubscribe/forged.token').expect(404);
    // The next booking this guest leaves half way: no mail.
    const other = await createTestDeparture(dataSource(), TOUR, { daysAhead: 23 });
    const later = Date.now();
    await aLapsedHold(other.id, email, true);
    await recoveries();
    expect(await mailsTo(email, later)).toEqual([]);
    // Another guest who finished on a second try: no mail either.
    const finisher = aGuestEmail();
    await aLapsedHold(other.id, finisher, true);
    await aConfirmed(other.id, { email: finisher, guests: 2 });
    expect(await recoveries()).toBe(0);
  });

  describe('After the tour', () => {
    afterAll(() => {
      delete process.env.REVIEW_GOOGLE_URL;
    });
    /** A confirmed booking by `email` on a departure that started `hoursAgo` hours ago (at its start: that departure's). */
    async function aTourTaken(email: string, language = 'sv'): Promise<{ reference: string; startsAt: Date; tourId: number }> {
      const departure = await createTestDeparture(dataSource(), TOUR, { daysAhead: 30 });
      const held = await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 2, name: 'Rated Guest', email, language }).expect(201);
      await request(sut.server).post(`/api/bookings/${held.body.reference}/checkout`).expect(200);
      const startsAt = new Date(Math.floor((Date.now() - 30 * 3_600_000) / 1000) * 1000);
      await dataSource().query('UPDATE departures SET starts_at = ? WHERE id = ?', [startsAt, departure.id]);
      return { reference: held.body.reference as string, startsAt, tourId: departure.tourId };
    }
    const requests = (now: Date) => sut.app.get(Reminders).sendReviewRequests(now);
    /** Another guest's rating, as kept (through the repository, so the caches hear of it as of any write). */
    const rated = async (reference: string, tourId: number, score: number) => {
      const { id } = await dataSource().getRepository(Booking).findOneByOrFail({ reference });
      await dataSource().getRepository(Rating).insert({ bookingId: id, tourId, score, language: 'en', comment: null, createdAt: new Date() });
    };

    it('Asks how it was at nine the next morning, once, in the guest\'s language; never a no-show, nor a guest who unsubscribed', async () => {
      const since = Date.now() - 1000;
      const [guest, noShow] = [aGuestEmail(), aGuestEmail()];
      const taken = await aTourTaken(guest);
      const missed = await aTourTaken(noShow);
      await request(sut.server).patch(`/api/admin/bookings/${missed.reference}/attendance`).set('Authorization', `Bearer ${await staffToken(dataSource(), sut.server)}`).send({ attendance: 'no_show' }).expect(200);
      const morning = reviewMorning(taken.startsAt);
      expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Stockholm', hour: '2-digit', minute: '2-digit' }).format(morning)).toBe('09:00');
      expect(await requests(new Date(morning.getTime() - 60_000))).toBe(0);
      const [a, b] = await Promise.all([requests(new Date(morning.getTime() + 60_000)), requests(new Date(morning.getTime() + 60_000))]);
      expect(a + b).toBeGreaterThanOrEqual(1);
      expect(await requests(new Date(morning.getTime() + 120_000))).toBe(0);
      const mails = (await mailsTo(guest, since)).filter((mail) => mail.includes('Vi vill gärna veta hur det var'));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(/\/sv\/rate\/\?token=[\w-]+\.[\w-]+&score=5/);
      expect(mails[0]).toMatch(/List-Unsubscribe:\s*<https?:[^>]+\/api\/unsubscribe\/[\w.-]+>/);
      expect((await mailsTo(noShow, since)).filter((mail) => mail.includes('Vi vill gärna veta hur det var'))).toEqual([]);
      // Unsubscribed from such mails: the next tour of this guest is not followed by one.
      const unsubscribe = /\/api\/unsubscribe\/([\w.-]+)>/.exec(mails[0]!)![1]!;
      expect((await request(sut.server).post(`/api/unsubscribe/${unsubscribe}`).expect(200)).body).toEqual({ unsubscribed: 'review' });
      const later = Date.now();
      const again = await aTourTaken(guest);
      await requests(new Date(reviewMorning(again.startsAt).getTime() + 60_000));
      expect((await mailsTo(guest, later)).filter((mail) => mail.includes('Vi vill gärna veta hur det var'))).toEqual([]);
    });

    it('Rates with one tap and changes it with a comment; under 4 reaches the booking inbox, 4 and 5 are offered the review sites; the tour shows its average from five ratings', async () => {
      const since = Date.now() - 1000;
      const guest = aGuestEmail();
      const taken = await aTourTaken(guest, 'en');
      await dataSource().query('DELETE FROM ratings WHERE tour_id = ?', [taken.tourId]);
      await requests(new Date(reviewMorning(taken.startsAt).getTime() + 60_000));
      const [mail] = (await mailsTo(guest, since)).filter((mail) => mail.includes('We would love to know how it was'));
      const token = /rate\/\?token=([\w-]+\.[\w-]+)&score=5/.exec(mail!)![1]!;
      const rate = (body: object) => request(sut.server).post('/api/ratings').set('X-Forwarded-For', newClientAddress()).send({ token, ...body });
      const five = (await rate({ score: 5 }).expect(200)).body as RatingView;
      expect(five).toMatchObject({ score: 5, comment: null, reviewLinks: { google: 'https://g.page/r/norrsken-test/review' } });
      const three = (await rate({ score: 3, comment: 'The bus was late and cold.' }).expect(200)).body as RatingView;
      expect(three).toMatchObject({ score: 3, comment: 'The bus was late and cold.', reviewLinks: {} });
      await deliverMail(sut.app);
      const inbox = outboxMails(outbox, since).filter((text) => text.includes(taken.reference) && text.includes('The bus was late and cold.'));
      expect(inbox).toHaveLength(1);
      expect(inbox[0]).toContain('Rated Guest gav Daytime Snowshoe Hike in Kiruna betyget 3 av 5 och skrev:');
      await rate({ score: 6 }).expect(400);
      await rate({ score: 4, token: 'forged.token' }).expect(410);
      expect(await dataSource().query('SELECT score FROM ratings WHERE tour_id = ?', [taken.tourId])).toEqual([{ score: 3 }]);
      // Four ratings: no average shown yet; the fifth shows it, in the API and the page's structured data.
      const tourSlug = TOUR;
      for (const score of [5, 5, 4]) {
        const other = await aTourTaken(aGuestEmail(), 'en');
        await rated(other.reference, taken.tourId, score);
      }
      expect(((await request(sut.server).get(`/api/tours/${tourSlug}`).expect(200)).body as TourDetail).rating).toBeUndefined();
      const fifth = await aTourTaken(aGuestEmail(), 'en');
      await rated(fifth.reference, taken.tourId, 5);
      expect(((await request(sut.server).get(`/api/tours/${tourSlug}`).expect(200)).body as TourDetail).rating).toEqual({ average: 4.4, count: 5 });
      const page = (await request(sut.server).get(`/tours/${tourSlug}/`).expect(200)).text;
      expect(page).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":4.4,"ratingCount":5');
    });
  });
});
