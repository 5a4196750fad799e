import { isDateText, timeText } from './date-fields';

describe('Swedish date and time fields', () => {
  it.each([
    ['2000', '20:00'],
    ['8', '08:00'],
    ['8:15', '08:15'],
    ['08.15', '08:15'],
    ['20:00', '20:00'],
    [' 915 ', '09:15'],
  ])('reads %p as the time %p', (typed, time) => {
    expect(timeText(typed)).toBe(time);
  });

  it.each(['25:00', '8 PM', '20:60', 'kväll'])('leaves %p as typed, for the field to refuse', (typed) => {
    expect(timeText(typed)).toBe(typed.trim());
  });

  it('takes a whole date in the Swedish (ISO) form, or none, and nothing else', () => {
    expect(['', '2026-12-05', '2027-02-28'].every(isDateText)).toBe(true);
    expect(['12/05/2026', '2026-13-01', '2026-12-5', '2026-12'].some(isDateText)).toBe(false);
  });
});
