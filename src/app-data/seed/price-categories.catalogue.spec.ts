import { defaultParty, quoteParty } from '../../../shared/pricing';
import { QUESTION_LABELS, TOUR_QUESTIONS } from './booking-options.catalogue';
import { seedCategoryName, seedPriceCategories } from './price-categories.catalogue';
import { TOURS } from './tours.catalogue';

describe(seedPriceCategories.name, () => {
  it.each(TOURS.map((tour) => [tour.slug, tour] as const))('%s: one default at the tour price, codes unique, guests: N still priced as before', (_slug, tour) => {
    const categories = seedPriceCategories(tour);
    expect(categories.filter((category) => category.isDefault)).toEqual([expect.objectContaining({ priceSek: tour.priceSek, isAdult: true })]);
    expect(new Set(categories.map((category) => category.code)).size).toBe(categories.length);
    expect(quoteParty(categories, defaultParty(categories, 2)).totalSek).toBe(2 * tour.priceSek);
  });

  it('gives the snowmobile drivers of 18 and up, and a family tour child, infant and family prices', () => {
    expect(seedPriceCategories({ slug: 'snowmobile-adventure', priceSek: 1950, minAge: 6 }).map((category) => [category.code, category.ageMin, category.priceSek])).toEqual([
      ['driver', 18, 1950],
      ['passenger', 6, 1170],
    ]);
    expect(seedPriceCategories({ slug: 'husky-puppies', priceSek: 1250, minAge: 2 }).map((category) => category.code)).toEqual(['adult', 'child', 'infant', 'family']);
    expect(seedPriceCategories({ slug: 'ice-climbing', priceSek: 2495, minAge: 14 }).map((category) => category.code)).toEqual(['adult']);
  });
});

describe(seedCategoryName.name, () => {
  it('names every seeded category in Swedish and German, with its ages', () => {
    expect(seedCategoryName('sv', { code: 'adult', name: 'Adult (13+)' })).toBe('Vuxen (13+)');
    expect(seedCategoryName('de', { code: 'infant', name: 'Infant (0-3, on a lap)' })).toBe('Kleinkind (0-3, auf dem Schoß)');
    expect(seedCategoryName('sv', { code: 'driver', name: 'Driver (18+, driving licence)' })).toBe('Förare (18+, körkort)');
    expect(seedCategoryName('de', { code: 'family', name: 'Family (2 adults, 2 children)' })).toBe('Familie (2 Erwachsene, 2 Kinder)');
    for (const tour of TOURS) for (const category of seedPriceCategories(tour)) for (const lang of ['sv', 'de'] as const) expect(seedCategoryName(lang, category)).not.toMatch(/Adult|Child|Infant|Family|Driver|Passenger|lap|licence/);
  });

  it('asks no guest a weight or size its tour cannot take from the ages it sells (a 7 kg infant on the reindeer sledge was refused)', () => {
    const infantWeightKg = 3;
    for (const tour of TOURS) {
      const sellsInfants = seedPriceCategories(tour).some((category) => category.ageMin === 0);
      const weight = (TOUR_QUESTIONS[tour.slug] ?? []).find((question) => question.code === 'weight');
      if (sellsInfants && weight) expect({ tour: tour.slug, takesInfants: (weight.min ?? 0) <= infantWeightKg }).toEqual({ tour: tour.slug, takesInfants: true });
    }
    expect(TOUR_QUESTIONS['reindeer-sledding-day-tour-in-kiruna'].some((question) => question.code === 'weight')).toBe(true);
  });

  it('has a Swedish and German label for every seeded question', () => {
    const codes = new Set(Object.values(TOUR_QUESTIONS).flat().map((question) => question.code));
    expect([...codes].filter((code) => !QUESTION_LABELS[code])).toEqual([]);
  });
});
