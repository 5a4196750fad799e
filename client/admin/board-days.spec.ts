import { boardSpan, boardStep, boardTitle, isoWeek, mondayOf } from './board-days';

describe('the planning board’s days', () => {
  it('starts the week on Monday and numbers it as Swedish calendars do (ISO 8601)', () => {
    expect(mondayOf('2026-12-06')).toBe('2026-11-30'); // a Sunday
    expect(mondayOf('2026-12-07')).toBe('2026-12-07');
    expect(isoWeek('2026-12-07')).toBe(50);
    expect(isoWeek('2027-01-01')).toBe(53); // a Friday: still 2026's last week
    expect(isoWeek('2027-01-04')).toBe(1);
    expect(isoWeek('2024-12-30')).toBe(1); // a Monday in 2025's first week
  });

  it('covers a day, a week or a month, and steps by one of them', () => {
    expect(boardSpan('day', '2026-12-09')).toEqual({ from: '2026-12-09', to: '2026-12-09' });
    expect(boardSpan('week', '2026-12-09')).toEqual({ from: '2026-12-07', to: '2026-12-13' });
    expect(boardSpan('month', '2027-02-14')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(boardStep('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(boardStep('week', '2026-12-09', -1)).toBe('2026-12-02');
    expect(boardStep('month', '2027-01-31', 1)).toBe('2027-02-01');
  });

  it('titles each view in Swedish', () => {
    expect(boardTitle('day', '2026-12-07')).toBe('måndag 7 december 2026');
    expect(boardTitle('week', '2026-12-09')).toBe('Vecka 50: 7–13 december 2026');
    expect(boardTitle('week', '2026-12-30')).toBe('Vecka 53: 28 december–3 januari 2027');
    expect(boardTitle('month', '2026-12-09')).toBe('december 2026');
  });
});
