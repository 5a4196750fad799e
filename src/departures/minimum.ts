import type { Departure } from './departure.entity';

/** A tour's minimum to run, which a departure may override. */
export interface TourMinimum {
  minGuests: number | null;
  decisionHours: number;
}

/** A departure's minimum of guests (seats taken) and when it is decided on; null when it has none (or it is 0). */
export function minimumOf(departure: Pick<Departure, 'startsAt' | 'minGuests' | 'decisionHours'>, tour: TourMinimum): { guests: number; decidedAt: Date } | null {
  const guests = departure.minGuests ?? tour.minGuests ?? 0;
  if (guests <= 0) return null;
  return { guests, decidedAt: new Date(departure.startsAt.getTime() - (departure.decisionHours ?? tour.decisionHours) * 3_600_000) };
}
