import { join } from 'node:path';

import { hashSync } from 'bcryptjs';
import request from 'supertest';
import { DataSource } from 'typeorm';

import type { BookingSummary } from '../shared/api-types';
import { AdminUser } from '../src/admin/admin-user.entity';
import { ApiDocuments } from '../src/common/api-docs';
import { ChatConversation } from '../src/chat/chat-conversation.entity';
import { ChatMessage } from '../src/chat/chat-message.entity';
import { Tour } from '../src/tours/tour.entity';
import { deliverMail, useTestApp } from './support/app';
import { createTestDeparture, newClientAddress, outboxMails } from './support/fixtures';

const outbox = join(process.env.DATA_DIR!, 'outbox');

describe('Admin staff API (MySQL)', () => {
  const sut = useTestApp();
  let token: string;
  let email: string;
  const dataSource = () => sut.app.get(DataSource);
  const as = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${token}`);
  let guestCount = 0;
  const book = async (departureId: number, guests: number, name = 'Greta Garbo', guestEmail = `greta${++guestCount}.${Date.now()}@example.com`) =>
    (await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId, guests, name, email: guestEmail }).expect(201)).body as BookingSummary;

  beforeAll(async () => {
    const admins = dataSource().getRepository(AdminUser);
    email = `staff-api-${Date.now()}@norrsken.test`;
    await admins.save(admins.create({ email, passwordHash: hashSync('a good password', 4) }));
    token = (await request(sut.server).post('/api/admin/login').set('X-Forwarded-For', newClientAddress()).send({ email, password: 'a good password' }).expect(200)).body.token;
  });

  it.each([
    ['get', '/api/admin/dashboard'],
    ['get', '/api/admin/bookings'],
    ['get', '/api/admin/bookings.csv'],
    ['get', '/api/admin/bookings/NAT-ABCDEF'],
    ['post', '/api/admin/bookings/NAT-ABCDEF/mark-paid'],
    ['post', '/api/admin/bookings/NAT-ABCDEF/cancel'],
    ['post', '/api/admin/bookings/NAT-ABCDEF/move'],
    ['get', '/api/admin/tour-dates'],
    ['post', '/api/admin/tour-dates/recurring'],
    ['patch', '/api/admin/tour-dates/1'],
    ['get', '/api/admin/tour-dates/1/manifest'],
    ['get', '/api/admin/chat-logs'],
    ['get', '/api/admin/chat-logs/abc'],
    ['get', '/api/admin/contact-messages'],
    ['patch', '/api/admin/contact-messages/1'],
    ['get', '/api/admin/audit-log'],
    ['post', '/api/admin/outbox/mails/1/retry'],
    ['post', '/api/admin/refunds/1/retry'],
    ['post', '/api/admin/bookings'],
    ['patch', '/api/admin/bookings/NAT-ABCDEF/attendance'],
    ['post', '/api/admin/tour-dates/1/minimum'],
    ['get', '/api/admin/tours/1/booking-options'],
    ['put', '/api/admin/tours/1/booking-options'],
    ['get', '/api/admin/pickup-points'],
    ['post', '/api/admin/pickup-points'],
    ['patch', '/api/admin/pickup-points/1'],
  ] as const)('Answers 401 to %s %s without a token', async (method, path) => {
    const response = await request(sut.server)[method](path).expect(401);
    expect(response.body).toEqual({ statusCode: 401, message: 'Logga in igen.', error: 'Unauthorized' });
  });

  it('Answers 401 without a token on every staff operation the OpenAPI document lists (found there, not listed here: a new controller is checked too)', async () => {
    const { paths } = sut.app.get(ApiDocuments).whole();
    const operations = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/admin/') && path !== '/api/admin/login')
      .flatMap(([path, item]) => ['get', 'post', 'put', 'patch', 'delete'].filter((method) => method in item).map((method) => [method, path.replace(/\{[^}]+\}/g, '1')] as const));
    expect(operations.length).toBeGreaterThan(60);
    const answered: string[] = [];
    for (const [method, path] of operations) {
      const { status } = await request(sut.server)[method as 'get'](path).set('X-Forwarded-For', newClientAddress());
      if (status !== 401) answered.push(`${method.toUpperCase()} ${path}: ${status}`);
    }
    expect(answered).toEqual([]);
    await request(sut.server).get('/api/admin/openapi.json').expect(401);
  });

  it('Finds bookings by status, tour, date range and text, a page at a time, and exports them as CSV', async () => {
    const departure = await createTestDeparture(dataSource(), 'moose-spotting-tour-from-kiruna-to-nikkaluokta', { daysAhead: 70 });
    const first = await book(departure.id, 2, 'Ingrid Bergman', `ingrid${Date.now()}@example.com`);
    await book(departure.id, 1, '=SUM(A1 A9)', `formula${Date.now()}@example.com`);
    const byText = (await as(request(sut.server).get('/api/admin/bookings').query({ q: 'ingrid' })).expect(200)).body;
    expect(byText.data.map((row: BookingSummary) => row.reference)).toEqual([first.reference]);
    const byReference = (await as(request(sut.server).get('/api/admin/bookings').query({ q: first.reference.toLowerCase() })).expect(200)).body;
    expect(byReference.total).toBe(1);
    const byTour = (await as(request(sut.server).get('/api/admin/bookings').query({ tourId: departure.tourId, status: 'held', pageSize: 1 })).expect(200)).body;
    expect(byTour).toMatchObject({ page: 1, pageSize: 1 });
    expect(byTour.total).toBeGreaterThanOrEqual(2);
    expect(byTour.data).toHaveLength(1);
    const day = departure.startsAt.toISOString().slice(0, 10);
    const inRange = (await as(request(sut.server).get('/api/admin/bookings').query({ departureId: departure.id, from: day })).expect(200)).body;
    expect(inRange.total).toBe(2);
    await as(request(sut.server).get('/api/admin/bookings').query({ status: 'lost' })).expect(400);

    const csv = await as(request(sut.server).get('/api/admin/bookings.csv').query({ departureId: departure.id })).expect(200).expect('Content-Type', /text\/csv/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"Referens","Status","Tur","Avgång","Gäster","Namn","E-post","Telefon","Boende","Totalt SEK","Betalning","Anteckningar","Skapad","Sällskap","Upphämtning","Svar","Kanal","Återförsäljarens referens","Rabattkod","Rabatt SEK"');
    expect(lines).toHaveLength(3);
    expect(csv.text).toContain(`"${first.reference}","held","Moose Spotting Tour from Kiruna to Nikkaluokta"`);
    expect(csv.text).toContain(`"'=SUM(A1 A9)"`);
  });

  it('Orders the bookings found by any column either way, narrows them to a channel or to the ticked references, and finds one by phone', async () => {
    const departure = await createTestDeparture(dataSource(), 'moose-spotting-tour-from-kiruna-to-nikkaluokta', { daysAhead: 69 });
    const small = await book(departure.id, 1, 'Astrid Lindgren');
    const large = await book(departure.id, 3, 'Bo Kaspers');
    const phone = `+46 70 ${Date.now() % 1_000_000}`;
    const staff = (
      await as(request(sut.server).post('/api/admin/bookings')).send({ departureId: departure.id, guests: 2, name: 'Cecilia Bartoli', email: `cecilia${Date.now()}@example.com`, phone, payment: 'on_arrival', notify: false }).expect(201)
    ).body as BookingSummary;
    const references = (query: object) => as(request(sut.server).get('/api/admin/bookings').query({ departureId: departure.id, ...query })).expect(200).then((response) => (response.body.data as BookingSummary[]).map((row) => row.reference));
    expect(await references({ sort: 'guests', dir: 'desc' })).toEqual([large.reference, staff.reference, small.reference]);
    expect(await references({ sort: 'guests' })).toEqual([small.reference, staff.reference, large.reference]);
    expect(await references({ sort: 'name', dir: 'desc' })).toEqual([staff.reference, large.reference, small.reference]);
    expect(await references({ sort: 'created', dir: 'desc' })).toEqual([staff.reference, large.reference, small.reference]);
    expect(await references({ channel: 'staff' })).toEqual([staff.reference]);
    expect(await references({ channel: 'online', sort: 'total', dir: 'desc' })).toEqual([large.reference, small.reference]);
    expect(await references({ references: `${small.reference.toLowerCase()}, ${staff.reference}` })).toEqual([small.reference, staff.reference]);
    expect(await references({ q: phone.slice(-6) })).toEqual([staff.reference]);
    const csv = await as(request(sut.server).get('/api/admin/bookings.csv').query({ references: large.reference })).expect(200);
    expect(csv.text.trim().split('\r\n')).toHaveLength(2);
    for (const query of [{ sort: 'email' }, { dir: 'up' }, { channel: 'fax' }]) {
      const refused = await as(request(sut.server).get('/api/admin/bookings').query(query)).expect(400);
      expect(JSON.stringify(refused.body)).toMatch(/måste vara/);
    }
  });

  it('Marks a confirmed booking paid, and cancels one: seats released, guest mailed, all in the audit log', async () => {
    const departure = await createTestDeparture(dataSource(), 'moose-spotting-tour-from-kiruna-to-nikkaluokta', { daysAhead: 71 });
    const held = await book(departure.id, 3);
    const refused = await as(request(sut.server).post(`/api/admin/bookings/${held.reference}/mark-paid`)).expect(409);
    expect(refused.body.message).toBe('Bara bekräftade bokningar kan markeras som betalda (denna är reserverad).');
    await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).expect(200);
    const paid = (await as(request(sut.server).post(`/api/admin/bookings/${held.reference}/mark-paid`)).expect(200)).body;
    expect(paid).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    const started = Date.now();
    const cancelled = (await as(request(sut.server).post(`/api/admin/bookings/${held.reference}/cancel`)).expect(200)).body;
    expect(cancelled.status).toBe('cancelled');
    const seats = (await as(request(sut.server).get('/api/admin/tour-dates').query({ tourId: departure.tourId, from: departure.startsAt.toISOString().slice(0, 10) })).expect(200)).body.data;
    expect(seats.find((row: { id: number }) => row.id === departure.id)).toMatchObject({ booked: 0, seatsLeft: 8 });
    await deliverMail(sut.app);
    expect(outboxMails(outbox, started).some((mail) => mail.includes(`Subject: Your booking has been cancelled (${held.reference})`))).toBe(true);
    const log = (await as(request(sut.server).get('/api/admin/audit-log').query({ limit: 5 })).expect(200)).body.data;
    expect(log.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(['booking.mark-paid', 'booking.cancel']));
    expect(log[0]).toMatchObject({ adminEmail: email, target: `booking:${held.reference}` });
  });

  it('Moves a booking to a departure of the same tour with room, and refuses one without', async () => {
    const from = await createTestDeparture(dataSource(), 'daytime-snowshoe-hike-kiruna', { daysAhead: 72 });
    const to = await createTestDeparture(dataSource(), 'daytime-snowshoe-hike-kiruna', { daysAhead: 73, priceSek: 1000 });
    const small = await createTestDeparture(dataSource(), 'daytime-snowshoe-hike-kiruna', { daysAhead: 74, capacity: 2 });
    const other = await createTestDeparture(dataSource(), 'ice-fishing-on-the-torne-river', { daysAhead: 73 });
    const booking = await book(from.id, 3);
    const moved = (await as(request(sut.server).post(`/api/admin/bookings/${booking.reference}/move`).send({ departureId: to.id })).expect(200)).body;
    expect(moved).toMatchObject({ departure: { id: to.id }, totalSek: 3000 });
    const full = await as(request(sut.server).post(`/api/admin/bookings/${booking.reference}/move`).send({ departureId: small.id })).expect(409);
    expect(full.body.message).toBe('Avgången har bara 2 lediga platser.');
    const wrongTour = await as(request(sut.server).post(`/api/admin/bookings/${booking.reference}/move`).send({ departureId: other.id })).expect(400);
    expect(wrongTour.body.message).toBe('Välj en avgång av samma tur.');
  });

  it('Prints a passenger manifest for a departure', async () => {
    const departure = await createTestDeparture(dataSource(), 'moose-spotting-tour-from-kiruna-to-nikkaluokta', { daysAhead: 75 });
    await book(departure.id, 2, 'Astrid Lindgren', 'astrid@example.com');
    await book(departure.id, 3, 'Selma Lagerlöf', 'selma@example.com');
    const manifest = (await as(request(sut.server).get(`/api/admin/tour-dates/${departure.id}/manifest`)).expect(200)).body;
    expect(manifest.departure).toMatchObject({ id: departure.id, tourTitle: 'Moose Spotting Tour from Kiruna to Nikkaluokta' });
    expect(manifest.passengers.map((passenger: { name: string }) => passenger.name)).toEqual(['Astrid Lindgren', 'Selma Lagerlöf']);
    expect(manifest.totalGuests).toBe(5);
  });

  it('Creates a recurring series on the chosen weekdays at Kiruna time, skipping dates that exist', async () => {
    const tour = await dataSource().getRepository(Tour).findOneByOrFail({ slug: 'icehotel-and-jukkasjarvi-visit' });
    const body = { tourId: tour.id, weekdays: [1, 3], time: '18:30', fromDate: '2027-06-01', toDate: '2027-06-30', capacity: 6, priceSek: 1800 };
    const created = (await as(request(sut.server).post('/api/admin/tour-dates/recurring').send(body)).expect(201)).body.data;
    // June 2027: Mondays 7, 14, 21, 28 and Wednesdays 2, 9, 16, 23, 30.
    expect(created).toHaveLength(9);
    expect(created[0]).toMatchObject({ startsAt: '2027-06-02T16:30:00.000Z', capacity: 6, priceSek: 1800 });
    const again = (await as(request(sut.server).post('/api/admin/tour-dates/recurring').send(body)).expect(201)).body;
    // Nothing new: the answer says the nine are there already.
    expect(again).toEqual({ data: [], existing: 9, past: 0 });
    const bad = await as(request(sut.server).post('/api/admin/tour-dates/recurring').send({ ...body, weekdays: [7], time: '25:00' })).expect(400);
    expect(bad.body.message).toBe('weekdays måste vara en lista med veckodagar 0-6; time måste vara en tid som 20:00');
    // A day that is not on the calendar is refused, not read as the days after it (31 June as 1 July).
    const notADay = await as(request(sut.server).post('/api/admin/tour-dates/recurring').send({ ...body, fromDate: '2027-06-31', toDate: '2027-07-10' })).expect(400);
    expect(notADay.body.message).toBe('fromDate måste vara ett datum som 2026-12-01');
  });

  it('Edits capacity within the booked seats and 8, and cancelling a departure cancels and mails its bookings', async () => {
    const departure = await createTestDeparture(dataSource(), 'northern-lights-sami-inspired-bbq-kiruna', { daysAhead: 76 });
    const booking = await book(departure.id, 4);
    const tooSmall = await as(request(sut.server).patch(`/api/admin/tour-dates/${departure.id}`).send({ capacity: 3 })).expect(400);
    expect(tooSmall.body.message).toBe('capacity kan inte vara lägre än de 4 platser som redan är bokade.');
    await as(request(sut.server).patch(`/api/admin/tour-dates/${departure.id}`).send({ capacity: 9 })).expect(400);
    const edited = (await as(request(sut.server).patch(`/api/admin/tour-dates/${departure.id}`).send({ capacity: 5, priceSek: 2200 })).expect(200)).body;
    expect(edited.departure).toMatchObject({ capacity: 5, priceSek: 2200, booked: 4, seatsLeft: 1 });
    // null is no capacity and no status (a 500 from the NOT NULL column before); a price of null is the tour's own again.
    for (const field of ['capacity', 'status']) {
      const refused = await as(request(sut.server).patch(`/api/admin/tour-dates/${departure.id}`).send({ [field]: null })).expect(400);
      expect(Object.keys(refused.body.fields)).toEqual([field]);
    }
    expect((await as(request(sut.server).patch(`/api/admin/tour-dates/${departure.id}`).send({ priceSek: null })).expect(200)).body.departure.priceSek).toBeNull();

    const started = Date.now();
    const cancelled = (await as(request(sut.server).patch(`/api/admin/tour-dates/${departure.id}`).send({ status: 'cancelled' })).expect(200)).body;
    expect(cancelled.affectedBookings).toEqual([booking.reference]);
    expect((await request(sut.server).get(`/api/bookings/${booking.reference}`).expect(200)).body.status).toBe('cancelled');
    await deliverMail(sut.app);
    expect(outboxMails(outbox, started).some((mail) => mail.includes(booking.reference) && mail.includes('has been cancelled'))).toBe(true);
    await as(request(sut.server).patch('/api/admin/tour-dates/99999999').send({ capacity: 4 })).expect(404);
  });

  it('Lists the departures of any window of dates, at most 400 days at a time', async () => {
    const far = await createTestDeparture(dataSource(), 'ice-fishing-on-the-torne-river', { daysAhead: 200 });
    const day = (offset: number) => new Date(far.startsAt.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const listed = async (query: Record<string, string | number>) => ((await as(request(sut.server).get('/api/admin/tour-dates').query({ tourId: far.tourId, ...query })).expect(200)).body.data as { id: number }[]).map((date) => date.id);
    // The next 60 days by default; any window when asked.
    expect(await listed({})).not.toContain(far.id);
    expect(await listed({ from: day(-10), to: day(10) })).toContain(far.id);
    expect(await listed({ from: day(-300), to: day(95) })).toContain(far.id);
    const tooLong = await as(request(sut.server).get('/api/admin/tour-dates').query({ tourId: far.tourId, from: day(-300), to: day(200) })).expect(400);
    expect(tooLong.body.message).toBe('Välj högst 400 dagar åt gången.');
    const backwards = await as(request(sut.server).get('/api/admin/tour-dates').query({ tourId: far.tourId, from: day(5), to: day(-5) })).expect(400);
    expect(backwards.body.message).toBe('to måste vara samma dag som from eller senare.');
  });

  it('Shows the dashboard: departures today and tomorrow, sales, expiring holds, unread messages, conversations', async () => {
    // Tomorrow (in Kiruna) has a departure whatever the seed planned for that weekday.
    const tomorrow = await createTestDeparture(dataSource(), 'northern-lights-car-chase-kiruna', { daysAhead: 1, evening: true });
    const dashboard = (await as(request(sut.server).get('/api/admin/dashboard')).expect(200)).body;
    expect(dashboard).toEqual({
      today: expect.any(Array),
      tomorrow: expect.any(Array),
      week: { bookings: expect.any(Number), revenueSek: expect.any(Number), byChannel: expect.any(Array) },
      season: { bookings: expect.any(Number), revenueSek: expect.any(Number), byChannel: expect.any(Array) },
      expiringHolds: expect.any(Array),
      failedLogins: { lastDay: expect.any(Number), latest: expect.any(Array) },
      unreadContactMessages: expect.any(Number),
      recentConversations: expect.any(Array),
      pendingMails: expect.any(Number),
      failedMails: expect.any(Array),
      failedRefunds: expect.any(Array),
      failingWebhooks: expect.any(Array),
      unguided: expect.any(Array),
      attendanceToday: { expected: expect.any(Number), checkedIn: expect.any(Number), noShows: expect.any(Number) },
      attention: expect.any(Array),
      belowMinimum: expect.any(Array),
      guestChanges: expect.any(Array),
    });
    expect(dashboard.season.bookings).toBeGreaterThanOrEqual(dashboard.week.bookings);
    expect(dashboard.tomorrow.find((departure: { id: number }) => departure.id === tomorrow.id)).toMatchObject({ tourTitle: 'Northern Lights Car Chase from Kiruna', booked: 0, seatsLeft: 8 });
  });

  it('Searches AI guide conversations and shows a transcript', async () => {
    const conversations = dataSource().getRepository(ChatConversation);
    const id = `00000000-0000-4000-8000-${String(Date.now()).slice(-12)}`;
    await conversations.save(conversations.create({ id, firstQuestion: 'Can we see the aurora in March?', messageCount: 2 }));
    const messages = dataSource().getRepository(ChatMessage);
    await messages.save([
      messages.create({ conversationId: id, role: 'guest', content: 'Can we see the aurora in March?' }),
      messages.create({ conversationId: id, role: 'guide', content: 'Yes, March is one of the best months.', tours: [{ slug: 'x', title: 'X', priceSek: 1, durationHours: 1 }] }),
    ]);
    const found = (await as(request(sut.server).get('/api/admin/chat-logs').query({ q: 'BEST MONTHS' })).expect(200)).body;
    expect(found.data.map((row: { id: string }) => row.id)).toContain(id);
    const none = (await as(request(sut.server).get('/api/admin/chat-logs').query({ q: 'no such words 100%' })).expect(200)).body;
    expect(none.total).toBe(0);
    const transcript = (await as(request(sut.server).get(`/api/admin/chat-logs/${id}`)).expect(200)).body;
    expect(transcript.messages.map((message: { role: string }) => message.role)).toEqual(['guest', 'guide']);
    await as(request(sut.server).get('/api/admin/chat-logs/nope')).expect(404);
  });

  it("Marks the guide's answers that nothing of ours grounded, and lists those conversations on their own", async () => {
    const ask = async (message: string) => {
      const answer = await request(sut.server).post('/api/chat').set('X-Forwarded-For', newClientAddress()).send({ message }).expect(200);
      // The mark is for staff only: the guest's answer is as before.
      expect(Object.keys(answer.body).sort()).toEqual(['conversationId', 'reply', 'tours']);
      return answer.body as { conversationId: string; reply: string };
    };
    const lost = await ask("Can you explain quantum physics?");
    expect(lost.reply).toContain("I'm not sure about that");
    const known = await ask('What should I wear for a dog sled tour in January?');
    const marked = (await as(request(sut.server).get('/api/admin/chat-logs').query({ unanswered: 'true' })).expect(200)).body as { data: { id: string; unansweredCount: number }[] };
    expect(marked.data.find((row) => row.id === lost.conversationId)).toMatchObject({ unansweredCount: 1 });
    expect(marked.data.map((row) => row.id)).not.toContain(known.conversationId);
    const all = (await as(request(sut.server).get('/api/admin/chat-logs')).expect(200)).body as { data: { id: string; unansweredCount: number }[] };
    expect(all.data.find((row) => row.id === known.conversationId)).toMatchObject({ unansweredCount: 0 });
    const transcript = (await as(request(sut.server).get(`/api/admin/chat-logs/${lost.conversationId}`)).expect(200)).body as { messages: { role: string; unanswered: boolean }[] };
    expect(transcript.messages.map((message) => [message.role, message.unanswered])).toEqual([
      ['guest', false],
      ['guide', true],
    ]);
    await as(request(sut.server).get('/api/admin/chat-logs').query({ unanswered: 'maybe' })).expect(200);
  });

  it('Also marks a conversation where the guide said the same thing twice, or the guest said it did not help, with the reason', async () => {
    const say = async (message: string, conversationId?: string) =>
      (await request(sut.server).post('/api/chat').set('X-Forwarded-For', newClientAddress()).send({ message, ...(conversationId ? { conversationId } : {}) }).expect(200)).body as { conversationId: string; reply: string };
    const reasons = async (id: string) =>
      ((await as(request(sut.server).get(`/api/admin/chat-logs/${id}`)).expect(200)).body as { messages: { role: string; unansweredReason: string | null }[] }).messages.filter((message) => message.role === 'guide').map((message) => message.unansweredReason);
    const looped = await say('What should I wear for a dog sled tour in January?');
    const again = await say('What should I wear for a dog sled tour in January?', looped.conversationId);
    expect(again.reply).toBe(looped.reply);
    expect(await reasons(looped.conversationId)).toEqual([null, 'repeated']);
    const unhappy = await say('Which tours do you have in Abisko?');
    await say("That's not what I asked, can I talk to a real person?", unhappy.conversationId);
    expect(await reasons(unhappy.conversationId)).toEqual([null, 'unhelped']);
    const fine = await say('Which tours do you have in Abisko?');
    await say('And what should I wear?', fine.conversationId);
    expect(await reasons(fine.conversationId)).toEqual([null, null]);
    const listed = ((await as(request(sut.server).get('/api/admin/chat-logs').query({ unanswered: 'true' })).expect(200)).body as { data: { id: string; unansweredCount: number }[] }).data;
    expect(listed.filter((row) => [looped, unhappy, fine].some((conversation) => conversation.conversationId === row.id)).map((row) => [row.id, row.unansweredCount])).toEqual(
      expect.arrayContaining([
        [looped.conversationId, 1],
        [unhappy.conversationId, 1],
      ]),
    );
    expect(listed.map((row) => row.id)).not.toContain(fine.conversationId);
  });

  it('Lists contact messages and marks one handled', async () => {
    const text = `Admin inbox check ${Date.now()}`;
    await request(sut.server).post('/api/contact').set('X-Forwarded-For', newClientAddress()).send({ name: 'Olof', email: 'olof@example.com', message: text }).expect(201);
    const unread = (await as(request(sut.server).get('/api/admin/contact-messages').query({ unhandled: 'true' })).expect(200)).body.data;
    const message = unread.find((item: { message: string }) => item.message === text);
    expect(message).toMatchObject({ name: 'Olof', handledAt: null });
    const handled = (await as(request(sut.server).patch(`/api/admin/contact-messages/${message.id}`).send({ handled: true })).expect(200)).body;
    expect(handled.handledAt).not.toBeNull();
    const after = (await as(request(sut.server).get('/api/admin/contact-messages').query({ unhandled: 'true' })).expect(200)).body.data;
    expect(after.map((item: { id: number }) => item.id)).not.toContain(message.id);
    await as(request(sut.server).patch(`/api/admin/contact-messages/${message.id}`).send({ handled: 'yes' })).expect(400);
  });
});
