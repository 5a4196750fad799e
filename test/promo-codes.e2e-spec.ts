import { join } from 'node:path';

import request from 'supertest';
import { DataSource } from 'typeorm';

import type { PromoCodeView } from '../shared/admin-types';
import type { BookingSummary, ChangePreview, PromoPreview } from '../shared/api-types';
import { Booking } from '../src/bookings/booking.entity';
import { deliverMail, useCardPaymentApp } from './support/app';
import { aGuestEmail, manageTokenOf } from './support/bookings';
import { createTestDeparture, newClientAddress, outboxMails } from './support/fixtures';
import { sendStripeEvent } from './support/stripe-stand-in';

const outbox = join(process.env.DATA_DIR!, 'outbox');
// 1,950 kr a guest.
const SNOWMOBILE = 'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour';
let codes = 0;
/** A code of this run's own: every e2e file shares the test database. */
const aCode = (stem: string) => `${stem}${process.pid % 1000}${Date.now() % 100_000}${++codes}`;

describe('Promo codes (MySQL, Stripe stand-in)', () => {
  const sut = useCardPaymentApp();
  const server = () => sut.app.getHttpServer();
  const dataSource = () => sut.app.get(DataSource);
  const staff = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${sut.token}`);
  const create = async (fields: object) => (await staff(request(server()).post('/api/admin/promo-codes').send(fields)).expect(201)).body as PromoCodeView;
  const listed = async (id: number) => ((await staff(request(server()).get('/api/admin/promo-codes')).expect(200)).body.data as PromoCodeView[]).find((promo) => promo.id === id)!;
  const hold = (body: object, from = newClientAddress(), lang = 'en') =>
    request(server()).post('/api/bookings').set('X-Forwarded-For', from).set('Accept-Language', lang).send({ name: 'Promo Guest', email: aGuestEmail(), ...body });
  const check = (body: object, from = newClientAddress(), lang = 'en') => request(server()).post('/api/promo-codes/check').set('X-Forwarded-For', from).set('Accept-Language', lang).send(body);

  it('Staff create a code (in the audit log, refused in Swedish when wrong, once per code however typed) and pause and resume it', async () => {
    const code = aCode('WINTER');
    const promo = await create({ code: code.toLowerCase(), kind: 'percent', value: 10, note: 'Nyhetsbrev december' });
    expect(promo).toMatchObject({ code, kind: 'percent', value: 10, tourIds: null, categories: null, minGuests: 1, paused: false, uses: 0, note: 'Nyhetsbrev december' });
    await staff(request(server()).post('/api/admin/promo-codes').send({ code: `${code.slice(0, 3)}-${code.slice(3)}`, kind: 'amount', value: 100 })).expect(409);
    const wrong = await staff(request(server()).post('/api/admin/promo-codes').send({ code: 'x', kind: 'half', value: 0, bookFrom: '1 dec' })).expect(400);
    expect(wrong.body.fields).toMatchObject({ code: ['Koden är 3–30 bokstäver (A–Z) och siffror'], kind: ['Typen är percent (procent) eller amount (kronor)'], value: ['Värdet måste vara minst 1'], bookFrom: ['Datum skrivs ÅÅÅÅ-MM-DD'] });
    expect((await staff(request(server()).post('/api/admin/promo-codes').send({ code: aCode('HALF'), kind: 'percent', value: 150 })).expect(400)).body.message).toBe('En procentrabatt kan vara högst 100 %.');
    expect((await staff(request(server()).post('/api/admin/promo-codes').send({ code: aCode('LEAP'), kind: 'percent', value: 10, tourUntil: '2027-02-29' })).expect(400)).body.fields.tourUntil).toEqual(['Datum skrivs ÅÅÅÅ-MM-DD']);
    expect((await staff(request(server()).post('/api/admin/promo-codes').send({ code: aCode('BACK'), kind: 'amount', value: 100, tourFrom: '2027-02-01', tourUntil: '2027-01-01' })).expect(400)).body.message).toBe('Första turdag är efter den sista.');
    await request(server()).post('/api/admin/promo-codes').send({ code: aCode('FREE'), kind: 'percent', value: 100 }).expect(401);

    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    expect((await staff(request(server()).post(`/api/admin/promo-codes/${promo.id}/pause`)).expect(200)).body).toMatchObject({ paused: true });
    const paused = await check({ code, departureId: departure.id, guests: 2 }).expect(400);
    expect(paused.body).toMatchObject({ reason: 'paused', message: 'That promo code cannot be used at the moment.' });
    expect((await staff(request(server()).post(`/api/admin/promo-codes/${promo.id}/resume`)).expect(200)).body).toMatchObject({ paused: false });
    expect((await check({ code, departureId: departure.id, guests: 2 }).expect(200)).body).toEqual({ terms: { code, kind: 'percent', value: 10, categories: null, minGuests: 1 }, discountSek: 390 });

    const log = (await staff(request(server()).get('/api/admin/audit-log')).expect(200)).body.data as { action: string; target: string }[];
    expect(log.filter((entry) => entry.target === `promo-code:${code}`).map((entry) => entry.action).sort()).toEqual(['promo-code.create', 'promo-code.pause', 'promo-code.resume']);
  });

  it('A code takes its share off the booking: the hold, Stripe\'s page, the confirmation mail, the manage page and staff\'s view all show the discount line', async () => {
    const code = aCode('AURORA');
    const promo = await create({ code, kind: 'percent', value: 10 });
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    // The booking page's preview, as the guest types it.
    expect((await check({ code: ` ${code.toLowerCase()} `, departureId: departure.id, guests: 3 }).expect(200)).body as PromoPreview).toMatchObject({ discountSek: 585 });

    const held = (await hold({ departureId: departure.id, guests: 3, promoCode: code.toLowerCase() }).expect(201)).body as BookingSummary;
    expect(held).toMatchObject({ tourAmountSek: 5850, discountSek: 585, totalSek: 5265, promo: { code, kind: 'percent', value: 10 } });
    expect((await listed(promo.id)).uses).toBe(1);

    const since = Date.now();
    const checkout = await request(server()).post(`/api/bookings/${held.reference}/checkout`).set('X-Forwarded-For', newClientAddress()).send({}).expect(200);
    const sessionId = /pay\/(cs_test_\d+)$/.exec(checkout.body.redirectUrl)![1];
    // Stripe takes no discount lines: one line of what is left, the price and the code named in it.
    expect(sut.standIn.sessions.get(sessionId)!.amount_total).toBe(526_500);
    const created = sut.standIn.callsTo('/v1/checkout/sessions').find((call) => call.body.get('client_reference_id') === held.reference)!;
    expect(created.body.get('line_items[0][price_data][product_data][name]')).toContain(`(5\u00a0850 SEK − 585 SEK Promo code ${code} (−10 %))`);
    expect(created.body.has('line_items[1][quantity]')).toBe(false);
    await sendStripeEvent(server(), 'checkout.session.completed', sut.standIn.pay(sessionId)).expect(200);
    const booking = await dataSource().getRepository(Booking).findOneByOrFail({ reference: held.reference });
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paidAmountOre: 526_500, discountSek: 585, totalSek: 5265 });

    await deliverMail(sut.app);
    const mail = outboxMails(outbox, since).find((item) => item.includes(held.reference) && item.includes('Booking confirmed'))!;
    expect(mail).toContain(`Promo code ${code} (−10 %)`);
    expect(mail).toMatch(/−585\s+SEK/);
    expect(mail).toMatch(/Total\W+5\s265\s+SEK/);

    const token = await manageTokenOf(sut.app, held.reference);
    expect((await request(server()).get(`/api/manage/${token}`).expect(200)).body).toMatchObject({ discountSek: 585, totalSek: 5265, promo: { code } });
    const row = (await staff(request(server()).get('/api/admin/bookings').query({ q: held.reference })).expect(200)).body.data[0];
    expect(row).toMatchObject({ discountSek: 585, totalSek: 5265 });
    expect(await listed(promo.id)).toMatchObject({ uses: 1, confirmed: 1, discountSek: 585 });
  });

  it('A change through the manage link is priced with the code\'s terms: a larger party keeps its share, a party below the minimum loses it and pays the difference', async () => {
    const code = aCode('GROUP');
    await create({ code, kind: 'amount', value: 1000, minGuests: 3 });
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const held = (await hold({ departureId: departure.id, guests: 3, promoCode: code }).expect(201)).body as BookingSummary;
    expect(held).toMatchObject({ discountSek: 1000, totalSek: 4850 });
    const checkout = await request(server()).post(`/api/bookings/${held.reference}/checkout`).set('X-Forwarded-For', newClientAddress()).send({}).expect(200);
    await sendStripeEvent(server(), 'checkout.session.completed', sut.standIn.pay(/pay\/(cs_test_\d+)$/.exec(checkout.body.redirectUrl)![1])).expect(200);
    const token = await manageTokenOf(sut.app, held.reference);

    const larger = (await request(server()).post(`/api/manage/${token}/change/preview`).send({ guests: 4 }).expect(200)).body as ChangePreview;
    expect(larger).toMatchObject({ discountSek: 1000, totalSek: 4 * 1950 - 1000, money: { kind: 'pay-difference', amountSek: 1950 } });
    // Two guests are below the code's minimum: the 1,000 kr it took off comes back on the price, so a smaller party costs more than it paid, not less.
    const smaller = (await request(server()).post(`/api/manage/${token}/change/preview`).send({ guests: 2 }).expect(200)).body as ChangePreview;
    expect(smaller).toMatchObject({ discountSek: 0, totalSek: 3900, money: { kind: 'refund', amountSek: 950 } });
    // Staff pausing the code later changes nothing for a booking made with it.
    const promo = ((await staff(request(server()).get('/api/admin/promo-codes')).expect(200)).body.data as PromoCodeView[]).find((item) => item.code === code)!;
    await staff(request(server()).post(`/api/admin/promo-codes/${promo.id}/pause`)).expect(200);
    expect(((await request(server()).post(`/api/manage/${token}/change/preview`).send({ guests: 4 }).expect(200)).body as ChangePreview).discountSek).toBe(1000);
  });

  it('Eight guests racing for the last use of a code: exactly one gets it; a released hold gives the use back', async () => {
    const code = aCode('LAST');
    const promo = await create({ code, kind: 'amount', value: 300, maxUses: 1 });
    const departures = await Promise.all(Array.from({ length: 8 }, () => createTestDeparture(dataSource(), SNOWMOBILE)));
    const answers = await Promise.all(departures.map((departure) => hold({ departureId: departure.id, guests: 1, promoCode: code })));
    const won = answers.filter((answer) => answer.status === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((answer) => answer.status !== 201)) expect(lost.body).toMatchObject({ statusCode: 400, reason: 'used-up', message: 'That promo code has been used up.' });
    expect(await dataSource().getRepository(Booking).countBy({ promoCodeId: promo.id })).toBe(1);

    await request(server()).post(`/api/bookings/${won[0].body.reference}/cancel`).set('X-Forwarded-For', newClientAddress()).expect(200);
    expect((await listed(promo.id)).uses).toBe(0);
    expect((await hold({ departureId: departures[0].id, guests: 1, promoCode: code }).expect(201)).body).toMatchObject({ discountSek: 300, totalSek: 1650 });
  });

  it('Refuses, in the guest\'s language, a code for another guest\'s address used already, another tour or date, too small a party, and one nobody made; guessing is limited per address', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE, { daysAhead: 40 });
    const email = aGuestEmail();
    const once = aCode('ONCE');
    await create({ code: once, kind: 'amount', value: 200, maxUsesPerEmail: 1 });
    await hold({ departureId: departure.id, guests: 1, promoCode: once, email }).expect(201);
    expect((await hold({ departureId: departure.id, guests: 1, promoCode: once, email: email.toUpperCase() }, newClientAddress(), 'sv').expect(400)).body).toMatchObject({ reason: 'used-by-you', message: 'Du har redan använt den rabattkoden.' });
    expect((await check({ code: once, departureId: departure.id, guests: 1, email }).expect(400)).body.reason).toBe('used-by-you');

    const otherTour = aCode('TOUR');
    await create({ code: otherTour, kind: 'percent', value: 5, tourIds: [999_999] });
    expect((await check({ code: otherTour, departureId: departure.id, guests: 1 }, newClientAddress(), 'de').expect(400)).body.message).toBe('Dieser Rabattcode gilt nicht für diese Tour.');
    const january = aCode('JAN');
    await create({ code: january, kind: 'percent', value: 5, tourUntil: '2020-01-31' });
    expect((await hold({ departureId: departure.id, guests: 1, promoCode: january }).expect(400)).body.reason).toBe('tour-date');
    const expired = aCode('OLD');
    await create({ code: expired, kind: 'percent', value: 5, bookUntil: '2020-01-31' });
    expect((await check({ code: expired, departureId: departure.id, guests: 1 }).expect(400)).body.message).toBe('That promo code has expired.');
    const family = aCode('FAM');
    await create({ code: family, kind: 'percent', value: 15, minGuests: 4 });
    expect((await hold({ departureId: departure.id, guests: 2, promoCode: family }).expect(400)).body.message).toBe('That promo code is for groups of at least 4 guests.');
    expect((await check({ code: 'NOSUCHCODE', departureId: departure.id, guests: 1 }).expect(400)).body).toMatchObject({ reason: 'unknown', message: 'We do not know that promo code. Please check it and try again.' });
    // Nothing was held by the refused requests.
    expect(await dataSource().getRepository(Booking).countBy({ departureId: departure.id, status: 'held' })).toBe(1);

    const guesser = newClientAddress();
    const tries = [];
    for (let n = 0; n < 20; n++) tries.push((await check({ code: `GUESS${n}`, departureId: departure.id, guests: 1 }, guesser)).status);
    expect(tries.every((status) => status === 400)).toBe(true);
    expect((await check({ code: once, departureId: departure.id, guests: 1 }, guesser).expect(429)).body.message).toBe('Too many promo codes tried. Please wait an hour and try again.');
    expect((await hold({ departureId: departure.id, guests: 1, promoCode: once }, guesser).expect(429)).body.reason).toBe('too-many-tries');
  });

  it('Staff take a phone booking with a code: the discount is on the booking, a refusal is in Swedish', async () => {
    const code = aCode('PHONE');
    await create({ code, kind: 'amount', value: 500 });
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const made = await staff(request(server()).post('/api/admin/bookings')).send({ departureId: departure.id, guests: 2, name: 'Cecilia Telefon', email: aGuestEmail(), payment: 'on_arrival', notify: false, promoCode: code }).expect(201);
    expect(await dataSource().getRepository(Booking).findOneByOrFail({ reference: made.body.reference })).toMatchObject({ discountSek: 500, totalSek: 3400, paymentStatus: 'due_on_arrival' });
    const refused = await staff(request(server()).post('/api/admin/bookings')).send({ departureId: departure.id, guests: 2, name: 'Cecilia Telefon', email: aGuestEmail(), payment: 'on_arrival', notify: false, promoCode: 'NOSUCHCODE' }).expect(400);
    expect(refused.body.message).toBe('Vi känner inte igen den rabattkoden. Kontrollera den och försök igen.');
  });
});
