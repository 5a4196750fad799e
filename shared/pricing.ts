/**
 * The one price rule, used by the server to charge and by the booking page to preview: a party
 * of price categories (adult, child, family…) on a departure, plus a stay package per room.
 */
import { MAX_GROUP_SIZE } from './taxonomy';

/** A tour's price category as the quote needs it (prices already those of the departure). */
export interface PriceCategoryRule {
  code: string;
  name: string;
  priceSek: number;
  ageMin: number | null;
  ageMax: number | null;
  seatsPerUnit: number;
  guestsPerUnit: number;
  minPerBooking: number;
  maxPerBooking: number | null;
  isAdult: boolean;
  needsAdult: boolean;
  isDefault: boolean;
  /**
   * A ticket for a party (a family ticket): the guests one replaces, as a party key
   * (`adult2.child2`); null for a category of its own. What `cheaperParty` offers instead.
   */
  bundleOf: string | null;
  /** The VAT rate (percent) its lines are sold at; null or absent: the tour's. */
  vatRate?: number | null;
}

/** A category with the plain defaults (one seat, one guest, no age band or limits) and the given fields. */
export function priceCategory(fields: Partial<PriceCategoryRule> & Pick<PriceCategoryRule, 'code' | 'name' | 'priceSek'>): PriceCategoryRule {
  return { ageMin: null, ageMax: null, seatsPerUnit: 1, guestsPerUnit: 1, minPerBooking: 0, maxPerBooking: null, isAdult: false, needsAdult: false, isDefault: false, bundleOf: null, ...fields };
}

/** How many of a category the guest asks for. */
export interface PartyItem {
  category: string;
  quantity: number;
}

/** One line of a priced party, as a booking keeps it (the names and prices of the day it was booked). */
export interface PartyLine {
  code: string;
  name: string;
  quantity: number;
  unitPriceSek: number;
  seatsPerUnit: number;
  guestsPerUnit: number;
  /** The VAT rate it was sold at (absent on bookings made before rates were kept: the tour's). */
  vatRate?: number;
}

export interface BookingQuote {
  /** The default category's price: what `priceSek` has always meant. */
  unitPriceSek: number;
  lines: PartyLine[];
  /** People (an infant is one; a family unit four). */
  guests: number;
  /** Seats taken on the departure (an infant on a lap none). */
  seats: number;
  tourAmountSek: number;
  rooms: number;
  stayAmountSek: number;
  /** The stay's VAT rate (null without a stay). */
  stayVatRate: number | null;
  /** What a promo code takes off (shared/promo-codes.ts `withPromo`); 0 without one. */
  discountSek: number;
  totalSek: number;
}

export interface StayPrice {
  priceSek: number;
  maxGuests: number;
  /** Its VAT rate (accommodation: 12). */
  vatRate?: number;
}

/** Why the tour's rules refuse a party: what the refusal says, in any language (party-refusals.ts words it in each language). */
export type PartyRefusalReason =
  | { code: 'unknown-category'; category: string; known: string }
  | { code: 'not-whole'; name: string }
  | { code: 'no-guests' }
  | { code: 'too-many-seats'; max: number; seats: number }
  | { code: 'below-min'; name: string; min: number }
  | { code: 'above-max'; name: string; max: number }
  | { code: 'needs-adult'; names: string[] };

/**
 * A party the tour's rules do not allow, and why (`reason`). The words are in party-refusals.ts,
 * for the server's answer and for the booking page, which loads them only when it has a
 * refusal to show: they weigh nothing on its first render.
 */
export class PartyRefused extends Error {
  constructor(readonly reason: PartyRefusalReason) {
    super(`The party is refused: ${reason.code}`);
    this.name = 'PartyRefused';
  }
}

/** `guests: N` as a party: N of the tour's default category. */
export function defaultParty(categories: readonly PriceCategoryRule[], guests: number): PartyItem[] {
  const fallback = categories.find((category) => category.isDefault) ?? categories[0];
  return fallback ? [{ category: fallback.code, quantity: guests }] : [];
}

/**
 * Checks a party against the tour's categories and prices it. Throws PartyRefused when a
 * category is unknown, a count is outside its limits, an accompanied category has no adult
 * beside it, or the party is empty or larger than a group.
 */
