import { bookingVat, vatInOre, vatLines, vatShare } from './vat';

describe('VAT', () => {
  it('finds the VAT inside a price at each Swedish rate, to the öre', () => {
    expect(vatInOre(125_00, 25)).toBe(25_00);
    expect(vatInOre(112_00, 12)).toBe(12_00);
    expect(vatInOre(1895_00, 6)).toBe(107_26);
    expect(vatLines([{ rate: 6, grossOre: 1895_00 }, { rate: 25, grossOre: 500_00 }, { rate: 6, grossOre: 1895_00 }])).toEqual([
      { rate: 25, grossOre: 500_00, vatOre: 100_00, netOre: 400_00 },
      { rate: 6, grossOre: 3790_00, vatOre: 214_53, netOre: 3575_47 },
    ]);
  });

  it('counts a booking by rate: each line at its own (the tour\'s when none was kept), the stay at its, the discount off the lines it applies to', () => {
    const booking = {
      party: [
        { code: 'adult', quantity: 2, unitPriceSek: 1950, vatRate: 25 },
        { code: 'child', quantity: 1, unitPriceSek: 975 },
        { code: 'infant', quantity: 1, unitPriceSek: 0, vatRate: 25 },
      ],
      stayAmountSek: 4900,
      stayVatRate: 12,
      discountSek: 0,
      promo: null,
    };
    expect(bookingVat(booking, 6)).toEqual([
      { rate: 25, grossOre: 3900_00, vatOre: 780_00, netOre: 3120_00 },
      { rate: 12, grossOre: 4900_00, vatOre: 525_00, netOre: 4375_00 },
      { rate: 6, grossOre: 975_00, vatOre: 55_19, netOre: 919_81 },
    ]);
    // 10 % of the tour lines: 390.40 kr off the adults, 97.60 off the child (in proportion, to the öre); the stay untouched.
    const discounted = bookingVat({ ...booking, discountSek: 488, promo: { categories: null } }, 6);
    expect(discounted.map((line) => [line.rate, line.grossOre])).toEqual([[25, 3509_60], [12, 4900_00], [6, 877_40]]);
    expect(discounted.reduce((sum, line) => sum + line.grossOre, 0)).toBe((3900 + 975 + 4900 - 488) * 100);
    // A code for children only takes it all off the child's line.
    expect(bookingVat({ ...booking, discountSek: 300, promo: { categories: ['child'] } }, 6).find((line) => line.rate === 6)!.grossOre).toBe(675_00);
  });

  it('shares a refund over the rates in proportion, adding up to the refund exactly', () => {
    const of = vatLines([{ rate: 25, grossOre: 3900_00 }, { rate: 12, grossOre: 4900_00 }, { rate: 6, grossOre: 975_00 }]);
    const refund = vatShare(of, 1000_01);
    expect(refund.reduce((sum, line) => sum + line.grossOre, 0)).toBe(1000_01);
    expect(refund.map((line) => line.rate)).toEqual([25, 12, 6]);
    expect(refund[0].grossOre).toBe(398_98);
    expect(vatShare(of, 0)).toEqual([]);
  });
});
