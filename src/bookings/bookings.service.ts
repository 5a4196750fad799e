import { GoneException, Injectable } from '@nestjs/common';

import type { BookingSummary, RecoveredChoices } from '../../shared/api-types';
import { AppConfig } from '../config/app-config';
import { MinimumDecisions } from '../departures/minimum-decisions';
import { BookingWords, inWords } from './booking-words';
import { HoldCheckout } from './lifecycle/hold-checkout.service';
import { GiftCardRefusedError } from '../gift-cards/gift-card-ledger.service';
import { GiftCardTries } from '../gift-cards/gift-card-tries.limiter';
import { PromoTries } from '../promo-codes/promo-tries.limiter';
import { FollowUpLinks } from './follow-up-links';
import { BookingWriter } from './lifecycle/booking-writer';
import { normalizeReference } from '../../shared/booking-reference';
import { mapBookingDetails, mapBookingSummary, type BookingDetails } from './booking.mapper';
import type { CreateBookingDto } from './dto/create-booking.dto';
import { clock } from '../common/clock';

/** What guests do with a booking by its reference; every change is a lifecycle transition. */
@Injectable()
export class BookingsService {
  constructor(
    private readonly holds: HoldCheckout,
    private readonly writer: BookingWriter,
    private readonly config: AppConfig,
    private readonly words: BookingWords,
    private readonly minimums: MinimumDecisions,
    private readonly giftCardTries: GiftCardTries,
    private readonly promoTries: PromoTries,
    private readonly followUps: FollowUpLinks,
  ) {}

  /**
   * A recovery mail's link, used: the choices of the booking left half way (its tour, date and
   * party), for the booking page to open with. Once, and for 48 hours; the seats are not held.
   */
  async recover(token: string, now = clock.now()): Promise<RecoveredChoices> {
    const id = this.followUps.recoveryId(token, now);
    const booking = id === null ? null : await this.writer.loadById(id);
    if (!booking) throw new GoneException('This link has expired. Please choose your date and party again on the booking page.');
    if (!(await this.writer.markRecoveryUsed(id!, now))) throw new GoneException('This link has already been used. Please choose your date and party again on the booking page.');
    return {
      tourId: booking.departure!.tourId,
      departureId: booking.departureId,
      party: (booking.party ?? []).filter((line) => line.quantity > 0).map((line) => ({ category: line.code, quantity: line.quantity })),
      language: booking.language,
    };
  }

  /** A hold; a promo code in it counts as a try of one (the booking page's check counts too). */
  async hold(dto: CreateBookingDto, clientIp: string): Promise<BookingSummary> {
    if (dto.promoCode) await this.promoTries.consume(clientIp);
    return this.summary(await this.holds.hold(dto, clientIp));
  }

  /**
   * Pay on arrival confirms now; with Stripe the guest goes to Stripe's page. A gift card code
   * (each try counted against the address) pays first: all of it, or its share with the rest by
   * card or on arrival. Without a code, a card noted at an earlier try is taken back.
   */
  async checkout(reference: string, giftCard: { code: string; clientIp: string } | null = null, deposit = false): Promise<{ redirectUrl: string }> {
    const success = { redirectUrl: `/success/?booking=${normalizeReference(reference)}` };
    // A deposit is paid by card, on the whole price: the checkout's own rules refuse it with a gift card or without card payments.
    if (deposit) return this.holds.startCardPayment(reference, { giftCard: giftCard ? 'keep' : 'drop', deposit: true });
    if (giftCard) {
      const { language } = await this.writer.load(reference);
      await this.giftCardTries.consume(giftCard.clientIp, language);
      // Without card payments the card's share confirms the booking (the rest due on arrival); with them, what it leaves is paid on Stripe's page. A refusal is in the booking's language.
      if ((await this.holds.applyGiftCard(reference, giftCard.code).catch(GiftCardRefusedError.wordedIn(language))) === 'confirmed') return success;
      return this.holds.startCardPayment(reference, { giftCard: 'keep' });
    }
    if (this.writer.checkoutMethod === 'stripe') return this.holds.startCardPayment(reference);
    await this.holds.confirmOnArrival(reference);
    return success;
  }

  /** Releases a hold. A confirmed booking is changed by staff, so the guest is sent to the phone. */
  async cancel(reference: string): Promise<BookingSummary> {
    await this.holds.cancelByGuest(reference);
    return this.summary(reference);
  }

  /** What the booking's pages show, in the language it was booked in. */
  async summary(reference: string): Promise<BookingSummary> {
    const details = await this.details(reference);
    // A date still short of its minimum: the checkout page says so before the guest confirms, the success page after, as the mail does.
    const minimum = details.status === 'confirmed' || details.status === 'held' ? await this.minimums.pendingView(details.departure.id, clock.now(), undefined, details.status === 'held' ? details.seats : 0) : undefined;
    return { ...inWords(mapBookingSummary(details, this.config.cancelFreeHours), await this.words.forBooking(details)), ...(minimum ? { minimum } : {}) };
  }

  async details(reference: string): Promise<BookingDetails> {
    return mapBookingDetails(await this.writer.load(reference), this.writer.checkoutMethod);
  }
}