export function quoteParty(categories: readonly PriceCategoryRule[], party: readonly PartyItem[], stay?: StayPrice | null): BookingQuote {
  const wanted = new Map<string, number>();
  for (const item of party) {
    const category = categories.find((candidate) => candidate.code === item.category);
    if (!category) {
      const known = categories.map((candidate) => candidate.code).join(', ');
      throw new PartyRefused({ code: 'unknown-category', category: item.category, known });
    }
    if (!Number.isInteger(item.quantity) || item.quantity < 0) {
      throw new PartyRefused({ code: 'not-whole', name: category.name });
    }
    wanted.set(category.code, (wanted.get(category.code) ?? 0) + item.quantity);
  }
  const lines: PartyLine[] = categories
    .filter((category) => (wanted.get(category.code) ?? 0) > 0)
    .map((category) => ({
      code: category.code,
      name: category.name,
      quantity: wanted.get(category.code)!,
      unitPriceSek: category.priceSek,
      seatsPerUnit: category.seatsPerUnit,
      guestsPerUnit: category.guestsPerUnit,
      ...(typeof category.vatRate === 'number' ? { vatRate: category.vatRate } : {}),
    }));
  const guests = lines.reduce((sum, line) => sum + line.quantity * line.guestsPerUnit, 0);
  const seats = lines.reduce((sum, line) => sum + line.quantity * line.seatsPerUnit, 0);
  if (guests === 0) throw new PartyRefused({ code: 'no-guests' });
  if (seats > MAX_GROUP_SIZE) throw new PartyRefused({ code: 'too-many-seats', max: MAX_GROUP_SIZE, seats });
  for (const line of lines) {
    const category = categories.find((candidate) => candidate.code === line.code)!;
    if (line.quantity < category.minPerBooking) throw new PartyRefused({ code: 'below-min', name: category.name, min: category.minPerBooking });
    if (category.maxPerBooking !== null && line.quantity > category.maxPerBooking) throw new PartyRefused({ code: 'above-max', name: category.name, max: category.maxPerBooking });
  }
  const accompanied = lines.filter((line) => categories.find((category) => category.code === line.code)!.needsAdult);
  if (accompanied.length > 0 && !lines.some((line) => categories.find((category) => category.code === line.code)!.isAdult)) {
    throw new PartyRefused({ code: 'needs-adult', names: accompanied.map((line) => line.name) });
  }
  const tourAmountSek = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceSek, 0);
  const rooms = stay ? Math.ceil(guests / stay.maxGuests) : 0;
  const stayAmountSek = stay ? stay.priceSek * rooms : 0;
  const unitPriceSek = (categories.find((category) => category.isDefault) ?? categories[0]).priceSek;
  return { unitPriceSek, lines, guests, seats, tourAmountSek, rooms, stayAmountSek, stayVatRate: stay ? (stay.vatRate ?? 12) : null, discountSek: 0, totalSek: tourAmountSek + stayAmountSek };
}

/** `quoteParty` with a refusal as a value, for those that show why while the guest chooses (the booking page, the phone booking, the cheaper-party rule). */
export function tryQuoteParty(categories: readonly PriceCategoryRule[], party: readonly PartyItem[], stay?: StayPrice | null): { quote: BookingQuote; refused?: undefined } | { quote?: undefined; refused: PartyRefused } {
  try {
    return { quote: quoteParty(categories, party, stay) };
  } catch (error) {
    if (error instanceof PartyRefused) return { refused: error };
    throw error;
  }
}

/** What a departure sets on prices: its own price for the default category, season prices by code for the others (null: none). */
export interface DeparturePrices {
  priceSek: number | null;
  categoryPrices: Record<string, number> | null;
}

/** A category's price on a departure: the departure's own for the default category, its season price for another, else the category's own. */
export const priceOn = (category: Pick<PriceCategoryRule, 'code' | 'isDefault' | 'priceSek'>, departure: DeparturePrices | undefined): number =>
  (category.isDefault ? departure?.priceSek : departure?.categoryPrices?.[category.code]) ?? category.priceSek;

/** A party as a count for each of the tour's categories, 0 for those not in it: what the steppers show. */
export const partyCounts = (categories: readonly Pick<PriceCategoryRule, 'code'>[], party: readonly PartyItem[]): Record<string, number> =>
  Object.fromEntries(categories.map((category) => [category.code, party.find((item) => item.category === category.code)?.quantity ?? 0]));

/** A party in a few words: "2 Adult, 1 Child (4-12)". */
export function describeParty(lines: readonly Pick<PartyLine, 'name' | 'quantity'>[]): string {
  return lines.map((line) => `${line.quantity} ${line.name}`).join(', ');
}

/** A party as items again (to quote it anew on another date, or compare it). */
export function partyItems(lines: readonly Pick<PartyLine, 'code' | 'quantity'>[]): PartyItem[] {
  return lines.map((line) => ({ category: line.code, quantity: line.quantity }));
}

/** A party in a stable short form, `adult2.child1`: equal parties give equal keys (for idempotency keys and payment metadata). */
export function partyKey(items: readonly PartyItem[]): string {
  const counts = new Map<string, number>();
  for (const item of items) if (item.quantity > 0) counts.set(item.category, (counts.get(item.category) ?? 0) + item.quantity);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([code, quantity]) => `${code}${quantity}`).join('.');
}

/** partyKey read back; null when it is not one. */
export function parsePartyKey(key: string): PartyItem[] | null {
  const items = key.split('.').map((part) => /^([a-z][a-z0-9-]{0,29}?)(\d{1,2})$/.exec(part));
  if (items.length === 0 || items.some((match) => match === null)) return null;
  return items.map((match) => ({ category: match![1], quantity: Number(match![2]) }));
}
