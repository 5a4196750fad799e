import { cancellationPolicyText, cancellationTerms } from './cancellation-policy';

describe(cancellationTerms.name, () => {
  const startsAt = new Date('2026-12-24T19:00:00Z');
  const hoursBefore = (hours: number) => new Date(startsAt.getTime() - hours * 3_600_000);

  it('is free up to and at CANCEL_FREE_HOURS before the start, and not a moment later (fixed clock)', () => {
    expect(cancellationTerms(startsAt, 48, hoursBefore(49)).freeNow).toBe(true);
    expect(cancellationTerms(startsAt, 48, hoursBefore(48)).freeNow).toBe(true);
    expect(cancellationTerms(startsAt, 48, new Date(hoursBefore(48).getTime() + 1)).freeNow).toBe(false);
    expect(cancellationTerms(startsAt, 48, hoursBefore(47)).freeNow).toBe(false);
    expect(cancellationTerms(startsAt, 48, hoursBefore(47)).freeUntil).toBe('2026-12-22T19:00:00.000Z');
  });

  it('quotes the configured hours', () => {
    expect(cancellationPolicyText(24)).toBe('Free cancellation until 24 hours before the start, with a full refund if you paid by card. After that there is no refund, unless we cancel the tour.');
    expect(cancellationTerms(startsAt, 72, hoursBefore(100)).text).toBe(cancellationPolicyText(72));
  });
});
