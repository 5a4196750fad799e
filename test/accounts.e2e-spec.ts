import iconv from 'iconv-lite';
import request from 'supertest';
import { DataSource } from 'typeorm';

import type { GiftCardView } from '../shared/admin-types';
import { salesReport, type MoneyEvent, type SalesReportLine } from '../shared/accounts';
import type { BookingSummary } from '../shared/api-types';
import { kirunaDate } from '../shared/company';
import { MoneyEvents } from '../src/bookings/money-events.service';
import { settleRefunds, useCardPaymentApp } from './support/app';
import { aGuestEmail } from './support/bookings';
import { createTestDeparture, newClientAddress } from './support/fixtures';
import { sendStripeEvent } from './support/stripe-stand-in';

// 1,895 kr at 6 % (passenger transport); 1,950 kr at 25 %.
const CAR_CHASE = 'northern-lights-car-chase-kiruna';
const SNOWMOBILE = 'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour';

/** An SIE 4 file read back: its labelled lines, and each verification's transactions (account, object, öre). */
function readSie(bytes: Buffer) {
  const text = iconv.decode(bytes, 'cp437');
  const lines = text.split('\r\n');
  const verifications: { head: string; trans: { account: string; object: string; ore: number }[] }[] = [];
  for (const line of lines) {
    if (line.startsWith('#VER ')) verifications.push({ head: line, trans: [] });
    const trans = /^\s+#TRANS (\d{4}) (\{[^}]*\}) (-?\d+\.\d{2})$/.exec(line);
    if (trans) verifications.at(-1)!.trans.push({ account: trans[1], object: trans[2], ore: Math.round(Number(trans[3]) * 100) });
  }
  return { text, lines, verifications };
}

