/**
 * Promo codes: a discount a partner or a newsletter hands out, as the booking page previews it and
 * the server charges it. The terms a booking was made with are kept on the booking, so a later
 * change of party or date is priced with them (and loses the discount when the party falls below
 * the code's minimum), whatever staff do to the code afterwards.
 */
import type { Lang } from './languages';
import type { BookingQuote } from './pricing';

export type PromoKind = 'percent' | 'amount';

/** What a code takes off, as a booking keeps it. */
export interface PromoTerms {
  /** The code as staff wrote it (upper case). */
  code: string;
  kind: PromoKind;
  /** Percent (1–100) or kronor. */
  value: number;
  /** The price categories it applies to (codes); null: all of them. */
  categories: string[] | null;
  /** The smallest party (guests) it is for. */
  minGuests: number;
}

/** A code as a guest types it: spaces and dashes dropped, upper case. */
export const normalizePromoCode = (raw: string): string => raw.replace(/[\s-]+/g, '').toUpperCase();

/** What staff may name a code: 3–30 letters and digits. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9]{3,30}$/;

/**
 * The discount of `terms` on a quote, in whole kronor: a share of the tour lines of its
 * categories (rounded to the krona), or a fixed amount never above what those lines cost. A stay
 * is never discounted; a party smaller than the code's minimum gets nothing.
 */
export function promoDiscountSek(quote: Pick<BookingQuote, 'lines' | 'guests'>, terms: PromoTerms): number {
  if (quote.guests < terms.minGuests) return 0;
  const eligible = quote.lines.filter((line) => terms.categories === null || terms.categories.includes(line.code)).reduce((sum, line) => sum + line.quantity * line.unitPriceSek, 0);
  return terms.kind === 'percent' ? Math.round((eligible * Math.min(100, terms.value)) / 100) : Math.min(terms.value, eligible);
}

/** The quote with the code's discount taken off its total (terms null: the quote as it is, no discount). */
export function withPromo(quote: BookingQuote, terms: PromoTerms | null): BookingQuote {
  const discountSek = terms ? promoDiscountSek(quote, terms) : 0;
  return { ...quote, discountSek, totalSek: quote.tourAmountSek + quote.stayAmountSek - discountSek };
}

/** The discount line's label: "Promo code WINTER10 (−10 %)". */
export function promoLabel(terms: Pick<PromoTerms, 'code' | 'kind' | 'value'>, lang: Lang): string {
  const what = { en: 'Promo code', sv: 'Rabattkod', de: 'Rabattcode' }[lang];
  return terms.kind === 'percent' ? `${what} ${terms.code} (−${terms.value} %)` : `${what} ${terms.code}`;
}
