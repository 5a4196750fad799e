import { mergeAttendance, type AttendanceState, type GuideAction } from './check-in';

const NONE: AttendanceState = { attendance: null, checkedInGuests: null, attendanceAt: null, attendanceDevice: null };
const booking = { status: 'confirmed', guests: 4, departureId: 7 };
const at = (minute: number) => new Date(Date.UTC(2026, 11, 2, 17, minute));
const act = (kind: GuideAction['kind'], minute: number, device = 'phone-a', guests?: number): GuideAction => ({ kind, at: at(minute), device, guests });
/** Applies actions in the order the server receives them. */
const replay = (actions: GuideAction[], start = NONE) =>
  actions.reduce((state, action) => mergeAttendance(state, booking, 7, action).next ?? state, start);

describe('mergeAttendance: the rule for guides\' check-ins, on the phone and on the server', () => {
  it('checks in the whole party, or part of it, and more of it later', () => {
    expect(mergeAttendance(NONE, booking, 7, act('check_in', 0))).toEqual({ outcome: 'applied', next: { attendance: 'checked_in', checkedInGuests: 4, attendanceAt: at(0), attendanceDevice: 'phone-a' } });
    const three = replay([act('check_in', 0, 'phone-a', 3)]);
    expect(three.checkedInGuests).toBe(3);
    // The fourth arrives: four, still checked in at the first time.
    expect(replay([act('check_in', 5, 'phone-a', 4)], three)).toEqual({ attendance: 'checked_in', checkedInGuests: 4, attendanceAt: at(0), attendanceDevice: 'phone-a' });
    expect(mergeAttendance(NONE, booking, 7, act('check_in', 0, 'phone-a', 5))).toEqual({ outcome: 'conflict', reason: 'tooMany', next: null });
    expect(mergeAttendance(NONE, booking, 7, act('check_in', 0, 'phone-a', 0))).toMatchObject({ outcome: 'conflict', reason: 'tooMany' });
  });

  it('keeps the earliest check-in whatever order the phones send them in, and tells the second device', () => {
    const first = act('check_in', 2, 'phone-a');
    const earlierButLate = act('check_in', 1, 'phone-b');
    expect(replay([first, earlierButLate])).toEqual(replay([earlierButLate, first]));
    expect(replay([first, earlierButLate])).toMatchObject({ attendanceAt: at(1), attendanceDevice: 'phone-b' });
    const checked = replay([first]);
    expect(mergeAttendance(checked, booking, 7, act('check_in', 3, 'phone-b'))).toEqual({ outcome: 'conflict', reason: 'alreadyCheckedIn', next: null });
    // The same phone again (a retry under a new id): nothing changes, nothing to tell.
    expect(mergeAttendance(checked, booking, 7, act('check_in', 3, 'phone-a'))).toEqual({ outcome: 'applied', next: null });
  });

  it('lets a check-in beat a no-show, never the other way round', () => {
    const noShow = replay([act('no_show', 10)]);
    expect(noShow).toMatchObject({ attendance: 'no_show', attendanceDevice: 'phone-a' });
    expect(replay([act('check_in', 12, 'phone-b')], noShow)).toMatchObject({ attendance: 'checked_in', checkedInGuests: 4 });
    expect(replay([act('check_in', 0), act('no_show', 10, 'phone-b')])).toMatchObject({ attendance: 'checked_in' });
    expect(mergeAttendance(replay([act('check_in', 0)]), booking, 7, act('no_show', 10))).toEqual({ outcome: 'conflict', reason: 'checkedIn', next: null });
    // Order does not matter either way.
    expect(replay([act('no_show', 10, 'phone-b'), act('check_in', 0)])).toEqual(replay([act('check_in', 0), act('no_show', 10, 'phone-b')]));
  });

  it("takes back only the phone's own mark (or one made in the office)", () => {
    const checked = replay([act('check_in', 0)]);
    expect(mergeAttendance(checked, booking, 7, act('undo', 1))).toEqual({ outcome: 'applied', next: NONE });
    expect(mergeAttendance(checked, booking, 7, act('undo', 1, 'phone-b'))).toEqual({ outcome: 'conflict', reason: 'otherDevice', next: null });
    expect(mergeAttendance({ ...checked, attendanceDevice: null }, booking, 7, act('undo', 1, 'phone-b')).outcome).toBe('applied');
    expect(mergeAttendance(NONE, booking, 7, act('undo', 1))).toEqual({ outcome: 'applied', next: null });
  });

  it('refuses a booking cancelled since the download, or on another departure', () => {
    for (const status of ['cancelled', 'expired', 'held']) expect(mergeAttendance(NONE, { ...booking, status }, 7, act('check_in', 0))).toEqual({ outcome: 'conflict', reason: 'notConfirmed', next: null });
    expect(mergeAttendance(NONE, booking, 8, act('check_in', 0))).toEqual({ outcome: 'conflict', reason: 'otherDeparture', next: null });
  });
});
