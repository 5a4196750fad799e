import { GIFT_CARD_ALPHABET, normalizeGiftCardCode } from '../../shared/gift-cards';
import { GIFT_CARD_CODE_BITS, newGiftCardCode } from './gift-card-codes';

describe('new gift card codes', () => {
  const codes = Array.from({ length: 5000 }, () => newGiftCardCode());

  it('hold at least 50 bits of chance', () => {
    expect(GIFT_CARD_CODE_BITS).toBeGreaterThanOrEqual(50);
  });

  it('are twelve symbols of the alphabet without look-alikes, each read back as itself', () => {
    for (const code of codes) {
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{12}$/);
      expect(normalizeGiftCardCode(code)).toBe(code);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('use every symbol about as often as any other (drawn uniformly)', () => {
    const counts = new Map<string, number>();
    for (const symbol of codes.join('')) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    expect(counts.size).toBe(GIFT_CARD_ALPHABET.length);
    const expected = (codes.length * 12) / GIFT_CARD_ALPHABET.length;
    // 60,000 draws over 31 symbols: each within 10 % of 1,935 (about 4.5 standard deviations).
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.1);
  });
});
