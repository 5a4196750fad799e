import { defaultParty, quoteParty } from '../../../shared/pricing';
import { seedPriceCategories } from './price-categories.catalogue';
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
