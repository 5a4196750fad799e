import type { TourSummary } from '../../shared/api-types';

/** Spec section 2: the tours the home page links to, in its order; each is named by its short label (`popular.<slug>` in the browse strings). */
export const POPULAR_TOURS = [
  'northern-lights-car-chase-kiruna',
  'drive-your-own-dog-sled-team',
  'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour',
  'reindeer-sledding-day-tour-in-kiruna',
  'northern-lights-sami-inspired-bbq-kiruna',
  'moose-spotting-tour-from-kiruna-to-nikkaluokta',
  'daytime-snowshoe-hike-kiruna',
  'arctic-snowshoe-moments-fire-cocoa-marshmallows',
  'narvik-fjord-and-narvik-city-sightseeing',
  'tour-to-narvik-from-abisko',
  'morning-hike-in-abisko-national-park',
] as const;

/** A popular tour's short label, in the page's language. */
export const popularLabel = (slug: (typeof POPULAR_TOURS)[number]) => `popular.${slug}` as const;

/** What a popular tour's card shows of the catalogue: its picture, price and duration. */
export type PopularTourFacts = Pick<TourSummary, 'slug' | 'image_url' | 'image_alt' | 'isMain' | 'image_variants' | 'price' | 'duration'>;

/** The catalogue's popular tours, cut to what their cards show (the page carries its data inline, so less is lighter). */
export function popularTourFacts(tours: TourSummary[]): PopularTourFacts[] {
  const popular = new Set<string>(POPULAR_TOURS);
  return tours
    .filter((tour) => popular.has(tour.slug))
    .map(({ slug, image_url, image_alt, isMain, image_variants, price, duration }) => ({ slug, image_url, image_alt, isMain, image_variants, price, duration }));
}
