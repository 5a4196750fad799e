import { join } from 'node:path';

import request from 'supertest';
import { DataSource } from 'typeorm';

import type { AdminTourView, TourBookingOptions } from '../shared/admin-types';
import type { BookingSummary } from '../shared/api-types';
import { Booking } from '../src/bookings/booking.entity';
import { StayPackage } from '../src/bookings/stay-package.entity';
import { Tour } from '../src/tours/tour.entity';
import { deliverMail, settleRefunds, useCardPaymentApp } from './support/app';
import { aGuestEmail } from './support/bookings';
import { createTestDeparture, newClientAddress, outboxMails } from './support/fixtures';
import { sendStripeEvent } from './support/stripe-stand-in';

const outbox = join(process.env.DATA_DIR!, 'outbox');
// 1,950 kr a guest, at 25 % (the activity is what is sold).
const SNOWMOBILE = 'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour';
// 1,895 kr, at 6 % (passenger transport: a sightseeing tour by minibus).
const CAR_CHASE = 'northern-lights-car-chase-kiruna';

describe('VAT on every booking, receipts in the mails (MySQL, Stripe stand-in)', () => {
  const sut = useCardPaymentApp();
  const server = () => sut.app.getHttpServer();
  const dataSource = () => sut.app.get(DataSource);
  const staff = <T extends request.Test>(call: T): T => call.set('Authorization', `Bearer ${sut.token}`);
  const hold = async (body: object) =>
    (await request(server()).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ name: 'Moms Gäst', email: aGuestEmail(), ...body }).expect(201)).body as BookingSummary;
  const payByCard = async (reference: string) => {
    const checkout = await request(server()).post(`/api/bookings/${reference}/checkout`).set('X-Forwarded-For', newClientAddress()).send({}).expect(200);
    await sendStripeEvent(server(), 'checkout.session.completed', sut.standIn.pay(/pay\/(cs_test_\d+)$/.exec(checkout.body.redirectUrl)![1])).expect(200);
  };

  it('Seeds the rates a Kiruna operator sells at: 25 for activities, 6 for transport and guided nature, 12 for a night; staff see and change them, refused in Swedish when not a Swedish rate', async () => {
    const tours = (await staff(request(server()).get('/api/admin/tours')).expect(200)).body as AdminTourView[];
    const rate = (slug: string) => tours.find((tour) => tour.slug === slug)!.vatRate;
    expect([rate(SNOWMOBILE), rate(CAR_CHASE), rate('morning-hike-in-abisko-national-park'), rate('drive-your-own-dog-sled-team')]).toEqual([25, 6, 6, 25]);
    expect((await dataSource().getRepository(StayPackage).find()).map((stay) => stay.vatRate)).toEqual(expect.arrayContaining([12]));
    const id = tours.find((tour) => tour.slug === CAR_CHASE)!.id;
    const refused = await staff(request(server()).patch(`/api/admin/tours/${id}`)).send({ vatRate: 7 }).expect(400);
    expect(refused.body.fields.vatRate).toEqual(['momssatsen måste vara 25, 12 eller 6 (procent)']);
    await staff(request(server()).patch(`/api/admin/tours/${id}`)).send({ vatRate: null }).expect(400);
  });

  it('A booking of a tour and a night: its VAT at each rate on the booking page and in the confirmation\'s receipt, with the company\'s numbers', async () => {
    const departure = await createTestDeparture(dataSource(), SNOWMOBILE);
    const igloo = await dataSource().getRepository(StayPackage).findOneByOrFail({ slug: 'glass-igloo-night' });
    const held = await hold({ departureId: departure.id, guests: 2, stayPackageId: igloo.id, language: 'sv' });
    // 3,900 kr of tour at 25 % and one room of 4,900 kr at 12 %.
    expect(held.vat).toEqual([
      { rate: 25, grossOre: 390_000, vatOre: 78_000, netOre: 312_000 },
      { rate: 12, grossOre: 490_000, vatOre: 52_500, netOre: 437_500 },
    ]);
    const since = Date.now();
    await payByCard(held.reference);
    await deliverMail(sut.app);
    const mail = outboxMails(outbox, since).find((item) => item.includes(held.reference) && item.includes('Kvitto'))!;
    expect(mail).toContain('Norrsken Arctic Tours AB, org.nr 559123-4567, momsreg.nr SE559123456701');
    expect(mail).toContain('Moms 25 %: 780,00 kr på 3\u00a0120,00 kr exkl. moms');
    expect(mail).toContain('Moms 12 %: 525,00 kr på 4\u00a0375,00 kr exkl. moms');
    expect(mail).toContain('Summa exkl. moms: 7\u00a0495,00 kr');
    expect(mail).toContain('Moms: 1\u00a0305,00 kr');
    expect(mail).toContain('Summa inkl. moms: 8\u00a0800,00 kr');
  });

  it('A booking keeps the rates it was sold at; a price category\'s own rate applies to new bookings only', async () => {
    const tour = await dataSource().getRepository(Tour).findOneByOrFail({ slug: CAR_CHASE });
    const departure = await createTestDeparture(dataSource(), CAR_CHASE);
    const before = await hold({ departureId: departure.id, guests: 1 });
    expect(before.vat.map((line) => line.rate)).toEqual([6]);

    const options = (await staff(request(server()).get(`/api/admin/tours/${tour.id}/booking-options`)).expect(200)).body as TourBookingOptions;
    expect(options.priceCategories.every((category) => category.vatRate === null)).toBe(true);
    const adult = options.priceCategories.find((category) => category.isDefault)!;
    try {
      await staff(request(server()).put(`/api/admin/tours/${tour.id}/booking-options`))
        .send({ ...options, priceCategories: options.priceCategories.map((category) => (category.code === adult.code ? { ...category, vatRate: 25 } : category)) })
        .expect(200);
      const after = await hold({ departureId: departure.id, guests: 1 });
      expect(after.vat).toEqual([{ rate: 25, grossOre: 189_500, vatOre: 37_900, netOre: 151_600 }]);
      expect((await request(server()).get(`/api/bookings/${before.reference}`).set('X-Forwarded-For', newClientAddress()).expect(200)).body.vat.map((line: { rate: number }) => line.rate)).toEqual([6]);
      const refused = await staff(request(server()).put(`/api/admin/tours/${tour.id}/booking-options`)).send({ ...options, priceCategories: options.priceCategories.map((category) => ({ ...category, vatRate: 8 })) }).expect(400);
      expect(JSON.stringify(refused.body)).toContain('vatRate måste vara 25, 12 eller 6 (procent), eller null för turens');
    } finally {
      await staff(request(server()).put(`/api/admin/tours/${tour.id}/booking-options`)).send(options).expect(200);
    }
  });

  it('A refund of a cancelled booking carries a credit note of the VAT given back', async () => {
    const departure = await createTestDeparture(dataSource(), CAR_CHASE, { daysAhead: 20 });
    const held = await hold({ departureId: departure.id, guests: 2 });
    await payByCard(held.reference);
    const booking = await dataSource().getRepository(Booking).findOneByOrFail({ reference: held.reference });
    await staff(request(server()).post(`/api/admin/bookings/${booking.reference}/cancel`)).expect(200);
    const since = Date.now();
    await settleRefunds(sut.app);
    const mail = outboxMails(outbox, since).find((item) => item.includes(held.reference) && item.includes('refunded'))!;
    expect(mail).toContain('Credit note');
    // 3,790 kr back at 6 %: 214.53 kr of VAT.
    expect(mail).toContain('VAT 6 %: 214,53 SEK on 3\u00a0575,47 SEK excl. VAT');
    expect(mail).toContain('Total incl. VAT: 3\u00a0790,00 SEK');
  });
});
