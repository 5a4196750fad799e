import type { EntityManager } from 'typeorm';

import { priceCategory, priceOn, type PriceCategoryRule } from '../../shared/pricing';
import type { Departure } from '../departures/departure.entity';
import { PriceCategory } from './price-category.entity';
import { Tour } from './tour.entity';

type PricedDeparture = Pick<Departure, 'tourId' | 'priceSek' | 'categoryPrices'>;

/** What a category takes from its tour: the default one's price, and the VAT rate of any without its own. */
export type TourPricing = Pick<Tour, 'priceSek' | 'vatRate'>;

/** A stored category as the quote reads it, at the departure's prices (its own price for the default; season prices for the rest) and its VAT rate (its own, or the tour's). */
export function categoryRule(category: PriceCategory, departure: Pick<PricedDeparture, 'priceSek' | 'categoryPrices'>, tour: TourPricing): PriceCategoryRule {
  // The default category's own price is the tour's.
  const priceSek = priceOn({ ...category, priceSek: category.isDefault ? tour.priceSek : category.priceSek }, departure);
  return {
    code: category.code,
    name: category.name,
    priceSek,
    ageMin: category.ageMin,
    ageMax: category.ageMax,
    seatsPerUnit: category.seatsPerUnit,
    guestsPerUnit: category.guestsPerUnit,
    minPerBooking: category.minPerBooking,
    maxPerBooking: category.maxPerBooking,
    isAdult: category.isAdult,
    needsAdult: category.needsAdult,
    isDefault: category.isDefault,
    bundleOf: category.bundleOf,
    vatRate: category.vatRate ?? tour.vatRate,
  };
}

/** A tour with no categories yet (one staff just made) sells adults at its price. */
export const adultOnly = (tour: TourPricing): PriceCategoryRule => priceCategory({ code: 'adult', name: 'Adult', priceSek: tour.priceSek, isAdult: true, isDefault: true, vatRate: tour.vatRate });

/** The tour's price categories in their order, at this departure's prices: what a booking on it is quoted from. */
export async function departurePrices(manager: EntityManager, departure: PricedDeparture): Promise<PriceCategoryRule[]> {
  const [tour, categories] = await Promise.all([
    manager.findOneOrFail(Tour, { where: { id: departure.tourId }, select: { id: true, priceSek: true, vatRate: true } }),
    manager.find(PriceCategory, { where: { tourId: departure.tourId }, order: { sortOrder: 'ASC', id: 'ASC' } }),
  ]);
  return pricesAt(categories, departure, tour);
}

/** Stored categories at a departure's prices (none yet: adults at the tour's price). */
export function pricesAt(categories: PriceCategory[], departure: Pick<PricedDeparture, 'priceSek' | 'categoryPrices'>, tour: TourPricing): PriceCategoryRule[] {
  if (categories.length === 0) return [adultOnly({ priceSek: departure.priceSek ?? tour.priceSek, vatRate: tour.vatRate })];
  return categories.map((category) => categoryRule(category, departure, tour));
}

/** Each departure's prices by category code, for the departures list. */
export function pricesOn(categories: PriceCategory[], tour: TourPricing): (departure: PricedDeparture) => Record<string, number> {
  return (departure) => Object.fromEntries(pricesAt(categories, departure, tour).map((rule) => [rule.code, rule.priceSek]));
}
