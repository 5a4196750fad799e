import { join } from 'node:path';

import request from 'supertest';
import { DataSource } from 'typeorm';

import type { GiftCardEntryView, GiftCardView } from '../shared/admin-types';
import type { BookingSummary } from '../shared/api-types';
import type { SalesReportLine } from '../shared/accounts';
import { formatGiftCardCode, GIFT_CARD_ALPHABET } from '../shared/gift-cards';
import { BookingRefund } from '../src/bookings/booking-refund.entity';
import { Booking } from '../src/bookings/booking.entity';
import { GiftCard } from '../src/gift-cards/gift-card.entity';
import { deliverMail, settleRefunds, useCardPaymentApp, useTestApp } from './support/app';
import { aGuestEmail, manageTokenOf } from './support/bookings';
import { createTestDeparture, newClientAddress, outboxMails, staffToken } from './support/fixtures';
import { sendStripeEvent } from './support/stripe-stand-in';
import { waitFor } from './support/time';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { kirunaDate } from '../shared/company';

const outbox = join(process.env.DATA_DIR!, 'outbox');
// 1,950 kr a guest.
const SNOWMOBILE = 'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour';
// 1,895 kr a guest, at 6 %.
const CAR_CHASE = 'northern-lights-car-chase-kiruna';

/** What every suite here does through the API: staff issue and read cards, guests hold and check out. */
function giftCardCalls(server: () => Parameters<typeof request>[0], token: () => string, dataSource: () => DataSource) {
  const staff = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${token()}`);
  return {
    staff,
    issue: async (amountSek: number, fields: object = {}) => (await staff(request(server()).post('/api/admin/gift-cards').send({ amountSek, note: 'Ersättning för inställd tur', ...fields })).expect(201)).body as GiftCardView,
    cardOf: async (id: number) => (await staff(request(server()).get(`/api/admin/gift-cards/${id}`)).expect(200)).body as { card: GiftCardView; entries: GiftCardEntryView[] },
    hold: async (departureId: number, guests: number, language: 'en' | 'sv' | 'de' = 'en') => {
      const answer = await request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId, guests, name: 'Gift Guest', email: aGuestEmail(), language }).expect(201);
      return answer.body as BookingSummary;
    },
    checkout: (reference: string, giftCardCode?: string, from = newClientAddress()) =>
      request(server()).post(`/api/bookings/${reference}/checkout`).set('X-Forwarded-For', from).send(giftCardCode === undefined ? {} : { giftCardCode }),
    bookingOf: (reference: string) => dataSource().getRepository(Booking).findOneByOrFail({ reference }),
    manageToken: manageTokenOf,
    refundsOf: async (reference: string) => dataSource().getRepository(BookingRefund).find({ where: { bookingId: (await dataSource().getRepository(Booking).findOneByOrFail({ reference })).id }, order: { id: 'ASC' } }),
  };
}

describe('Gift cards with card payments (MySQL, Stripe stand-in)', () => {
  const sut = useCardPaymentApp();
  const server = () => sut.app.getHttpServer();
  const dataSource = () => sut.app.get(DataSource);
  const { staff, issue, cardOf, hold, checkout, bookingOf, refundsOf, manageToken } = giftCardCalls(server, () => sut.token, dataSource);
  const sessionOf = (redirectUrl: string) => /pay\/(cs_test_\d+)$/.exec(redirectUrl)![1];
  const pay = (sessionId: string) => sendStripeEvent(server(), 'checkout.session.completed', sut.standIn.pay(sessionId));

  it('Staff issue a card by hand: twelve characters without look-alikes, valid a year, in the audit log, found by the code as typed and by email', async () => {
    const email = aGuestEmail();
    const before = Date.now();
    const card = await issue(750, { recipientName: 'Anna Berg', recipientEmail: email.toUpperCase(), language: 'de' });
    expect(card.code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect([...card.code.replace(/-/g, '')].every((symbol) => GIFT_CARD_ALPHABET.includes(symbol))).toBe(true);
    expect(card).toMatchObject({ kind: 'amount', origin: 'staff', status: 'active', initialSek: 750, balanceSek: 750, recipientEmail: email, language: 'de', expired: false });
    // Twelve months (GIFT_CARD_VALID_MONTHS, never fewer), give or take the months' lengths.
    const months = (new Date(card.expiresAt).getTime() - before) / (30.44 * 86_400_000);
    expect(months).toBeGreaterThan(11.9);
    expect(months).toBeLessThan(12.1);

    const typed = card.code.toLowerCase().replace(/-/g, ' ');
    expect((await staff(request(server()).get('/api/admin/gift-cards').query({ q: typed })).expect(200)).body.data.map((found: GiftCardView) => found.id)).toEqual([card.id]);
    expect((await staff(request(server()).get('/api/admin/gift-cards').query({ q: email })).expect(200)).body.data.map((found: GiftCardView) => found.id)).toEqual([card.id]);
    expect((await cardOf(card.id)).entries).toEqual([expect.objectContaining({ kind: 'issue', amountSek: 750, balanceAfterSek: 750, actor: expect.stringContaining('@'), note: 'Ersättning för inställd tur' })]);
    const log = (await staff(request(server()).get('/api/admin/audit-log')).expect(200)).body.data as { action: string; target: string; details: string }[];
    const entry = log.find((item) => item.action === 'gift-card.issue' && item.target === `gift-card:${card.id}`)!;
    expect(JSON.parse(entry.details)).toMatchObject({ amountSek: 750, endsWith: card.code.slice(-4) });

    // Refused in Swedish: no reason, too little, not a whole number; and nobody without a login.
    const refused = await staff(request(server()).post('/api/admin/gift-cards').send({ amountSek: 10.5 })).expect(400);
    expect(refused.body.fields).toMatchObject({ amountSek: expect.arrayContaining(['Beloppet måste vara ett helt antal kronor']), note: expect.arrayContaining(['Skriv varför kortet ges ut']) });
    await request(server()).post('/api/admin/gift-cards').send({ amountSek: 500, note: 'Gratis' }).expect(401);
    await request(server()).get('/api/admin/gift-cards').expect(401);
  });

  it('A card that covers the total pays it all: confirmed without Stripe, the rest left on the card, and the mail says how it was paid', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const card = await issue(5000);
    const booking = await hold(departure.id, 2);
    const sessions = sut.standIn.callsTo('/v1/checkout/sessions').length;
    const answer = await checkout(booking.reference, card.code.toLowerCase()).expect(200);
    expect(answer.body.redirectUrl).toBe(`/success/?booking=${booking.reference}`);
    expect(sut.standIn.callsTo('/v1/checkout/sessions')).toHaveLength(sessions);

    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'confirmed', paymentMethod: 'gift_card', paymentStatus: 'paid', paidAmountOre: 390_000, giftCardOre: 390_000, giftCardId: card.id });
    const { card: after, entries } = await cardOf(card.id);
    expect(after.balanceSek).toBe(1100);
    expect(entries.at(-1)).toMatchObject({ kind: 'redeem', amountSek: -3900, balanceAfterSek: 1100, bookingReference: booking.reference });
    const summary = (await request(server()).get(`/api/bookings/${booking.reference}`).expect(200)).body as BookingSummary;
    expect(summary).toMatchObject({ status: 'confirmed', paymentMethod: 'gift_card', giftCardSek: 3900 });

    const since = Date.now() - 60_000;
    await deliverMail(sut.app);
    const mail = outboxMails(outbox, since).find((item) => item.includes(booking.reference) && item.includes('Booking confirmed'))!;
    expect(mail).toContain('Paid with a gift card');
  });

  it('Money back to a card whose term ended gives it a new term; money back to a voided card is flagged to staff, not lost in silence', async () => {
    const expiring = await issue(5000);
    const first = await hold((await createTestDeparture(dataSource(), SNOWMOBILE)).id, 2);
    await checkout(first.reference, expiring.code).expect(200);
    // The card's term ends after it paid; then staff cancel the booking.
    await dataSource().getRepository(GiftCard).update({ id: expiring.id }, { expiresAt: new Date(Date.now() - 86_400_000) });
    await staff(request(server()).post(`/api/admin/bookings/${first.reference}/cancel`)).expect(200);
    const renewed = await cardOf(expiring.id);
    expect(renewed.card).toMatchObject({ balanceSek: 5000, expired: false });
    expect(new Date(renewed.card.expiresAt).getTime()).toBeGreaterThan(Date.now() + 330 * 86_400_000);
    expect(renewed.entries.at(-1)).toMatchObject({ kind: 'refund', amountSek: 3900 });
    expect(renewed.entries.at(-1)!.note).toContain('giltigt igen till');

    const voided = await issue(5000);
    const second = await hold((await createTestDeparture(dataSource(), SNOWMOBILE)).id, 2);
    await checkout(second.reference, voided.code).expect(200);
    await staff(request(server()).post(`/api/admin/gift-cards/${voided.id}/void`).send({ note: 'Stulet kort' })).expect(200);
    await staff(request(server()).post(`/api/admin/bookings/${second.reference}/cancel`)).expect(200);
    expect((await bookingOf(second.reference)).attention).toContain('makulerade presentkortet');
    expect((await cardOf(voided.id)).card).toMatchObject({ status: 'void' });
  });

  it('A card that covers part: Stripe is asked for the rest only, and the card pays its share with that payment, not before', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const card = await issue(1000);
    const booking = await hold(departure.id, 2);
    const answer = await checkout(booking.reference, card.code).expect(200);
    const sessionId = sessionOf(answer.body.redirectUrl);
    const call = sut.standIn.callsTo('/v1/checkout/sessions').at(-1)!;
    expect(call.body.get('line_items[0][price_data][unit_amount]')).toBe(String(2900 * 100));
    expect(call.body.get('line_items[0][quantity]')).toBe('1');
    expect(call.body.get('line_items[0][price_data][product_data][name]')).toContain('gift card');
    expect(call.body.has('line_items[1][quantity]')).toBe(false);
    // Nothing is taken from the card while the guest is on Stripe's page (a hold that lapses owes the card nothing).
    expect((await cardOf(card.id)).card.balanceSek).toBe(1000);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'held', giftCardId: card.id, giftCardOre: 100_000 });

    await pay(sessionId).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'confirmed', paymentMethod: 'stripe', paymentStatus: 'paid', paidAmountOre: 390_000, giftCardOre: 100_000 });
    expect((await cardOf(card.id)).card.balanceSek).toBe(0);

    // Cancelled by staff: each part goes back where it came from, the card's at once, the card payment through Stripe.
    await staff(request(server()).post(`/api/admin/bookings/${booking.reference}/cancel`)).expect(200);
    expect((await cardOf(card.id)).card.balanceSek).toBe(1000);
    expect((await cardOf(card.id)).entries.at(-1)).toMatchObject({ kind: 'refund', amountSek: 1000, bookingReference: booking.reference });
    const refunds = await refundsOf(booking.reference);
    expect(refunds.map((refund) => [refund.paymentIntentId.startsWith('giftcard:') ? 'gift card' : 'card', refund.amountOre, refund.status])).toEqual(
      expect.arrayContaining([
        // The refund worker may have made it already: it is told of new refunds at once.
        ['card', 290_000, expect.stringMatching(/^(pending|succeeded)$/)],
        ['gift card', 100_000, 'succeeded'],
      ]),
    );
    expect(refunds).toHaveLength(2);
    await settleRefunds(sut.app);
    expect(sut.standIn.callsTo('/v1/refunds').at(-1)!.body.get('amount')).toBe('290000');
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', giftCardOre: 0 });
  });

  it('A dearer change of a booking paid by card takes a gift card for the difference instead of a second card payment', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const booking = await hold(departure.id, 1);
    await pay(sessionOf((await checkout(booking.reference).expect(200)).body.redirectUrl)).expect(200);
    const card = await issue(5000);
    const link = await manageToken(sut.app, booking.reference);
    const sessions = sut.standIn.callsTo('/v1/checkout/sessions').length;
    const changed = await request(server()).post(`/api/manage/${link}/change`).send({ guests: 2, giftCardCode: card.code }).expect(200);
    expect(changed.body.paymentUrl).toBeUndefined();
    expect(sut.standIn.callsTo('/v1/checkout/sessions')).toHaveLength(sessions);
    expect(await bookingOf(booking.reference)).toMatchObject({ guests: 2, totalSek: 3900, paymentMethod: 'stripe', paymentStatus: 'paid', paidAmountOre: 390_000, giftCardOre: 195_000 });
    expect((await cardOf(card.id)).card.balanceSek).toBe(3050);

    // Back to one guest in the free period: the newest payment (the gift card's) goes back first, to the card.
    await request(server()).post(`/api/manage/${link}/change`).send({ guests: 1 }).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ totalSek: 1950, paymentStatus: 'paid', paidAmountOre: 195_000, giftCardOre: 0 });
    expect((await cardOf(card.id)).card.balanceSek).toBe(5000);
    expect((await refundsOf(booking.reference)).filter((refund) => refund.status === 'pending')).toEqual([]);
  });

  it('A checkout again without the code pays the whole total by card: the card noted before is taken back and its session closed', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const card = await issue(1000);
    const booking = await hold(departure.id, 2);
    const withCard = sessionOf((await checkout(booking.reference, card.code).expect(200)).body.redirectUrl);
    const without = sessionOf((await checkout(booking.reference).expect(200)).body.redirectUrl);
    expect(without).not.toBe(withCard);
    expect(sut.standIn.callsTo('/v1/checkout/sessions').at(-1)!.body.get('line_items[0][quantity]')).toBe('2');
    expect(await bookingOf(booking.reference)).toMatchObject({ giftCardId: null, giftCardOre: 0, stripeSessionId: without });
    await waitFor(() => sut.standIn.sessions.get(withCard)?.status === 'expired', { what: 'the session for the rest closed' });
    // The whole total paid: confirmed, and the card untouched.
    await pay(without).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'confirmed', paidAmountOre: 390_000, giftCardOre: 0 });
    expect((await cardOf(card.id)).card.balanceSek).toBe(1000);
  });

  it('Two bookings paying the rest by card with the same card at once: the card pays one share, the other payment goes back', async () => {
    const card = await issue(2000);
    const bookings = [await hold((await createTestDeparture(dataSource(), SNOWMOBILE)).id, 2), await hold((await createTestDeparture(dataSource(), SNOWMOBILE)).id, 2)];
    const sessions: string[] = [];
    for (const booking of bookings) sessions.push(sessionOf((await checkout(booking.reference, card.code).expect(200)).body.redirectUrl));
    // Both noted the card's whole balance; both guests pay at the same moment.
    await Promise.all(sessions.map((sessionId) => pay(sessionId).expect(200)));

    const after = await Promise.all(bookings.map((booking) => bookingOf(booking.reference)));
    const confirmed = after.filter((booking) => booking.status === 'confirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({ paidAmountOre: 390_000, giftCardOre: 200_000 });
    const refused = after.find((booking) => booking.status !== 'confirmed')!;
    expect(refused).toMatchObject({ status: 'held', paymentStatus: 'refund_pending' });
    expect((await refundsOf(refused.reference)).map((refund) => [refund.cause.replace(/-pi_.*/, ''), refund.amountOre])).toEqual([['gift-card-spent', 190_000]]);
    const { card: spent, entries } = await cardOf(card.id);
    expect(spent.balanceSek).toBe(0);
    expect(entries.filter((entry) => entry.kind === 'redeem')).toHaveLength(1);
  });

  it('Refuses an unknown, voided, expired or used-up card in the language of the booking, and changes nothing', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const booking = await hold(departure.id, 1, 'sv');
    const unknown = await checkout(booking.reference, 'ABCD-EFGH-JKMN').expect(404);
    expect(unknown.body).toMatchObject({ message: 'Vi känner inte igen den presentkortskoden. Jämför den med ditt kort (den har 12 bokstäver och siffror).', reason: 'unknown' });
    await checkout(booking.reference, 'not a code at all').expect(404);

    const voided = await issue(500);
    await staff(request(server()).post(`/api/admin/gift-cards/${voided.id}/void`).send({ note: 'Såld av misstag' })).expect(200);
    expect((await checkout(booking.reference, voided.code).expect(400)).body).toMatchObject({ message: 'Presentkortet gäller inte längre. Ring oss.', reason: 'void' });
    expect((await cardOf(voided.id)).entries.map((entry) => [entry.kind, entry.amountSek, entry.balanceAfterSek])).toEqual([
      ['issue', 500, 500],
      ['void', -500, 0],
    ]);
    await staff(request(server()).post(`/api/admin/gift-cards/${voided.id}/void`).send({ note: 'Igen' })).expect(409);

    const expired = await issue(500);
    await dataSource().getRepository(GiftCard).update({ id: expired.id }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await checkout(booking.reference, expired.code).expect(400)).body.reason).toBe('expired');

    const used = await issue(1950);
    await checkout((await hold(departure.id, 1)).reference, used.code).expect(200);
    expect((await checkout(booking.reference, used.code).expect(400)).body).toMatchObject({ message: 'Presentkortet är förbrukat.', reason: 'empty' });

    // Still a hold, nothing noted, nothing taken from any card.
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'held', giftCardId: null, giftCardOre: 0, paymentStatus: 'unpaid' });
    expect((await cardOf(expired.id)).card.balanceSek).toBe(500);
  });

  it('Sells a card on the site: pending until Stripe says it is paid, then mailed to the buyer at once and to the recipient on the day chosen, once however often Stripe says so', async () => {
    const tomorrow = kirunaDate(new Date(Date.now() + 86_400_000));
    const buyerEmail = aGuestEmail();
    const recipientEmail = aGuestEmail();
    const started = await request(server())
      .post('/api/gift-cards')
      .set('X-Forwarded-For', newClientAddress())
      .send({ amountSek: 1500, buyerName: 'Erik Lind', buyerEmail, recipientName: 'Anna Berg', recipientEmail, message: 'Grattis! Nu ska vi se norrsken.', sendOn: tomorrow, language: 'sv' })
      .expect(201);
    const sessionId = sessionOf(started.body.redirectUrl);
    const call = sut.standIn.callsTo('/v1/checkout/sessions').at(-1)!;
    expect(call.body.get('line_items[0][price_data][unit_amount]')).toBe('150000');
    expect(call.body.get('locale')).toBe('sv');
    const success = call.body.get('success_url')!;
    expect(success).toMatch(/^https:\/\/norrsken\.test\/sv\/gift-cards\/card\/\?token=[\w-]+\.[\w-]+&paid=1$/);
    const token = /token=([\w-]+\.[\w-]+)/.exec(success)![1];

    // Not paid yet: no code on its page, and its code pays nothing.
    const card = await dataSource().getRepository(GiftCard).findOneByOrFail({ stripeSessionId: sessionId });
    expect(card).toMatchObject({ status: 'pending', balanceOre: 0, initialOre: 150_000, origin: 'purchase', buyerEmail, recipientEmail });
    expect((await request(server()).get(`/api/gift-cards/card/${token}`).expect(200)).body).toMatchObject({ status: 'pending', code: null, amountSek: 1500 });
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    expect((await checkout((await hold(departure.id, 1)).reference, card.code).expect(404)).body.reason).toBe('unknown');

    // Stripe says it is paid, twice (a redelivery) and once more under another event id.
    const paid = sut.standIn.pay(sessionId);
    await sendStripeEvent(server(), 'checkout.session.completed', paid, `evt_gift_${sessionId}`).expect(200);
    await sendStripeEvent(server(), 'checkout.session.completed', paid, `evt_gift_${sessionId}`).expect(200);
    await sendStripeEvent(server(), 'checkout.session.completed', paid).expect(200);
    const { card: active, entries } = await cardOf(card.id);
    expect(active).toMatchObject({ status: 'active', balanceSek: 1500, origin: 'purchase' });
    expect(entries).toEqual([expect.objectContaining({ kind: 'issue', amountSek: 1500 })]);
    expect((await request(server()).get(`/api/gift-cards/card/${token}`).expect(200)).body).toMatchObject({ status: 'active', code: active.code, recipientName: 'Anna Berg', message: 'Grattis! Nu ska vi se norrsken.', language: 'sv' });
    await request(server()).get('/api/gift-cards/card/not-a-token').expect(404);

    // The buyer's receipt goes now; the recipient's card waits for the day, and goes once.
    const mails = await dataSource().getRepository(OutboxMail).find({ where: [{ recipient: buyerEmail }, { recipient: recipientEmail }] });
    expect(mails.map((mail) => [mail.recipient, mail.topic])).toEqual(expect.arrayContaining([[buyerEmail, 'gift-card.bought'], [recipientEmail, 'gift-card.received']]));
    expect(mails).toHaveLength(2);
    const toRecipient = mails.find((mail) => mail.recipient === recipientEmail)!;
    expect(toRecipient.status).toBe('pending');
    expect(kirunaDate(toRecipient.nextAttemptAt)).toBe(tomorrow);
    expect(toRecipient.subject).toBe('Ett presentkort till dig från Erik Lind: Norrsken Arctic Tours');
    const since = Date.now() - 60_000;
    await deliverMail(sut.app);
    const receipt = outboxMails(outbox, since).find((mail) => mail.includes(`To: ${buyerEmail}`))!;
    expect(receipt).toContain(active.code);
    expect(receipt).toContain('Tack, Erik Lind! Ditt presentkort på 1\u00a0500 kr är betalt och klart.');
    // A card for any tour is a multi-purpose voucher: the receipt says no VAT is charged until it is used.
    expect(receipt).toContain('Norrsken Arctic Tours AB, org.nr 559123-4567, momsreg.nr SE559123456701');
    expect(receipt).toContain('är en flerfunktionsvoucher: ingen moms tas ut nu');
    expect((await dataSource().getRepository(OutboxMail).findOneByOrFail({ id: toRecipient.id })).status).toBe('pending');

    // Now it pays: its 1,500 kr of a 1,950 kr booking, the rest by card.
    const booking = await hold(departure.id, 1);
    expect((await checkout(booking.reference, active.code).expect(200)).body.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(await bookingOf(booking.reference)).toMatchObject({ giftCardId: card.id, giftCardOre: 150_000 });
  });

  it('Sells a card for a named tour and guests: its price today, VAT charged at the sale; it pays for that tour only, and its use is no second sale in the books', async () => {
    const month = kirunaDate(new Date()).slice(0, 7);
    const report = async () => (await staff(request(server()).get('/api/admin/accounts/sales').query({ from: month, to: month })).expect(200)).body.data as SalesReportLine[];
    const sales6 = (lines: SalesReportLine[]) => lines.filter((line) => line.item === 'sales' && line.rate === 6).reduce((sum, line) => sum + line.grossOre, 0);
    const sold = (lines: SalesReportLine[]) => lines.filter((line) => line.item === 'gift-cards-sold').reduce((sum, line) => sum + line.grossOre, 0);
    const before = await report();

    const buyerEmail = aGuestEmail();
    // The car chase: 1,895 kr a guest, sold at 6 % (passenger transport).
    const answer = await request(server()).post('/api/gift-cards').set('X-Forwarded-For', newClientAddress()).send({ tourSlug: CAR_CHASE, guests: 2, buyerName: 'Erik Lind', buyerEmail, language: 'en' }).expect(201);
    const sessionId = /pay\/(cs_test_\d+)$/.exec(answer.body.redirectUrl)![1];
    const call = sut.standIn.callsTo('/v1/checkout/sessions').at(-1)!;
    expect(call.body.get('line_items[0][price_data][unit_amount]')).toBe(String(2 * 1895 * 100));
    expect(call.body.get('line_items[0][price_data][product_data][name]')).toContain('Northern Lights Car Chase');
    await sendStripeEvent(server(), 'checkout.session.completed', sut.standIn.pay(sessionId)).expect(200);
    const card = await dataSource().getRepository(GiftCard).findOneByOrFail({ stripeSessionId: sessionId });
    expect(card).toMatchObject({ kind: 'tour', guests: 2, status: 'active', balanceOre: 2 * 1895 * 100 });
    expect((await cardOf(card.id)).card).toMatchObject({ kind: 'tour', tour: { id: card.tourId, title: 'Northern Lights Car Chase from Kiruna', guests: 2 } });
    const token = /token=([\w-]+\.[\w-]+)/.exec(call.body.get('success_url')!)![1];
    expect((await request(server()).get(`/api/gift-cards/card/${token}`).expect(200)).body).toMatchObject({ amountSek: 3790, tour: { slug: CAR_CHASE, guests: 2 } });
    const since = Date.now() - 60_000;
    await deliverMail(sut.app);
    const receipt = outboxMails(outbox, since).find((mail) => mail.includes(`To: ${buyerEmail}`))!;
    expect(receipt).toContain('single-purpose voucher');
    expect(receipt).toContain('(6 %)');

    // Sold: tour sales at 6 % now, no gift card debt.
    const afterSale = await report();
    expect(sales6(afterSale) - sales6(before)).toBe(379_000);
    expect(sold(afterSale) - sold(before)).toBe(0);

    // Another tour: refused, in the booking's language; its own tour: it pays.
    const other = await hold((await createTestDeparture(dataSource(), SNOWMOBILE)).id, 1);
    expect((await checkout(other.reference, formatGiftCardCode(card.code)).expect(400)).body).toMatchObject({ reason: 'other-tour' });
    const own = await hold((await createTestDeparture(dataSource(), CAR_CHASE)).id, 2);
    expect((await checkout(own.reference, card.code).expect(200)).body.redirectUrl).toBe(`/success/?booking=${own.reference}`);
    expect(await bookingOf(own.reference)).toMatchObject({ status: 'confirmed', paymentMethod: 'gift_card', paymentStatus: 'paid' });
    // Its use is not sold again; nor is what a cancellation gives back onto it taken back from the sales.
    expect(sales6(await report()) - sales6(afterSale)).toBe(0);
    await staff(request(server()).post(`/api/admin/bookings/${own.reference}/cancel`)).expect(200);
    const afterCancel = await report();
    expect(afterCancel.filter((line) => line.item === 'refunds' && line.rate === 6).reduce((sum, line) => sum + line.grossOre, 0) - before.filter((line) => line.item === 'refunds' && line.rate === 6).reduce((sum, line) => sum + line.grossOre, 0)).toBe(0);
    expect((await cardOf(card.id)).card.balanceSek).toBe(3790);
  });

  it('Refuses a purchase with bad fields, each named', async () => {
    const refused = await request(server())
      .post('/api/gift-cards')
      .set('X-Forwarded-For', newClientAddress())
      .send({ amountSek: 100, buyerName: '', buyerEmail: 'nope', recipientEmail: 'anna@example.com', sendOn: '24/12', language: 'fr' })
      .expect(400);
    expect(refused.body.fields).toMatchObject({
      amountSek: ['amountSek must be a whole number of kronor from 300 to 20000'],
      buyerName: expect.arrayContaining(['buyerName is required']),
      buyerEmail: ['buyerEmail must be a valid email address'],
      recipientName: expect.arrayContaining(['recipientName is required when the card is mailed to someone']),
      sendOn: ['sendOn must be a date such as 2026-12-24'],
      language: ['language must be one of en, sv, de'],
    });
    // A named tour: for one to eight guests, and a tour we sell.
    const buyer = { buyerName: 'Erik Lind', buyerEmail: 'erik@example.com', language: 'en' };
    const tooMany = await request(server()).post('/api/gift-cards').set('X-Forwarded-For', newClientAddress()).send({ ...buyer, tourSlug: CAR_CHASE, guests: 9 }).expect(400);
    expect(tooMany.body.fields).toEqual({ guests: ['guests must be a whole number from 1 to 8 with a tour'] });
    const unknown = await request(server()).post('/api/gift-cards').set('X-Forwarded-For', newClientAddress()).send({ ...buyer, tourSlug: 'no-such-tour', guests: 2 }).expect(404);
    expect(unknown.body.fields).toEqual({ tourSlug: ['tourSlug must be a tour we sell'] });
  });

  it('Counts the codes an address tries: past twenty in an hour it may try none, and is told so in its language', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const booking = await hold(departure.id, 1, 'de');
    const from = newClientAddress();
    for (let attempt = 0; attempt < 20; attempt++) await checkout(booking.reference, `WRONG-CODE-${String(attempt).padStart(2, '0')}`, from).expect(404);
    const card = await issue(5000);
    // Even a right code is refused now: the address has used its tries.
    const blocked = await checkout(booking.reference, card.code, from).expect(429);
    expect(blocked.body.message).toBe('Zu viele falsche Gutscheincodes von Ihrer Adresse. Bitte warten Sie eine Stunde oder rufen Sie uns an.');
    // Another address is not held back by it.
    await checkout(booking.reference, card.code).expect(200);
  });
});

describe('Gift cards paying on arrival (MySQL, no card payments)', () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  let token = '';
  beforeAll(async () => {
    token = await staffToken(dataSource(), sut.server);
  });
  const { staff, issue, cardOf, hold, checkout, bookingOf, manageToken } = giftCardCalls(() => sut.server, () => token, dataSource);

  it('Sells no card without card payments, and says how to buy one', async () => {
    const refused = await request(sut.server).post('/api/gift-cards').set('X-Forwarded-For', newClientAddress()).send({ amountSek: 1000, buyerName: 'Erik Lind', buyerEmail: aGuestEmail(), language: 'en' }).expect(409);
    expect(refused.body.message).toBe('Gift cards are sold by card payment, which is not set up here. Please call us to buy one.');
  });

  it('Without card payments a card pays its share and the rest is due on arrival', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const card = await issue(1000);
    const booking = await hold(departure.id, 2);
    await checkout(booking.reference, card.code).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'confirmed', paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival', paidAmountOre: 100_000, giftCardOre: 100_000 });
    expect((await cardOf(card.id)).card.balanceSek).toBe(0);
    const view = (await request(sut.server).get(`/api/manage/${await manageToken(sut.app, booking.reference)}`).expect(200)).body;
    expect(view).toMatchObject({ giftCardSek: 1000, totalSek: 3900 });
  });

  it('Staff take a phone booking the guest pays partly with a gift card read out on the phone; a card that cannot pay is refused in Swedish', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const card = await issue(1000);
    const phoneBooking = (giftCardCode: string, payment: 'on_arrival' | 'paid' = 'on_arrival') =>
      staff(request(sut.server).post('/api/admin/bookings')).send({ departureId: departure.id, guests: 2, name: 'Cecilia Telefon', email: aGuestEmail(), payment, notify: false, giftCardCode });
    const taken = (await phoneBooking(card.code.toLowerCase()).expect(201)).body as { reference: string };
    expect(await bookingOf(taken.reference)).toMatchObject({ status: 'confirmed', paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival', paidAmountOre: 100_000, giftCardOre: 100_000, giftCardId: card.id });
    expect((await cardOf(card.id)).card.balanceSek).toBe(0);
    expect((await phoneBooking(card.code).expect(400)).body.message).toBe('Presentkortet är förbrukat.');

    // Paid at the desk for the rest: the card's share and the cash are each what they are.
    const second = await issue(5000);
    const desk = (await phoneBooking(second.code, 'paid').expect(201)).body as { reference: string };
    expect(await bookingOf(desk.reference)).toMatchObject({ paymentMethod: 'gift_card', paymentStatus: 'paid', paidAmountOre: 390_000, giftCardOre: 390_000 });
    expect((await cardOf(second.id)).card.balanceSek).toBe(1100);
  });

  it('A dearer change through the manage link takes a gift card for the difference: it pays what it covers, the rest is due on arrival', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const booking = await hold(departure.id, 1);
    await checkout(booking.reference).expect(200);
    const card = await issue(1000);
    const link = await manageToken(sut.app, booking.reference);
    const wrong = await request(sut.server).post(`/api/manage/${link}/change`).send({ guests: 2, giftCardCode: 'AAAA-BBBB-CCCC' }).expect(404);
    expect(wrong.body.reason).toBe('unknown');
    expect(await bookingOf(booking.reference)).toMatchObject({ guests: 1, totalSek: 1950 });

    await request(sut.server).post(`/api/manage/${link}/change`).send({ guests: 2, giftCardCode: card.code }).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ guests: 2, totalSek: 3900, paymentStatus: 'due_on_arrival', paidAmountOre: 100_000, giftCardOre: 100_000, giftCardId: card.id });
    expect((await cardOf(card.id)).card.balanceSek).toBe(0);
    const view = (await request(sut.server).get(`/api/manage/${link}`).expect(200)).body;
    expect(view).toMatchObject({ giftCardSek: 1000, totalSek: 3900 });
  });

  it('Ten bookings spend one card at once: it never pays more than it holds', async () => {
    const card = await issue(2000);
    const bookings = await Promise.all(Array.from({ length: 10 }, async () => hold((await createTestDeparture(dataSource(), SNOWMOBILE)).id, 1)));
    const answers = await Promise.all(bookings.map((booking) => checkout(booking.reference, card.code)));
    const rows = await Promise.all(bookings.map((booking) => bookingOf(booking.reference)));

    // One pays 1,950 kr in full, the next the 50 kr left with the rest due; the card is then empty for the other eight.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.reason)).toEqual(Array(8).fill('empty'));
    expect(rows.reduce((sum, row) => sum + row.giftCardOre, 0)).toBe(200_000);
    expect(rows.filter((row) => row.status === 'held')).toHaveLength(8);
    const { card: spent, entries } = await cardOf(card.id);
    expect(spent.balanceSek).toBe(0);
    expect(entries.filter((entry) => entry.kind === 'redeem').map((entry) => entry.amountSek).sort((a, b) => a - b)).toEqual([-1950, -50]);
  });

  it('A change or a cancellation gives what the card paid back to the card: a cheaper party at once, a dearer one due on arrival', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const card = await issue(5000);
    const booking = await hold(departure.id, 2);
    await checkout(booking.reference, card.code).expect(200);
    expect((await cardOf(card.id)).card.balanceSek).toBe(1100);
    const link = await manageToken(sut.app, booking.reference);

    // Three guests: the card paid for two; the third is due on arrival.
    await request(sut.server).post(`/api/manage/${link}/change`).send({ guests: 3 }).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ totalSek: 5850, paymentStatus: 'due_on_arrival', paidAmountOre: 390_000, giftCardOre: 390_000 });
    expect((await cardOf(card.id)).card.balanceSek).toBe(1100);

    // One guest: the card gets back what it paid beyond the new total.
    await request(sut.server).post(`/api/manage/${link}/change`).send({ guests: 1 }).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ totalSek: 1950, paymentStatus: 'paid', paidAmountOre: 195_000, giftCardOre: 195_000 });
    expect((await cardOf(card.id)).card.balanceSek).toBe(3050);

    // Cancelled in the free period: the rest goes back to the card, and the booking is refunded at once.
    await request(sut.server).post(`/api/manage/${link}/cancel`).expect(200);
    expect(await bookingOf(booking.reference)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', giftCardOre: 0 });
    const { card: after, entries } = await cardOf(card.id);
    expect(after.balanceSek).toBe(5000);
    expect(entries.map((entry) => [entry.kind, entry.amountSek])).toEqual([
      ['issue', 5000],
      ['redeem', -3900],
      ['refund', 1950],
      ['refund', 1950],
    ]);
    const since = Date.now() - 60_000;
    await deliverMail(sut.app);
    expect(outboxMails(outbox, since).find((mail) => mail.includes(booking.reference) && mail.includes('back on the card'))).toBeDefined();
  });
});
