import { HttpException, HttpStatus } from '@nestjs/common';

import { kirunaDate } from '../../shared/company';
import type { BookingQuote } from '../../shared/pricing';
import { promoDiscountSek, type PromoTerms } from '../../shared/promo-codes';
import { promoRefusalTexts, type PromoRefusalReason } from '../../shared/promo-refusals';
import type { Lang } from '../../shared/languages';
import type { Worded } from '../common/filters/guest-refusal.exception';
import type { PromoCode } from './promo-code.entity';

/** A code that cannot be used here: 400 (429 for too many tries), its reason in every language (the exception filter answers in the asker's). */
export class PromoRefusedError extends HttpException implements Worded {
  readonly texts: Record<Lang, string>;

  constructor(
    readonly reason: PromoRefusalReason,
    detail: { minGuests?: number } = {},
  ) {
    const texts = promoRefusalTexts(reason, detail);
    const status = reason === 'too-many-tries' ? HttpStatus.TOO_MANY_REQUESTS : HttpStatus.BAD_REQUEST;
    super({ statusCode: status, message: texts.en, error: 'Promo code refused', reason }, status);
    this.texts = texts;
  }
}

/** A code's terms as a booking keeps them. */
export const promoTerms = (promo: Pick<PromoCode, 'code' | 'kind' | 'value' | 'categories' | 'minGuests'>): PromoTerms => ({
  code: promo.code,
  kind: promo.kind,
  value: promo.value,
  categories: promo.categories,
  minGuests: promo.minGuests,
});

/** Where a code is asked to take something off: the tour, its start, the party, and the day. */
export interface PromoUse {
  tourId: number;
  startsAt: Date;
  quote: Pick<BookingQuote, 'lines' | 'guests'>;
  now: Date;
}

/**
 * Why the code cannot be used on this booking, or null when it can (its uses are counted where
 * the bookings are, PromoRedemption). Paused, before or after its booking days, another tour,
 * a tour day outside its days, a party below its minimum, or nothing in the party it takes off.
 */
export function promoRefusal(promo: PromoCode, use: PromoUse): PromoRefusedError | null {
  if (promo.paused) return new PromoRefusedError('paused');
  const today = kirunaDate(use.now);
  if (promo.bookFrom && today < promo.bookFrom) return new PromoRefusedError('not-yet');
  if (promo.bookUntil && today > promo.bookUntil) return new PromoRefusedError('ended');
  if (promo.tourIds && !promo.tourIds.includes(use.tourId)) return new PromoRefusedError('other-tour');
  const tourDay = kirunaDate(use.startsAt);
  if ((promo.tourFrom && tourDay < promo.tourFrom) || (promo.tourUntil && tourDay > promo.tourUntil)) return new PromoRefusedError('tour-date');
  if (use.quote.guests < promo.minGuests) return new PromoRefusedError('party-too-small', { minGuests: promo.minGuests });
  if (promoDiscountSek(use.quote, promoTerms(promo)) === 0) return new PromoRefusedError('no-category');
  return null;
}
