/**
 * The booking lifecycle as data: its states, the transitions between them, and the few
 * predicates every module needs. BookingLifecycleService carries the transitions out (one
 * method each, under the departure lock, as a conditional update); nothing else writes a
 * booking. See docs/booking-lifecycle.md for the same table in prose.
 *
 * | transition        | from               | to          | money                                        |
 * |-------------------|--------------------|-------------|----------------------------------------------|
 * | hold              | (new)              | held        | —                                            |
 * | confirmOnArrival  | held (live)        | confirmed   | due on arrival                               |
 * | payByGiftCard     | held (live)        | confirmed   | a gift card pays all, or part and the rest is due on arrival |
 * | startCardPayment  | held (live)        | held        | hold extended to the Checkout Session's end   |
 * | confirmPayment    | held, expired, confirmed | confirmed | paid (seats checked, amount matched; a confirmed booking: what it owes) |
 * | refusePayment     | any                | (unchanged) | the payment is refunded, the guest told      |
 * | expire            | held (lapsed)      | expired     | —                                            |
 * | cancelByGuest     | held               | cancelled   | —                                            |
 * | cancelWithLink    | held, confirmed    | cancelled   | card refund in full inside the free period   |
 * | updateDetails     | held, confirmed    | (unchanged) | —                                            |
 * | bookByStaff       | (new)              | confirmed   | due on arrival, or paid on site              |
 * | remind            | confirmed          | (unchanged) | —                                            |
 * | changeByGuest     | confirmed          | (unchanged) | due changes; card: cheaper refunded (free period), dearer paid first |
 * | startBalancePayment | confirmed (deposit paid) | (unchanged) | the balance's Checkout Session (its payment: confirmPayment) |
 * | flagLateBalance   | confirmed          | (unchanged) | — (the balance is past its day: staff are told; never cancelled for it) |
 * | markAttendance    | confirmed          | (unchanged) | — (checked in or no-show, at the meeting point) |
 * | cancelByStaff     | held, confirmed    | cancelled   | card payment refunded in full                |
 * | cancelDeparture   | held, confirmed    | cancelled   | card payment refunded in full                |
 * | move              | held, confirmed    | (unchanged) | total recomputed at the new departure's price |
 * | acceptMove        | confirmed          | (unchanged) | free: staff moved its departure (weather); the same party, total and payment |
 * | rebook            | cancelled (we cancelled its departure) | confirmed | free: the same party and total, due on arrival unless it was paid on site |
 * | markPaidOnSite    | confirmed          | confirmed   | paid on site (cash, terminal): the whole price held |
 * | recordRepayment   | confirmed, cancelled | (unchanged) | money taken on site given back by hand (no longer held) |
 * | settleRefund      | any                | (unchanged) | refund recorded; refunded when none pending  |
 * | anonymise         | confirmed (past), cancelled, expired | (unchanged) | kept: amounts, dates, tour; the guest's details removed |
 * | holdForReseller   | (new)              | held        | — (a reseller's reservation, OCTO)           |
 * | extendHold        | held (live)        | held        | — (the reseller's hold lasts longer)         |
 * | confirmByReseller | held (live)        | confirmed   | paid to the reseller, settled with them      |
 * | updateByReseller  | held, confirmed    | (unchanged) | —                                            |
 * | changeByReseller  | held (live), confirmed | (unchanged) | another date, tour or party; confirmed: the reseller is charged the new price |
 * | cancelByReseller  | held, confirmed    | cancelled   | none by us: the reseller refunds its guest   |
 */
import { ConflictException } from '@nestjs/common';

import { COMPANY_PHONE } from '../../../shared/company';
import { STATUS_LABELS } from '../../../shared/staff-words';
import type { Lang } from '../../../shared/languages';
import type { Booking } from '../booking.entity';
import { heldGiftCardOre, heldOre } from './booking-money';
import { hasStarted } from '../../departures/departure-rules';

