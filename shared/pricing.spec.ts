import { partyRefusalIn, partyRefusalTexts } from './party-refusals';
import { cheaperParty } from './cheaper-party';
import { defaultParty, describeParty, partyCounts, priceCategory, priceOn, quoteParty, tryQuoteParty, type PartyRefused, type PriceCategoryRule } from './pricing';

const refusal = (run: () => unknown): PartyRefused | undefined => {
  try {
    run();
  } catch (error) {
    return error as PartyRefused;
  }
  return undefined;
};

const category = (code: string, priceSek: number, rule: Partial<PriceCategoryRule> = {}): PriceCategoryRule => priceCategory({ code, name: code[0].toUpperCase() + code.slice(1), priceSek, ...rule });

const FAMILY_TOUR = [
  category('adult', 1950, { isAdult: true, isDefault: true, ageMin: 13 }),
  category('child', 975, { ageMin: 4, ageMax: 12, needsAdult: true }),
  category('infant', 0, { ageMax: 3, seatsPerUnit: 0, needsAdult: true, maxPerBooking: 2 }),
  category('family', 5500, { isAdult: true, seatsPerUnit: 4, guestsPerUnit: 4, maxPerBooking: 1 }),
];

describe(quoteParty.name, () => {
  it('prices each category at its own price and counts seats, not guests', () => {
    const quote = quoteParty(FAMILY_TOUR, [
      { category: 'adult', quantity: 2 },
      { category: 'child', quantity: 1 },
      { category: 'infant', quantity: 1 },
    ]);
    expect(quote).toMatchObject({ unitPriceSek: 1950, guests: 4, seats: 3, tourAmountSek: 2 * 1950 + 975, totalSek: 4875 });
    expect(quote.lines.map((line) => [line.code, line.quantity, line.unitPriceSek])).toEqual([
      ['adult', 2, 1950],
      ['child', 1, 975],
      ['infant', 1, 0],
    ]);
  });

  it('takes a family unit as four guests on four seats', () => {
    expect(quoteParty(FAMILY_TOUR, [{ category: 'family', quantity: 1 }])).toMatchObject({ guests: 4, seats: 4, totalSek: 5500 });
  });

  it('adds the stay per room, with as many rooms as the party has guests for', () => {
    const stay = { priceSek: 4900, maxGuests: 4 };
    expect(quoteParty(FAMILY_TOUR, defaultParty(FAMILY_TOUR, 4), stay)).toMatchObject({ rooms: 1, stayAmountSek: 4900, totalSek: 4 * 1950 + 4900 });
    expect(quoteParty(FAMILY_TOUR, defaultParty(FAMILY_TOUR, 5), stay)).toMatchObject({ rooms: 2, stayAmountSek: 9800 });
  });

  it('reads guests: N as N of the default category', () => {
    expect(defaultParty(FAMILY_TOUR, 3)).toEqual([{ category: 'adult', quantity: 3 }]);
    expect(quoteParty(FAMILY_TOUR, defaultParty(FAMILY_TOUR, 3))).toMatchObject({ guests: 3, seats: 3, totalSek: 5850 });
  });

  it.each([
    [[{ category: 'child', quantity: 2 }], 'Child must be accompanied by an adult.'],
    [[{ category: 'child', quantity: 1 }, { category: 'infant', quantity: 1 }], 'Child and Infant must be accompanied by an adult.'],
    [[{ category: 'adult', quantity: 1 }, { category: 'infant', quantity: 3 }], 'Infant: at most 2 per booking.'],
    [[{ category: 'family', quantity: 2 }], 'Family: at most 1 per booking.'],
    [[{ category: 'senior', quantity: 1 }], 'This tour has no price category "senior". It has adult, child, infant, family.'],
    [[{ category: 'adult', quantity: 0 }], 'Choose at least one guest.'],
    [[{ category: 'adult', quantity: 1.5 }], 'The number of Adult must be a whole number.'],
    [[{ category: 'adult', quantity: 9 }], 'A booking takes at most 8 seats; this party needs 9.'],
  ])('refuses %j: %s', (party, message) => {
    expect(partyRefusalIn('en', refusal(() => quoteParty(FAMILY_TOUR, party))!.reason)).toBe(message);
  });

  it('says it in Swedish for staff too', () => {
    const refused = refusal(() => quoteParty(FAMILY_TOUR, [{ category: 'child', quantity: 1 }]))!;
    expect(refused.name).toBe('PartyRefused');
    expect(partyRefusalIn('sv', refused.reason)).toBe('Child måste åka med en vuxen.');
  });

  it('says every refusal in each of the site\'s languages, for the booking page in Swedish or German', () => {
    const parties = [[{ category: 'child', quantity: 1 }], [{ category: 'child', quantity: 1 }, { category: 'infant', quantity: 1 }], [{ category: 'adult', quantity: 9 }], [], [{ category: 'pet', quantity: 1 }], [{ category: 'adult', quantity: 1.5 }]];
    const texts = parties.map((party) => partyRefusalTexts(refusal(() => quoteParty(FAMILY_TOUR, party))!));
    expect(texts[0]).toEqual({ en: 'Child must be accompanied by an adult.', sv: 'Child måste åka med en vuxen.', de: 'Child muss von einem Erwachsenen begleitet werden.' });
    expect(texts[1]!.de).toBe('Child und Infant müssen von einem Erwachsenen begleitet werden.');
    expect(texts[2]!.de).toBe('Eine Buchung umfasst höchstens 8 Plätze; diese Gruppe braucht 9.');
    for (const text of texts) expect(new Set([text.en, text.sv, text.de]).size).toBe(3);
  });

  it('lets a family unit accompany a child, and an infant ride free on a lap past the seats', () => {
    expect(quoteParty(FAMILY_TOUR, [{ category: 'family', quantity: 1 }, { category: 'child', quantity: 1 }])).toMatchObject({ seats: 5, guests: 5 });
    expect(quoteParty(FAMILY_TOUR, [{ category: 'adult', quantity: 8 }, { category: 'infant', quantity: 2 }])).toMatchObject({ seats: 8, guests: 10 });
  });

  it('applies a minimum only to a category that is chosen', () => {
    const snowmobile = [category('driver', 2450, { isAdult: true, isDefault: true, ageMin: 18 }), category('passenger', 1450, { needsAdult: true, minPerBooking: 1, maxPerBooking: 4 })];
    expect(quoteParty(snowmobile, [{ category: 'driver', quantity: 2 }])).toMatchObject({ totalSek: 4900 });
    expect(partyRefusalIn('en', refusal(() => quoteParty(snowmobile, [{ category: 'passenger', quantity: 1 }]))!.reason)).toBe('Passenger must be accompanied by an adult.');
  });
});

