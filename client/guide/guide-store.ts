import { mergeAttendance, type AttendanceState } from '../../shared/check-in';
import type { CheckInAnswer, GuideActionInput, GuideDeparture, GuideDownload, GuidePassenger } from '../../shared/guide-app';

/**
 * What the guide app keeps on the phone (issue 51), in localStorage so that it outlives a closed
 * tab and a dead battery's restart: the staff token for the shift, the phone's name, the download,
 * the queue of actions not yet sent, and the answers that need the guide's attention.
 */
export interface GuideState {
  token: string | null;
  email: string | null;
  device: string;
  lang: 'sv' | 'en';
  download: GuideDownload | null;
  queue: GuideActionInput[];
  attention: CheckInAnswer[];
}

const KEY = 'norrsken_guide';

const newDevice = (): string => `Telefon ${Math.random().toString(16).slice(2, 6)}`;

export function loadState(): GuideState {
  const fresh: GuideState = { token: null, email: null, device: newDevice(), lang: navigator.language.toLowerCase().startsWith('sv') ? 'sv' : 'en', download: null, queue: [], attention: [] };
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<GuideState> | null;
    return kept ? { ...fresh, ...kept } : fresh;
  } catch {
    return fresh;
  }
}

export function saveState(state: GuideState): void {
  localStorage.setItem(KEY, JSON.stringify(state));
}

const stateOf = (passenger: GuidePassenger): AttendanceState => ({
  attendance: passenger.attendance,
  checkedInGuests: passenger.checkedInGuests,
  attendanceAt: passenger.attendanceAt ? new Date(passenger.attendanceAt) : null,
  attendanceDevice: passenger.attendanceDevice,
});

/** A passenger as the phone sees them: the download's state with this phone's queued actions applied by the server's own rule. */
export function withQueue(passenger: GuidePassenger, queue: GuideActionInput[], device: string): GuidePassenger {
  let state = stateOf(passenger);
  for (const action of queue) {
    if (action.reference !== passenger.reference || action.departureId !== passenger.departureId) continue;
    state = mergeAttendance(state, passenger, action.departureId, { kind: action.kind, guests: action.guests ?? null, at: new Date(action.at), device }).next ?? state;
  }
  return { ...passenger, attendance: state.attendance, checkedInGuests: state.checkedInGuests, attendanceAt: state.attendanceAt?.toISOString() ?? null, attendanceDevice: state.attendanceDevice };
}

/** The download with the server's answers applied: each answered booking as the server now keeps it. */
export function withAnswers(download: GuideDownload, answers: CheckInAnswer[]): GuideDownload {
  const latest = new Map(answers.flatMap((answer) => (answer.booking ? [[answer.booking.reference, answer.booking] as const] : [])));
  const departures: GuideDeparture[] = download.departures.map((departure) => ({
    ...departure,
    passengers: departure.passengers.map((passenger) => {
      const now = latest.get(passenger.reference);
      return now ? { ...passenger, ...now } : passenger;
    }),
  }));
  return { ...download, departures };
}

/** Where a reference is in the download: on which departure, and the passenger. */
export function findPassenger(download: GuideDownload, reference: string): { departure: GuideDeparture; passenger: GuidePassenger } | null {
  for (const departure of download.departures) {
    const passenger = departure.passengers.find((one) => one.reference === reference);
    if (passenger) return { departure, passenger };
  }
  return null;
}

/** A new queued action with its own id and the time it was taken. */
export function newAction(departureId: number, reference: string, kind: GuideActionInput['kind'], guests?: number, code?: string): GuideActionInput {
  return { id: crypto.randomUUID(), departureId, kind, reference, ...(guests ? { guests } : {}), ...(code ? { code } : {}), at: new Date().toISOString() };
}
