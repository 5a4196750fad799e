import { formatGiftCardCode, GIFT_CARD_ALPHABET, giftCardShareOre, normalizeGiftCardCode } from './gift-cards';

describe('gift card codes as guests type them', () => {
  it('reads a code in any case, with the dashes and spaces it is printed with, or none', () => {
    for (const typed of ['K7QX-M2PA-9HRW', 'k7qx m2pa 9hrw', ' K7QXM2PA9HRW ', 'k7qx-m2pa-9hrw']) expect(normalizeGiftCardCode(typed)).toBe('K7QXM2PA9HRW');
  });

  it('refuses what cannot be a code: a look-alike (0, O, 1, I, L), another length, other symbols', () => {
    for (const typed of ['K7QX-M2PA-9HR0', 'K7QX-M2PA-9HRO', 'K7QX-M2PA-9HR1', 'K7QX-M2PA-9HRI', 'K7QX-M2PA-9HRL', 'K7QX-M2PA-9HR', 'K7QX-M2PA-9HRWW', 'K7QX_M2PA_9HRW', '']) {
      expect(normalizeGiftCardCode(typed)).toBeNull();
    }
    expect([...'01ILO'].some((symbol) => GIFT_CARD_ALPHABET.includes(symbol))).toBe(false);
  });

  it('prints a code in groups of four', () => {
    expect(formatGiftCardCode('K7QXM2PA9HRW')).toBe('K7QX-M2PA-9HRW');
  });
});

describe('what a card pays of a total', () => {
  it('pays its balance, never more than the total (no change given), and nothing when empty', () => {
    expect(giftCardShareOre(100_000, 390_000)).toBe(100_000);
    expect(giftCardShareOre(500_000, 390_000)).toBe(390_000);
    expect(giftCardShareOre(390_000, 390_000)).toBe(390_000);
    expect(giftCardShareOre(0, 390_000)).toBe(0);
  });
});
