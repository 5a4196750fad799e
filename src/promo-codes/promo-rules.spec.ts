import { priceCategory, quoteParty } from '../../shared/pricing';
import type { PromoCode } from './promo-code.entity';
import { promoRefusal, PromoRefusedError } from './promo-rules';

const TOUR = [priceCategory({ code: 'adult', name: 'Adult', priceSek: 1950, isAdult: true, isDefault: true }), priceCategory({ code: 'child', name: 'Child', priceSek: 975, needsAdult: true })];
const code = (fields: Partial<PromoCode> = {}): PromoCode =>
  ({ id: 1, code: 'WINTER10', kind: 'percent', value: 10, tourIds: null, categories: null, bookFrom: null, bookUntil: null, tourFrom: null, tourUntil: null, maxUses: null, maxUsesPerEmail: null, minGuests: 1, paused: false, note: null, createdAt: new Date(), ...fields }) as PromoCode;
// Booked on 1 December (Kiruna) for a tour on 15 January, late in the evening in Kiruna (23:30 CET is 22:30 UTC).
const use = (fields: { adults?: number; children?: number; tourId?: number } = {}) => ({
  tourId: fields.tourId ?? 7,
  startsAt: new Date('2027-01-15T22:30:00Z'),
  now: new Date('2026-11-30T23:30:00Z'),
  quote: quoteParty(TOUR, [{ category: 'adult', quantity: fields.adults ?? 2 }, ...(fields.children ? [{ category: 'child', quantity: fields.children }] : [])]),
});
const reason = (promo: PromoCode, asked = use()) => promoRefusal(promo, asked)?.reason ?? null;

describe(promoRefusal.name, () => {
  it('lets a code with no limits be used', () => {
    expect(reason(code())).toBeNull();
  });

  it('refuses a paused code', () => {
    expect(reason(code({ paused: true }))).toBe('paused');
  });

  it('counts the booking and tour days in Kiruna, from the first day to the last, both included', () => {
    // 23:30 UTC on 30 November is 1 December in Kiruna; 22:30 UTC on 15 January is 23:30 there, still the 15th.
    expect(reason(code({ bookFrom: '2026-12-01', bookUntil: '2026-12-01' }))).toBeNull();
    expect(reason(code({ bookFrom: '2026-12-02' }))).toBe('not-yet');
    expect(reason(code({ bookUntil: '2026-11-30' }))).toBe('ended');
    expect(reason(code({ tourFrom: '2027-01-15', tourUntil: '2027-01-15' }))).toBeNull();
    expect(reason(code({ tourFrom: '2027-01-16' }))).toBe('tour-date');
    expect(reason(code({ tourUntil: '2027-01-14' }))).toBe('tour-date');
  });

  it('refuses another tour, a party below the minimum, and a party with none of its categories', () => {
    expect(reason(code({ tourIds: [3, 7] }))).toBeNull();
    expect(reason(code({ tourIds: [3] }))).toBe('other-tour');
    expect(reason(code({ minGuests: 3 }), use({ adults: 2 }))).toBe('party-too-small');
    expect(promoRefusal(code({ minGuests: 3 }), use({ adults: 2 }))?.texts.en).toBe('That promo code is for groups of at least 3 guests.');
    expect(reason(code({ minGuests: 3 }), use({ adults: 2, children: 1 }))).toBeNull();
    expect(reason(code({ categories: ['child'] }), use({ adults: 2 }))).toBe('no-category');
  });

  it('answers 400, and 429 for too many tries', () => {
    expect(promoRefusal(code({ paused: true }), use())?.getStatus()).toBe(400);
    expect(new PromoRefusedError('too-many-tries').getStatus()).toBe(429);
  });
});
