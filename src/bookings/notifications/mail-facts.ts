// The words and facts the guest's mails and staff's notices are written with.
import { createEvent } from 'ics';
import type { EntityManager } from 'typeorm';

import { COMPANY, COMPANY_PHONE, formatSekIn, officeHoursIn } from '../../../shared/company';
import { formatOreIn, type VatLine } from '../../../shared/vat';
import { dateTimeFormat } from '../../../shared/intl-formats';
import { INTL_LOCALES, localizedPath, type Lang } from '../../../shared/languages';
import { promoLabel } from '../../../shared/promo-codes';
import { ANSWER_WORDS, describeMissing, missingAnswers, type MissingAnswer } from '../../../shared/questions';
import { serverStrings } from '../../common/i18n/strings';
import type { MailOutbox } from '../../mail/mail-outbox.service';
import type { OutgoingMail } from '../../mail/mail.service';
import { answersDueAt, type TourOptions } from '../../tours/tour-options';
import { questionLabelIn } from '../../tours/tour-translations';
import type { BookingDetails } from '../booking.mapper';
import type { FoundWords } from '../booking-words';
import type { PaymentStatus } from '../lifecycle/transitions';
import type { RefundReason } from '../refund-causes';
import de from './mail-strings/de.json';
import en from './mail-strings/en.json';
import sv from './mail-strings/sv.json';

/** The guest's mails in the language they booked in (staff's own notices stay as they are). */
export const mailStrings = serverStrings({ en, sv, de });

/** Answers still missing as the guest reads them: "Kängstorlek (EU) (gäst 2)". */
export const describedIn = (missing: readonly MissingAnswer[], words: FoundWords | undefined, lang: Lang): string[] =>
  missing.map((answer) => describeMissing({ ...answer, label: questionLabelIn(answer, words?.tour) }, ANSWER_WORDS[lang]));

/** The answers a booking still owes before the tour (boot sizes…), in its language, and by when: for the confirmation; none when it owes none. */
export function stillToAnswer(options: TourOptions, booking: BookingDetails, words: FoundWords | undefined, say: Say): { title: string; text: string; items: string[] } | undefined {
  const missing = missingAnswers(options.questions, booking.answers, booking.guests);
  if (missing.length === 0) return undefined;
  const dueAt = answersDueAt(booking.departure.startsAt, options);
  return {
    title: say('answers.still'),
    text: say('answers.confirmed', { when: when(dueAt.toISOString(), booking.language) }),
    items: describedIn(missing, words, booking.language),
  };
}

/** Staff's own mails are in Swedish, as the admin is. */
export const STAFF = mailStrings('sv');

export type Say = ReturnType<typeof mailStrings>;

/** A date and time in full, in a language. */
export const when = (iso: string, lang: Lang = 'en') => dateTimeFormat(INTL_LOCALES[lang], { dateStyle: 'full', timeStyle: 'short', timeZone: COMPANY.timeZone }).format(new Date(iso));

/** A payment status as the mail's reader reads it. */
export const paymentText = (status: PaymentStatus, say: Say): string => say(`pay.${status}`);

/** How a confirmed booking is paid, as its confirmation says: by card, by gift card, or what is left to pay on arrival beside a gift card. */
export function confirmedPayment(booking: Pick<BookingDetails, 'paymentStatus' | 'paymentMethod' | 'dueSek' | 'giftCardSek'>, say: Say, lang: Lang): string {
  if (booking.paymentStatus === 'paid' && booking.paymentMethod === 'stripe') return say('pay.card');
  if (booking.paymentStatus === 'paid' && booking.paymentMethod === 'gift_card') return say('pay.giftCard');
  if (booking.paymentStatus === 'due_on_arrival' && booking.giftCardSek > 0) return `${say('pay.due_on_arrival')}: ${formatSekIn(lang, booking.dueSek)}`;
  return paymentText(booking.paymentStatus, say);
}

/** "Scandic Ferrum at 19:30 (Lars Janssonsgatan 15, main entrance)", in Kiruna time. */
export const pickupWhere = (pickup: NonNullable<BookingDetails['pickupPoint']>, say: Say): string =>
  `${say('pickupAt', { name: pickup.name, time: clock.format(new Date(pickup.at)) })}${pickup.address ? ` (${pickup.address})` : ''}`;

/**
 * Where the guests are to be, as one fact of a mail: the pickup they booked with its time (and
 * not the meeting point beside it, as if either would do), or else the meeting point.
 */
export const whereToBe = (booking: Pick<BookingDetails, 'pickupPoint' | 'tour'>, say: Say): [string, string] =>
  booking.pickupPoint ? [say('fact.pickup'), pickupWhere(booking.pickupPoint, say)] : [say('fact.meetingPoint'), booking.tour.meetingPoint];

