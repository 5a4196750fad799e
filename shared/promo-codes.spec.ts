import { priceCategory, quoteParty } from './pricing';
import { normalizePromoCode, promoDiscountSek, promoLabel, withPromo, type PromoTerms } from './promo-codes';
import { promoRefusalTexts } from './promo-refusals';

const TOUR = [
  priceCategory({ code: 'adult', name: 'Adult', priceSek: 1950, isAdult: true, isDefault: true }),
  priceCategory({ code: 'child', name: 'Child', priceSek: 975, needsAdult: true }),
  priceCategory({ code: 'infant', name: 'Infant', priceSek: 0, seatsPerUnit: 0, needsAdult: true }),
];
const terms = (fields: Partial<PromoTerms>): PromoTerms => ({ code: 'WINTER10', kind: 'percent', value: 10, categories: null, minGuests: 1, ...fields });
const party = (adult: number, child = 0) => quoteParty(TOUR, [{ category: 'adult', quantity: adult }, { category: 'child', quantity: child }].filter((item) => item.quantity > 0), { priceSek: 4900, maxGuests: 2 });

describe(promoDiscountSek.name, () => {
  it('takes a share of the tour lines, rounded to the krona, and never of the stay', () => {
    // 2 × 1950 + 975 = 4875; the stay's 2 rooms (9800) are not discounted.
    expect(promoDiscountSek(party(2, 1), terms({ value: 10 }))).toBe(488);
    expect(promoDiscountSek(party(2, 1), terms({ value: 100 }))).toBe(4875);
  });

  it('takes only the lines of its categories', () => {
    expect(promoDiscountSek(party(2, 1), terms({ categories: ['child'], value: 50 }))).toBe(488);
    expect(promoDiscountSek(party(2), terms({ categories: ['child'] }))).toBe(0);
  });

  it('takes a fixed amount once a booking, never more than its lines cost', () => {
    expect(promoDiscountSek(party(2, 1), terms({ kind: 'amount', value: 500 }))).toBe(500);
    expect(promoDiscountSek(party(2, 1), terms({ kind: 'amount', value: 5000, categories: ['child'] }))).toBe(975);
  });

  it('gives nothing to a party below its minimum', () => {
    expect(promoDiscountSek(party(1), terms({ minGuests: 2 }))).toBe(0);
    expect(promoDiscountSek(party(1, 1), terms({ minGuests: 2 }))).toBe(195 + 98);
  });
});

describe(withPromo.name, () => {
  it('takes the discount off the total and says how much', () => {
    const quote = party(2, 1);
    expect(withPromo(quote, terms({ kind: 'amount', value: 500 }))).toMatchObject({ tourAmountSek: 4875, stayAmountSek: 9800, discountSek: 500, totalSek: 4875 + 9800 - 500 });
  });

  it('without terms is the quote as it is (a booking made with no code keeps its price on a change)', () => {
    const quote = party(2, 1);
    expect(withPromo(quote, null)).toEqual({ ...quote, discountSek: 0 });
  });
});

describe('promo code words', () => {
  it('reads a code however it is typed', () => {
    expect(normalizePromoCode(' winter-10 ')).toBe('WINTER10');
  });

  it('names the code and a percentage on the discount line, in each language', () => {
    expect(promoLabel(terms({}), 'en')).toBe('Promo code WINTER10 (−10 %)');
    expect(promoLabel(terms({ kind: 'amount', value: 300 }), 'sv')).toBe('Rabattkod WINTER10');
    expect(promoLabel(terms({}), 'de')).toBe('Rabattcode WINTER10 (−10 %)');
  });

  it('words every refusal in every language, the minimum party named', () => {
    expect(promoRefusalTexts('party-too-small', { minGuests: 4 })).toEqual({
      en: 'That promo code is for groups of at least 4 guests.',
      sv: 'Den rabattkoden gäller sällskap på minst 4 gäster.',
      de: 'Dieser Rabattcode gilt für Gruppen ab 4 Gästen.',
    });
  });
});
