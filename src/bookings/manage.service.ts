import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { ChangePreview, ManagedBooking, ManagedChange } from '../../shared/api-types';
import { cancellationTerms } from '../../shared/cancellation-policy';
import { ANSWER_WORDS, describeMissing, missingAnswers, NO_ANSWERS } from '../../shared/questions';
import { answersDueAt, bookingTerms } from '../tours/tour-options';
import { translateOptions, translateParty } from '../tours/tour-translations';
import { BookingWords, inWords, translatePickup } from './booking-words';
import { AppConfig } from '../config/app-config';
import { MinimumDecisions } from '../departures/minimum-decisions';
import { writeTransaction } from '../database/transactions';
import { MailOutbox } from '../mail/mail-outbox.service';
import { heldOre } from './lifecycle/booking-money';
import { GuestChanges } from './lifecycle/guest-changes.service';
import { HoldCheckout } from './lifecycle/hold-checkout.service';
import { GiftCardRefusedError } from '../gift-cards/gift-card-ledger.service';
import { GiftCardTries } from '../gift-cards/gift-card-tries.limiter';
import { BookingWriter } from './lifecycle/booking-writer';
import { BookingLookupLimiter } from './booking-lookup.limiter';
import { BookingMails, MANAGE_LINK_TOPIC } from './notifications/booking-mails';
import type { Booking } from './booking.entity';
import { mapBookingDetails, mapBookingSummary } from './booking.mapper';
import type { ChangeManagedBookingDto, FindBookingDto, UpdateManagedBookingDto } from './dto/manage-booking.dto';
import { ManageLinks } from './manage-links.service';
import { VoucherCodes } from './voucher-codes';
import { qrSvgDataUrl } from './voucher-qr';
import { WeatherCalls } from './lifecycle/weather-calls.service';
import { clock } from '../common/clock';

export const FIND_BOOKING_ANSWER = 'If a booking with that reference and email exists, we have sent its link to that email address.';

/**
 * Manage-link mails one booking gets in an hour, however many addresses ask: "Find my booking"
 * must not be a way to fill a guest's inbox (each address alone stays within its look-ups).
 */
