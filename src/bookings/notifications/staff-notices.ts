import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { formatSekIn } from '../../../shared/company';
import { describeParty } from '../../../shared/pricing';
import { ANSWER_WORDS, describeAnswers } from '../../../shared/questions';
import { ADMIN_BASE } from '../../../shared/taxonomy';
import { AppConfig } from '../../config/app-config';
import { composeMail } from '../../mail/mail-layout';
import { MailOutbox } from '../../mail/mail-outbox.service';
import type { TourOptions } from '../../tours/tour-options';
import type { BookingDetails } from '../booking.mapper';
import { enqueueAbout, factIf, paymentText, pickupWhere, STAFF, when } from './mail-facts';
import { LANGUAGE_NAMES_SV } from '../../../shared/languages';

/** What BOOKING_EMAIL is told of bookings: staff's own mails, in Swedish as the admin is. */
@Injectable()
export class StaffNotices {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly config: AppConfig,
  ) {}

  /** A new confirmed booking, with all staff need to run it (party, pickup, answers, notes). */
  async newBooking(manager: EntityManager, booking: BookingDetails, options: TourOptions): Promise<void> {
    await enqueueAbout(
      this.outbox,
      manager,
      booking,
      'booking.staff-notice',
      composeMail(this.config.mail.bookingEmail, `Ny bokning ${booking.reference}: ${booking.tour.title}, ${booking.guests} pers.`, {
        lang: 'sv',
        preview: `${booking.name}, ${booking.guests} pers., ${when(booking.departure.startsAt, 'sv')}`,
        paragraphs: [`${booking.reference}: ${booking.tour.title}`],
        facts: [
          ['Avgång', when(booking.departure.startsAt, 'sv')],
          ['Gäster', `${booking.guests} (${describeParty(booking.party)})`],
          ['Gäst', `${booking.name} <${booking.email}>${booking.phone ? `, ${booking.phone}` : ''}`],
          ...factIf('Boende', booking.stayPackage && `${booking.stayPackage.name}, ${booking.stayPackage.rooms} rum`),
          ...factIf('Upphämtning', booking.pickupPoint && pickupWhere(booking.pickupPoint, STAFF)),
          ...factIf('Svar', describeAnswers(options.questions, booking.answers, ANSWER_WORDS.sv)),
          ['Totalt', `${formatSekIn('sv', booking.totalSek)} (${paymentText(booking.paymentStatus, STAFF)})`],
          ...factIf('Anteckningar', booking.notes),
          ...factIf('Gästens språk', booking.language === 'en' ? null : LANGUAGE_NAMES_SV[booking.language]),
        ],
        action: { label: 'Se bokningen', url: this.staffLink(booking) },
      }),
    );
  }

  /** A guest changed or cancelled a confirmed booking themselves (the manage link), or the reseller that sold it cancelled it (OCTO). */
  async guestChanged(manager: EntityManager, booking: BookingDetails, change: 'changed' | 'cancelled', by: 'guest' | 'reseller' = 'guest'): Promise<void> {
    const what = change === 'changed' ? 'ändrade' : 'avbokade';
    const [who, how] = by === 'reseller' ? ['Återförsäljaren', `Återförsäljaren ${what} bokningen ${booking.reference} (${booking.name}) via OCTO.`] : ['Gästen', `${booking.name} ${what} sin bokning ${booking.reference} via sin bokningslänk.`];
    await enqueueAbout(
      this.outbox,
      manager,
      booking,
      'booking.guest-change-notice',
      composeMail(this.config.mail.bookingEmail, `${who} ${what} ${booking.reference}: ${booking.tour.title}`, {
        lang: 'sv',
        preview: how,
        paragraphs: [how],
        facts: [
          ['Tur', booking.tour.title],
          ['Avgång', when(booking.departure.startsAt, 'sv')],
          ['Gäster', `${booking.guests} (${describeParty(booking.party)})`],
          ['Totalt', formatSekIn('sv', booking.totalSek)],
          ['Betalning', paymentText(booking.paymentStatus, STAFF)],
        ],
        action: { label: 'Se bokningen', url: this.staffLink(booking) },
      }),
    );
  }

  /** A deposit's balance is past its day and unpaid: staff decide (call the guest, take it on site, or cancel by hand); the site never cancels for it. */
  async balanceLate(manager: EntityManager, booking: BookingDetails): Promise<void> {
    const how = `${booking.name} har betalat handpenning för ${booking.reference} men inte resten, som skulle vara betald ${when(booking.deposit!.balanceDueAt, 'sv')}. Bokningen ligger kvar.`;
    await enqueueAbout(
      this.outbox,
      manager,
      booking,
      'booking.balance-late',
      composeMail(this.config.mail.bookingEmail, `Resten obetald ${booking.reference}: ${booking.tour.title}`, {
        lang: 'sv',
        preview: how,
        paragraphs: [how],
        facts: [
          ['Avgång', when(booking.departure.startsAt, 'sv')],
          ['Gäst', `${booking.name} <${booking.email}>${booking.phone ? `, ${booking.phone}` : ''}`],
          ['Handpenning betald', formatSekIn('sv', booking.deposit!.depositSek)],
          ['Kvar att betala', formatSekIn('sv', booking.dueSek)],
        ],
        action: { label: 'Se bokningen', url: this.staffLink(booking) },
      }),
    );
  }

  /** The booking in the admin's bookings list. */
  private staffLink(booking: Pick<BookingDetails, 'reference'>): string {
    return `${this.config.publicUrl}${ADMIN_BASE}/bookings/?q=${encodeURIComponent(booking.reference)}`;
  }
}