/** A mail's fact that only some bookings have: the row, or none. */
export const factIf = (label: string, value: string | null | undefined): [string, string][] => (value ? [[label, value]] : []);

/**
 * The receipt a mail carries (a Swedish receipt: the seller's organisation and VAT numbers, the VAT
 * at each rate and the amount without it), for what was sold, or a credit note for what went back.
 */
export function receiptSection(vat: readonly VatLine[], say: Say, lang: Lang, kind: 'sale' | 'credit' = 'sale'): { title: string; items: string[] } {
  const sum = (field: 'grossOre' | 'vatOre' | 'netOre') => formatOreIn(lang, vat.reduce((total, line) => total + line[field], 0));
  return {
    title: say(kind === 'sale' ? 'receipt.title' : 'receipt.creditTitle'),
    items: [
      say('receipt.seller', { name: COMPANY.legalName, org: COMPANY.orgNumber, vat: COMPANY.vatNumber }),
      ...vat.map((line) => say('receipt.vatLine', { rate: line.rate, vat: formatOreIn(lang, line.vatOre), net: formatOreIn(lang, line.netOre) })),
      say('receipt.net', { amount: sum('netOre') }),
      say('receipt.vat', { amount: sum('vatOre') }),
      say('receipt.total', { amount: sum('grossOre') }),
    ],
  };
}

/** The promo code's line, before the total: "Promo code WINTER10 (−10 %): −390 SEK" (none without a discount). */
export const discountFact = (booking: Pick<BookingDetails, 'promo' | 'discountSek'>, lang: Lang): [string, string][] =>
  booking.promo && booking.discountSek > 0 ? [[promoLabel(booking.promo, lang), `−${formatSekIn(lang, booking.discountSek)}`]] : [];

/** What to wear on the day, by the season of the start. */
export function whatToWear(startsAt: string, say: Say): string {
  const month = new Date(startsAt).getUTCMonth() + 1;
  return say(month >= 11 || month <= 3 ? 'wear.winter' : month === 4 || month === 10 ? 'wear.shoulder' : 'wear.summer');
}

/** The office hours with their days in the mail's language ("mån–fre 09:00-18:00, …"). */
export const officeHours = (say: Say) => officeHoursIn(say.lang);
export const questions = (say: Say) => say('questions', { phone: COMPANY_PHONE, hours: officeHours(say) });
export const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: COMPANY.timeZone });

/** The calendar entry for a confirmed booking (.ics), for the success page and the mail. */
export function bookingCalendar(booking: Pick<BookingDetails, 'reference' | 'guests' | 'tour' | 'departure'> & { pickupPoint?: BookingDetails['pickupPoint']; language?: Lang }, publicUrl: string): string {
  const start = new Date(booking.departure.startsAt);
  const lang = booking.language ?? 'en';
  const say = mailStrings(lang);
  // The place to be: the pickup booked (with its time), else the meeting point.
  const place = booking.pickupPoint ? pickupWhere(booking.pickupPoint, say) : booking.tour.meetingPoint;
  const { error, value } = createEvent({
    uid: `${booking.reference}@norrsken-arctic.se`,
    title: booking.tour.title,
    description: say('ics.description', { reference: booking.reference, guests: booking.guests, place }),
    location: booking.pickupPoint ? [booking.pickupPoint.name, booking.pickupPoint.address].filter(Boolean).join(', ') : booking.tour.meetingPoint,
    url: `${publicUrl}${localizedPath(lang, `/tours/${booking.tour.slug}/`)}`,
    start: start.getTime(),
    duration: { minutes: Math.round(booking.tour.durationHours * 60) },
    status: 'CONFIRMED',
    organizer: { name: 'Norrsken Arctic Tours', email: 'booking@norrsken-arctic.se' },
  });
  if (error || !value) throw error ?? new Error('Could not build the calendar entry');
  return value;
}

/** Why a payment goes back, in the guest's words. */
export function refundReason(reason: RefundReason, booking: BookingDetails, say: Say): string {
  const lang = booking.language;
  return say(`reason.${reason}`, { reference: booking.reference, tour: booking.tour.title, when: when(booking.departure.startsAt, lang), guests: booking.guests, total: formatSekIn(lang, booking.totalSek) });
}

/** A mail about the booking into the outbox; none to a guest who gets no mails of ours (a reseller's, unless it asked). */
export async function enqueueAbout(outbox: MailOutbox, manager: EntityManager, booking: BookingDetails, topic: string, mail: OutgoingMail): Promise<void> {
  if (mail.to === booking.email && !booking.mailGuest) return;
  await outbox.enqueue(manager, mail, { topic, bookingReference: booking.reference });
}
