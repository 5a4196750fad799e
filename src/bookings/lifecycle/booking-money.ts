/**
 * What a booking owes, as one function of its price and the money it holds, whatever channel
 * brought the money in (a card through Stripe, staff on site, a reseller). The writer settles
 * every change of a booking's price through `settlePrice`, so no path can change what a paid
 * booking costs without the difference becoming due, going back, or being refused.
 */
import type { Booking } from '../booking.entity';
import type { PaymentStatus, TransitionActor } from './transitions';

type MoneyFields = Pick<Booking, 'status' | 'paymentStatus' | 'paymentMethod' | 'paidAmountOre' | 'totalSek' | 'giftCardOre'>;

/**
 * The money the booking holds, in öre: what its channel took (a card's payments less refunds
 * made from them, what staff took on site, what a reseller was paid) and kept. A booking whose
 * money is going back in full (refund_pending, refunded) holds none; a booking from before the
 * amount was kept for every channel holds its total while it is paid; one that paid a deposit
 * holds the deposit (and whatever it paid since).
 */
export function heldOre(booking: Pick<Booking, 'paymentStatus' | 'paidAmountOre' | 'totalSek'>): number {
  if (booking.paymentStatus === 'paid') return booking.paidAmountOre ?? booking.totalSek * 100;
  if (booking.paymentStatus === 'due_on_arrival' || booking.paymentStatus === 'deposit_paid') return booking.paidAmountOre ?? 0;
  return 0;
}

/**
 * The money the booking holds that came from a gift card, in öre: it goes back to the card, never
 * to a person or through Stripe. A hold's planned share is not held (the card pays it only with
 * the rest).
 */
export function heldGiftCardOre(booking: Pick<Booking, 'paymentStatus' | 'paidAmountOre' | 'totalSek' | 'giftCardOre'>): number {
  return Math.min(booking.giftCardOre ?? 0, heldOre(booking));
}

/**
 * What the guest still owes for a confirmed booking, in öre: its price less what it holds. A
 * negative amount is owed to the guest (a cheaper change of money taken on site, to give back by
 * hand). A hold owes nothing yet (its checkout collects), nor does a cancelled or expired booking.
 */
export function owedOre(booking: MoneyFields): number {
  return booking.status === 'confirmed' ? booking.totalSek * 100 - heldOre(booking) : 0;
}

/** What is still to pay on the day, in kronor: what a confirmed booking owes, never below nothing. */
export const dueSek = (booking: MoneyFields): number => Math.max(0, owedOre(booking)) / 100;

/** What a booking's new price does to its money: the fields to write with it, or why it cannot change. */
export type PriceSettlement = { changes: Partial<Booking> } | { refused: 'reseller' };

const sek = (ore: number) => Math.round(ore) / 100;

/**
 * The money side of a change of price (`after` is the booking as it will be, `paidAmountOre`
 * already lowered by a refund or raised by a payment the change itself made). A booking that
 * holds no money has nothing to settle. One paid through a reseller changes price only through
 * the reseller (who collects it), and then holds its new price. Otherwise what it now owes is
 * due on arrival (staff collect it, and see it owed), and what it holds beyond its price is
 * flagged for staff to give back by hand. A card booking's money goes back as refunds the
 * change queued; one left holding more than its price is a fault of the caller.
 */
export function settlePrice(before: MoneyFields, after: MoneyFields, by: TransitionActor): PriceSettlement {
  // Marked paid (on site, by a reseller) without an amount: the booking now holds its whole price.
  if (after.paymentStatus === 'paid' && before.paymentStatus !== 'paid' && after.paidAmountOre === before.paidAmountOre) return { changes: { paidAmountOre: after.totalSek * 100 } };
  if (after.totalSek === before.totalSek) return { changes: {} };
  const held = after.paidAmountOre !== before.paidAmountOre ? (after.paidAmountOre ?? 0) : heldOre(before);
  if (held === 0 && before.paymentStatus !== 'paid') return { changes: {} };
  if (before.paymentMethod === 'reseller') {
    return by === 'reseller' ? { changes: { paidAmountOre: after.totalSek * 100, paymentStatus: 'paid' } } : { refused: 'reseller' };
  }
  const owed = after.totalSek * 100 - held;
  if (owed < 0 && before.paymentMethod === 'stripe') {
    throw new Error(`A change left a card booking holding ${sek(-owed)} kr more than its price, with no refund queued`);
  }
  // A booking that paid a deposit still owes its balance by its due day, not on arrival.
  const status: PaymentStatus = owed > 0 ? (before.paymentStatus === 'deposit_paid' ? 'deposit_paid' : 'due_on_arrival') : 'paid';
  return { changes: { paidAmountOre: held, paymentStatus: status, ...(owed < 0 ? { attention: repayText(held, after.totalSek) } : {}) } };
}

const repayText = (heldOre: number, totalSek: number) => `Mer betalt än priset: betala tillbaka ${sek(heldOre - totalSek * 100)} kr till gästen (betalt ${sek(heldOre)} kr, totalbelopp ${totalSek} kr).`;

/**
 * A confirmed booking that holds more money taken on site than its price (a cheaper change, a
 * rebook after a cheaper change) always tells staff so: the note to write when it has none.
 */
export function repayAttention(after: MoneyFields & Pick<Booking, 'attention'>): Partial<Booking> {
  return after.status === 'confirmed' && !after.attention && repayableOre(after) > 0 ? { attention: repayText(heldOre(after), after.totalSek) } : {};
}

/** The money a booking holds that was taken on site (all of it, or what was paid before it grew): only a person gives it back. */
export function heldOnSiteOre(booking: MoneyFields): number {
  return booking.paymentMethod === 'stripe' || booking.paymentMethod === 'reseller' ? 0 : heldOre(booking) - heldGiftCardOre(booking);
}

/**
 * Money taken outside the card (on site) that only a person can give back, and that the
 * booking no longer needs: what a cheaper change left over its price, and all of it once a
 * cancellation said it goes back (its note to staff; a late cancellation keeps the money).
 */
export function repayableOre(booking: MoneyFields & Pick<Booking, 'attention'>): number {
  const held = heldOnSiteOre(booking);
  if (booking.status === 'cancelled') return booking.attention ? held : 0;
  return booking.status === 'confirmed' ? Math.max(0, held - booking.totalSek * 100) : 0;
}
