import { Injectable } from '@nestjs/common';
import { createEvent } from 'ics';
import { EntityManager } from 'typeorm';

import { cancellationPolicyText } from '../../shared/cancellation-policy';
import { COMPANY, COMPANY_PHONE, formatSek, OFFICE_HOURS } from '../../shared/company';
import { describeParty } from '../../shared/pricing';
import { ADMIN_BASE } from '../../shared/taxonomy';
import { AppConfig } from '../config/app-config';
import { COMPANY_TIME_ZONE } from '../database/seed/departure-schedule';
import { composeMail } from '../mail/mail-layout';
import { MailOutbox } from '../mail/mail-outbox.service';
import type { OutgoingMail } from '../mail/mail.service';
import type { CancelReason, PaymentStatus } from './lifecycle/transitions';
import type { BookingDetails } from './booking.mapper';
import { ManageLinks } from './manage-links.service';

const when = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: COMPANY_TIME_ZONE }).format(new Date(iso));

const PAYMENT_TEXT: Record<PaymentStatus, string> = {
  paid: 'Paid',
  due_on_arrival: 'To pay on arrival',
  unpaid: 'Not paid yet',
  refund_pending: 'Being refunded',
  refunded: 'Refunded',
};

/** Why money goes back to a card; one refund per booking and cause. */
export type RefundCause =
  | `cancelled-by-${CancelReason}`
  | 'late-payment'
  | 'payment-after-cancel'
  | 'departure-cancelled'
  | 'departure-left'
  | 'amount-mismatch'
  | `duplicate-payment-${string}`
  | `changed-${string}`
  | `change-refused-${string}`;

/** What happens to money when a booking is cancelled, as the guest is told. */
export type CancelledMoney =
  | { kind: 'card-refund'; amountSek: number }
  | { kind: 'paid-on-site'; amountSek: number }
  | { kind: 'nothing-charged' }
  | { kind: 'paid-to-reseller' }
  | { kind: 'no-refund-late'; amountSek: number; freeHours: number };

/** "Scandic Ferrum at 19:30 (Lars Janssonsgatan 15, main entrance)", in Kiruna time. */
const pickupWhere = (pickup: NonNullable<BookingDetails['pickupPoint']>): string => `${pickup.name} at ${clock.format(new Date(pickup.at))}${pickup.address ? ` (${pickup.address})` : ''}`;

/** A mail's fact that only some bookings have: the row, or none. */
const factIf = (label: string, value: string | null | undefined): [string, string][] => (value ? [[label, value]] : []);

/** What to wear on the day, by the season of the start. */
function whatToWear(startsAt: string): string {
  const month = new Date(startsAt).getUTCMonth() + 1;
  return month >= 11 || month <= 3
    ? 'Dress for -10 to -25 °C: thermal base layers, a warm mid layer, a windproof outer layer, a hat, mittens and warm boots. We lend snowsuits and boots on winter tours.'
    : month === 4 || month === 10
      ? 'Dress in layers for cold, changeable weather around freezing: a warm hat, gloves and waterproof boots.'
      : 'Dress in layers for a cool, changeable day: a waterproof jacket, good walking shoes and insect repellent.';
}

const QUESTIONS = `Questions? Call us on ${COMPANY_PHONE} (${OFFICE_HOURS}).`;
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: COMPANY.timeZone });

/** The calendar entry for a confirmed booking (.ics), for the success page and the mail. */
export function bookingCalendar(booking: Pick<BookingDetails, 'reference' | 'guests' | 'tour' | 'departure'>, publicUrl: string): string {
  const start = new Date(booking.departure.startsAt);
  const { error, value } = createEvent({
    uid: `${booking.reference}@norrsken-arctic.se`,
    title: booking.tour.title,
    description: `Booking ${booking.reference}, ${booking.guests} guest(s). Meeting point: ${booking.tour.meetingPoint}`,
    location: booking.tour.meetingPoint,
    url: `${publicUrl}/tours/${booking.tour.slug}/`,
    start: start.getTime(),
    duration: { minutes: Math.round(booking.tour.durationHours * 60) },
    status: 'CONFIRMED',
    organizer: { name: 'Norrsken Arctic Tours', email: 'booking@norrsken-arctic.se' },
  });
  if (error || !value) throw error ?? new Error('Could not build the calendar entry');
  return value;
}

