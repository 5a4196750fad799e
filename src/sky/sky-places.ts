/** Where the tours go out: the places the sky is read for (coordinates at MET's 4 decimals). */
export const SKY_PLACES = {
  kiruna: { name: 'Kiruna', lat: 67.8558, lon: 20.2253 },
  abisko: { name: 'Abisko', lat: 68.3495, lon: 18.8312 },
} as const;

export type SkyPlace = keyof typeof SKY_PLACES;

export const SKY_PLACE_NAMES = Object.keys(SKY_PLACES) as SkyPlace[];

/** A tour's location name ("Kiruna", "Abisko") as a place the sky is read for, if it is one. */
export const skyPlaceOf = (location: string): SkyPlace | undefined => SKY_PLACE_NAMES.find((place) => SKY_PLACES[place].name.toLowerCase() === location.toLowerCase());

/** A tour the aurora outlook is for: a Northern Lights tour. */
export const isAuroraTour = (tour: { categories: readonly string[] }): boolean => tour.categories.includes('Northern Lights');

/**
 * Where a Northern Lights tour's sky is read: the first place it goes out from (none for another
 * tour, or a place the sky is not read for). `places` are its locations in their order.
 */
export const auroraPlaceOf = (tour: { categories: readonly string[] }, places: readonly string[]): SkyPlace | undefined =>
  isAuroraTour(tour) ? skyPlaceOf(places[0] ?? '') : undefined;
