/**
 * The rules a departure sets for the bookings on it, in one table as transitions.ts is for
 * bookings: who may book it, which dates a booking may move to, when it has started, and until
 * when cancelling is free. Each rule refuses with one error in the words of whoever asked: a
 * guest (the site, English), staff (the admin, Swedish) or a reseller (OCTO, English; OCTO
 * answers a 409 as UNPROCESSABLE_ENTITY).
 */
import { BadRequestException, ConflictException, type HttpException } from '@nestjs/common';

import { cancellationTerms, type CancellationTerms } from '../../shared/cancellation-policy';
import { COMPANY_PHONE } from '../../shared/company';
import type { Departure, MinimumStatus } from './departure.entity';

export type Asker = 'guest' | 'staff' | 'reseller';

type DepartureFields = Pick<Departure, 'id' | 'tourId' | 'status' | 'startsAt'>;

interface Refusal {
  /** 400: the request names the wrong thing; 409: the departure is not in a state for it. */
  status: 400 | 409;
  words: Record<Asker, string>;
}

const english = (text: string, staff: string): Record<Asker, string> => ({ guest: text, staff, reseller: text });

/** Every refusal of the table, by rule. */
export const DEPARTURE_REFUSALS = {
  unknown: (id: number): Refusal => ({ status: 400, words: english(`There is no departure with id ${id}.`, `Det finns ingen avgång med id ${id}.`) }),
  left: (): Refusal => ({ status: 400, words: english('This departure has already left. Please choose a later date.', 'Avgången har redan gått.') }),
  notBookable: (): Refusal => ({ status: 409, words: english('This departure is not open for booking. Please choose another date.', 'Avgången är inställd.') }),
  started: (): Refusal => ({ status: 409, words: english('This tour has already started, so the booking can no longer be changed or cancelled.', 'Avgången har redan startat.') }),
  otherTour: (): Refusal => ({ status: 400, words: english('Please choose another date of the same tour.', 'Välj en avgång av samma tur.') }),
  sameDeparture: (): Refusal => ({ status: 400, words: english('Please choose another date of the same tour.', 'Välj en annan avgång att flytta till.') }),
  targetNotOpen: (): Refusal => ({ status: 409, words: english(`That date is not open for booking. Please choose another, or call us on ${COMPANY_PHONE}.`, 'Avgången du flyttar till är inte öppen för bokning.') }),
  cancellationClosed: (freeHours: number): Refusal => ({
    status: 409,
    words: {
      guest: `The free cancellation period (until ${freeHours} hours before the start) has passed: please call us on ${COMPANY_PHONE}.`,
      staff: `Den fria avbokningen (till ${freeHours} timmar före start) har gått ut.`,
      reseller: `The cancellation cutoff (${freeHours} hours before the start) has passed: contact the supplier to cancel.`,
    },
  }),
} as const;

/** A departure rule broken: the status and words the table gives it for `asker`. */
export function departureRefusal(refusal: Refusal, asker: Asker): HttpException {
  const message = refusal.words[asker];
  return refusal.status === 400 ? new BadRequestException(message) : new ConflictException(message);
}

/** Whether the departure has started (or left) at `now`. */
export function hasStarted(departure: Pick<Departure, 'startsAt'>, now: Date): boolean {
  return departure.startsAt <= now;
}

/** How long until the departure starts, in hours (negative once it has): for its cutoffs (pickup changes, answers). */
export function hoursBeforeStart(departure: Pick<Departure, 'startsAt'>, now: Date): number {
  return (departure.startsAt.getTime() - now.getTime()) / 3_600_000;
}

/** Whether the departure takes new bookings from `asker`: guests and resellers book open ones; staff may also fill a closed one, never a cancelled one. */
export function takesBookingsFrom(departure: Pick<Departure, 'status'>, asker: Asker): boolean {
  return asker === 'staff' ? departure.status !== 'cancelled' : departure.status === 'open';
}

/** A new booking's departure: there, still to leave, and taking bookings from `asker`. */
export function assertBookable(departure: DepartureFields | null | undefined, departureId: number, now: Date, asker: Asker): asserts departure is Departure {
  if (!departure) throw departureRefusal(DEPARTURE_REFUSALS.unknown(departureId), asker);
  if (hasStarted(departure, now)) throw departureRefusal(DEPARTURE_REFUSALS.left(), asker);
  if (!takesBookingsFrom(departure, asker)) throw departureRefusal(DEPARTURE_REFUSALS.notBookable(), asker);
}

/** A booking (or a departure's guests) can still be changed or cancelled: its departure has not started. */
export function assertNotStarted(departure: Pick<Departure, 'startsAt'>, now: Date, asker: Asker): void {
  if (hasStarted(departure, now)) throw departureRefusal(DEPARTURE_REFUSALS.started(), asker);
}

/**
 * Where a booking on `from` may move (a guest's change or rebooking, staff's move, a weather
 * offer): another departure of the same tour, open and still ahead. `sameAllowed` when the
 * move may keep the date (a guest changing only the party).
 */
export function assertMoveTarget(
  from: Pick<Departure, 'id' | 'tourId'>,
  target: DepartureFields | null | undefined,
  targetId: number,
  now: Date,
  asker: Asker,
  options: { sameAllowed?: boolean; anyTour?: boolean } = {},
): asserts target is Departure {
  // A guest is not told which ids exist: another tour's date and none at all read the same.
  if (!target) throw departureRefusal(asker === 'staff' ? DEPARTURE_REFUSALS.unknown(targetId) : DEPARTURE_REFUSALS.otherTour(), asker);
  if (target.id === from.id && !options.sameAllowed) throw departureRefusal(DEPARTURE_REFUSALS.sameDeparture(), asker);
  if (target.tourId !== from.tourId && !options.anyTour) throw departureRefusal(DEPARTURE_REFUSALS.otherTour(), asker);
  if (target.status !== 'open' || hasStarted(target, now)) throw departureRefusal(DEPARTURE_REFUSALS.targetNotOpen(), asker);
}

/** The cancellation policy as it applies to the departure at `now` (CANCEL_FREE_HOURS before the start). */
export function cancellationWindow(departure: Pick<Departure, 'startsAt'>, freeHours: number, now: Date): CancellationTerms {
  return cancellationTerms(departure.startsAt, freeHours, now);
}

/** Refuses what only the free cancellation period allows (a reseller's cancellation of a confirmed booking). */
export function assertCancellationFree(departure: Pick<Departure, 'startsAt'>, freeHours: number, now: Date, asker: Asker): void {
  if (!cancellationWindow(departure, freeHours, now).freeNow) throw departureRefusal(DEPARTURE_REFUSALS.cancellationClosed(freeHours), asker);
}

/**
 * A departure's minimum-to-run, decided once: at its decision time (met or flagged, from no
 * decision), by staff for a flagged one (run anyway), or by cancelling the date (from any).
 * DeparturesRepository's decideMinimum writes them, conditional on `from`.
 */
export const MINIMUM_DECISIONS = {
  atDecisionTime: { from: null, to: ['met', 'flagged'] },
  runAnyway: { from: 'flagged', to: ['run'] },
  cancelDate: { from: 'any', to: ['cancelled'] },
} as const satisfies Record<string, { from: MinimumStatus | null | 'any'; to: readonly MinimumStatus[] }>;

export type MinimumDecision = keyof typeof MINIMUM_DECISIONS;
