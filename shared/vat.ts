/**
 * VAT (moms) on what a booking sells: each tour line at its price category's rate (the tour's
 * unless the category says otherwise), the stay at the stay's, a promo code's discount taken off
 * the lines it applies to. Prices include VAT; the VAT in a gross amount at rate r is
 * gross × r / (100 + r), rounded to the öre once per rate.
 */
import { INTL_LOCALES, type Lang } from './languages';
import type { PartyLine } from './pricing';
import type { PromoTerms } from './promo-codes';

/** The Swedish rates (mervärdesskattelagen): 25 normal, 12 accommodation, 6 passenger transport and guided nature. */
export const VAT_RATES = [25, 12, 6] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** What a booking's money is, at one rate, in öre. */
export interface VatLine {
  rate: number;
  grossOre: number;
  vatOre: number;
  netOre: number;
}

/** The VAT in a gross amount at `rate`, in öre (half an öre up). */
export const vatInOre = (grossOre: number, rate: number): number => Math.round((grossOre * rate) / (100 + rate));

/** Gross amounts by rate, summed per rate (highest rate first), each with its VAT and its amount without VAT. */
export function vatLines(parts: readonly { rate: number; grossOre: number }[]): VatLine[] {
  const byRate = new Map<number, number>();
  for (const part of parts) if (part.grossOre !== 0) byRate.set(part.rate, (byRate.get(part.rate) ?? 0) + part.grossOre);
  return [...byRate]
    .sort(([a], [b]) => b - a)
    .map(([rate, grossOre]) => {
      const vatOre = vatInOre(grossOre, rate);
      return { rate, grossOre, vatOre, netOre: grossOre - vatOre };
    });
}

/** What a booking sold, as its receipt counts it. */
export interface SoldBooking {
  party: readonly Pick<PartyLine, 'code' | 'quantity' | 'unitPriceSek' | 'vatRate'>[];
  stayAmountSek: number;
  stayVatRate: number | null;
  discountSek: number;
  promo: Pick<PromoTerms, 'categories'> | null;
}

/**
 * The booking's money by rate: each line's amount (a line booked before rates were kept is at
 * `tourRate`), the discount shared over the lines it applies to in proportion to their amounts
 * (the last line takes the öre left over), and the stay at its rate (12 when none was kept).
 */
export function bookingVat(booking: SoldBooking, tourRate: number): VatLine[] {
  const lines = booking.party.map((line) => ({ code: line.code, rate: line.vatRate ?? tourRate, grossOre: Math.round(line.quantity * line.unitPriceSek * 100) }));
  const eligible = lines.filter((line) => line.grossOre > 0 && (booking.promo?.categories == null || booking.promo.categories.includes(line.code)));
  const eligibleOre = eligible.reduce((sum, line) => sum + line.grossOre, 0);
  let discountLeft = booking.discountSek * 100;
  eligible.forEach((line, index) => {
    const share = index === eligible.length - 1 ? discountLeft : Math.round((booking.discountSek * 100 * line.grossOre) / eligibleOre);
    line.grossOre -= share;
    discountLeft -= share;
  });
  return vatLines([...lines, { rate: booking.stayVatRate ?? 12, grossOre: booking.stayAmountSek * 100 }]);
}

/**
 * A part of a booking's money (a refund, a payment of a difference) by the same rates, in
 * proportion to the booking's own (largest remainder, so the parts add up to `amountOre` exactly).
 */
export function vatShare(of: readonly VatLine[], amountOre: number): VatLine[] {
  const totalOre = of.reduce((sum, line) => sum + line.grossOre, 0);
  if (totalOre === 0 || amountOre === 0) return [];
  const exact = of.map((line) => (line.grossOre * amountOre) / totalOre);
  const shares = exact.map(Math.floor);
  let left = amountOre - shares.reduce((sum, share) => sum + share, 0);
  for (const index of exact.map((value, at) => ({ at, fraction: value - Math.floor(value) })).sort((a, b) => b.fraction - a.fraction).map((entry) => entry.at)) {
    if (left <= 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return vatLines(of.map((line, index) => ({ rate: line.rate, grossOre: shares[index] })));
}

const exactNumbers = new Map<Lang, Intl.NumberFormat>();
/** An amount in öre, to the öre, in a guest's language (a receipt's VAT): "293,43 SEK", "293,43 kr", "293,43 SEK". */
export function formatOreIn(lang: Lang, ore: number): string {
  // English prices are written the Swedish way, as formatSek does.
  const locale = lang === 'en' ? 'sv-SE' : INTL_LOCALES[lang];
  if (!exactNumbers.has(lang)) exactNumbers.set(lang, new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  return `${exactNumbers.get(lang)!.format(ore / 100)} ${lang === 'sv' ? 'kr' : 'SEK'}`;
}