const REFUND_REASON: Record<string, (booking: BookingDetails) => string> = {
  'late-payment': (booking) =>
    `Your payment for ${booking.tour.title} on ${when(booking.departure.startsAt)} arrived after your seat hold had ended, and the seats had been taken by then, so we could not confirm booking ${booking.reference}.`,
  'payment-after-cancel': (booking) => `Your payment for booking ${booking.reference} arrived after the booking had been cancelled, so we return it.`,
  'departure-cancelled': (booking) => `Your payment for booking ${booking.reference} arrived for a departure we have had to cancel, so we return it.`,
  'departure-left': (booking) => `Your payment for booking ${booking.reference} arrived after the departure had left, so we return it.`,
  'change-refused': (booking) =>
    `Your payment for a change of booking ${booking.reference} arrived when the change could no longer be made (the seats had gone, or the booking had changed), so your booking stays as it was.`,
  changed: (booking) => `This is the difference for your changed booking ${booking.reference} (${booking.tour.title}, ${when(booking.departure.startsAt)}, ${booking.guests} guest(s)).`,
  'amount-mismatch': (booking) =>
    `The amount you paid did not match the total of booking ${booking.reference} (${formatSek(booking.totalSek)}), which changed while you were paying, so we return the payment and have not confirmed the booking.`,
  duplicate: (booking) => `You paid twice for booking ${booking.reference}; we return the second payment. Your booking stays confirmed.`,
  cancelled: (booking) => `This is the refund for your cancelled booking ${booking.reference} (${booking.tour.title}, ${when(booking.departure.startsAt)}).`,
};

/**
 * The booking mails, written into the outbox in the caller's transaction: each says only what
 * has happened by the time it commits.
 */
