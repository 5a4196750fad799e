import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, MoreThan, type EntityManager } from 'typeorm';

import type { BookingQuote } from '../../../shared/pricing';
import { withPromo } from '../../../shared/promo-codes';
import type { PromoPreview } from '../../../shared/api-types';
import type { Departure } from '../../departures/departure.entity';
import { DeparturesRepository } from '../../departures/departures.repository';
import { PromoCodeBook } from '../../promo-codes/promo-code-book.service';
import type { PromoCode } from '../../promo-codes/promo-code.entity';
import { bookingTerms } from '../../tours/tour-options';
import { quoteRequest, type PartyRequest } from './bookable';
import { promoRefusal, PromoRefusedError, promoTerms } from '../../promo-codes/promo-rules';
import { Booking } from '../booking.entity';

/** What a promo code did to a booking: the discounted quote and the fields the booking keeps. */
export interface Redeemed {
  quote: BookingQuote;
  fields: Pick<Booking, 'promoCodeId' | 'promo' | 'discountSek'>;
}

/** How much a code has been used: bookings held or confirmed with it, those confirmed, and what it took off them. */
export interface PromoUsage {
  uses: number;
  confirmed: number;
  discountSek: number;
}

/**
 * A promo code on a new booking, in the booking's transaction: the code's row is locked first
 * (`lock`, before anything else is read), then its rules and its uses are checked and the quote
 * discounted (`redeem`). A use is a booking held or confirmed with the code, counted from the
 * bookings themselves under that lock: two guests taking a code's last use at once get it once,
 * and a lapsed hold or a cancellation gives the use back.
 */
@Injectable()
export class PromoRedemption {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly book: PromoCodeBook,
    private readonly departures: DeparturesRepository,
  ) {}

  /** The code, its row locked; refused as unknown when there is none. */
  async lock(manager: EntityManager, code: string): Promise<PromoCode> {
    const promo = await this.book.lock(manager, { code });
    if (!promo) throw new PromoRefusedError('unknown');
    return promo;
  }

  /** The quote with the code's discount, once the code may be used on this booking; a PromoRefusedError when not. */
  async redeem(manager: EntityManager, promo: PromoCode, booking: { quote: BookingQuote; departure: Pick<Departure, 'tourId' | 'startsAt'>; email: string | null }, now: Date): Promise<Redeemed> {
    const refusal = promoRefusal(promo, { tourId: booking.departure.tourId, startsAt: booking.departure.startsAt, quote: booking.quote, now });
    if (refusal) throw refusal;
    if (promo.maxUses !== null && (await this.countUses(manager, promo.id, now)) >= promo.maxUses) throw new PromoRefusedError('used-up');
    if (promo.maxUsesPerEmail !== null && booking.email && (await this.countUses(manager, promo.id, now, booking.email.toLowerCase())) >= promo.maxUsesPerEmail) {
      throw new PromoRefusedError('used-by-you');
    }
    const terms = promoTerms(promo);
    const quote = withPromo(booking.quote, terms);
    return { quote, fields: { promoCodeId: promo.id, promo: terms, discountSek: quote.discountSek } };
  }

  /**
   * What a code would take off a party on a departure, checked as a booking would check it (its
   * rules and uses, the guest's when the email is given), without taking a use: the booking page's
   * preview. The booking itself checks again under the locks.
   */
  async preview(code: string, request: { departureId: number; party: PartyRequest; email?: string }, now: Date): Promise<PromoPreview> {
    const manager = this.dataSource.manager;
    const promo = await this.book.findByCode(code);
    if (!promo) throw new PromoRefusedError('unknown');
    const departure = await this.departures.findWithTour(request.departureId);
    if (!departure) throw new NotFoundException(`There is no departure with id ${request.departureId}.`);
    const quote = quoteRequest((await bookingTerms(manager, departure)).prices, request.party, null, 'guest');
    const { quote: discounted, fields } = await this.redeem(manager, promo, { quote, departure, email: request.email ?? null }, now);
    return { terms: fields.promo!, discountSek: discounted.discountSek };
  }

  /** The uses of codes, by id (those never used are absent). */
  async usage(ids: number[], now: Date): Promise<Map<number, PromoUsage>> {
    const usage = new Map<number, PromoUsage>();
    if (ids.length === 0) return usage;
    const bookings = await this.dataSource.getRepository(Booking).find({
      where: [
        { promoCodeId: In(ids), status: 'confirmed' },
        { promoCodeId: In(ids), status: 'held', holdExpiresAt: MoreThan(now) },
      ],
      select: { id: true, promoCodeId: true, status: true, discountSek: true },
    });
    for (const booking of bookings) {
      const seen = usage.get(booking.promoCodeId!) ?? { uses: 0, confirmed: 0, discountSek: 0 };
      seen.uses += 1;
      if (booking.status === 'confirmed') {
        seen.confirmed += 1;
        seen.discountSek += booking.discountSek;
      }
      usage.set(booking.promoCodeId!, seen);
    }
    return usage;
  }

  private countUses(manager: EntityManager, promoCodeId: number, now: Date, email?: string): Promise<number> {
    const who = email ? { email } : {};
    return manager.count(Booking, {
      where: [
        { promoCodeId, status: 'confirmed', ...who },
        { promoCodeId, status: 'held', holdExpiresAt: MoreThan(now), ...who },
      ],
    });
  }
}
