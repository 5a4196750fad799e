/**
 * The seat rule (docs/booking-lifecycle.md, "Under the lock"): seats left = capacity − the seats of confirmed
 * bookings − those of unexpired holds − those of open waitlist offers (held for one guest alone). It reads the bookings and waitlist tables by their columns, so that the
 * departures module, which tours, bookings and admin all import, needs nothing from them.
 */

/** A hold that still keeps its seats, in SQL (holdIsLive in bookings/lifecycle/transitions.ts); `:now` is bound by the caller. */
export const LIVE_HOLD_SQL = (alias: string): string => `(${alias}.status = 'held' AND ${alias}.hold_expires_at > :now)`;

/** A booking that takes seats, in SQL (takesSeats in bookings/lifecycle/transitions.ts); `:now` is bound by the caller. */
export const TAKES_SEATS_SQL = (alias: string): string => `(${alias}.status = 'confirmed' OR ${LIVE_HOLD_SQL(alias)})`;

/** A waitlist offer that still keeps its seats for its guest, in SQL (on `waitlist_entries`); `:now` is bound by the caller. */
export const OPEN_OFFER_SQL = (alias: string): string => `(${alias}.status = 'offered' AND ${alias}.offer_expires_at > :now)`;

/** Seats left on a departure with `taken` seats taken (never below none). */
export const seatsLeftOf = (departure: { capacity: number }, taken: number): number => Math.max(0, departure.capacity - taken);