describe('The books: the monthly sales report and the SIE 4 file agree (MySQL, Stripe stand-in)', () => {
  const sut = useCardPaymentApp();
  const server = () => sut.app.getHttpServer();
  const dataSource = () => sut.app.get(DataSource);
  const staff = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${sut.token}`);
  const hold = async (body: object) => (await request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ name: 'Bok Föring', email: aGuestEmail(), ...body }).expect(201)).body as BookingSummary;
  const checkout = async (reference: string, giftCardCode?: string) => {
    const started = await request(server()).post(`/api/bookings/${reference}/checkout`).set('X-Forwarded-For', newClientAddress()).send(giftCardCode ? { giftCardCode } : {}).expect(200);
    await sendStripeEvent(server(), 'checkout.session.completed', sut.standIn.pay(/pay\/(cs_test_\d+)$/.exec(started.body.redirectUrl)![1])).expect(200);
  };

  it('Books card payments, a gift card spent, refunds to a card and onto a gift card, cards issued and voided: every verification balances, and the accounts\' totals are the report\'s', async () => {
    const month = kirunaDate(new Date()).slice(0, 7);
    const monthOf = (at: Date) => kirunaDate(at).slice(0, 7);
    const line = (lines: SalesReportLine[], item: SalesReportLine['item'], rate: number | null = null, channel: string | null = null) =>
      lines.filter((found) => found.item === item && (rate === null || found.rate === rate) && (channel === null || found.channel === channel)).reduce((sum, found) => sum + found.grossOre, 0);

    // 3,790 kr by card at 6 %, then cancelled by staff and refunded.
    const chase = await hold({ departureId: (await createTestDeparture(dataSource(), CAR_CHASE)).id, guests: 2 });
    await checkout(chase.reference);
    await staff(request(server()).post(`/api/admin/bookings/${chase.reference}/cancel`)).expect(200);
    await settleRefunds(sut.app);
    // 1,950 kr at 25 %: 1,000 kr from a card staff issued, 950 kr by card.
    const card = (await staff(request(server()).post('/api/admin/gift-cards')).send({ amountSek: 1000, note: 'Ersättning' }).expect(201)).body as GiftCardView;
    const sled = await hold({ departureId: (await createTestDeparture(dataSource(), SNOWMOBILE)).id, guests: 1 });
    await checkout(sled.reference, card.code);
    // …then cancelled by staff: 950 kr back to the card it was paid with, 1,000 kr back onto the gift card (each once).
    await staff(request(server()).post(`/api/admin/bookings/${sled.reference}/cancel`)).expect(200);
    await settleRefunds(sut.app);
    // A card of 300 kr voided unused.
    const voided = (await staff(request(server()).post('/api/admin/gift-cards')).send({ amountSek: 300, note: 'Fel' }).expect(201)).body as GiftCardView;
    await staff(request(server()).post(`/api/admin/gift-cards/${voided.id}/void`)).send({ note: 'Utgiven av misstag' }).expect(200);

    // The report, the file and the money's events of the same month, read until nothing else (another suite running
    // at the same time) booked between them.
    let report: SalesReportLine[] = [];
    let events: MoneyEvent[] = [];
    let sie: ReturnType<typeof readSie> | undefined;
    const since = new Date(`${month}-01T00:00:00Z`);
    const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).toISOString().slice(0, 10);
    for (let tries = 0; tries < 5; tries++) {
      report = (await staff(request(server()).get('/api/admin/accounts/sales').query({ from: month, to: month })).expect(200)).body.data;
      const file = await staff(request(server()).get('/api/admin/accounts/sie').query({ from: `${month}-01`, to: lastDay })).buffer(true).parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="norrsken-${month}-01-${lastDay}.se"`);
      sie = readSie(file.body as Buffer);
      events = await sut.app.get(MoneyEvents).between(new Date(since.getTime() - 86_400_000), new Date(Date.now() + 86_400_000));
      const again = (await staff(request(server()).get('/api/admin/accounts/sales').query({ from: month, to: month })).expect(200)).body.data;
      if (JSON.stringify(again) === JSON.stringify(report)) break;
    }

    // The report is the month's money (other suites' too), and what this test did is in it as it should be: its own
    // events, picked out by booking and card, make exactly these lines.
    expect(report).toEqual(salesReport(events.filter((event) => monthOf(event.at) === month), monthOf));
    const mine = salesReport(
      events.filter((event) => ('reference' in event ? [chase.reference, sled.reference].includes(event.reference) : [card.id, voided.id].includes(event.card))),
      monthOf,
    );
    expect(line(mine, 'sales', 6, 'online')).toBe(3790_00);
    expect(line(mine, 'refunds', 6, 'online')).toBe(3790_00);
    expect(line(mine, 'sales', 25, 'online')).toBe(1950_00);
    expect(line(mine, 'gift-cards-issued')).toBe(1300_00);
    expect(line(mine, 'gift-cards-redeemed')).toBe(1000_00);
    expect(line(mine, 'gift-cards-voided')).toBe(300_00);
    expect(line(mine, 'refunds', 25, 'online')).toBe(1950_00);
    expect(line(mine, 'gift-cards-returned')).toBe(1000_00);
    expect(mine.reduce((sum, found) => sum + found.grossOre, 0)).toBe(3790_00 * 2 + 1950_00 * 2 + 1300_00 + 1000_00 * 2 + 300_00);

    // The file: SIE 4 in PC8, the company and its year, the accounts it uses named.
    const { lines, verifications, text } = sie!;
    expect(lines.slice(0, 5)).toEqual(['#FLAGGA 0', '#PROGRAM "Norrsken Arctic Tours" "1.0"', '#FORMAT PC8', `#GEN ${kirunaDate(new Date()).replace(/-/g, '')}`, '#SIETYP 4']);
    expect(lines).toContain('#ORGNR 559123-4567');
    expect(lines).toContain(`#RAR 0 ${month.slice(0, 4)}0101 ${month.slice(0, 4)}1231`);
    // (3001 and 3003 may not be there: a day's sale and its refund at a rate come to nothing in its verification.)
    expect(lines).toContain('#KONTO 2421 "Ej inlösta presentkort"');
    expect(lines).toContain('#OBJEKT 20 "online" "Webbplatsen"');
    expect(text).not.toContain('\uFFFD');
    const used = new Set(verifications.flatMap((verification) => verification.trans.map((trans) => trans.account)));
    for (const account of used) expect(lines.some((found) => found.startsWith(`#KONTO ${account} `))).toBe(true);
    // Every verification balances to the öre, one a day, numbered in order.
    verifications.forEach((verification, index) => {
      expect(verification.head).toMatch(new RegExp(`^#VER A ${index + 1} ${month.replace('-', '')}\\d\\d "`));
      expect(verification.trans.reduce((sum, trans) => sum + trans.ore, 0)).toBe(0);
    });
    // The accounts' totals (credit positive) are the report's: sales net and VAT by rate, the gift card debt.
    const account = (number: string) => 0 - verifications.flatMap((verification) => verification.trans).filter((trans) => trans.account === number).reduce((sum, trans) => sum + trans.ore, 0);
    const reported = (field: 'netOre' | 'vatOre', rate: number) => report.filter((found) => found.rate === rate).reduce((sum, found) => sum + (found.item === 'sales' ? 1 : -1) * found[field], 0);
    for (const [rate, sales, vat] of [[25, '3001', '2611'], [12, '3002', '2621'], [6, '3003', '2631']] as const) {
      expect(account(sales)).toBe(reported('netOre', rate));
      expect(account(vat)).toBe(reported('vatOre', rate));
    }
    const debt = line(report, 'gift-cards-sold') + line(report, 'gift-cards-issued') - line(report, 'gift-cards-redeemed') + line(report, 'gift-cards-returned') - line(report, 'gift-cards-voided');
    expect(account('2421')).toBe(debt);
  });

  it('Gives the report as CSV with Swedish headings and decimal commas, and refuses a bad period in Swedish', async () => {
    const month = kirunaDate(new Date()).slice(0, 7);
    const csv = await staff(request(server()).get('/api/admin/accounts/sales.csv').query({ from: month, to: month })).expect(200).expect('Content-Type', /text\/csv/);
    const rows = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('"Månad","Post","Kanal","Momssats %","Belopp inkl. moms","Moms","Belopp exkl. moms"');
    expect(rows.slice(1).some((row) => new RegExp(`^"${month}","Försäljning av turer","Webbplatsen","6","\\d+,\\d\\d","\\d+,\\d\\d","\\d+,\\d\\d"$`).test(row))).toBe(true);
    expect((await staff(request(server()).get('/api/admin/accounts/sales').query({ from: '2026-13', to: month })).expect(400)).body.fields.from).toEqual(['from skrivs ÅÅÅÅ-MM']);
    expect((await staff(request(server()).get('/api/admin/accounts/sie').query({ from: '2026-12-01', to: '2027-01-31' })).expect(400)).body.message).toBe('En SIE-fil gäller ett räkenskapsår: välj datum inom samma kalenderår.');
    expect((await staff(request(server()).get('/api/admin/accounts/sie').query({ from: '2026-12-31', to: '2026-12-01' })).expect(400)).body.message).toBe('Slutet får inte vara före början.');
    // A day that is not in the calendar is refused, not read as one in the next month.
    expect((await staff(request(server()).get('/api/admin/accounts/sie').query({ from: '2026-02-30', to: '2026-03-31' })).expect(400)).body.fields.from).toEqual(['from skrivs ÅÅÅÅ-MM-DD']);
    await request(server()).get('/api/admin/accounts/sales').query({ from: month, to: month }).expect(401);
  });
});
