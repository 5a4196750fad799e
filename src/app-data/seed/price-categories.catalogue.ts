import { priceCategory, type PriceCategoryRule } from '../../../shared/pricing';
import type { TourSeed } from './catalogue-types';

/** Round to the nearest 5 SEK. */
const sek = (amount: number) => Math.round(amount / 5) * 5;

const ADULT_FROM = 13;
/** A tour for this age and up sells adults only (a child band of a year or two is no use). */
const ADULTS_ONLY_FROM = 12;
const rule = priceCategory;

/**
 * The catalogue's price categories, from each tour's price and minimum age: a snowmobile has
 * drivers (18+) and passengers; a tour that takes children has a child price at half, and an
 * infant on a lap free when it takes the very young, and a family ticket (two adults, two
 * children) when it suits families; a tour for 13 and up sells adults only. The default
 * category's price is always the tour's.
 */
export function seedPriceCategories(tour: Pick<TourSeed, 'slug' | 'priceSek' | 'minAge'>): PriceCategoryRule[] {
  if (tour.slug.includes('snowmobile')) {
    return [
      rule({ code: 'driver', name: 'Driver (18+, driving licence)', priceSek: tour.priceSek, ageMin: 18, isAdult: true, isDefault: true }),
      rule({ code: 'passenger', name: `Passenger (${tour.minAge ?? 6}+)`, priceSek: sek(tour.priceSek * 0.6), ageMin: tour.minAge ?? 6, needsAdult: true }),
    ];
  }
  const minAge = tour.minAge ?? 0;
  if (minAge >= ADULTS_ONLY_FROM) return [rule({ code: 'adult', name: `Adult (${minAge}+)`, priceSek: tour.priceSek, ageMin: minAge, isAdult: true, isDefault: true })];
  const childFrom = Math.max(minAge, 4);
  const child = sek(tour.priceSek / 2);
  return [
    rule({ code: 'adult', name: `Adult (${ADULT_FROM}+)`, priceSek: tour.priceSek, ageMin: ADULT_FROM, isAdult: true, isDefault: true }),
    rule({ code: 'child', name: `Child (${childFrom}-12)`, priceSek: child, ageMin: childFrom, ageMax: 12, needsAdult: true }),
    ...(minAge < 4 ? [rule({ code: 'infant', name: `Infant (${minAge}-3, on a lap)`, priceSek: 0, ageMin: minAge, ageMax: 3, seatsPerUnit: 0, maxPerBooking: 2, needsAdult: true })] : []),
    ...(minAge <= 6
      ? [rule({ code: 'family', name: 'Family (2 adults, 2 children)', priceSek: sek((2 * tour.priceSek + 2 * child) * 0.9), seatsPerUnit: 4, guestsPerUnit: 4, maxPerBooking: 1, isAdult: true, bundleOf: 'adult2.child2' })]
      : []),
  ];
}

const CATEGORY_WORDS: Record<'sv' | 'de', Record<string, string> & { lap: string; licence: string }> = {
  sv: { adult: 'Vuxen', child: 'Barn', infant: 'Småbarn', family: 'Familj (2 vuxna, 2 barn)', driver: 'Förare', passenger: 'Passagerare', lap: 'i knät', licence: 'körkort' },
  de: { adult: 'Erwachsene', child: 'Kind', infant: 'Kleinkind', family: 'Familie (2 Erwachsene, 2 Kinder)', driver: 'Fahrer', passenger: 'Beifahrer', lap: 'auf dem Schoß', licence: 'Führerschein' },
};

/** A seeded category's name in Swedish or German: "Vuxen (13+)", "Kleinkind (0-3, auf dem Schoß)". */
export function seedCategoryName(lang: 'sv' | 'de', category: Pick<PriceCategoryRule, 'code' | 'name'>): string {
  const words = CATEGORY_WORDS[lang];
  if (category.code === 'family') return words.family;
  const ages = /\(.*\)$/.exec(category.name)?.[0].replace('on a lap', words.lap).replace('driving licence', words.licence) ?? '';
  return `${words[category.code] ?? category.name}${ages ? ` ${ages}` : ''}`;
}
