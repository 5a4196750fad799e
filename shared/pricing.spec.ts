import { quoteBooking } from './pricing';

describe(quoteBooking.name, () => {
  it('charges the unit price per guest', () => {
    expect(quoteBooking(1950, 3)).toEqual({ unitPriceSek: 1950, tourAmountSek: 5850, rooms: 0, stayAmountSek: 0, totalSek: 5850 });
  });

  it('adds the stay per room, with as many rooms as the party needs', () => {
    expect(quoteBooking(1000, 4, { priceSek: 4900, maxGuests: 4 })).toMatchObject({ rooms: 1, stayAmountSek: 4900, totalSek: 8900 });
    expect(quoteBooking(1000, 5, { priceSek: 4900, maxGuests: 4 })).toMatchObject({ rooms: 2, stayAmountSek: 9800, totalSek: 14800 });
  });
});
