import type { TourSummary } from '../../shared/api-types';

/** Spec section 2: the tours the home page links to. */
export const POPULAR_TOURS = [
  { slug: 'northern-lights-car-chase-kiruna', label: 'Northern Lights Car Chase' },
  { slug: 'drive-your-own-dog-sled-team', label: 'Drive Your Own Dog Sled Team' },
  { slug: 'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour', label: 'Snowmobile Adventure, 2 hours' },
  { slug: 'reindeer-sledding-day-tour-in-kiruna', label: 'Reindeer Sledding Day Tour' },
  { slug: 'northern-lights-sami-inspired-bbq-kiruna', label: 'Northern Lights with Sami Inspired BBQ' },
  { slug: 'moose-spotting-tour-from-kiruna-to-nikkaluokta', label: 'Moose Spotting to Nikkaluokta' },
  { slug: 'daytime-snowshoe-hike-kiruna', label: 'Daytime Snowshoe Hike' },
  { slug: 'arctic-snowshoe-moments-fire-cocoa-marshmallows', label: 'Snowshoes, Fire, Cocoa & Marshmallows' },
  { slug: 'narvik-fjord-and-narvik-city-sightseeing', label: 'Narvik Fjord and City Sightseeing' },
  { slug: 'tour-to-narvik-from-abisko', label: 'Tour to Narvik from Abisko' },
  { slug: 'morning-hike-in-abisko-national-park', label: 'Morning Hike in Abisko National Park' },
];

/** What a popular tour's card shows of the catalogue: its picture, price and duration. */
export type PopularTourFacts = Pick<TourSummary, 'slug' | 'image_url' | 'image_alt' | 'isMain' | 'image_variants' | 'price' | 'duration'>;

/** The catalogue's popular tours, cut to what their cards show (the page carries its data inline, so less is lighter). */
export function popularTourFacts(tours: TourSummary[]): PopularTourFacts[] {
  const popular = new Set(POPULAR_TOURS.map(({ slug }) => slug));
  return tours
    .filter((tour) => popular.has(tour.slug))
    .map(({ slug, image_url, image_alt, isMain, image_variants, price, duration }) => ({ slug, image_url, image_alt, isMain, image_variants, price, duration }));
}
