/**
 * A place on a departure's waitlist (issue 49), as the guest and staff see it. `waiting`: in line;
 * `offered`: seats held for this guest alone until the offer lapses; `booked`: the guest took the
 * offer (a booking was made); `left`: the guest left the line (or unsubscribed); `missed`: an
 * offer lapsed unanswered; `ended`: the departure started (or was cancelled) first.
 */
export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'left' | 'missed' | 'ended';

/** Statuses still in line: a waiting entry, or one holding an offer. */
export const IN_LINE: readonly WaitlistStatus[] = ['waiting', 'offered'];

/** "Any date this week": a guest waits for the tour's dates this many days either side of the one they chose too. */
export const ANY_DATE_DAYS = 3;

/** How long an offer holds its seats unless WAITLIST_OFFER_HOURS says otherwise. */
export const DEFAULT_OFFER_HOURS = 2;

/** A party on the waitlist, by price category (as a booking's). */
export interface WaitlistPartyItem {
  category: string;
  quantity: number;
  /** The category's name when the guest joined ("Adult"). */
  name: string;
}

/** A guest's place, for the waitlist page (GET /api/waitlist/{token}). */
export interface WaitlistPlace {
  status: WaitlistStatus;
  /** Place in line among those waiting for this departure (1: next); null once out of line or offered. */
  place: number | null;
  tour: { slug: string; title: string };
  departure: { id: number; startsAt: string };
  party: WaitlistPartyItem[];
  seats: number;
  name: string;
  email: string;
  /** While offered: when the held seats go to the next guest. */
  offerExpiresAt: string | null;
  /** Once booked: the booking's reference (its checkout or manage page goes on from there). */
  bookingReference: string | null;
  /** "Any date this week": the guest's other dates in line for this tour, each with its own page. */
  otherDates: WaitlistOtherDate[];
}

/** Another date a guest waits for with the same party ("any date this week"). */
export interface WaitlistOtherDate {
  departureId: number;
  startsAt: string;
  status: WaitlistStatus;
  place: number | null;
  /** That date's own link token (an offer there is booked from its page). */
  token: string;
}

/** A departure's waitlist as staff see it (the manifest, the month view). */
export interface StaffWaitlistEntry {
  id: number;
  status: WaitlistStatus;
  name: string;
  email: string;
  language: string;
  party: WaitlistPartyItem[];
  seats: number;
  createdAt: string;
  offeredAt: string | null;
  offerExpiresAt: string | null;
  offeredBy: 'auto' | 'staff' | null;
  bookingReference: string | null;
}
