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

/**
 * A departure's minimum while it is not reached and nothing settles it (met at its decision
 * time, or run anyway by staff): how many it runs with, how many more it needs, decided when.
 */
export function unmetMinimum(
  departure: Pick<Departure, 'startsAt' | 'minGuests' | 'decisionHours' | 'minimumStatus'>,
  tour: TourMinimum,
  taken: number,
): { guests: number; needed: number; decidedAt: Date } | null {
  if (departure.minimumStatus === 'met' || departure.minimumStatus === 'run') return null;
  const minimum = minimumOf(departure, tour);
  return minimum && taken < minimum.guests ? { guests: minimum.guests, needed: minimum.guests - taken, decidedAt: minimum.decidedAt } : null;
}
