import { fitCause } from './booking-writer';

describe(fitCause.name, () => {
  it('keeps a cause that fits as it is (its idempotency key at Stripe stays the same)', () => {
    expect(fitCause('cancelled-by-guest')).toBe('cancelled-by-guest');
    expect(fitCause('changed-12-adult2.child1-to-12-adult1.child1')).toBe('changed-12-adult2.child1-to-12-adult1.child1');
  });

  it('cuts a long one (parties of long category codes) to fit the column with room for a count and a part, and keeps two of them apart', () => {
    const long = (tail: string) => `changed-1234-snowmobile-driver-with-licence2.snowmobile-passenger-adult1-to-1235-${tail}`;
    const [one, other] = [fitCause(long('snowmobile-driver-with-licence1')), fitCause(long('snowmobile-driver-with-licence2'))];
    expect(one.length).toBeLessThanOrEqual(64);
    expect(`${one}#12.3`.length).toBeLessThanOrEqual(80);
    expect(one).not.toBe(other);
    expect(one.startsWith('changed-')).toBe(true);
  });
});
