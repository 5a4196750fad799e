import { Injectable, Logger } from '@nestjs/common';
import { createEvent } from 'ics';

import type { BookingSummary } from '../../client/api/types';
import { AppConfig } from '../config/app-config';
import { MailService, type OutgoingMail } from '../mail/mail.service';

const sek = (amount: number) => `${new Intl.NumberFormat('sv-SE').format(amount)} SEK`;
const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Stockholm' }).format(new Date(iso));

const PAYMENT_TEXT: Record<BookingSummary['paymentStatus'], string> = {
  paid: 'Paid by card',
  due_on_arrival: 'To pay on arrival',
  unpaid: 'Not paid yet',
  refunded: 'Refunded',
};

/** The calendar entry for a confirmed booking (.ics), for the success page and the mail. */
export function bookingCalendar(booking: BookingSummary, publicUrl: string): string {
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

/**
 * The guest's confirmation and the notice to BOOKING_EMAIL. Mail never blocks or loses a
 * booking: it is sent in the background and retried with growing pauses.
 */
@Injectable()
export class BookingMailService {
  private readonly logger = new Logger(BookingMailService.name);
  static readonly RETRY_DELAYS_MS = [2_000, 15_000, 60_000, 300_000];

  constructor(
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  confirmed(booking: BookingSummary): Promise<void> {
    const lines = [
      `Thank you, ${booking.name}! Your booking is confirmed.`,
      '',
      `Booking reference: ${booking.reference}`,
      `Tour: ${booking.tour.title}`,
      `Date and time: ${when(booking.departure.startsAt)} (Kiruna time)`,
      `Guests: ${booking.guests}`,
      ...(booking.stayPackage ? [`Stay: ${booking.stayPackage.name}, ${booking.stayPackage.rooms} room(s)`] : []),
      `Meeting point: ${booking.tour.meetingPoint}`,
      `Total: ${sek(booking.totalSek)}`,
      `Payment: ${PAYMENT_TEXT[booking.paymentStatus]}`,
      '',
      'What to bring:',
      ...booking.tour.whatToBring.map((item) => `- ${item}`),
      '',
      'To change or cancel, call us on +46 980 123 45 (Mon-Fri 09:00-18:00, Sat 10:00-16:00, Sun 10:00-15:00).',
    ];
    return this.deliver(
      {
        to: booking.email,
        subject: `Booking confirmed: ${booking.tour.title} (${booking.reference})`,
        text: lines.join('\n'),
        attachments: [{ filename: `${booking.reference}.ics`, content: bookingCalendar(booking, this.config.publicUrl), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
      },
      booking.reference,
      [
        {
          to: this.config.mail.bookingEmail,
          subject: `New booking ${booking.reference}: ${booking.tour.title}, ${booking.guests} guest(s)`,
          text: [
            `${booking.reference}: ${booking.tour.title}`,
            `When: ${when(booking.departure.startsAt)}`,
            `Guests: ${booking.guests}`,
            `Guest: ${booking.name} <${booking.email}>${booking.phone ? `, ${booking.phone}` : ''}`,
            ...(booking.stayPackage ? [`Stay: ${booking.stayPackage.name}, ${booking.stayPackage.rooms} room(s)`] : []),
            `Total: ${sek(booking.totalSek)} (${PAYMENT_TEXT[booking.paymentStatus]})`,
            ...(booking.notes ? [`Notes: ${booking.notes}`] : []),
          ].join('\n'),
        },
      ],
    );
  }

  refunded(booking: BookingSummary): Promise<void> {
    return this.deliver(
      {
        to: booking.email,
        subject: `Your payment has been refunded (${booking.reference})`,
        text: [
          `Dear ${booking.name},`,
          '',
          `Your payment for ${booking.tour.title} on ${when(booking.departure.startsAt)} arrived after your seat hold had expired, and the seats had been taken by then.`,
          `We have refunded the full amount of ${sek(booking.totalSek)} to your card; it may take a few days to show.`,
          '',
          'We are sorry. Please choose another date on our site, or call us on +46 980 123 45 and we will help you find one.',
        ].join('\n'),
      },
      booking.reference,
    );
  }

  cancelled(booking: BookingSummary): Promise<void> {
    return this.deliver(
      {
        to: booking.email,
        subject: `Your booking has been cancelled (${booking.reference})`,
        text: [
          `Dear ${booking.name},`,
          '',
          `Your booking ${booking.reference} for ${booking.tour.title} on ${when(booking.departure.startsAt)} has been cancelled.`,
          booking.paymentStatus === 'refunded' || booking.paymentStatus === 'paid' ? 'Your payment is refunded in full; it may take a few days to show.' : 'Nothing will be charged.',
          '',
          'Questions? Call us on +46 980 123 45 (Mon-Fri 09:00-18:00, Sat 10:00-16:00, Sun 10:00-15:00).',
        ].join('\n'),
      },
      booking.reference,
    );
  }

  /** Starts sending; resolves once the first attempt of each mail has finished (never rejects). */
  private async deliver(first: OutgoingMail, reference: string, others: OutgoingMail[] = []): Promise<void> {
    await Promise.all([first, ...others].map((mail) => this.attempt(mail, reference, 0)));
  }

  private async attempt(mail: OutgoingMail, reference: string, attempt: number): Promise<void> {
    try {
      await this.mail.send(mail);
    } catch (error) {
      const delay = BookingMailService.RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        this.logger.error(`Gave up mailing "${mail.subject}" for ${reference}: ${String(error)}`);
        return;
      }
      this.logger.warn(`Mail "${mail.subject}" for ${reference} failed (${String(error)}); trying again in ${delay / 1000} s`);
      setTimeout(() => void this.attempt(mail, reference, attempt + 1), delay).unref();
    }
  }
}
