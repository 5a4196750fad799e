import type { EntityManager } from 'typeorm';

import type { AppConfig } from '../../config/app-config';
import type { MailOutbox } from '../../mail/mail-outbox.service';
import type { OutgoingMail } from '../../mail/mail.service';
import { FollowUpLinks } from '../follow-up-links';
import type { MailOptOuts } from '../../mail/mail-opt-outs.service';
import { BookingMails } from './booking-mails';
import { VoucherCodes } from '../voucher-codes';
import { mailHtml } from '../../mail/mail-layout';
import { bookingCalendar } from './mail-facts';
import { StaffNotices } from './staff-notices';
import { maskEmail, type BookingDetails } from '../booking.mapper';
import { ContentTranslations } from '../../common/i18n/content-translations.service';
import { BookingWords } from '../booking-words';
import { ManageLinks } from '../manage-links.service';
import type { SkyOutlooks } from '../../sky/sky-outlooks.service';
import { Tour } from '../../tours/tour.entity';
import { tourOptions } from '../../tours/tour-options';
import type { ToursService } from '../../tours/tours.service';
import type { MinimumDecisions } from '../../departures/minimum-decisions';
import type { QuestionView } from '../../../shared/questions';

const booking: BookingDetails = {
  reference: 'NAT-7K4Q9-XH2MR',
  status: 'confirmed',
  holdExpiresAt: null,
  guests: 2,
  seats: 2,
  giftCardSek: 0,
  deposit: null,
  depositTerms: null,
  discountSek: 0,
  promo: null,
  vat: [{ rate: 25, grossOre: 390_000, vatOre: 78_000, netOre: 312_000 }],
  pickupPoint: null,
  party: [{ code: 'adult', name: 'Adult', quantity: 2, unitPriceSek: 1950, seatsPerUnit: 1, guestsPerUnit: 1 }],
  name: 'Anna',
  email: 'anna@example.com',
  mailGuest: true,
  language: 'en',
  phone: null,
  notes: null,
  answers: null,
  tourAmountSek: 3900,
  stayAmountSek: 0,
  totalSek: 3900,
  paymentMethod: 'stripe',
  paymentStatus: 'paid',
  dueSek: 0,
  checkoutMethod: 'stripe',
  tour: { id: 1, slug: 'x', title: 'Aurora Evening', meetingPoint: 'Kiruna bus station', whatToBring: ['Warm layers'], durationHours: 4 },
  departure: { id: 5, startsAt: '2026-12-24T19:00:00.000Z' },
  stayPackage: null,
};

const config = { publicUrl: 'https://norrsken.test', mail: { bookingEmail: 'booking@norrsken.test' }, cancelFreeHours: 48, key: () => Buffer.from('a-test-key-that-is-long-enough-for-hs256') } as unknown as AppConfig;

