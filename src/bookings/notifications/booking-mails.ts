import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { COMPANY_PHONE, formatSekIn, kirunaDate } from '../../../shared/company';
import { localizedPath, type Lang } from '../../../shared/languages';
import { describeParty } from '../../../shared/pricing';
import type { MissingAnswer } from '../../../shared/questions';
import { AppConfig } from '../../config/app-config';
import { MinimumDecisions } from '../../departures/minimum-decisions';
import { oneClickUnsubscribe, composeMail, type MailContent } from '../../mail/mail-layout';
import type { OptOutKind } from '../../mail/mail-opt-out.entity';
import { MailOptOuts } from '../../mail/mail-opt-outs.service';
import { FollowUpLinks } from '../follow-up-links';
import { MailOutbox } from '../../mail/mail-outbox.service';
import type { OutgoingMail } from '../../mail/mail.service';
import { SkyOutlooks } from '../../sky/sky-outlooks.service';
import { auroraPlaceOf } from '../../sky/sky-places';
import { skyAttribution, skyHeadline, skyNote, skyTitle } from '../../sky/sky-words';
import type { TourOptions } from '../../tours/tour-options';
import { ToursService } from '../../tours/tours.service';
import type { BookingDetails } from '../booking.mapper';
import { BookingWords, inWords } from '../booking-words';
import type { CancelledMoney } from '../lifecycle/booking-notices';
import type { CancelReason } from '../lifecycle/transitions';
import { ManageLinks } from '../manage-links.service';
import { readRefundCause } from '../refund-causes';
import { vatShare } from '../../../shared/vat';
import type { WeatherReason } from '../weather-call.entity';
import { bookingCalendar, confirmedPayment, describedIn, discountFact, enqueueAbout, receiptSection, factIf, mailStrings, paymentText, pickupWhere, questions, refundReason, stillToAnswer, whatToWear, when, whereToBe, type Say } from './mail-facts';
import { VoucherCodes } from '../voucher-codes';
import { clock } from '../../common/clock';

/** The outbox topic of the mail with a booking's manage link ("Find my booking"). */
export const MANAGE_LINK_TOPIC = 'booking.manage-link';

/**
 * The booking mails, written into the outbox in the caller's transaction: each says only what
 * has happened by the time it commits.
 */
/** Refunds that undo a sale, and so carry a credit note. */
const CREDITED_REASONS = new Set<string>(['cancelled', 'changed', 'departure-cancelled']);

/** The QR code's image in the confirmation, by its Content-ID. */
const VOUCHER_CID = 'checkin-code@norrsken';

