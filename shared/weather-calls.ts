/** Why staff move everyone off a departure: the aurora outlook, a storm, the cold, or other weather. */
export const WEATHER_REASONS = ['aurora', 'storm', 'cold', 'other'] as const;
export type WeatherReason = (typeof WEATHER_REASONS)[number];

/** Offered, then the guest's answer: moved to the other departure, or refunded in full; lapsed: no answer by the start, refunded in full. */
export type MoveOfferStatus = 'offered' | 'moved' | 'refunded' | 'lapsed';
