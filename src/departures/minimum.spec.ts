import { decisionHoursOf, minimumOf, unmetMinimum } from './minimum';

const startsAt = new Date('2026-12-12T07:00:00Z'); // Saturday 08:00 in Kiruna

describe(minimumOf.name, () => {
  it('decides a date no later than free cancellation ends: a guest is never bound before knowing it runs', () => {
    // The Narvik tour: decided 24 hours ahead, free cancellation to 48 hours: decided Thursday 08:00, not Friday.
    const narvik = { minGuests: 2, decisionHours: 24, cancelFreeHours: 48 };
    expect(decisionHoursOf({ decisionHours: null }, narvik)).toBe(48);
    expect(minimumOf({ startsAt, minGuests: null, decisionHours: null }, narvik)?.decidedAt.toISOString()).toBe('2026-12-10T07:00:00.000Z');
    // A date's own earlier decision stands.
    expect(minimumOf({ startsAt, minGuests: null, decisionHours: 72 }, narvik)?.decidedAt.toISOString()).toBe('2026-12-09T07:00:00.000Z');
    // …and a later one is brought forward to the end of free cancellation too.
    expect(minimumOf({ startsAt, minGuests: 3, decisionHours: 6 }, narvik)).toEqual({ guests: 3, decidedAt: new Date('2026-12-10T07:00:00Z') });
  });

  it('has no minimum for a tour without one, and none once the seats reach it', () => {
    const tour = { minGuests: null, decisionHours: 24, cancelFreeHours: 48 };
    expect(minimumOf({ startsAt, minGuests: null, decisionHours: null }, tour)).toBeNull();
    const withMinimum = { ...tour, minGuests: 2 };
    expect(unmetMinimum({ startsAt, minGuests: null, decisionHours: null, minimumStatus: null }, withMinimum, 2)).toBeNull();
    expect(unmetMinimum({ startsAt, minGuests: null, decisionHours: null, minimumStatus: null }, withMinimum, 1)).toMatchObject({ guests: 2, needed: 1 });
  });
});