@Injectable()
export class BookingMails {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly config: AppConfig,
    private readonly links: ManageLinks,
    private readonly words: BookingWords,
    private readonly tours: ToursService,
    private readonly sky: SkyOutlooks,
    private readonly minimums: MinimumDecisions,
    private readonly followUps: FollowUpLinks,
    private readonly optOuts: MailOptOuts,
    private readonly vouchers: VoucherCodes,
  ) {}

  /** A date that runs only with more guests than it has: how many more, when it is decided and what happens if not; nothing otherwise. */
  private async minimumNote(manager: EntityManager, booking: BookingDetails, say: ReturnType<typeof mailStrings>): Promise<string | undefined> {
    const minimum = await this.minimums.pendingView(booking.departure.id, clock.now(), manager);
    return minimum && say(minimum.deciding ? 'confirmed.minimumDeciding' : 'confirmed.minimum', { guests: minimum.guests, needed: minimum.needed, when: when(minimum.decidedAt, booking.language) });
  }

  /** A Northern Lights tour's outlook for the booking's evening, in its language (none for other tours, or when nothing is known yet). */
  private async skySection(booking: BookingDetails, lang: Lang, now = clock.now()): Promise<{ title: string; text: string } | undefined> {
    const tour = await this.tours.findById(booking.tour.id);
    const place = tour ? auroraPlaceOf(tour, tour.operatesFrom) : undefined;
    if (!place) return undefined;
    const night = (await this.sky.nights(place, now)).find((outlook) => outlook.date === kirunaDate(new Date(booking.departure.startsAt)));
    if (!night?.verdict) return undefined;
    return { title: skyTitle(lang), text: `${skyHeadline(night, lang, now)}. ${skyNote(lang)} ${skyAttribution(lang)}` };
  }

  /** The guest's confirmation, with the calendar entry and the answers still to give. */
  async confirmed(manager: EntityManager, original: BookingDetails, options: TourOptions): Promise<void> {
    const words = await this.words.forBooking(original);
    const booking = inWords(original, words);
    const lang = booking.language;
    const say = mailStrings(lang);
    const at = when(booking.departure.startsAt, lang);
    const minimumNote = await this.minimumNote(manager, booking, say);
    const answers = stillToAnswer(options, booking, words, say);
    const code = this.vouchers.code(booking.reference);
    await this.enqueue(
      manager,
      booking,
      'booking.confirmed',
      composeMail(
        booking.email,
        say('confirmed.subject', { tour: booking.tour.title, reference: booking.reference }),
        {
          lang,
          tagline: say('tagline'),
          preview: say('confirmed.preview', { tour: booking.tour.title, when: at, reference: booking.reference }),
          paragraphs: [say('confirmed.thanks', { name: booking.name }), ...depositNote(booking, say, lang), ...(minimumNote ? [minimumNote] : [])],
          facts: [
            [say('fact.reference'), booking.reference],
            [say('fact.tour'), booking.tour.title],
            [say('fact.when'), say('kirunaTime', { when: at })],
            [say('fact.guests'), `${booking.guests} (${describeParty(booking.party)})`],
            ...factIf(say('fact.stay'), booking.stayPackage && say('fact.stayValue', { name: booking.stayPackage.name, rooms: booking.stayPackage.rooms })),
            whereToBe(booking, say),
            ...discountFact(booking, lang),
            [say('fact.total'), formatSekIn(lang, booking.totalSek)],
            ...factIf(say('fact.giftCard'), booking.giftCardSek > 0 ? formatSekIn(lang, booking.giftCardSek) : null),
            [say('fact.payment'), confirmedPayment(booking, say, lang)],
          ],
          sections: [
            ...(answers ? [answers] : []),
            { title: say('section.wear'), text: whatToWear(booking.departure.startsAt, say) },
            { title: say('section.bring'), items: booking.tour.whatToBring },
            receiptSection(booking.vat, say, lang),
          ],
          code: { cid: VOUCHER_CID, alt: say('confirmed.codeAlt'), caption: say('confirmed.codeCaption'), text: code },
          action: { label: say('confirmed.manage'), url: this.links.url(booking) },
          closing: [say('policy', { hours: this.config.cancelFreeHours }), questions(say)],
        },
        {
          attachments: [
            { filename: `${booking.reference}.ics`, content: bookingCalendar(booking, this.config.publicUrl), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
            { filename: `${booking.reference}-qr.png`, qrCode: code, cid: VOUCHER_CID },
          ],
        },
      ),
    );
  }

  async cancelled(manager: EntityManager, original: BookingDetails, reason: CancelReason, money: CancelledMoney): Promise<void> {
    const booking = await this.words.inBookingLanguage(original);
    const lang = booking.language;
    const say = mailStrings(lang);
    const facts = { reference: booking.reference, tour: booking.tour.title, when: when(booking.departure.startsAt, lang) };
    const what = say(`cancelled.${reason}`, facts);
    const giftCardBackOre = Math.round(((money.kind === 'gift-card-refund' ? money.amountSek : money.kind === 'card-refund' ? (money.giftCardSek ?? 0) : 0) * 100));
    const moneyLine =
      money.kind === 'card-refund'
        ? [
            money.keptDepositSek ? say('money.cardLessDeposit', { amount: formatSekIn(lang, money.amountSek), deposit: formatSekIn(lang, money.keptDepositSek) }) : say('money.card', { amount: formatSekIn(lang, money.amountSek) }),
            ...(money.giftCardSek ? [say('money.giftCard', { amount: formatSekIn(lang, money.giftCardSek) })] : []),
          ].join(' ')
        : money.kind === 'deposit-kept'
          ? say('money.depositKept', { amount: formatSekIn(lang, money.amountSek) })
        : money.kind === 'gift-card-refund'
          ? say('money.giftCard', { amount: formatSekIn(lang, money.amountSek) })
          : money.kind === 'paid-on-site'
          ? say('money.onSite', { amount: formatSekIn(lang, money.amountSek) })
          : money.kind === 'no-refund-late'
            ? say('money.late', { hours: money.freeHours, amount: formatSekIn(lang, money.amountSek) })
            : money.kind === 'paid-to-reseller'
              ? say('money.reseller')
              : say('money.nothing');
    await this.enqueue(
      manager,
      booking,
      'booking.cancelled',
      composeMail(booking.email, say('cancelled.subject', { reference: booking.reference }), {
        lang,
        tagline: say('tagline'),
        preview: what,
        greeting: say('dear', { name: booking.name }),
        paragraphs: [
          what,
          moneyLine,
          // When we cancel a date, the guest is shown the others.
          ...(reason === 'departure' ? [say('cancelled.moveFree', { tour: booking.tour.title, url: this.tourUrl(booking) })] : []),
        ],
        // What went back to a gift card at once is credited here; a card refund's credit note comes with Stripe's refund.
        ...(giftCardBackOre > 0 ? { sections: [receiptSection(vatShare(booking.vat, giftCardBackOre), say, lang, 'credit')] } : {}),
        action: { label: say('yourBooking'), url: this.links.url(booking) },
        closing: [questions(say)],
      }),
    );
  }

  /** Sent once Stripe has made the refund: its amount and id, and why. */
  async refunded(manager: EntityManager, original: BookingDetails, refund: { cause: string; amountOre: number; stripeRefundId: string }): Promise<void> {
    const booking = await this.words.inBookingLanguage(original);
    const lang = booking.language;
    const say = mailStrings(lang);
    const reason = readRefundCause(refund.cause).reason ?? 'cancelled';
    const refunded = say('refunded.text', { amount: formatSekIn(lang, refund.amountOre / 100), id: refund.stripeRefundId });
    await this.enqueue(
      manager,
      booking,
      'booking.refunded',
      composeMail(booking.email, say('refunded.subject', { reference: booking.reference }), {
        lang,
        tagline: say('tagline'),
        preview: refunded,
        greeting: say('dear', { name: booking.name }),
        paragraphs: [refundReason(reason, booking, say), refunded],
        // A refund that undoes a sale (a cancellation, a cheaper change) carries its credit note; a stray payment going back was never a sale.
        ...(CREDITED_REASONS.has(reason) ? { sections: [receiptSection(vatShare(booking.vat, refund.amountOre), say, lang, 'credit')] } : {}),
        action: { label: say('yourBooking'), url: this.links.url(booking) },
        closing: [reason === 'amount-mismatch' || reason === 'late-payment' || reason === 'gift-card-spent' ? say('refunded.bookAgain', { url: this.tourUrl(booking), phone: COMPANY_PHONE }) : questions(say)],
      }),
    );
  }

  /** REMINDER_HOURS before the start: when and where, pickup, what to wear, and the manage link. */
  async reminder(manager: EntityManager, original: BookingDetails & { pickup: string | null }): Promise<void> {
    const booking = await this.words.inBookingLanguage(original);
    const lang = booking.language;
    const say = mailStrings(lang);
    const at = when(booking.departure.startsAt, lang);
    const starts = say('reminder.starts', { tour: booking.tour.title, when: at, guests: booking.guests });
    const sky = await this.skySection(booking, lang);
    // Two days before, a date short of its minimum may still be undecided: the guest is reminded of it too.
    const minimumNote = await this.minimumNote(manager, booking, say);
    await this.enqueue(
      manager,
      booking,
      'booking.reminder',
      composeMail(booking.email, say('reminder.subject', { tour: booking.tour.title, when: at, reference: booking.reference }), {
        lang,
        tagline: say('tagline'),
        preview: starts,
        greeting: say('dear', { name: booking.name }),
        paragraphs: [starts, ...(minimumNote ? [minimumNote] : [])],
        facts: booking.pickupPoint
          ? [[say('fact.pickup'), say('reminder.pickupPoint', { where: pickupWhere(booking.pickupPoint, say) })]]
          : [
              [say('fact.meetingPoint'), booking.tour.meetingPoint],
              [say('fact.pickup'), booking.pickup ? say('reminder.pickupHotel', { hotel: booking.pickup }) : say('reminder.noPickup')],
            ],
        sections: [
          ...(sky ? [sky] : []),
          { title: say('section.wear'), text: whatToWear(booking.departure.startsAt, say) },
          { title: say('section.bring'), items: booking.tour.whatToBring },
        ],
        action: { label: say('manage'), url: this.links.url(booking) },
        closing: [questions(say)],
      }),
    );
  }

  /** The balance a guest still owes after their deposit, by its day, with the link to pay it. */
  async balanceDue(manager: EntityManager, original: BookingDetails, dueAt: Date): Promise<void> {
    const booking = await this.words.inBookingLanguage(original);
    const lang = booking.language;
    const say = mailStrings(lang);
    const facts = { tour: booking.tour.title, when: when(booking.departure.startsAt, lang), amount: formatSekIn(lang, booking.dueSek), by: when(dueAt.toISOString(), lang) };
    await this.enqueue(
      manager,
      booking,
      'booking.balance-due',
      composeMail(booking.email, say('balance.subject', { reference: booking.reference }), {
        lang,
        tagline: say('tagline'),
        preview: say('balance.preview', facts),
        greeting: say('dear', { name: booking.name }),
        paragraphs: [say('balance.intro', facts)],
        facts: [
          [say('fact.tour'), booking.tour.title],
          [say('fact.when'), say('kirunaTime', { when: facts.when })],
          [say('fact.total'), formatSekIn(lang, booking.totalSek)],
          [say('balance.paid'), formatSekIn(lang, booking.totalSek - booking.dueSek)],
          [say('balance.owed'), facts.amount],
        ],
        action: { label: say('balance.pay', { amount: facts.amount }), url: this.links.url(booking) },
        closing: [questions(say)],
      }),
    );
  }

  /** The questions a guest has still to answer before the tour, with the link to answer them. */
  async answersMissing(manager: EntityManager, original: BookingDetails, missing: readonly MissingAnswer[], dueAt: Date): Promise<void> {
    const words = await this.words.forBooking(original);
    const booking = inWords(original, words);
    const lang = booking.language;
    const still = describedIn(missing, words, lang);
    const say = mailStrings(lang);
    await this.enqueue(
      manager,
      booking,
      'booking.answers-missing',
      composeMail(booking.email, say('answers.subject', { reference: booking.reference }), {
        lang,
        tagline: say('tagline'),
        preview: say('answers.preview', { tour: booking.tour.title }),
        greeting: say('dear', { name: booking.name }),
        paragraphs: [say('answers.intro', { tour: booking.tour.title, when: when(booking.departure.startsAt, lang) })],
        sections: [{ title: say('answers.still'), items: still }],
        action: { label: say('answers.by', { when: when(dueAt.toISOString(), lang) }), url: this.links.url(booking) },
        closing: [questions(say)],
      }),
    );
  }

  /**
   * Staff moved the guest's departure (the weather): a free move to another date, or a full
   * refund, answered on their manage page. In the transaction that made the offer.
   */
  async weatherOffer(manager: EntityManager, original: BookingDetails, offer: { reason: WeatherReason; fromStartsAt: Date; toStartsAt: Date }): Promise<void> {
    const booking = await this.words.inBookingLanguage(original);
    const lang = booking.language;
    const say = mailStrings(lang);
    const [from, to] = [when(offer.fromStartsAt.toISOString(), lang), when(offer.toStartsAt.toISOString(), lang)];
    const intro = say('weather.intro', { tour: booking.tour.title, when: from, why: say(`weather.why.${offer.reason}`) });
    // Money back only where money was taken (what the booking holds: its price less what is still due).
    const paid = booking.totalSek - booking.dueSek > 0;
    await this.enqueue(
      manager,
      booking,
      'booking.weather-offer',
      composeMail(booking.email, say('weather.subject', { tour: booking.tour.title, reference: booking.reference }), {
        lang,
        tagline: say('tagline'),
        preview: intro,
        greeting: say('dear', { name: booking.name }),
        paragraphs: [intro, say(paid ? 'weather.choice' : 'weather.choiceUnpaid', { when: to })],
        facts: [
          [say('fact.tour'), booking.tour.title],
          [say('weather.newDate'), say('kirunaTime', { when: to })],
          [say('fact.guests'), `${booking.guests} (${describeParty(booking.party)})`],
        ],
        action: { label: say(paid ? 'weather.answer' : 'weather.answerUnpaid'), url: this.links.url(booking) },
        closing: [questions(say)],
      }),
    );
  }

  /**
   * The one mail about a booking left half way (the guest ticked "remind me"): its choices, a link
   * that restores them on the booking page (once, for 48 hours; seats are not promised), and a
   * one-click unsubscribe from such mails.
   */
  async recovery(manager: EntityManager, original: BookingDetails, id: number, now: Date): Promise<void> {
    await this.stoppable(manager, original, 'recovery', 'booking.recovery', now, (booking, say) => ({
      subject: say('recovery.subject', { tour: booking.tour.title }),
      content: {
        preview: say('recovery.preview'),
        paragraphs: [say('recovery.intro', { tour: booking.tour.title }), say('recovery.seats')],
        facts: [
          [say('fact.tour'), booking.tour.title],
          [say('fact.when'), when(booking.departure.startsAt, booking.language)],
          [say('fact.guests'), `${booking.guests} (${describeParty(booking.party)})`],
        ],
        action: { label: say('recovery.action'), url: this.followUps.recoveryUrl({ id, language: booking.language }, now) },
        closing: [say('recovery.why'), questions(say)],
      },
    }));
  }

  /**
   * The morning after the tour: how was it? Five links, one tap each, to our own rating page;
   * with a one-click unsubscribe from such mails.
   */
  async reviewRequest(manager: EntityManager, original: BookingDetails, id: number, now: Date): Promise<void> {
    await this.stoppable(manager, original, 'review', 'booking.review-request', now, (booking, say) => {
      const rate = (score: number) => this.followUps.rateUrl({ id, language: booking.language }, score, now);
      return {
        subject: say('review.subject', { tour: booking.tour.title }),
        content: {
          preview: say('review.preview'),
          paragraphs: [say('review.intro', { tour: booking.tour.title }), say('review.tap')],
          sections: [{ title: say('review.how'), items: ([5, 4, 3, 2, 1] as const).map((score) => `${say(`review.score.${score}`)}: ${rate(score)}`) }],
          action: { label: say('review.action'), url: rate(5) },
          closing: [say('review.why')],
        },
      };
    });
  }

  /** A mail of a kind the guest may stop: not written once they have, and with its one-click unsubscribe (RFC 8058). */
  private async stoppable(
    manager: EntityManager,
    original: BookingDetails,
    kind: OptOutKind,
    topic: string,
    now: Date,
    write: (booking: BookingDetails, say: Say) => { subject: string; content: Omit<MailContent, 'lang' | 'tagline' | 'greeting'> },
  ): Promise<void> {
    if (await this.optOuts.stopped(manager, original.email, kind)) return;
    const booking = await this.words.inBookingLanguage(original);
    const say = mailStrings(booking.language);
    const { subject, content } = write(booking, say);
    await this.enqueue(
      manager,
      booking,
      topic,
      composeMail(booking.email, subject, { lang: booking.language, tagline: say('tagline'), greeting: say('dear', { name: booking.name }), ...content }, { headers: oneClickUnsubscribe(this.optOuts.unsubscribeUrl(booking.email, kind, now)) }),
    );
  }

  /** The booking after a change of date or party, and what happens to the money. */
  async changed(manager: EntityManager, original: BookingDetails, money: { refundedSek: number }): Promise<void> {
    const booking = await this.words.inBookingLanguage(original);
    const lang = booking.language;
    const say = mailStrings(lang);
    const at = when(booking.departure.startsAt, lang);
    await this.enqueue(
      manager,
      booking,
      'booking.changed',
      composeMail(booking.email, say('changed.subject', { reference: booking.reference }), {
        lang,
        tagline: say('tagline'),
        preview: say('changed.preview', { reference: booking.reference, tour: booking.tour.title, when: at }),
        greeting: say('dear', { name: booking.name }),
        paragraphs: [say('changed.now', { reference: booking.reference })],
        facts: [
          [say('fact.tour'), booking.tour.title],
          [say('fact.when'), say('kirunaTime', { when: at })],
          [say('fact.guests'), `${booking.guests} (${describeParty(booking.party)})`],
          // A change of date moves the pickup's time too: said again, as where to be now.
          whereToBe(booking, say),
          ...discountFact(booking, lang),
          [say('fact.total'), formatSekIn(lang, booking.totalSek)],
          money.refundedSek > 0
            ? [say('fact.refund'), say('changed.refund', { amount: formatSekIn(lang, money.refundedSek) })]
            : booking.paymentStatus === 'due_on_arrival'
              ? [say('fact.toPay'), `${formatSekIn(lang, booking.dueSek)}.`]
              : [say('fact.payment'), `${paymentText(booking.paymentStatus, say)}.`],
        ],
        sections: [receiptSection(booking.vat, say, lang)],
        action: { label: say('manage'), url: this.links.url(booking) },
        closing: [questions(say)],
      }),
    );
  }

  /** "Find my booking": the link again, to the address the booking was made with. */
  async manageLink(manager: EntityManager, original: BookingDetails): Promise<void> {
    const booking = await this.words.inBookingLanguage(original);
    const lang = booking.language;
    const say = mailStrings(lang);
    await this.enqueue(
      manager,
      booking,
      MANAGE_LINK_TOPIC,
      composeMail(booking.email, say('link.subject', { reference: booking.reference, tour: booking.tour.title }), {
        lang,
        tagline: say('tagline'),
        preview: say('link.preview', { reference: booking.reference }),
        greeting: say('dear', { name: booking.name }),
        paragraphs: [say('link.here', { reference: booking.reference, tour: booking.tour.title, when: when(booking.departure.startsAt, lang) })],
        action: { label: say('link.see'), url: this.links.url(booking) },
        closing: [say('link.ignore')],
      }),
    );
  }

  /** The tour's page in the language the guest booked in. */
  private tourUrl(booking: BookingDetails): string {
    return `${this.config.publicUrl}${localizedPath(booking.language, `/tours/${booking.tour.slug}/`)}`;
  }

  private enqueue(manager: EntityManager, booking: BookingDetails, topic: string, mail: OutgoingMail): Promise<void> {
    return enqueueAbout(this.outbox, manager, booking, topic, mail);
  }
}

/** A confirmation with a deposit paid says what is left, by when and how, and that the deposit is kept if the guest cancels. */
function depositNote(booking: BookingDetails, say: Say, lang: Lang): string[] {
  if (!booking.deposit || booking.paymentStatus !== 'deposit_paid') return [];
  const facts = { deposit: formatSekIn(lang, booking.deposit.depositSek), amount: formatSekIn(lang, booking.dueSek), by: when(booking.deposit.balanceDueAt, lang) };
  return [`${say('deposit.confirmed', facts)} ${say('deposit.kept')}`];
}