export const MANAGE_LINKS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/** The guest's own booking through the personal link in the booking mails. */
@Injectable()
export class ManageService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly guestChanges: GuestChanges,
    private readonly writer: BookingWriter,
    private readonly links: ManageLinks,
    private readonly mails: BookingMails,
    private readonly outbox: MailOutbox,
    private readonly lookups: BookingLookupLimiter,
    private readonly words: BookingWords,
    private readonly weather: WeatherCalls,
    private readonly minimums: MinimumDecisions,
    private readonly giftCardTries: GiftCardTries,
    private readonly holds: HoldCheckout,
    private readonly vouchers: VoucherCodes,
  ) {}

  async view(token: string, now = clock.now()): Promise<ManagedBooking> {
    const booking = await this.load(token);
    const details = mapBookingDetails(booking, this.writer.checkoutMethod, now);
    const { options, prices: priceCategories } = await bookingTerms(this.dataSource.manager, booking.departure!);
    const startsAt = booking.departure!.startsAt.getTime();
    // The booking's page opens in its language: its tour, party, pickups, questions and categories in it too.
    const words = await this.words.forBooking(details, options.pickupPoints.map((point) => point.id));
    const { questions } = translateOptions({ questions: options.questions }, words?.tour);
    const weatherOffer = await this.weather.offerFor(booking.id);
    const minimum = booking.status === 'confirmed' ? await this.minimums.pendingView(booking.departure!.id, now) : undefined;
    return {
      ...(weatherOffer ? { weatherOffer } : {}),
      ...(minimum ? { minimum } : {}),
      ...inWords(mapBookingSummary(details, this.config.cancelFreeHours), words),
      phone: booking.phone,
      notes: booking.notes,
      pickup: booking.pickup,
      questions,
      priceCategories: translateOptions({ priceCategories }, words?.tour).priceCategories,
      // Only a booking we confirmed and then cancelled with its date may be rebooked (the transition's own rule).
      cancelledByUs: booking.status === 'cancelled' && booking.cancelReason === 'departure' && booking.confirmedAt !== null,
      answers: booking.answers ?? NO_ANSWERS,
      missingAnswers: missingAnswers(questions, booking.answers, booking.guests).map((missing) => describeMissing(missing, ANSWER_WORDS[booking.language])),
      answersDueAt: answersDueAt(booking.departure!.startsAt, options).toISOString(),
      pickupPoints: options.pickupPoints.map((point) => translatePickup(point, words)),
      pickupChangeableUntil: new Date(startsAt - options.pickupCutoffHours * 3_600_000).toISOString(),
      answersOpen: now.getTime() < answersDueAt(booking.departure!.startsAt, options).getTime(),
      pickupChangeable: now.getTime() < startsAt - options.pickupCutoffHours * 3_600_000,
      // While its refund is under way the page still says what was paid (and that it goes back).
      paidSek: (booking.paymentStatus === 'refund_pending' ? (booking.paidAmountOre ?? booking.totalSek * 100) : heldOre(booking)) / 100,
      dueSek: details.dueSek,
      policy: cancellationTerms(booking.departure!.startsAt, this.config.cancelFreeHours, now),
      ...(booking.status === 'confirmed' ? { voucher: await this.voucherOf(booking.reference) } : {}),
    };
  }

  /** The check-in code and its QR, for the page and its printout. */
  private async voucherOf(reference: string): Promise<{ code: string; qr: string }> {
    const code = this.vouchers.code(reference);
    return { code, qr: await qrSvgDataUrl(code) };
  }

  /** Stripe's page for the balance of a booking that paid its deposit, back to this page after. */
  async payBalance(token: string): Promise<{ paymentUrl: string }> {
    const booking = await this.load(token);
    return this.holds.startBalancePayment(booking.reference, this.links.page(token, booking.language));
  }

  async cancel(token: string): Promise<ManagedBooking> {
    await this.guestChanges.cancelWithLink((await this.load(token)).reference);
    return this.view(token);
  }

  /** Makes the change, or (a dearer one paid by card) answers Stripe's page for the difference. */
  async change(token: string, dto: ChangeManagedBookingDto, clientIp: string): Promise<ManagedChange> {
    if (dto.departureId === undefined && dto.guests === undefined && dto.categories === undefined) {
      throw new BadRequestException('Choose another date (departureId) or number of guests (guests).');
    }
    const booking = await this.load(token);
    const giftCardCode = dto.giftCardCode?.trim() || undefined;
    if (giftCardCode) await this.giftCardTries.consume(clientIp, booking.language);
    // Back to the manage page the guest came from.
    // A gift card's refusal, in the language the guest booked in.
    const { paymentUrl } = await this.guestChanges.changeByGuest(booking.reference, { ...dto, giftCardCode }, this.links.page(token, booking.language)).catch(GiftCardRefusedError.wordedIn(booking.language));
    return { ...(await this.view(token)), ...(paymentUrl ? { paymentUrl } : {}) };
  }

  /** What a change would cost or give back, before the guest confirms it. */
  async previewChange(token: string, dto: ChangeManagedBookingDto): Promise<ChangePreview> {
    if (dto.departureId === undefined && dto.guests === undefined && dto.categories === undefined) {
      throw new BadRequestException('Choose another date (departureId) or number of guests (guests).');
    }
    const booking = await this.load(token);
    const preview = await this.guestChanges.previewChange(booking.reference, dto);
    // The party in the words of the page it is shown on: the booking's language, as the booking's own party.
    const words = await this.words.of(booking.language, { tourId: booking.departure!.tourId });
    return { ...preview, party: translateParty(preview.party, words?.tour) };
  }

  /** The guest answers staff's move after the weather: the other date, or the money back. */
  async answerWeatherOffer(token: string, choice: 'move' | 'refund'): Promise<ManagedBooking> {
    await this.weather.answer((await this.load(token)).reference, choice);
    return this.view(token);
  }

  /** A guest whose date we cancelled moves to another, free. */
  async rebook(token: string, departureId: number): Promise<ManagedBooking> {
    await this.guestChanges.rebookCancelled((await this.load(token)).reference, departureId);
    return this.view(token);
  }

  async update(token: string, dto: UpdateManagedBookingDto): Promise<ManagedBooking> {
    await this.guestChanges.updateDetails((await this.load(token)).reference, dto);
    return this.view(token);
  }

  /** Mails the link when reference and email match; the answer is the same either way. */
  async find(dto: FindBookingDto, clientIp: string): Promise<{ message: string }> {
    await this.lookups.consume(clientIp);
    const booking = await this.writer.load(dto.reference).catch((error: unknown) => {
      if (error instanceof NotFoundException) return null;
      throw error;
    });
    if (booking && booking.email === dto.email.toLowerCase()) {
      const details = mapBookingDetails(booking, this.writer.checkoutMethod);
      await writeTransaction(this.dataSource, async (manager) => {
        // Under the booking's row lock: requests at once, on any replica, count one after the other.
        await this.writer.lockBooking(manager, booking.id);
        if ((await this.outbox.countAbout(manager, booking.reference, MANAGE_LINK_TOPIC, new Date(clock.now().getTime() - HOUR_MS))) >= MANAGE_LINKS_PER_HOUR) return;
        await this.mails.manageLink(manager, details);
      });
    }
    // The same answer either way: whether a booking exists, or how often its link went out, is not told.
    return { message: FIND_BOOKING_ANSWER };
  }

  private async load(token: string): Promise<Booking> {
    const reference = this.links.reference(token);
    const booking = reference ? await this.writer.load(reference).catch(() => null) : null;
    if (!booking) {
      throw new NotFoundException(`This link is not valid; it may have expired. To get a new one, use "Find my booking" at ${this.config.publicUrl}/booking/ with your booking reference and email.`);
    }
    return booking;
  }
}
