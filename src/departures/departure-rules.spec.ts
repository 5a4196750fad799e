import { useSqliteStatements } from '../../test/support/sqlite-statements';
import { assertBookable, assertCancellationFree, assertMoveTarget, assertNotStarted, cancellationWindow, hasStarted, hoursBeforeStart, takesBookingsFrom } from './departure-rules';
import { Departure } from './departure.entity';
import { decideMinimum } from './departures.repository';

const now = new Date('2026-12-01T12:00:00Z');
const HOUR = 3_600_000;
const departure = (fields: Partial<Departure> = {}): Departure => ({ id: 1, tourId: 10, status: 'open', startsAt: new Date(now.getTime() + 72 * HOUR), ...fields }) as Departure;
const refusal = (work: () => void) => {
  try {
    work();
  } catch (error) {
    const http = error as { getStatus(): number; message: string };
    return [http.getStatus(), http.message];
  }
  return 'allowed';
};

describe('The departure rules', () => {
  it.each([
    ['guest', departure(), 'allowed'],
    ['guest', null, [400, 'There is no departure with id 1.']],
    ['staff', null, [400, 'Det finns ingen avgång med id 1.']],
    ['guest', departure({ startsAt: now }), [400, 'This departure has already left. Please choose a later date.']],
    ['staff', departure({ startsAt: now }), [400, 'Avgången har redan gått.']],
    ['guest', departure({ status: 'closed' }), [409, 'This departure is not open for booking. Please choose another date.']],
    ['reseller', departure({ status: 'closed' }), [409, 'This departure is not open for booking. Please choose another date.']],
    ['staff', departure({ status: 'closed' }), 'allowed'],
    ['staff', departure({ status: 'cancelled' }), [409, 'Avgången är inställd.']],
  ] as const)('bookable: a %s asking for %j is %j', (asker, subject, expected) => {
    expect(refusal(() => assertBookable(subject, 1, now, asker))).toEqual(expected);
  });

  it('refuses a change once the departure has started, in the words of whoever asked', () => {
    expect(refusal(() => assertNotStarted(departure({ startsAt: new Date(now.getTime() + 1) }), now, 'guest'))).toBe('allowed');
    expect(refusal(() => assertNotStarted(departure({ startsAt: now }), now, 'guest'))).toEqual([409, 'This tour has already started, so the booking can no longer be changed or cancelled.']);
    expect(refusal(() => assertNotStarted(departure({ startsAt: now }), now, 'staff'))).toEqual([409, 'Avgången har redan startat.']);
  });

  it.each([
    ['guest', departure({ id: 2 }), {}, 'allowed'],
    ['guest', undefined, {}, [400, 'Please choose another date of the same tour.']],
    ['staff', undefined, {}, [400, 'Det finns ingen avgång med id 2.']],
    ['guest', departure({ id: 2, tourId: 11 }), {}, [400, 'Please choose another date of the same tour.']],
    ['staff', departure({ id: 2, tourId: 11 }), {}, [400, 'Välj en avgång av samma tur.']],
    ['staff', departure({ id: 1 }), {}, [400, 'Välj en annan avgång att flytta till.']],
    ['guest', departure({ id: 1 }), { sameAllowed: true }, 'allowed'],
    ['guest', departure({ id: 2, status: 'closed' }), {}, [409, 'That date is not open for booking. Please choose another, or call us on +46 980 123 45.']],
    ['staff', departure({ id: 2, startsAt: now }), {}, [409, 'Avgången du flyttar till är inte öppen för bokning.']],
  ] as const)('a move target: %s to %j (%j) is %j', (asker, target, options, expected) => {
    expect(refusal(() => assertMoveTarget(departure(), target, 2, now, asker, options))).toEqual(expected);
  });

  it('counts the hours to the start for the cutoffs, and says when a departure has started', () => {
    expect(hoursBeforeStart(departure({ startsAt: new Date(now.getTime() + 90 * 60_000) }), now)).toBe(1.5);
    expect(hoursBeforeStart(departure({ startsAt: new Date(now.getTime() - HOUR) }), now)).toBe(-1);
    expect([hasStarted({ startsAt: now }, now), hasStarted({ startsAt: new Date(now.getTime() + 1) }, now)]).toEqual([true, false]);
    expect([takesBookingsFrom({ status: 'closed' }, 'staff'), takesBookingsFrom({ status: 'closed' }, 'reseller')]).toEqual([true, false]);
  });

  it('frees cancellation until CANCEL_FREE_HOURS before the start, to the second', () => {
    const startsAt = new Date(now.getTime() + 48 * HOUR);
    expect(cancellationWindow({ startsAt }, 48, now)).toMatchObject({ freeNow: true, freeUntil: now.toISOString() });
    expect(cancellationWindow({ startsAt }, 48, new Date(now.getTime() + 1)).freeNow).toBe(false);
    expect(refusal(() => assertCancellationFree({ startsAt }, 48, new Date(now.getTime() + 1), 'reseller'))).toEqual([409, 'The cancellation cutoff (48 hours before the start) has passed: contact the supplier to cancel.']);
  });

  describe('the minimum decision (decideMinimum, as MINIMUM_DECISIONS allows)', () => {
    const db = useSqliteStatements();
    const status = async (id: number) => (await db.dataSource.getRepository(Departure).findOneByOrFail({ id })).minimumStatus;

    it('decides once from no decision; staff run only a flagged one; cancelling the date decides from any', async () => {
      const [first, second] = await db.dataSource.getRepository(Departure).find({ order: { id: 'ASC' }, take: 2 });
      const manager = db.dataSource.manager;
      expect(await decideMinimum(manager, first.id, 'atDecisionTime', 'met', now)).toBe(true);
      expect(await decideMinimum(manager, first.id, 'atDecisionTime', 'flagged', now)).toBe(false);
      expect(await decideMinimum(manager, first.id, 'runAnyway', 'run', now)).toBe(false);
      expect(await status(first.id)).toBe('met');
      expect(await decideMinimum(manager, second.id, 'atDecisionTime', 'flagged', now)).toBe(true);
      expect(await decideMinimum(manager, second.id, 'runAnyway', 'run', now)).toBe(true);
      expect(await decideMinimum(manager, first.id, 'cancelDate', 'cancelled', now)).toBe(true);
      expect([await status(first.id), await status(second.id)]).toEqual(['cancelled', 'run']);
      await expect(decideMinimum(manager, second.id, 'runAnyway', 'met', now)).rejects.toThrow('cannot lead to met');
    });
  });
});
