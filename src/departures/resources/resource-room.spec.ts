import { itemsInService, joinParties, needOf, NO_ONE, peakUse, seatsLeftWith, unitsLeft, unitsOf, type NeedRule } from './resource-room';

const hour = 3_600_000;
const at = (hours: number): number => hours * hour;
const span = (from: number, to: number) => ({ startsAt: at(from), endsAt: at(to) });
const sledPerTwoAdults: NeedRule = { kindId: 1, fixed: 0, perUnits: 2, categories: ['adult'] };
const oneMinibus: NeedRule = { kindId: 2, fixed: 1, perUnits: null, categories: null };
const adults = (seats: number) => ({ seats, byCategory: { adult: seats } });

describe('resource arithmetic', () => {
  it('counts the seats of the named categories only, and every seat of a party that has none', () => {
    const family = { seats: 4, byCategory: { adult: 2, child: 2 } };
    expect(unitsOf(sledPerTwoAdults, family)).toBe(2);
    expect(unitsOf(oneMinibus, family)).toBe(4);
    expect(unitsOf(sledPerTwoAdults, { seats: 3 })).toBe(3);
    expect(joinParties(family, adults(1))).toEqual({ seats: 5, byCategory: { adult: 3, child: 2 } });
    expect(joinParties(family, { seats: 2 })).toEqual({ seats: 6 });
  });

  it('needs nothing while nobody is booked, the fixed items once anyone is, and one per so many counted seats', () => {
    expect(needOf(oneMinibus, NO_ONE)).toBe(0);
    expect(needOf(oneMinibus, adults(1))).toBe(1);
    expect(needOf(oneMinibus, adults(12))).toBe(1);
    expect(needOf(sledPerTwoAdults, adults(3))).toBe(2);
    expect(needOf(sledPerTwoAdults, { seats: 2, byCategory: { child: 2 } })).toBe(0);
    expect(needOf({ kindId: 3, fixed: 1, perUnits: 8, categories: null }, adults(9))).toBe(3);
  });

  it('takes the peak of overlapping uses, not their sum: two that follow each other hold the items once', () => {
    const tour = span(18, 21);
    expect(peakUse(tour, [{ ...span(17, 19), need: 2 }, { ...span(19, 22), need: 3 }])).toBe(3);
    expect(peakUse(tour, [{ ...span(17, 20), need: 2 }, { ...span(19, 22), need: 3 }])).toBe(5);
    // Touching ends (the turnaround already in the spans) hold nothing.
    expect(peakUse(tour, [{ ...span(15, 18), need: 4 }, { ...span(21, 23), need: 4 }])).toBe(0);
    expect(peakUse(tour, [{ ...span(10, 12), need: 4 }])).toBe(0);
  });

  it('counts an item out of service at any moment of the span as out', () => {
    const sleds = [{ outages: [] }, { outages: [span(0, 24)] }, { outages: [span(20, 20.5)] }, { outages: [span(21, 30)] }];
    expect(itemsInService(sleds, span(18, 21))).toBe(2);
    expect(itemsInService(sleds, span(8, 10))).toBe(3);
  });

  it('leaves counted seats by the free items, less what the departure already holds', () => {
    expect(unitsLeft(sledPerTwoAdults, 3, NO_ONE)).toBe(6);
    expect(unitsLeft(sledPerTwoAdults, 3, adults(5))).toBe(1);
    expect(unitsLeft(sledPerTwoAdults, 0, NO_ONE)).toBe(0);
    expect(unitsLeft(oneMinibus, 1, NO_ONE)).toBe(Number.POSITIVE_INFINITY);
    expect(unitsLeft(oneMinibus, 0, NO_ONE)).toBe(0);
    expect(unitsLeft({ kindId: 2, fixed: 1, perUnits: 8, categories: null }, 2, adults(3))).toBe(5);
  });

  it('shows the fewest seats any rule allows, and lets a party through when what it counts fits', () => {
    const rooms = [{ rule: sledPerTwoAdults, unitsLeft: 1 }];
    expect(seatsLeftWith(8, rooms)).toBe(1);
    expect(seatsLeftWith(8, rooms, { seats: 3, byCategory: { adult: 1, child: 2 } })).toBe(8);
    expect(seatsLeftWith(8, rooms, adults(2))).toBe(1);
    expect(seatsLeftWith(2, [], adults(2))).toBe(2);
    expect(seatsLeftWith(5, [{ rule: oneMinibus, unitsLeft: Number.POSITIVE_INFINITY }])).toBe(5);
  });
});