describe(describeParty.name, () => {
  it('names each line with its count', () => {
    expect(describeParty([{ name: 'Adult', quantity: 2 }, { name: 'Child (4-12)', quantity: 1 }])).toBe('2 Adult, 1 Child (4-12)');
  });
});

describe(cheaperParty.name, () => {
  const tour = FAMILY_TOUR.map((rule) => (rule.code === 'family' ? { ...rule, priceSek: 5265, bundleOf: 'adult2.child2' } : rule));
  const party = (adult: number, child: number, rest: Record<string, number> = {}) => [
    { category: 'adult', quantity: adult },
    { category: 'child', quantity: child },
    ...Object.entries(rest).map(([category, quantity]) => ({ category, quantity })),
  ];

  it('offers the family ticket to 2 adults and 2 children, with what it saves', () => {
    expect(cheaperParty(tour, party(2, 2))).toMatchObject({ party: [{ category: 'family', quantity: 1 }], quantity: 1, tourAmountSek: 5265, savingSek: 585 });
  });

  it('keeps whoever the ticket does not cover at their own price: 3 adults, 2 children and a baby', () => {
    expect(cheaperParty(tour, party(3, 2, { infant: 1 }))?.party).toEqual([
      { category: 'adult', quantity: 1 },
      { category: 'infant', quantity: 1 },
      { category: 'family', quantity: 1 },
    ]);
  });

  it('offers nothing when the party does not hold the ticket’s guests, the ticket is dearer, or the party has it already', () => {
    expect(cheaperParty(tour, party(2, 1))).toBeUndefined();
    expect(cheaperParty(tour, party(4, 0))).toBeUndefined();
    expect(cheaperParty(tour.map((rule) => (rule.code === 'family' ? { ...rule, priceSek: 6000 } : rule)), party(2, 2))).toBeUndefined();
    expect(cheaperParty(tour, [{ category: 'family', quantity: 1 }])).toBeUndefined();
    // A ticket without bundleOf is never offered (the rule cannot tell whom it is for).
    expect(cheaperParty(FAMILY_TOUR.map((rule) => ({ ...rule, priceSek: rule.code === 'family' ? 100 : rule.priceSek })), party(2, 2))).toBeUndefined();
  });

  it('keeps to the ticket’s limit per booking and takes the cheapest count under it', () => {
    expect(cheaperParty(tour, party(4, 4))).toMatchObject({ quantity: 1, party: [{ category: 'adult', quantity: 2 }, { category: 'child', quantity: 2 }, { category: 'family', quantity: 1 }] });
    const two = tour.map((rule) => (rule.code === 'family' ? { ...rule, maxPerBooking: 2 } : rule));
    expect(cheaperParty(two, party(4, 4))).toMatchObject({ quantity: 2, savingSek: 1170, party: [{ category: 'family', quantity: 2 }] });
  });

  it('offers nothing for a party the rules refuse', () => {
    expect(cheaperParty(tour, party(0, 2))).toBeUndefined();
  });
});

describe('a departure\'s prices and the party on the page', () => {
  it('prices the default category at the departure\'s own price and the others at their season price, else their own', () => {
    const [adult, child] = FAMILY_TOUR;
    expect(priceOn(adult, { priceSek: 2100, categoryPrices: { child: 700 } })).toBe(2100);
    expect(priceOn(child, { priceSek: 2100, categoryPrices: { child: 700 } })).toBe(700);
    expect(priceOn(child, { priceSek: null, categoryPrices: null })).toBe(975);
    expect(priceOn(adult, undefined)).toBe(1950);
  });

  it('quotes a party or says why not, without throwing', () => {
    expect(tryQuoteParty(FAMILY_TOUR, [{ category: 'adult', quantity: 2 }]).quote?.totalSek).toBe(3900);
    expect(tryQuoteParty(FAMILY_TOUR, [{ category: 'child', quantity: 1 }]).refused?.reason).toEqual({ code: 'needs-adult', names: ['Child'] });
  });

  it('counts a party for every category, 0 for those not in it', () => {
    expect(partyCounts(FAMILY_TOUR, [{ category: 'family', quantity: 1 }, { category: 'adult', quantity: 1 }])).toEqual({ adult: 1, child: 0, infant: 0, family: 1 });
  });
});