export type BookingStatus = 'held' | 'confirmed' | 'cancelled' | 'expired';
/** Card through Stripe; on arrival (due on the day); on site (taken by staff: cash, terminal, invoice). */
/** `reseller`: the guest paid the reseller, who settles with us (never a Stripe payment or refund of ours). */
/** `gift_card`: a gift card paid it all (a card that paid part is in giftCardOre, beside the method of the rest). */
export type PaymentMethod = 'on_arrival' | 'stripe' | 'on_site' | 'reseller' | 'gift_card';
/** `deposit_paid`: a card paid the booking's deposit, the balance is owed by its due day (booking-money). */
export type PaymentStatus = 'unpaid' | 'due_on_arrival' | 'deposit_paid' | 'paid' | 'refund_pending' | 'refunded';
export type CancelReason = 'guest' | 'staff' | 'departure' | 'reseller';

export const BOOKING_STATUSES: readonly BookingStatus[] = ['held', 'confirmed', 'cancelled', 'expired'];

interface Transition {
  from: readonly BookingStatus[];
  /** The state after; `null` keeps the state the booking is in. */
  to: BookingStatus | null;
  /** Why it cannot happen from `status`, in the words of whoever asked: a guest's in each of the site's languages, staff's in Swedish, a reseller's in English. */
  refused: (status: BookingStatus) => string | Record<Lang, string>;
  /**
   * Whether it can change the seats a departure has left now (confirmed plus live holds), and so
   * what the site shows of it. Confirming a live hold keeps its seat taken; an expired hold had
   * already stopped counting; extending a hold changes only when it will lapse.
   */
  seats: boolean;
  /** Who makes it happen, for the booking's history (staff actions also name the staff member in the audit log). */
  by: TransitionActor;
  /**
   * What else the booking (and its departure) must be for it to happen, beyond its state: the
   * refusal in the asker's words, or null when it may. Checked by the writer on every write.
   */
  requires?: (booking: GuardFields, departure: { startsAt: Date }, now: Date) => string | Record<Lang, string> | null;
}

type GuardFields = Pick<Booking, 'status' | 'cancelReason' | 'confirmedAt' | 'paymentMethod' | 'source'>;

/** Who a transition is made by: the guest (site or manage link), staff, Stripe (its webhook, a refund), a reseller (OCTO), or the system's own clock. */
export type TransitionActor = 'guest' | 'staff' | 'stripe' | 'reseller' | 'system';

/** A state as staff read it in a sentence: the admin's own word for it ("reserverad", "förfallen"), in lower case. */
const STATUS_SV = Object.fromEntries(Object.entries(STATUS_LABELS).map(([status, label]) => [status, label.toLowerCase()])) as Record<BookingStatus, string>;
const STATUS_DE: Record<BookingStatus, string> = { held: 'reserviert', confirmed: 'bestätigt', cancelled: 'storniert', expired: 'abgelaufen' };

/** A guest's refusal in each language: `say(status in English, in Swedish, in German)`. */
const toGuest =
  (say: (en: string, sv: string, de: string) => [string, string, string]) =>
  (status: BookingStatus): Record<Lang, string> => {
    const [en, sv, de] = say(status, STATUS_SV[status], STATUS_DE[status]);
    return { en, sv, de };
  };
const alreadyDone = toGuest((en, sv, de) => [`This booking is already ${en}.`, `Bokningen är redan ${sv}.`, `Diese Buchung ist bereits ${de}.`]);
const cannotConfirm = toGuest((en, sv, de) => [`This booking is ${en} and cannot be confirmed.`, `Bokningen är ${sv} och kan inte bekräftas.`, `Diese Buchung ist ${de} und kann nicht bestätigt werden.`]);
const cannotBeMoved = toGuest((en, sv, de) => [`This booking is ${en} and cannot be moved.`, `Bokningen är ${sv} och kan inte flyttas.`, `Diese Buchung ist ${de} und kann nicht umgebucht werden.`]);

