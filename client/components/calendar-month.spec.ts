import { byKirunaDay, calendarMonth, dayKey, monthRange, shiftMonth } from './calendar-month';

describe('calendar-month', () => {
  it('Lays a month out in weeks that start on Monday', () => {
    // December 2026 starts on a Tuesday and has 31 days.
    const weeks = calendarMonth('2026-12');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toBeNull();
    expect(weeks[0]![1]!.key).toBe('2026-12-01');
    expect(weeks[4]![3]!.key).toBe('2026-12-31');
    expect(weeks[4]![4]).toBeNull();
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    // February: 28 days, and 29 in a leap year.
    expect(calendarMonth('2027-02').flat().filter(Boolean)).toHaveLength(28);
    expect(calendarMonth('2028-02').flat().filter(Boolean)).toHaveLength(29);
  });

  it("Puts a departure on Kiruna's day, not UTC's", () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Kiruna.
    expect(dayKey('2026-12-31T23:30:00.000Z')).toBe('2027-01-01');
    // Summer time: 22:30 UTC on 30 June is 00:30 on 1 July.
    expect(dayKey('2027-06-30T22:30:00.000Z')).toBe('2027-07-01');
    expect(dayKey('2026-12-31T12:00:00.000Z')).toBe('2026-12-31');
  });

  it("Groups departures by Kiruna's day, keeping their order", () => {
    const late = { id: 1, startsAt: '2026-12-31T23:30:00.000Z' };
    const evening = { id: 2, startsAt: '2026-12-31T19:00:00.000Z' };
    const night = { id: 3, startsAt: '2026-12-31T20:00:00.000Z' };
    expect([...byKirunaDay([late, evening, night])]).toEqual([
      ['2027-01-01', [late]],
      ['2026-12-31', [evening, night]],
    ]);
  });

  it('Moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-11', 14)).toBe('2028-01');
  });

  it('Asks the API for a day either side of the month, never before yesterday', () => {
    expect(monthRange('2027-01', '2026-11-24')).toEqual({ from: '2026-12-31', to: '2027-02-02' });
    expect(monthRange('2026-11', '2026-11-24')).toEqual({ from: '2026-11-23', to: '2026-12-02' });
  });
});
