/** The one price rule, used by the server to charge and by the booking page to preview. */
export interface BookingQuote {
  unitPriceSek: number;
  tourAmountSek: number;
  rooms: number;
  stayAmountSek: number;
  totalSek: number;
}

export interface StayPrice {
  priceSek: number;
  maxGuests: number;
}

/** Departure (or tour) price × guests, plus the stay package per room (as many rooms as the party needs). */
export function quoteBooking(unitPriceSek: number, guests: number, stay?: StayPrice | null): BookingQuote {
  const tourAmountSek = unitPriceSek * guests;
  const rooms = stay ? Math.ceil(guests / stay.maxGuests) : 0;
  const stayAmountSek = stay ? stay.priceSek * rooms : 0;
  return { unitPriceSek, tourAmountSek, rooms, stayAmountSek, totalSek: tourAmountSek + stayAmountSek };
}
