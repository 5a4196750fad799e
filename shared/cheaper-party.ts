/**
 * The same guests for less: the family ticket offered where it is cheaper, by one rule for the
 * booking page (which loads it after its first render), the staff's phone booking and the AI guide.
 */
import { partyItems, parsePartyKey, tryQuoteParty, type PartyItem, type PriceCategoryRule } from './pricing';

/** The same party for less: what `cheaperParty` offers, and what it saves on the day's prices. */
export interface CheaperParty {
  party: PartyItem[];
  /** The ticket it switches to ("Family (2 adults, 2 children)"). */
  bundle: PriceCategoryRule;
  /** How many of it. */
  quantity: number;
  /** The party's price at it (the tour's, without a stay: a stay is priced by the guests, whatever their tickets). */
  tourAmountSek: number;
  savingSek: number;
}

/**
 * The same guests for less, when a ticket for a party (a family ticket: `bundleOf` names whom it
 * replaces) costs less than those guests at their own prices: 2 adults and 2 children as one
 * Family ticket, 3 adults and 2 children as a Family ticket and an adult. The cheapest such
 * party the tour's rules allow, or none when the party as chosen is already the cheapest. One
 * rule for the booking page, the staff's phone booking and the AI guide, so they never disagree.
 * `categories` are at the departure's prices (as `quoteParty` takes them).
 */
export function cheaperParty(categories: readonly PriceCategoryRule[], party: readonly PartyItem[]): CheaperParty | undefined {
  const { quote: priced } = tryQuoteParty(categories, party);
  if (!priced) return undefined;
  const counts = new Map(partyItems(priced.lines).map((item) => [item.category, item.quantity]));
  let best: CheaperParty | undefined;
  for (const bundle of categories) {
    const replaces = bundle.bundleOf ? parsePartyKey(bundle.bundleOf) : null;
    if (!replaces?.length || replaces.some((item) => item.category === bundle.code || item.quantity < 1)) continue;
    const already = counts.get(bundle.code) ?? 0;
    const fits = Math.min(...replaces.map((item) => Math.floor((counts.get(item.category) ?? 0) / item.quantity)));
    const room = bundle.maxPerBooking === null ? fits : Math.min(fits, bundle.maxPerBooking - already);
    for (let quantity = 1; quantity <= room; quantity++) {
      const next = new Map(counts);
      for (const item of replaces) next.set(item.category, next.get(item.category)! - item.quantity * quantity);
      next.set(bundle.code, already + quantity);
      const switched = categories.filter((category) => (next.get(category.code) ?? 0) > 0).map((category) => ({ category: category.code, quantity: next.get(category.code)! }));
      const { quote } = tryQuoteParty(categories, switched);
      if (!quote || quote.tourAmountSek >= priced.tourAmountSek || (best && quote.tourAmountSek >= best.tourAmountSek)) continue;
      best = { party: switched, bundle, quantity, tourAmountSek: quote.tourAmountSek, savingSek: priced.tourAmountSek - quote.tourAmountSek };
    }
  }
  return best;
}