@Injectable()
export class BookingMails {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly config: AppConfig,
    private readonly links: ManageLinks,
  ) {}

  /** The guest's confirmation (with the calendar entry) and the notice to BOOKING_EMAIL. */
  async confirmed(manager: EntityManager, booking: BookingDetails): Promise<void> {
    await this.enqueue(
      manager,
      booking,
      'booking.confirmed',
      composeMail(
        booking.email,
        `Booking confirmed: ${booking.tour.title} (${booking.reference})`,
        {
          preview: `${booking.tour.title}, ${when(booking.departure.startsAt)}: your booking ${booking.reference} is confirmed.`,
          paragraphs: [`Thank you, ${booking.name}! Your booking is confirmed.`],
          facts: [
            ['Booking reference', booking.reference],
            ['Tour', booking.tour.title],
            ['Date and time', `${when(booking.departure.startsAt)} (Kiruna time)`],
            ['Guests', `${booking.guests} (${describeParty(booking.party)})`],
            ...factIf('Stay', booking.stayPackage && `${booking.stayPackage.name}, ${booking.stayPackage.rooms} room(s)`),
            ['Meeting point', booking.tour.meetingPoint],
            ...factIf('Pickup', booking.pickupPoint && pickupWhere(booking.pickupPoint)),
            ['Total', formatSek(booking.totalSek)],
            ['Payment', booking.paymentStatus === 'paid' && booking.paymentMethod === 'stripe' ? 'Paid by card' : PAYMENT_TEXT[booking.paymentStatus]],
          ],
          sections: [
            { title: 'What to wear', text: whatToWear(booking.departure.startsAt) },
            { title: 'What to bring', items: booking.tour.whatToBring },
          ],
          action: { label: 'Manage your booking (your details, or cancel)', url: this.links.url(booking) },
          closing: [cancellationPolicyText(this.config.cancelFreeHours), QUESTIONS],
        },
        { attachments: [{ filename: `${booking.reference}.ics`, content: bookingCalendar(booking, this.config.publicUrl), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] },
      ),
    );
    await this.enqueue(
      manager,
      booking,
      'booking.staff-notice',
      composeMail(this.config.mail.bookingEmail, `New booking ${booking.reference}: ${booking.tour.title}, ${booking.guests} guest(s)`, {
        preview: `${booking.name}, ${booking.guests} guest(s), ${when(booking.departure.startsAt)}`,
        paragraphs: [`${booking.reference}: ${booking.tour.title}`],
        facts: [
          ['When', when(booking.departure.startsAt)],
          ['Guests', `${booking.guests} (${describeParty(booking.party)})`],
          ['Guest', `${booking.name} <${booking.email}>${booking.phone ? `, ${booking.phone}` : ''}`],
          ...factIf('Stay', booking.stayPackage && `${booking.stayPackage.name}, ${booking.stayPackage.rooms} room(s)`),
          ...factIf('Pickup', booking.pickupPoint && pickupWhere(booking.pickupPoint)),
          ['Total', `${formatSek(booking.totalSek)} (${PAYMENT_TEXT[booking.paymentStatus]})`],
          ...factIf('Notes', booking.notes),
        ],
      }),
    );
  }

  async cancelled(manager: EntityManager, booking: BookingDetails, reason: CancelReason, money: CancelledMoney): Promise<void> {
    const what = {
      guest: `As you asked, we have cancelled your booking ${booking.reference} for ${booking.tour.title} on ${when(booking.departure.startsAt)}.`,
      staff: `We have cancelled your booking ${booking.reference} for ${booking.tour.title} on ${when(booking.departure.startsAt)}.`,
      departure: `We are sorry: we have had to cancel the departure of ${booking.tour.title} on ${when(booking.departure.startsAt)}, and with it your booking ${booking.reference}.`,
      reseller: `Your booking ${booking.reference} for ${booking.tour.title} on ${when(booking.departure.startsAt)} has been cancelled by the agent you booked it with.`,
    }[reason];
    const moneyLine =
      money.kind === 'card-refund'
        ? `We are refunding the ${formatSek(money.amountSek)} you paid by card in full; you will get another email when the refund is made.`
        : money.kind === 'paid-on-site'
          ? `You paid ${formatSek(money.amountSek)} on site; we will contact you to pay it back.`
          : money.kind === 'no-refund-late'
            ? `You cancelled less than ${money.freeHours} hours before the start, so the ${formatSek(money.amountSek)} you paid is not refunded.`
            : money.kind === 'paid-to-reseller'
              ? 'You paid the agent you booked with; any refund comes from them.'
              : 'Nothing has been charged.';
    await this.enqueue(
      manager,
      booking,
      'booking.cancelled',
      composeMail(booking.email, `Your booking has been cancelled (${booking.reference})`, {
        preview: what,
        greeting: `Dear ${booking.name},`,
        paragraphs: [
          what,
          moneyLine,
          // When we cancel a date, the guest is shown the others.
          ...(reason === 'departure'
            ? [`You can move to another date of ${booking.tour.title} free of charge, the same party at the same price: choose it with your booking link below. Other dates: ${this.config.publicUrl}/tours/${booking.tour.slug}/`]
            : []),
        ],
        action: { label: 'Your booking', url: this.links.url(booking) },
        closing: [QUESTIONS],
      }),
    );
  }

  /** Sent once Stripe has made the refund: its amount and id, and why. */
  async refunded(manager: EntityManager, booking: BookingDetails, refund: { cause: string; amountOre: number; stripeRefundId: string }): Promise<void> {
    // Causes of refused payments end in the payment's id (late-payment-pi_…).
    const reason = refund.cause.startsWith('cancelled-by-')
      ? 'cancelled'
      : refund.cause.startsWith('duplicate-payment-')
        ? 'duplicate'
        : refund.cause.startsWith('changed-')
          ? 'changed'
          : refund.cause.replace(/-pi_\w+$/, '');
    const refunded = `We have refunded ${formatSek(refund.amountOre / 100)} to your card (refund ${refund.stripeRefundId}); depending on your bank it takes 5-10 days to show.`;
    await this.enqueue(
      manager,
      booking,
      'booking.refunded',
      composeMail(booking.email, `Your payment has been refunded (${booking.reference})`, {
        preview: refunded,
        greeting: `Dear ${booking.name},`,
        paragraphs: [(REFUND_REASON[reason] ?? REFUND_REASON.cancelled)(booking), refunded],
        action: { label: 'Your booking', url: this.links.url(booking) },
        closing: [
          reason === 'amount-mismatch' || reason === 'late-payment' ? `To book again, choose a date at ${this.config.publicUrl}/tours/${booking.tour.slug}/ or call us on ${COMPANY_PHONE}.` : QUESTIONS,
        ],
      }),
    );
  }

  /** REMINDER_HOURS before the start: when and where, pickup, what to wear, and the manage link. */
  async reminder(manager: EntityManager, booking: BookingDetails & { pickup: string | null }): Promise<void> {
    const starts = `Your tour ${booking.tour.title} starts ${when(booking.departure.startsAt)} (Kiruna time), for ${booking.guests} guest(s).`;
    await this.enqueue(
      manager,
      booking,
      'booking.reminder',
      composeMail(booking.email, `See you soon: ${booking.tour.title} on ${when(booking.departure.startsAt)} (${booking.reference})`, {
        preview: starts,
        greeting: `Dear ${booking.name},`,
        paragraphs: [starts],
        facts: [
          ['Meeting point', booking.tour.meetingPoint],
          [
            'Pickup',
            booking.pickupPoint
              ? `${pickupWhere(booking.pickupPoint)}; please be there 5 minutes before.`
              : booking.pickup
                ? `from ${booking.pickup}; please wait in the lobby 10 minutes before the start.`
                : 'none booked; please come to the meeting point 10 minutes before the start.',
          ],
        ],
        sections: [
          { title: 'What to wear', text: whatToWear(booking.departure.startsAt) },
          { title: 'What to bring', items: booking.tour.whatToBring },
        ],
        action: { label: 'Manage your booking', url: this.links.url(booking) },
        closing: [QUESTIONS],
      }),
    );
  }

  /** The questions a guest has still to answer before the tour, with the link to answer them. */
  async answersMissing(manager: EntityManager, booking: BookingDetails, missing: string[], dueAt: Date): Promise<void> {
    await this.enqueue(
      manager,
      booking,
      'booking.answers-missing',
      composeMail(booking.email, `Before your tour: a few answers we need (${booking.reference})`, {
        preview: `A few answers we need before ${booking.tour.title}`,
        greeting: `Dear ${booking.name},`,
        paragraphs: [`For ${booking.tour.title} on ${when(booking.departure.startsAt)} (Kiruna time) we still need to know:`],
        sections: [{ title: 'Still to answer', items: missing }],
        action: { label: `Please answer by ${when(dueAt.toISOString())}`, url: this.links.url(booking) },
        closing: [QUESTIONS],
      }),
    );
  }

  /** The booking after a change of date or party, and what happens to the money. */
  async changed(manager: EntityManager, booking: BookingDetails, money: { refundedSek: number }): Promise<void> {
    await this.enqueue(
      manager,
      booking,
      'booking.changed',
      composeMail(booking.email, `Your booking has been changed (${booking.reference})`, {
        preview: `Your booking ${booking.reference}: ${booking.tour.title}, ${when(booking.departure.startsAt)}`,
        greeting: `Dear ${booking.name},`,
        paragraphs: [`Your booking ${booking.reference} is now:`],
        facts: [
          ['Tour', booking.tour.title],
          ['Date and time', `${when(booking.departure.startsAt)} (Kiruna time)`],
          ['Guests', `${booking.guests} (${describeParty(booking.party)})`],
          ['Total', formatSek(booking.totalSek)],
          money.refundedSek > 0
            ? ['Refund', `We are refunding the difference of ${formatSek(money.refundedSek)} to your card; you will get another email when the refund is made.`]
            : booking.paymentStatus === 'due_on_arrival'
              ? ['To pay on arrival', `${formatSek(booking.totalSek)}.`]
              : ['Payment', `${PAYMENT_TEXT[booking.paymentStatus]}.`],
        ],
        action: { label: 'Manage your booking', url: this.links.url(booking) },
        closing: [QUESTIONS],
      }),
    );
  }

  /**
   * Tells BOOKING_EMAIL that a guest changed or cancelled a confirmed booking themselves (the
   * manage link), in the transaction that made it: the staff's own mail, in Swedish.
   */
  async guestChangedForStaff(manager: EntityManager, booking: BookingDetails, change: 'changed' | 'cancelled'): Promise<void> {
    const what = change === 'changed' ? 'ändrade' : 'avbokade';
    await this.enqueue(
      manager,
      booking,
      'booking.guest-change-notice',
      composeMail(this.config.mail.bookingEmail, `Gästen ${what} ${booking.reference}: ${booking.tour.title}`, {
        lang: 'sv',
        preview: `${booking.name} ${what} sin bokning ${booking.reference}.`,
        paragraphs: [`${booking.name} ${what} sin bokning ${booking.reference} via sin bokningslänk.`],
        facts: [
          ['Tur', booking.tour.title],
          ['Avgång', when(booking.departure.startsAt)],
          ['Gäster', `${booking.guests} (${describeParty(booking.party)})`],
          ['Totalt', formatSek(booking.totalSek)],
          ['Betalning', PAYMENT_TEXT[booking.paymentStatus]],
        ],
        action: { label: 'Se bokningen', url: `${this.config.publicUrl}${ADMIN_BASE}/bookings/?q=${encodeURIComponent(booking.reference)}` },
      }),
    );
  }

  /** "Find my booking": the link again, to the address the booking was made with. */
  async manageLink(manager: EntityManager, booking: BookingDetails): Promise<void> {
    await this.enqueue(
      manager,
      booking,
      'booking.manage-link',
      composeMail(booking.email, `Your booking ${booking.reference}: ${booking.tour.title}`, {
        preview: `The link to your booking ${booking.reference}`,
        greeting: `Dear ${booking.name},`,
        paragraphs: [`Here is the link to your booking ${booking.reference} (${booking.tour.title}, ${when(booking.departure.startsAt)}):`],
        action: { label: 'See your booking', url: this.links.url(booking) },
        closing: ['If you did not ask for it, you can ignore this mail; the link only works for you.'],
      }),
    );
  }

  /** A mail about the booking into the outbox; none to a guest who gets no mails of ours (a reseller's, unless it asked). */
  private async enqueue(manager: EntityManager, booking: BookingDetails, topic: string, mail: OutgoingMail): Promise<void> {
    if (mail.to === booking.email && !booking.mailGuest) return;
    await this.outbox.enqueue(manager, mail, { topic, bookingReference: booking.reference });
  }
}
