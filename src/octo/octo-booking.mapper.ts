import type { Booking } from '../bookings/booking.entity';
import { holdIsLive } from '../bookings/lifecycle/transitions';
import { cancellationWindow } from '../departures/departure-rules';
import { kirunaLocal, OPTION_ID } from './octo-catalogue';
import type { OctoAvailability, OctoBooking, OctoBookingStatus, OctoContact, OctoPricing } from './octo-types';
import type { Reseller } from './reseller.entity';
import { clock } from '../common/clock';

/** A booking's state as OCTO names it (a hold whose time ran out is EXPIRED before the sweeper marks it). */
function statusOf(booking: Booking, now: Date): OctoBookingStatus {
  if (booking.status === 'held') return holdIsLive(booking, now) ? 'ON_HOLD' : 'EXPIRED';
  if (booking.status === 'confirmed') return booking.attendance === 'checked_in' ? 'REDEEMED' : 'CONFIRMED';
  return booking.status === 'cancelled' ? 'CANCELLED' : 'EXPIRED';
}

/** The guest as OCTO's contact: one name, split at its last space for first and last names. */
function contactOf(booking: Booking): OctoContact {
  const space = booking.name.lastIndexOf(' ');
  return {
    fullName: booking.name,
    firstName: space > 0 ? booking.name.slice(0, space) : booking.name,
    lastName: space > 0 ? booking.name.slice(space + 1) : null,
    emailAddress: booking.email || null,
    phoneNumber: booking.phone,
    locales: [booking.language],
    postalCode: null,
    country: null,
    notes: null,
  };
}

/**
 * A reseller's booking as OCTO's Booking: one unit item per guest unit of its party, prices in
 * öre (retail, and net after the reseller's commission), cancellable while the reseller may
 * cancel it (a hold; a confirmed booking until the cutoff).
 */
export function octoBooking(
  booking: Booking,
  context: { reseller: Reseller; productId: string; availability: OctoAvailability | null; cancelFreeHours: number; pricing: (priceSek: number) => OctoPricing },
  now = clock.now(),
): OctoBooking {
  const status = statusOf(booking, now);
  const startsAt = booking.departure!.startsAt;
  const contact = contactOf(booking);
  const cancellable = status === 'ON_HOLD' || (status === 'CONFIRMED' && cancellationWindow(booking.departure!, context.cancelFreeHours, now).freeNow);
  const lines = booking.party ?? [];
  const unitItems = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, index) => ({
      uuid: `${booking.octoUuid}-${line.code}-${index + 1}`,
      resellerReference: null,
      supplierReference: `${booking.reference}-${line.code}-${index + 1}`,
      unitId: line.code,
      status,
      utcRedeemedAt: null,
      contact,
      ticket: null,
      pricing: context.pricing(line.unitPriceSek),
    })),
  );
  return {
    id: booking.reference,
    uuid: booking.octoUuid!,
    testMode: false,
    resellerReference: booking.resellerReference,
    supplierReference: booking.reference,
    status,
    utcCreatedAt: booking.createdAt.toISOString(),
    utcUpdatedAt: booking.updatedAt.toISOString(),
    utcExpiresAt: status === 'ON_HOLD' ? booking.holdExpiresAt!.toISOString() : null,
    utcRedeemedAt: null,
    utcConfirmedAt: booking.confirmedAt?.toISOString() ?? null,
    productId: context.productId,
    optionId: OPTION_ID,
    cancellable,
    cancellation: booking.status === 'cancelled' ? { refund: 'NONE', reason: null, utcCancelledAt: (booking.cancelledAt ?? booking.updatedAt).toISOString() } : null,
    freesale: false,
    availabilityId: context.availability?.id ?? kirunaLocal(startsAt),
    availability: context.availability,
    contact,
    notes: booking.notes,
    deliveryMethods: [],
    voucher: null,
    unitItems,
    pricing: context.pricing(booking.totalSek),
  };
}
