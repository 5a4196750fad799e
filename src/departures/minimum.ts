import type { Departure } from './departure.entity';

/** A tour's minimum to run, which a departure may override, and how long before the start free cancellation ends (CANCEL_FREE_HOURS). */
export interface TourMinimum {
  minGuests: number | null;
  decisionHours: number;
  cancelFreeHours: number;
}

/**
 * How many hours before its start a date is decided: its own or its tour's decision hours, but
 * never after free cancellation ends, so that no guest is bound to a date before knowing it runs
 * (a tour decided 24 hours ahead, with free cancellation to 48 hours, is decided at 48).
 */
export function decisionHoursOf(departure: Pick<Departure, 'decisionHours'>, tour: TourMinimum): number {
  return Math.max(departure.decisionHours ?? tour.decisionHours, tour.cancelFreeHours);
}

/** A departure's minimum of guests (seats taken) and when it is decided on; null when it has none (or it is 0). */
export function minimumOf(departure: Pick<Departure, 'startsAt' | 'minGuests' | 'decisionHours'>, tour: TourMinimum): { guests: number; decidedAt: Date } | null {
  const guests = departure.minGuests ?? tour.minGuests ?? 0;
  if (guests <= 0) return null;
  return { guests, decidedAt: new Date(departure.startsAt.getTime() - decisionHoursOf(departure, tour) * 3_600_000) };
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
