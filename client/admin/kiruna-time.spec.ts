import { kirunaParts, kirunaTime } from './kiruna-time';

describe('kirunaTime', () => {
  it('reads a wall-clock time in Kiruna in winter (UTC+1) and summer (UTC+2)', () => {
    expect(kirunaTime('2026-12-24', '19:00')).toBe('2026-12-24T18:00:00.000Z');
    expect(kirunaTime('2026-07-01', '09:30')).toBe('2026-07-01T07:30:00.000Z');
  });

  it('is right on the days the clocks change, whatever zone the browser is in', () => {
    // Summer time starts 2026-03-29 at 02:00 and ends 2026-10-25 at 03:00.
    expect(kirunaTime('2026-03-29', '01:30')).toBe('2026-03-29T00:30:00.000Z');
    expect(kirunaTime('2026-03-29', '03:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(kirunaTime('2026-10-25', '04:00')).toBe('2026-10-25T03:00:00.000Z');
    expect(kirunaTime('2026-10-24', '23:00')).toBe('2026-10-24T21:00:00.000Z');
  });

  it('gives back the date and time it was made from', () => {
    expect(kirunaParts(kirunaTime('2026-03-29', '03:30'))).toEqual(['2026-03-29', '03:30']);
    expect(kirunaParts('2026-12-24T18:00:00.000Z')).toEqual(['2026-12-24', '19:00']);
  });
});
