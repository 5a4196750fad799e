import type { TourSummary } from '../shared/api-types';

export const RELATED_LIMIT = 6;

const pricePerHour = (tour: TourSummary): number => tour.price / Math.max(tour.duration, 0.5);

/**
 * Spec section 9: a random selection of up to 6 tours other than the current ones,
 * ordered by price per hour, highest first.
 */
export function relatedTours(all: TourSummary[], current: { id: number }[], random: () => number = Math.random): TourSummary[] {
  const excluded = new Set(current.map((tour) => tour.id));
  const others = all.filter((tour) => !excluded.has(tour.id));
  for (let index = others.length - 1; index > 0; index--) {
    const swap = Math.floor(random() * (index + 1));
    [others[index], others[swap]] = [others[swap], others[index]];
  }
  return others.slice(0, RELATED_LIMIT).sort((a, b) => pricePerHour(b) - pricePerHour(a));
}
