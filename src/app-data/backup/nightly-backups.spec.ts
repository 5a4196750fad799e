import { nextKirunaTime } from './nightly-backups';

describe('the nightly backup time', () => {
  it('is the next time it is BACKUP_AT on Kiruna’s clock, summer or winter', () => {
    // Winter (UTC+1): 03:15 in Kiruna is 02:15 UTC.
    expect(nextKirunaTime('03:15', new Date('2026-11-29T01:00:00Z'))).toEqual(new Date('2026-11-29T02:15:00Z'));
    expect(nextKirunaTime('03:15', new Date('2026-11-29T02:15:00Z'))).toEqual(new Date('2026-11-30T02:15:00Z'));
    // Summer (UTC+2), and the night the clocks go forward.
    expect(nextKirunaTime('03:15', new Date('2027-06-01T12:00:00Z'))).toEqual(new Date('2027-06-02T01:15:00Z'));
    expect(nextKirunaTime('03:15', new Date('2027-03-27T12:00:00Z'))).toEqual(new Date('2027-03-28T01:15:00Z'));
  });
});
