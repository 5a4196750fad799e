import type { TourSummary } from '../shared/api-types';
import { relatedTours } from './related-tours';

const tour = (id: number, price: number, duration: number) => ({ id, price, duration }) as TourSummary;

describe(relatedTours.name, () => {
  const all = [tour(1, 1000, 2), tour(2, 3000, 10), tour(3, 1200, 1), tour(4, 2000, 4), tour(5, 900, 3), tour(6, 2500, 2), tour(7, 1500, 5), tour(8, 800, 1)];

  it('leaves out the current tours and takes at most 6', () => {
    const sut = relatedTours(all, [{ id: 1 }]);
    expect(sut).toHaveLength(6);
    expect(sut.map((item) => item.id)).not.toContain(1);
  });

  it('orders by price per hour, highest first', () => {
    const sut = relatedTours(all, [{ id: 1 }, { id: 2 }]);
    const rates = sut.map((item) => item.price / item.duration);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });

  it('picks at random', () => {
    let seed = 1;
    const seeded = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const picks = new Set(Array.from({ length: 20 }, () => relatedTours(all, [], seeded).map((item) => item.id).sort().join(',')));
    expect(picks.size).toBeGreaterThan(1);
  });

  it('is empty when every tour is current', () => {
    expect(relatedTours(all, all)).toEqual([]);
  });
});
