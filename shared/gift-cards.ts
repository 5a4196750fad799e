/**
 * Gift cards as both sides see them: their kinds and states, and their codes. A code is twelve
 * characters of an alphabet with no look-alikes (no 0/O, 1/I/L), 31 symbols: 12 × log2(31) ≈ 59
 * bits, drawn by the server (gift-card-codes.ts). Guests may type it in any case, with or
 * without the dashes and spaces it is printed with (`K7QX-M2PA-9HRW`).
 */
export type GiftCardKind = 'amount' | 'tour';
export type GiftCardOrigin = 'staff' | 'purchase';
/** `pending`: bought on the site and not paid yet (it pays nothing); `active`; `void`: voided by staff. */
export type GiftCardStatus = 'pending' | 'active' | 'void';
export type GiftCardEntryKind = 'issue' | 'redeem' | 'refund' | 'void';

export const GIFT_CARD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 12;

/** A code as typed, in the form it is kept: upper case, the dashes and spaces gone; null when it cannot be one. */
export function normalizeGiftCardCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  return [...code].every((symbol) => GIFT_CARD_ALPHABET.includes(symbol)) ? code : null;
}

/** A kept code as printed: in groups of four. */
export const formatGiftCardCode = (code: string): string => code.match(/.{1,4}/g)!.join('-');

/** What of a total a card pays, in öre: its balance, never more than the total (a card gives no change). */
export const giftCardShareOre = (balanceOre: number, totalOre: number): number => Math.max(0, Math.min(balanceOre, totalOre));

/** Why a code cannot pay, as the guest is told it in their language. */
export type GiftCardRefusal = 'unknown' | 'expired' | 'void' | 'empty' | 'guessing' | 'other-tour';

export const GIFT_CARD_REFUSALS: Record<GiftCardRefusal, Record<'en' | 'sv' | 'de', string>> = {
  unknown: {
    en: 'We do not know that gift card code. Please check it against your card (it has 12 letters and digits).',
    sv: 'Vi känner inte igen den presentkortskoden. Jämför den med ditt kort (den har 12 bokstäver och siffror).',
    de: 'Diesen Gutscheincode kennen wir nicht. Bitte vergleichen Sie ihn mit Ihrer Karte (er hat 12 Buchstaben und Ziffern).',
  },
  expired: {
    en: 'That gift card has expired. Please call us if you think this is wrong.',
    sv: 'Presentkortet har gått ut. Ring oss om du tror att det är fel.',
    de: 'Dieser Gutschein ist abgelaufen. Bitte rufen Sie uns an, wenn Sie meinen, dass das nicht stimmt.',
  },
  void: {
    en: 'That gift card is no longer valid. Please call us.',
    sv: 'Presentkortet gäller inte längre. Ring oss.',
    de: 'Dieser Gutschein ist nicht mehr gültig. Bitte rufen Sie uns an.',
  },
  empty: {
    en: 'That gift card has been used up.',
    sv: 'Presentkortet är förbrukat.',
    de: 'Dieser Gutschein ist aufgebraucht.',
  },
  'other-tour': {
    en: 'That gift card is for another tour: it pays only for the tour named on it. Please choose that tour, or call us.',
    sv: 'Presentkortet gäller en annan tur: det betalar bara turen som står på kortet. Välj den turen, eller ring oss.',
    de: 'Dieser Gutschein gilt für eine andere Tour: Er bezahlt nur die Tour, die auf ihm steht. Bitte wählen Sie diese Tour, oder rufen Sie uns an.',
  },
  guessing: {
    en: 'Too many wrong gift card codes from your address. Please wait an hour, or call us.',
    sv: 'För många felaktiga presentkortskoder från din adress. Vänta en timme, eller ring oss.',
    de: 'Zu viele falsche Gutscheincodes von Ihrer Adresse. Bitte warten Sie eine Stunde oder rufen Sie uns an.',
  },
};

/** What the site sells: a preset value or one chosen between the limits, in whole kronor. */
export const GIFT_CARD_PRESETS_SEK = [500, 1000, 2000, 4000] as const;
export const GIFT_CARD_MIN_SEK = 300;
export const GIFT_CARD_MAX_SEK = 20_000;

/** A card for a named tour is for one to this many guests. */
export const GIFT_CARD_TOUR_MAX_GUESTS = 8;

/**
 * A gift card bought on the site: its value (an amount for any tour), or a named tour for a number
 * of guests (worth the tour's price for them on the day it is bought); who buys it, and
 * (optionally) for whom and when they get it.
 */
export interface GiftCardPurchaseRequest {
  amountSek?: number;
  tourSlug?: string;
  guests?: number;
  buyerName: string;
  buyerEmail: string;
  recipientName?: string;
  recipientEmail?: string;
  message?: string;
  /** The day (Kiruna time, `2026-12-24`) the recipient is mailed the card; none: at once. */
  sendOn?: string;
  language: 'en' | 'sv' | 'de';
}

/** A card as its printable page shows it (at its signed link). */
export interface GiftCardPrintView {
  status: GiftCardStatus;
  /** As printed (`K7QX-M2PA-9HRW`); null while the card is not paid yet. */
  code: string | null;
  amountSek: number;
  balanceSek: number;
  expiresAt: string;
  expired: boolean;
  /** A card for a named tour (a single-purpose voucher: it pays only for that tour), or null for any tour. */
  tour: { title: string; slug: string; guests: number } | null;
  recipientName: string | null;
  buyerName: string | null;
  message: string | null;
  language: 'en' | 'sv' | 'de';
}
