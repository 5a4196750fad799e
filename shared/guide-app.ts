import type { Attendance, CheckInConflict, GuideAction } from './check-in';

/**
 * The guide app's API (issue 51): what a phone downloads before it goes out (`GET
 * /api/admin/guide/download`), and the batch of check-ins it sends when it is back online (`POST
 * /api/admin/guide/check-ins`).
 */

/** One action as the phone queued it: its own id (a UUID), the departure the guide was on, and the booking by reference or by its QR code. */
export interface GuideActionInput {
  id: string;
  departureId: number;
  kind: GuideAction['kind'];
  guests?: number | null;
  /** When the guide did it (ISO 8601), by the phone's clock. */
  at: string;
  reference?: string;
  code?: string;
}

/** Why the server knows no booking by an action: a code not signed by us (or mangled), one signed by a retired key, or no such reference. */
export type CheckInRefusal = 'badCode' | 'retiredKey' | 'noBooking';

/** A booking's attendance as the server keeps it. */
export interface GuestAttendanceView {
  reference: string;
  departureId: number;
  status: string;
  guests: number;
  attendance: Attendance;
  checkedInGuests: number | null;
  attendanceAt: string | null;
  attendanceDevice: string | null;
}

/**
 * What came of one action: `applied`; `conflict` with the reason (the booking was cancelled, is
 * on another departure, another phone checked it in first …); `refused` (no booking of ours);
 * `duplicate`: seen before (a batch sent again), with what came of it `first`. Each with the
 * booking as it is now, for the app to show.
 */
export interface CheckInAnswer {
  id: string;
  result: 'applied' | 'conflict' | 'refused' | 'duplicate';
  first?: 'applied' | 'conflict' | 'refused';
  reason: CheckInConflict | CheckInRefusal | null;
  booking: GuestAttendanceView | null;
}

/** A guest on a departure's list in the app: who to meet where, what to know, whom to call. */
export interface GuidePassenger extends GuestAttendanceView {
  name: string;
  party: string;
  pickup: { name: string; address: string; at: string } | null;
  answers: string;
  phone: string | null;
  notes: string | null;
  owedSek: number;
}

export interface GuideDeparture {
  id: number;
  tourTitle: string;
  startsAt: string;
  meetingPoint: string;
  totalGuests: number;
  passengers: GuidePassenger[];
}

/** The public keys that check booking QR codes offline (JWK, Ed25519), each with its id. */
export interface VoucherKeyJwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
}

/** What a phone takes along: the guide's departures today and tomorrow (or every departure, for a login that is no guide), with when it was taken. */
export interface GuideDownload {
  takenAt: string;
  /** The guide this login is on the resource plan (null: not a guide; every departure is listed). */
  guide: { id: number; name: string } | null;
  departures: GuideDeparture[];
  keys: VoucherKeyJwk[];
}