describe(BookingMails.name, () => {
  const written: OutgoingMail[] = [];
  const outbox = { enqueue: jest.fn(async (_manager: EntityManager, mail: OutgoingMail) => void written.push(mail)) } as unknown as MailOutbox;
  /** The tour's German words, as staff or the seed wrote them. */
  const translations = {
    of: async (subject: string, ids: number[]) =>
      new Map(subject === 'tour' && ids[0] === 1 ? [[1, new Map([['de', { title: 'Nordlichtabend', meetingPoint: 'Busbahnhof Kiruna', whatToBring: 'Warme Schichten\nEine Stirnlampe', 'q:boots': 'Stiefelgröße' }]])]] : []),
  } as unknown as ContentTranslations;
  /** No Northern Lights tour here: the reminder has no outlook to say. */
  const tours = { findById: async () => null } as unknown as ToursService;
  /** The date's minimum not yet reached, when a test says so. */
  let pending: Awaited<ReturnType<MinimumDecisions['pendingView']>>;
  const minimums = { pendingView: async () => pending } as unknown as MinimumDecisions;
  const sut = new BookingMails(outbox, config, new ManageLinks(config), new BookingWords(translations), tours, {} as SkyOutlooks, minimums, new FollowUpLinks(config), {} as MailOptOuts, new VoucherCodes([{ id: 'k1', seed: Buffer.alloc(32, 1) }]));
  const staff = new StaffNotices(outbox, config);
  /** A confirmation as BookingNotifications sends it: the guest's mail, then staff's notice. */
  const confirmed = async (manager: EntityManager, details: BookingDetails) => {
    const options = await tourOptions(manager, details.tour.id);
    await sut.confirmed(manager, details, options);
    await staff.newBooking(manager, details, options);
  };
  /** The tour's questions, as the caller's transaction reads them: none unless a test asks some. */
  let questions: QuestionView[];
  const manager = {
    find: async (entity: unknown) => (entity === Tour ? [{ id: 1, answersDueHours: 24, pickupCutoffHours: 2, pickupPoints: [] }] : questions),
  } as unknown as EntityManager;
  beforeEach(() => {
    written.length = 0;
    pending = undefined;
    questions = [];
  });

  it('writes the confirmation with its calendar entry and the staff notice into the caller’s transaction', async () => {
    await confirmed(manager, booking);
    expect(written.map((mail) => mail.to)).toEqual(['anna@example.com', 'booking@norrsken.test']);
    expect(written[0].text).toContain('Payment: Paid by card');
    expect(written[0].text).toMatch(/Manage your booking \(your details, or cancel\): https:\/\/norrsken\.test\/booking\/manage\/\?token=[\w-]+\.[\w-]+/);
    expect(written[0].text).toContain('Free cancellation until 48 hours before the start');
    expect(written[0].attachments![0]).toMatchObject({ filename: 'NAT-7K4Q9-XH2MR.ics', content: expect.stringContaining('BEGIN:VEVENT') });
    // The check-in code: its QR inline (drawn when the mail is composed, shown by its Content-ID in the HTML part's <img>), the code itself in the text part, and it checks.
    const code = /NAT1\.NAT-7K4Q9-XH2MR\.k1\.[\w-]{86}/.exec(written[0].text)![0];
    const qr = written[0].attachments![1]!;
    expect(qr).toEqual({ filename: 'NAT-7K4Q9-XH2MR-qr.png', qrCode: code, cid: written[0].layout!.code!.cid });
    expect(new VoucherCodes([{ id: 'k1', seed: Buffer.alloc(32, 1) }]).verify(code)).toBe('NAT-7K4Q9-XH2MR');
    expect(mailHtml(written[0].layout!)).toContain(`src="cid:${written[0].layout!.code!.cid}"`);
    expect(outbox.enqueue).toHaveBeenCalledWith(manager, expect.anything(), { topic: 'booking.confirmed', bookingReference: 'NAT-7K4Q9-XH2MR' });
  });

  it('tells a guest whose date runs only with more guests when it is decided, and what happens if it does not run, at booking and in the reminder', async () => {
    await confirmed(manager, booking);
    expect(written[0].text).not.toContain('runs with at least');
    written.length = 0;
    pending = { guests: 3, needed: 1, decidedAt: new Date(Date.now() + 86_400_000).toISOString() };
    await confirmed(manager, { ...booking, language: 'de' });
    expect(written[0].text).toMatch(/Dieser Termin findet ab 3 Gästen statt; es fehlt noch 1 Gast\. Wir entscheiden bis \w+, \d+\. \w+ \d{4} um \d\d:\d\d: Findet er nicht statt/);
    written.length = 0;
    pending = { guests: 3, needed: 2, decidedAt: new Date(Date.now() - 60_000).toISOString(), deciding: true };
    await confirmed(manager, booking);
    expect(written[0].text).toContain('This date runs with at least 3 guests, and 2 more are needed. We decide shortly: if it does not run, we tell you at once');
    // The reminder, two days before, says it again while it is undecided.
    written.length = 0;
    await sut.reminder(manager, { ...booking, pickup: null });
    expect(written[0].text).toContain('This date runs with at least 3 guests, and 2 more are needed.');
    written.length = 0;
    pending = undefined;
    await sut.reminder(manager, { ...booking, pickup: null });
    expect(written[0].text).not.toContain('runs with at least');
  });

  it("names the tour, its meeting point and what to bring in the guest's language; the staff notice keeps the tour's own title", async () => {
    await confirmed(manager, { ...booking, language: 'de' });
    expect(written[0].subject).toContain('Nordlichtabend');
    expect(written[0].text).toContain('Busbahnhof Kiruna');
    expect(written[1].subject).toContain('Aurora Evening');
    written.length = 0;
    await sut.reminder(manager, { ...booking, language: 'de', pickup: null });
    expect(written[0].text).toContain('Eine Stirnlampe');
    expect(written[0].text).not.toContain('Warm layers');
  });

  it('says where to be: the pickup booked with its time, not the meeting point beside it; the change mail says it again', async () => {
    const collected = { ...booking, pickupPoint: { id: 8, name: 'Icehotel, Jukkasjärvi', address: 'Marknadsvägen 63', at: '2026-12-24T18:05:00.000Z' } };
    await confirmed(manager, collected);
    expect(written[0].text).toContain('Pickup: Icehotel, Jukkasjärvi at 19:05 (Marknadsvägen 63)');
    expect(written[0].text).not.toContain('Meeting point');
    expect(written[0].attachments![0]).toMatchObject({ content: expect.stringContaining('LOCATION:Icehotel\\, Jukkasjärvi\\, Marknadsvägen 63') });
    written.length = 0;
    await sut.changed(manager, { ...collected, language: 'sv' }, { refundedSek: 0 });
    expect(written[0].text).toContain('Upphämtning: Icehotel, Jukkasjärvi kl. 19:05 (Marknadsvägen 63)');
    written.length = 0;
    await sut.reminder(manager, { ...collected, pickup: null });
    expect(written[0].text).toContain('Pickup: Icehotel, Jukkasjärvi at 19:05 (Marknadsvägen 63); please be there 5 minutes before.');
    expect(written[0].text).not.toContain('Meeting point');
    // Without a pickup: the meeting point, in every one of them.
    written.length = 0;
    await confirmed(manager, booking);
    await sut.changed(manager, booking, { refundedSek: 0 });
    expect(written.filter((mail) => mail.to === 'anna@example.com').map((mail) => mail.text.includes('Meeting point: Kiruna bus station'))).toEqual([true, true]);
  });

  it('lists in the confirmation the answers still owed before the tour, in the guest\'s words, and by when', async () => {
    questions = [{ code: 'boots', label: 'Boot size', kind: 'number', unit: 'EU', choices: null, perGuest: true, askedAt: 'before', required: true, min: 20, max: 50 }];
    await confirmed(manager, { ...booking, language: 'de', answers: { booking: {}, guests: [{ boots: 42 }, {}] } });
    expect(written[0].text).toMatch(/Noch zu beantworten:\nWir brauchen diese Angaben vor Ihrer Tour: Bitte antworten Sie bis \w+, 23\. Dezember 2026 um \d\d:\d\d auf Ihrer Buchungsseite \(Link unten\)\.\n- Stiefelgröße \(Gast 2\)\n/);
    expect(written[0].text).not.toContain('Gast 1');
    written.length = 0;
    await confirmed(manager, { ...booking, answers: { booking: {}, guests: [{ boots: 42 }, { boots: 38 }] } });
    expect(written[0].text).not.toContain('Still to answer');
  });

  it('tells staff of a new booking in Swedish, as the admin speaks: when, the party, the answers, the money and the guest\'s language', async () => {
    questions = [{ code: 'boots', label: 'Boot size', kind: 'number', unit: 'EU', choices: null, perGuest: true, askedAt: 'before', required: true, min: 20, max: 50 }];
    await confirmed(manager, { ...booking, language: 'de', answers: { booking: {}, guests: [{ boots: 42 }, {}] } });
    const notice = written[1];
    expect(notice.subject).toBe('Ny bokning NAT-7K4Q9-XH2MR: Aurora Evening, 2 pers.');
    expect(notice.text).toMatch(/^Avgång: torsdag 24 december 2026 kl\. 20:00$/m);
    expect(notice.text).toContain('Svar: Boot size: 42 EU (gäst 1)');
    expect(notice.text).toContain('Totalt: 3\u00a0900 kr (Betald)');
    expect(notice.text).toContain('Gästens språk: tyska');
    expect(notice.text).toContain('Se bokningen: https://norrsken.test/secure-admin-42/bookings/?q=NAT-7K4Q9-XH2MR');
    expect(notice.text).not.toMatch(/\b(When|Guests|Total|Paid|guest\(s\))\b/);
  });

  it.each([
    ['staff', { kind: 'card-refund', amountSek: 3900 }, 'We have cancelled your booking', 'We are refunding the 3\u00a0900 SEK you paid by card in full'],
    ['departure', { kind: 'nothing-charged' }, 'we have had to cancel the departure', 'Nothing has been charged.'],
    ['staff', { kind: 'paid-on-site', amountSek: 3900 }, 'We have cancelled your booking', 'we will contact you to pay it back'],
  ] as const)('says who cancelled (%s) and what happens to the money', async (reason, money, who, moneyLine) => {
    await sut.cancelled(manager, booking, reason, money);
    expect(written[0].text).toContain(who);
    expect(written[0].text).toMatch(/Your booking: https:\/\/norrsken\.test\/booking\/manage\/\?token=/);
    expect(written[0].text).toContain(moneyLine);
    expect(written[0].text).not.toMatch(/refunded in full/);
  });

  it.each([
    ['late-payment-pi_1', 'the seats had been taken by then'],
    ['payment-after-cancel-pi_1', 'arrived after the booking had been cancelled'],
    ['amount-mismatch-pi_1', 'did not match the total'],
    ['duplicate-payment-pi_1', 'You paid twice'],
    ['cancelled-by-staff', 'the refund for your cancelled booking'],
  ])('tells why the refund (%s) was made, with its amount and Stripe id', async (cause, why) => {
    await sut.refunded(manager, booking, { cause, amountOre: 390_000, stripeRefundId: 're_123' });
    expect(written[0].text).toContain(why);
    expect(written[0].text).toContain('We have refunded 3\u00a0900 SEK to your card (refund re_123)');
  });
});

describe(bookingCalendar.name, () => {
  it('builds an event at the departure time, lasting the tour, at the meeting point', () => {
    const sut = bookingCalendar(booking, 'https://norrsken.test');
    expect(sut).toContain('DTSTART:20261224T190000Z');
    expect(sut).toContain('DURATION:PT240M');
    expect(sut).toContain('LOCATION:Kiruna bus station');
    expect(sut).toContain('UID:NAT-7K4Q9-XH2MR@norrsken-arctic.se');
  });
});

describe(maskEmail.name, () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('anna.svensson@example.com')).toBe('a***@example.com');
    expect(maskEmail('x@y.se')).toBe('x***@y.se');
    expect(maskEmail('broken')).toBe('***');
  });
});
