/**
 * Check-in at the meeting point (issue 51), as the guide app and the server both reason about
 * it. A guide's phone queues each action offline with an id of its own and the time it was
 * taken; the server applies each once (by that id) with `mergeAttendance`, and the app runs the
 * same rule on its download to show what it expects offline.
 */

export type Attendance = 'checked_in' | 'no_show' | null;

/** A booking's attendance as kept: who came (how many of the party), or a no-show; when, and on which device, it was marked. */
export interface AttendanceState {
  attendance: Attendance;
  /** How many of the party came (3 of 4); null unless checked in. */
  checkedInGuests: number | null;
  attendanceAt: Date | null;
  attendanceDevice: string | null;
}

/** One thing a guide did on their phone: check in (part of) a party, mark it a no-show, or take their own mark back. */
export interface GuideAction {
  kind: 'check_in' | 'no_show' | 'undo';
  /** For a check-in: how many came (the whole party when absent). */
  guests?: number | null;
  /** When the guide did it, by the phone's clock. */
  at: Date;
  device: string;
}

/** What the rule needs of the booking. */
export interface BookingAtDoor {
  status: string;
  guests: number;
  departureId: number;
}

/**
 * Why an action was not applied as asked: the booking is not confirmed (cancelled since the
 * download), is on another departure, another device checked the guests in first (the earliest
 * check-in is kept), a no-show for guests who came, more guests than booked, or a mark made on
 * another device that this one cannot take back.
 */
export type CheckInConflict = 'notConfirmed' | 'otherDeparture' | 'alreadyCheckedIn' | 'checkedIn' | 'tooMany' | 'otherDevice';

export type AttendanceMerge = { outcome: 'applied'; next: AttendanceState | null } | { outcome: 'conflict'; reason: CheckInConflict; next: AttendanceState | null };

/**
 * Applies one action to a booking's attendance: `next` is the state to keep (null: unchanged).
 * A check-in always beats a no-show (the guest came); of two check-ins the earliest is kept, with
 * as many guests as either counted; a second device's check-in is answered as a conflict (the app
 * shows who was first). A no-show never undoes a check-in.
 */
export function mergeAttendance(state: AttendanceState, booking: BookingAtDoor, departureId: number, action: GuideAction): AttendanceMerge {
  if (booking.status !== 'confirmed') return { outcome: 'conflict', reason: 'notConfirmed', next: null };
  if (booking.departureId !== departureId) return { outcome: 'conflict', reason: 'otherDeparture', next: null };
  switch (action.kind) {
    case 'check_in': {
      const guests = action.guests ?? booking.guests;
      if (guests < 1 || guests > booking.guests) return { outcome: 'conflict', reason: 'tooMany', next: null };
      if (state.attendance !== 'checked_in' || state.attendanceAt === null) {
        return { outcome: 'applied', next: { attendance: 'checked_in', checkedInGuests: guests, attendanceAt: action.at, attendanceDevice: action.device } };
      }
      const earlier = action.at.getTime() < state.attendanceAt.getTime();
      const next: AttendanceState = {
        attendance: 'checked_in',
        checkedInGuests: Math.max(state.checkedInGuests ?? 0, guests),
        attendanceAt: earlier ? action.at : state.attendanceAt,
        attendanceDevice: earlier ? action.device : state.attendanceDevice,
      };
      const changed = next.checkedInGuests !== state.checkedInGuests || earlier;
      // Another phone checked these guests in too, and this one brings no more of the party: say who was first.
      if (action.device !== state.attendanceDevice && guests <= (state.checkedInGuests ?? 0)) return { outcome: 'conflict', reason: 'alreadyCheckedIn', next: changed ? next : null };
      return { outcome: 'applied', next: changed ? next : null };
    }
    case 'no_show':
      if (state.attendance === 'checked_in') return { outcome: 'conflict', reason: 'checkedIn', next: null };
      return { outcome: 'applied', next: state.attendance === 'no_show' ? null : { attendance: 'no_show', checkedInGuests: null, attendanceAt: action.at, attendanceDevice: action.device } };
    case 'undo':
      if (state.attendance === null) return { outcome: 'applied', next: null };
      if (state.attendanceDevice !== null && state.attendanceDevice !== action.device) return { outcome: 'conflict', reason: 'otherDevice', next: null };
      return { outcome: 'applied', next: { attendance: null, checkedInGuests: null, attendanceAt: null, attendanceDevice: null } };
  }
}
