import type { BookingSummary } from '../../client/api/types';
import type { Booking } from './booking.entity';

/** A booking as its guest may see it; a held booking past its expiry reads as expired. */
export function mapBookingSummary(booking: Booking, checkoutMethod: BookingSummary['checkoutMethod'], now = new Date()): BookingSummary {
  const departure = booking.departure!;
  const tour = departure.tour!;
  const stay = booking.stayPackage ?? null;
  const expired = booking.status === 'held' && booking.holdExpiresAt !== null && booking.holdExpiresAt <= now;
  return {
    reference: booking.reference,
    status: expired ? 'expired' : booking.status,
    holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    guests: booking.guests,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    notes: booking.notes,
    tourAmountSek: booking.tourAmountSek,
    stayAmountSek: booking.stayAmountSek,
    totalSek: booking.totalSek,
    paymentMethod: booking.paymentMethod,
    paymentStatus: booking.paymentStatus,
    checkoutMethod,
    tour: {
      id: tour.id,
      slug: tour.slug,
      title: tour.title,
      meetingPoint: tour.meetingPoint,
      whatToBring: tour.whatToBring,
      durationHours: Math.round((tour.durationMinutes / 60) * 10) / 10,
    },
    departure: { id: departure.id, startsAt: departure.startsAt.toISOString() },
    stayPackage: stay ? { id: stay.id, name: stay.name, nights: stay.nights, rooms: Math.ceil(booking.guests / stay.maxGuests) } : null,
  };
}
