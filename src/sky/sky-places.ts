/** Where the tours go out: the places the sky is read for (coordinates at MET's 4 decimals). */
export const SKY_PLACES = {
  kiruna: { name: 'Kiruna', lat: 67.8558, lon: 20.2253 },
  abisko: { name: 'Abisko', lat: 68.3495, lon: 18.8312 },
} as const;

export type SkyPlace = keyof typeof SKY_PLACES;

export const SKY_PLACE_NAMES = Object.keys(SKY_PLACES) as SkyPlace[];

/** A tour's location name ("Kiruna", "Abisko") as a place the sky is read for, if it is one. */
export const skyPlaceOf = (location: string): SkyPlace | undefined => SKY_PLACE_NAMES.find((place) => SKY_PLACES[place].name.toLowerCase() === location.toLowerCase());
