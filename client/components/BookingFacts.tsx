import type { ReactNode } from 'react';

import type { BookingSummary } from '../../shared/api-types';
import { formatDeparture, formatSek } from '../format';

/** The facts of a booking every booking page shows; a page adds its own rows as children. */
export function BookingFacts({ booking, children }: { booking: BookingSummary; children?: ReactNode }) {
  return (
    <dl className="booking-facts">
      <dt>Reference</dt>
      <dd className="reference">{booking.reference}</dd>
      <dt>Tour</dt>
      <dd>{booking.tour.title}</dd>
      <dt>Date and time</dt>
      <dd>{formatDeparture(booking.departure.startsAt)}</dd>
      <dt>Guests</dt>
      <dd>{booking.guests}</dd>
      {booking.stayPackage && (
        <>
          <dt>Stay</dt>
          <dd>{`${booking.stayPackage.name}, ${booking.stayPackage.rooms} ${booking.stayPackage.rooms === 1 ? 'room' : 'rooms'}`}</dd>
        </>
      )}
      <dt>Total</dt>
      <dd>{formatSek(booking.totalSek)}</dd>
      {children}
    </dl>
  );
}