/** A booking a reseller sold and was paid for: only the reseller changes it (and collects the difference). */
export const BOUGHT_FROM_RESELLER = {
  en: `This booking was bought through one of our partners: please ask them to change it, or call us on ${COMPANY_PHONE}.`,
  sv: `Bokningen köptes via en av våra partner: be dem ändra den, eller ring oss på ${COMPANY_PHONE}.`,
  de: `Diese Buchung wurde über einen unserer Partner gekauft: Bitten Sie ihn um die Änderung, oder rufen Sie uns an: ${COMPANY_PHONE}.`,
};
const RESELLER_CONFIRMS = {
  en: 'This reservation was made by one of our partners, who confirms and is paid for it: please finish your booking with them.',
  sv: 'Reservationen gjordes av en av våra partner, som bekräftar den och tar betalt: slutför bokningen hos dem.',
  de: 'Diese Reservierung hat einer unserer Partner gemacht, der sie bestätigt und bezahlt bekommt: Bitte schließen Sie die Buchung dort ab.',
};
const NOT_OUR_CANCELLATION = {
  en: `This booking was cancelled, not its date: please book again, or call us on ${COMPANY_PHONE}.`,
  sv: `Bokningen avbokades, inte dess datum: boka igen, eller ring oss på ${COMPANY_PHONE}.`,
  de: `Diese Buchung wurde storniert, nicht ihr Termin: Bitte buchen Sie neu, oder rufen Sie uns an: ${COMPANY_PHONE}.`,
};
const NEVER_CONFIRMED = {
  en: 'This booking was never confirmed, so there is nothing to move: please book again; the seats may still be available.',
  sv: 'Bokningen bekräftades aldrig, så det finns inget att flytta: boka igen; platserna kan fortfarande finnas kvar.',
  de: 'Diese Buchung wurde nie bestätigt, es gibt also nichts umzubuchen: Bitte buchen Sie neu; die Plätze sind vielleicht noch frei.',
};
/** Once the tour has started, a guest no longer changes or cancels the booking (the departure rules' own words). */
const LEFT = {
  en: 'This tour has already started, so the booking can no longer be changed or cancelled.',
  sv: 'Turen har redan börjat, så bokningen kan inte längre ändras eller avbokas.',
  de: 'Die Tour hat schon begonnen, daher kann die Buchung nicht mehr geändert oder storniert werden.',
};
const notStarted = (_booking: GuardFields, departure: { startsAt: Date }, now: Date) => (hasStarted(departure, now) ? LEFT : null);
const STARTED = {
  en: 'This tour has started; its details can no longer be changed.',
  sv: 'Turen har börjat; bokningens uppgifter kan inte längre ändras.',
  de: 'Diese Tour hat begonnen; die Angaben können nicht mehr geändert werden.',
};

