import type { AdminBookingRow } from '../../shared/admin-types';
import type { BookingSummary, DepositView } from '../../shared/api-types';
import { balanceDueAt, balanceIsLate } from '../../shared/deposits';
import { cancellationPolicyText } from '../../shared/cancellation-policy';
import type { PartyLine } from '../../shared/pricing';
import { bookingVat, type VatLine } from '../../shared/vat';
import { pickupTime } from '../tours/tour-options';
import { depositTermsOf } from '../tours/tour.mapper';
import { dueSek, owedOre, repayableOre } from './lifecycle/booking-money';
import { visibleStatus } from './lifecycle/transitions';
import type { BookingRefund } from './booking-refund.entity';
import type { Booking } from './booking.entity';
import type { Lang } from '../../shared/languages';
import { ANSWER_WORDS, describeAnswers, type Answers, type QuestionView } from '../../shared/questions';
import { clock } from '../common/clock';

/** Everything about a booking that its mails and staff need; never sent to a guest's page as is. */
export interface BookingDetails extends Omit<BookingSummary, 'maskedEmail' | 'cancellationPolicy' | 'cancelFreeHours'> {
  email: string;
  /** Whether the guest gets our mails (a reseller's guest only when the reseller asked for them). */
  mailGuest: boolean;
  /** The language the guest booked in. */
  language: Lang;
  phone: string | null;
  notes: string | null;
  /** The answers to the tour's questions given so far. */
  answers: Answers | null;
  /** What is still to pay on the day: the price less what the booking holds (0 when nothing is owed). */
  dueSek: number;
}

/** a***@example.com: enough for a guest to recognise their address, too little to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** A booking's party lines; one from before categories were kept: its guests as adults at its tour amount. */
export const bookedLines = (booking: Pick<Booking, 'party' | 'guests' | 'tourAmountSek'>): PartyLine[] =>
  booking.party ?? [{ code: 'adult', name: 'Adult', quantity: booking.guests, unitPriceSek: booking.tourAmountSek / booking.guests, seatsPerUnit: 1, guestsPerUnit: 1 }];

/** What a booking (loaded with its departure's tour) sold, by VAT rate: its receipt, and what the books share its money by. */
export const soldVat = (booking: Booking): VatLine[] => bookingVat({ ...booking, party: bookedLines(booking) }, booking.departure!.tour!.vatRate);

/** A booking's deposit as its pages, mails and staff show it (loaded with its departure), or null without one. */
export function depositView(booking: Booking, now: Date): DepositView | null {
  if (booking.depositOre <= 0 || booking.balanceDueDays === null) return null;
  const dueAt = balanceDueAt(booking.departure!.startsAt, booking.balanceDueDays);
  const owing = booking.paymentStatus === 'deposit_paid' && booking.status === 'confirmed';
  const balanceSek = owing ? dueSek(booking) : booking.status === 'held' ? booking.totalSek - booking.depositOre / 100 : 0;
  return { depositSek: booking.depositOre / 100, balanceSek, balanceDueAt: dueAt.toISOString(), late: owing && balanceSek > 0 && balanceIsLate(dueAt, now) };
}

/** What a booking is loaded with for its mails, pages and staff views. */
export const BOOKING_RELATIONS = { departure: { tour: true }, stayPackage: true, pickupPoint: true, reseller: true } as const;

/** A booking loaded with BOOKING_RELATIONS. */
export function mapBookingDetails(booking: Booking, checkoutMethod: BookingSummary['checkoutMethod'], now = clock.now()): BookingDetails {
  const departure = booking.departure!;
  const tour = departure.tour!;
  const stay = booking.stayPackage ?? null;
  const party = bookedLines(booking);
  return {
    dueSek: dueSek(booking),
    reference: booking.reference,
    status: visibleStatus(booking, now),
    holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    guests: booking.guests,
    seats: booking.seats,
    pickupPoint: booking.pickupPoint ? { id: booking.pickupPoint.id, name: booking.pickupPoint.name, address: booking.pickupPoint.address, at: pickupTime(departure.startsAt, booking.pickupPoint).toISOString() } : null,
    party,
    name: booking.name,
    email: booking.email,
    mailGuest: booking.mailGuest,
    language: booking.language,
    phone: booking.phone,
    notes: booking.notes,
    answers: booking.answers,
    tourAmountSek: booking.tourAmountSek,
    stayAmountSek: booking.stayAmountSek,
    discountSek: booking.discountSek,
    promo: booking.promo,
    vat: soldVat(booking),
    totalSek: booking.totalSek,
    paymentMethod: booking.paymentMethod,
    paymentStatus: booking.paymentStatus,
    giftCardSek: booking.giftCardOre / 100,
    deposit: depositView(booking, now),
    depositTerms: checkoutMethod === 'stripe' && booking.status === 'held' ? depositTermsOf(tour) : null,
    checkoutMethod,
    tour: {
      id: tour.id,
      slug: tour.slug,
      title: tour.title,
      meetingPoint: tour.meetingPoint,
      whatToBring: tour.whatToBring,
      durationHours: Math.round((tour.durationMinutes / 60) * 10) / 10,
    },
    departure: { id: departure.id, startsAt: departure.startsAt.toISOString() },
    stayPackage: stay ? { id: stay.id, name: stay.name, nights: stay.nights, rooms: booking.stayRooms ?? Math.ceil(booking.guests / stay.maxGuests) } : null,
  };
}

/** What a guest sees by reference: only what the booking pages show. */
export function mapBookingSummary(details: BookingDetails, cancelFreeHours: number): BookingSummary {
  const { email, mailGuest: _mailGuest, language: _language, phone: _phone, notes: _notes, answers: _answers, dueSek: _dueSek, ...shown } = details;
  return { ...shown, maskedEmail: maskEmail(email), cancellationPolicy: cancellationPolicyText(cancelFreeHours), cancelFreeHours };
}

/** A booking as staff see it, with its refunds. */
export function mapAdminBookingRow(booking: Booking, refunds: BookingRefund[], questions: readonly QuestionView[], checkoutMethod: BookingSummary['checkoutMethod'], now = clock.now()): AdminBookingRow {
  return {
    ...mapBookingDetails(booking, checkoutMethod, now),
    answersText: describeAnswers(questions, booking.answers, ANSWER_WORDS.sv),
    id: booking.id,
    createdAt: booking.createdAt.toISOString(),
    cancelReason: booking.cancelReason,
    attention: booking.attention,
    paidAmountSek: booking.paidAmountOre === null ? null : booking.paidAmountOre / 100,
    owedSek: owedOre(booking) / 100,
    repayableSek: repayableOre(booking) / 100,
    source: booking.source,
    reseller: booking.reseller ? { id: booking.reseller.id, name: booking.reseller.name, reference: booking.resellerReference } : null,
    pickup: booking.pickup,
    paymentNote: booking.paymentNote,
    reminderSentAt: booking.reminderSentAt?.toISOString() ?? null,
    attendance: booking.attendance,
    language: booking.language,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      cause: refund.cause,
      amountSek: refund.amountOre / 100,
      status: refund.status,
      stripeRefundId: refund.stripeRefundId,
      refundedAt: refund.refundedAt?.toISOString() ?? null,
      lastError: refund.lastError,
    })),
  };
}
