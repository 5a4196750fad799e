import type { TourDetail } from '../../shared/api-types';
import { tourPageData } from './tour-page-data';

describe(tourPageData.name, () => {
  const departure = (id: number, priceSek: number, seatsLeft: number) => ({ id, startsAt: '', capacity: 8, seatsLeft, priceSek });

  it('keeps the eight departures the page lists and offers what all of them offer', () => {
    // The cheapest departure and the only one with a seat are past the eighth.
    const departures = [...Array.from({ length: 11 }, (_, id) => departure(id, 1800, 0)), departure(11, 1200, 2)];
    const tour = { price: 1500, departures } as unknown as TourDetail;

    const sut = tourPageData(tour, []);

    expect(sut.tour.departures.map((item) => item.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(sut.offer).toEqual({ lowestSek: 1200, available: true });
  });
});