export const TRANSITIONS = {
  hold: { from: [], to: 'held', refused: () => ({ en: 'A booking is held only once.', sv: 'En bokning hålls bara en gång.', de: 'Eine Buchung wird nur einmal reserviert.' }), seats: true, by: 'guest' },
  confirmOnArrival: {
    from: ['held'],
    to: 'confirmed',
    refused: cannotConfirm,
    seats: false, by: 'guest',
    requires: (booking) => (booking.source === 'reseller' ? RESELLER_CONFIRMS : null),
  },
  payByGiftCard: {
    from: ['held'],
    to: 'confirmed',
    refused: cannotConfirm,
    seats: false, by: 'guest',
    requires: (booking) => (booking.source === 'reseller' ? RESELLER_CONFIRMS : null),
  },
  startCardPayment: {
    from: ['held'],
    to: null,
    refused: toGuest((en, sv, de) => [`This booking is ${en} and cannot be paid.`, `Bokningen är ${sv} och kan inte betalas.`, `Diese Buchung ist ${de} und kann nicht bezahlt werden.`]),
    seats: false, by: 'guest',
    requires: (booking) => (booking.source === 'reseller' ? RESELLER_CONFIRMS : null),
  },
  confirmPayment: { from: ['held', 'expired', 'confirmed'], to: 'confirmed', refused: (status) => `A ${status} booking cannot take a payment.`, seats: true, by: 'stripe' },
  refusePayment: { from: ['held', 'confirmed', 'cancelled', 'expired'], to: null, refused: () => 'Unreachable.', seats: false, by: 'stripe' },
  expire: { from: ['held'], to: 'expired', refused: (status) => `A ${status} booking has no hold to expire.`, seats: false, by: 'system' },
  cancelByGuest: {
    from: ['held'],
    to: 'cancelled',
    refused: (status) =>
      status === 'confirmed'
        ? {
            en: `This booking is confirmed. To cancel it, use the link in your confirmation email (or Find my booking on our site), or call us on ${COMPANY_PHONE}.`,
            sv: `Bokningen är bekräftad. Avboka den med länken i bekräftelsemejlet (eller Hitta min bokning på vår webbplats), eller ring oss på ${COMPANY_PHONE}.`,
            de: `Diese Buchung ist bestätigt. Zum Stornieren nutzen Sie den Link in Ihrer Bestätigungs-E-Mail (oder „Meine Buchung finden“ auf unserer Website), oder rufen Sie uns an: ${COMPANY_PHONE}.`,
          }
        : alreadyDone(status),
    seats: true, by: 'guest',
  },
  cancelWithLink: { from: ['held', 'confirmed'], to: 'cancelled', refused: alreadyDone, seats: true, by: 'guest', requires: notStarted },
  updateDetails: {
    from: ['held', 'confirmed'],
    to: null,
    refused: toGuest((en, sv, de) => [`This booking is ${en}; its details can no longer be changed.`, `Bokningen är ${sv}; dess uppgifter kan inte längre ändras.`, `Diese Buchung ist ${de}; ihre Angaben können nicht mehr geändert werden.`]),
    seats: false, by: 'guest',
    requires: (_booking, departure, now) => (hasStarted(departure, now) ? STARTED : null),
  },
  bookByStaff: { from: [], to: 'confirmed', refused: () => 'A booking is taken only once.', seats: true, by: 'staff' },
  changeByGuest: {
    from: ['confirmed'],
    to: null,
    refused: (status) =>
      status === 'held'
        ? {
            en: 'This booking is not confirmed yet: finish checkout first, or book again.',
            sv: 'Bokningen är inte bekräftad än: slutför betalningen först, eller boka igen.',
            de: 'Diese Buchung ist noch nicht bestätigt: schließen Sie zuerst die Bezahlung ab, oder buchen Sie neu.',
          }
        : toGuest((en, sv, de) => [`This booking is ${en} and cannot be changed.`, `Bokningen är ${sv} och kan inte ändras.`, `Diese Buchung ist ${de} und kann nicht geändert werden.`])(status),
    seats: true, by: 'guest',
    // The reseller was paid for the booking as it was sold: only the reseller changes it (and collects the difference).
    requires: (booking, departure, now) => (booking.paymentMethod === 'reseller' ? BOUGHT_FROM_RESELLER : notStarted(booking, departure, now)),
  },
  startBalancePayment: {
    from: ['confirmed'],
    to: null,
    refused: toGuest((en, sv, de) => [`This booking is ${en}; it has no balance to pay.`, `Bokningen är ${sv}; den har ingen rest att betala.`, `Diese Buchung ist ${de}; es ist kein Restbetrag zu zahlen.`]),
    seats: false, by: 'guest',
    requires: notStarted,
  },
  flagLateBalance: { from: ['confirmed'], to: null, refused: (status) => `A ${status} booking has no balance to be late with.`, seats: false, by: 'system' },
  markAttendance: { from: ['confirmed'], to: null, refused: (status) => `Bara bekräftade bokningar kan checkas in (denna är ${STATUS_SV[status]}).`, seats: false, by: 'staff' },
  remind: { from: ['confirmed'], to: null, refused: (status) => `A ${status} booking gets no reminder.`, seats: false, by: 'system' },
  cancelByStaff: { from: ['held', 'confirmed'], to: 'cancelled', refused: (status) => `Bokningen är redan ${STATUS_SV[status]}.`, seats: true, by: 'staff' },
  cancelDeparture: { from: ['held', 'confirmed'], to: 'cancelled', refused: (status) => `Bokningen är redan ${STATUS_SV[status]}.`, seats: true, by: 'staff' },
  rebook: {
    from: ['cancelled'],
    to: 'confirmed',
    refused: (status) =>
      status === 'confirmed'
        ? { en: 'This booking is confirmed: use "Change date or guests".', sv: 'Bokningen är bekräftad: använd "Ändra datum eller gäster".', de: 'Diese Buchung ist bestätigt: nutzen Sie „Termin oder Gäste ändern“.' }
        : cannotBeMoved(status),
    seats: true, by: 'guest',
    // Only a booking we confirmed and then cancelled with its date is moved free; a hold was never sold.
    requires: (booking) => (booking.cancelReason !== 'departure' ? NOT_OUR_CANCELLATION : booking.confirmedAt === null ? NEVER_CONFIRMED : null),
  },
  move: { from: ['held', 'confirmed'], to: null, refused: (status) => `En ${STATUS_SV[status]} bokning kan inte flyttas.`, seats: true, by: 'staff' },
  acceptMove: { from: ['confirmed'], to: null, refused: cannotBeMoved, seats: true, by: 'guest', requires: notStarted },
  recordRepayment: { from: ['confirmed', 'cancelled'], to: null, refused: (status) => `En ${STATUS_SV[status]} bokning har inget att betala tillbaka.`, seats: false, by: 'staff' },
  markPaidOnSite: { from: ['confirmed'], to: null, refused: (status) => `Bara bekräftade bokningar kan markeras som betalda (denna är ${STATUS_SV[status]}).`, seats: false, by: 'staff' },
  settleRefund: { from: ['held', 'confirmed', 'cancelled', 'expired'], to: null, refused: () => 'Unreachable.', seats: false, by: 'stripe' },
  anonymise: {
    from: ['confirmed', 'cancelled', 'expired'],
    to: null,
    refused: (status) => `Bokningen är ${STATUS_SV[status]}: avboka den, eller vänta tills reservationen gått ut, innan gästens uppgifter tas bort.`,
    seats: false, by: 'staff',
  },
  holdForReseller: { from: [], to: 'held', refused: () => 'A booking is held only once.', seats: true, by: 'reseller' },
  extendHold: { from: ['held'], to: null, refused: (status) => `This booking is ${status}; only a booking on hold can be extended.`, seats: false, by: 'reseller' },
  confirmByReseller: { from: ['held'], to: 'confirmed', refused: (status) => `This booking is ${status} and cannot be confirmed.`, seats: false, by: 'reseller' },
  updateByReseller: { from: ['held', 'confirmed'], to: null, refused: (status) => `This booking is ${status} and cannot be changed.`, seats: false, by: 'reseller' },
  changeByReseller: { from: ['held', 'confirmed'], to: null, refused: (status) => `This booking is ${status} and cannot be changed.`, seats: true, by: 'reseller', requires: notStarted },
  cancelByReseller: { from: ['held', 'confirmed'], to: 'cancelled', refused: (status) => `This booking is already ${status}.`, seats: true, by: 'reseller' },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof TRANSITIONS;

/** A transition the table does not allow from the booking's state: a 409 that says why (to a guest, in the request's language). */
export class TransitionRefusedError extends ConflictException {
  /** A guest's reason in each language; undefined for staff's and resellers' transitions. */
  readonly texts?: Record<Lang, string>;

  constructor(
    readonly transition: TransitionName,
    readonly fromStatus: BookingStatus,
    given?: string | Record<Lang, string>,
  ) {
    const reason = given ?? (TRANSITIONS[transition] as Transition).refused(fromStatus);
    super(typeof reason === 'string' ? reason : reason.en);
    if (typeof reason !== 'string') this.texts = reason;
  }
}

/** Who makes `transition` happen. */
export const madeBy = (transition: TransitionName): TransitionActor => (TRANSITIONS[transition] as Transition).by;

/** Whether `transition` can change a departure's seats left (the site then shows them afresh). */
export const changesSeats = (transition: TransitionName): boolean => (TRANSITIONS[transition] as Transition).seats;

/** The state `transition` leads to from `status`; throws TransitionRefusedError when it is not allowed. */
export function nextStatus(transition: TransitionName, status: BookingStatus): BookingStatus {
  const rule: Transition = TRANSITIONS[transition];
  if (!rule.from.includes(status)) throw new TransitionRefusedError(transition, status);
  return rule.to ?? status;
}

/**
 * The state `transition` leads to from the booking's, when the table allows it from that state
 * and the transition's own requirements hold; throws TransitionRefusedError otherwise.
 */
export function allowedNext(transition: TransitionName, booking: GuardFields, departure: { startsAt: Date }, now: Date): BookingStatus {
  const status = nextStatus(transition, booking.status);
  const refusal = (TRANSITIONS[transition] as Transition).requires?.(booking, departure, now);
  if (refusal) throw new TransitionRefusedError(transition, booking.status, refusal);
  return status;
}

type HoldFields = { status: BookingStatus; holdExpiresAt: Date | null };

/** A hold that still keeps its seats. */
export function holdIsLive(booking: HoldFields, now: Date): boolean {
  return booking.status === 'held' && booking.holdExpiresAt !== null && booking.holdExpiresAt > now;
}

/** A hold whose time ran out, whether or not the sweeper has marked it yet. */
export function holdHasLapsed(booking: HoldFields, now: Date): boolean {
  return booking.status === 'expired' || (booking.status === 'held' && !holdIsLive(booking, now));
}

/** Seats count against a departure while a booking is confirmed or its hold is live. */
export function takesSeats(booking: HoldFields, now: Date): boolean {
  return booking.status === 'confirmed' || holdIsLive(booking, now);
}

/** What a guest sees: a held booking past its expiry reads as expired before the sweeper gets to it. */
export function visibleStatus(booking: HoldFields, now: Date): BookingStatus {
  return booking.status === 'held' && holdHasLapsed(booking, now) ? 'expired' : booking.status;
}

type MoneyFields = { paymentStatus: PaymentStatus; paymentMethod: PaymentMethod | null; stripePaymentIntentId: string | null; paidAmountOre: number | null; totalSek: number; giftCardOre: number };

/**
 * The card payment a cancellation or a cheaper change refunds from; null when no card payment
 * is held. A card booking moved to a dearer date holds its card money with the rest due, as one
 * that paid a deposit holds it with the balance owed. What a
 * gift card paid beside the card is not the card's (heldGiftCardOre).
 */
export function heldCardPayment(booking: MoneyFields): { paymentIntentId: string; amountOre: number } | null {
  if (booking.paymentMethod !== 'stripe' || booking.stripePaymentIntentId === null) return null;
  const amountOre = heldOre(booking) - heldGiftCardOre(booking);
  return booking.paymentStatus === 'paid' || ((booking.paymentStatus === 'due_on_arrival' || booking.paymentStatus === 'deposit_paid') && amountOre > 0) ? { paymentIntentId: booking.stripePaymentIntentId, amountOre } : null;
}
