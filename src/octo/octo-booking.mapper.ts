import { createHash } from 'node:crypto';

import type { Booking } from '../bookings/booking.entity';
import { holdIsLive } from '../bookings/lifecycle/transitions';
import { cancellationWindow } from '../departures/departure-rules';
import { DELIVERY_FORMATS, DELIVERY_METHODS, kirunaLocal, octoUtc, OPTION_ID, REDEMPTION_METHOD } from './octo-catalogue';
import type { OctoAvailability, OctoBooking, OctoBookingStatus, OctoContact, OctoPricing } from './octo-types';
import type { Reseller } from './reseller.entity';
import type { TourDetail } from '../../shared/api-types';
import { octoAnswers, octoPickupPoint } from './octo-capabilities';
import type { OctoView } from './octo-catalogue';
import { clock } from '../common/clock';

/** A booking's state as OCTO names it (a hold whose time ran out is EXPIRED before the sweeper marks it). */
function statusOf(booking: Booking, now: Date): OctoBookingStatus {
  if (booking.status === 'held') return holdIsLive(booking, now) ? 'ON_HOLD' : 'EXPIRED';
  if (booking.status === 'confirmed') return booking.attendance === 'checked_in' ? 'REDEEMED' : 'CONFIRMED';
  return booking.status === 'cancelled' ? 'CANCELLED' : 'EXPIRED';
}

/**
 * A unit item's uuid: the same on every read, made from the booking's uuid, the unit and its
 * place (SHA-1 name-based, as a version 5 UUID is), so a reseller can keep it.
 */
export function unitItemUuid(bookingUuid: string, unitId: string, index: number): string {
  const hash = createHash('sha1').update(`${bookingUuid}/${unitId}/${index}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
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
    notes: booking.contactNotes,
  };
}

/**
 * A reseller's booking as OCTO's Booking: one unit item per guest unit of its party, prices in
 * öre (retail, and net after the reseller's commission), cancellable while the reseller may
 * cancel it (a hold; a confirmed booking until the cutoff).
 */
export function octoBooking(
  booking: Booking,
  context: {
    reseller: Reseller;
    productId: string;
    availability: OctoAvailability | null;
    cancelFreeHours: number;
    pricing: (priceSek: number) => OctoPricing;
    voucherCode: (reference: string) => string;
    /** The capabilities asked for, and the booking's tour (its pickup points and questions; null when it cannot be read). */
    view: OctoView;
    tour: TourDetail | null;
  },
  now = clock.now(),
): OctoBooking {
  const status = statusOf(booking, now);
  const startsAt = booking.departure!.startsAt;
  const contact = contactOf(booking);
  const cancellable = status === 'ON_HOLD' || (status === 'CONFIRMED' && cancellationWindow(booking.departure!, context.cancelFreeHours, now).freeNow);
  const lines = booking.party ?? [];
  const { capabilities, lang } = context.view;
  const tour = context.tour;
  const answers = tour && capabilities.has('octo/questions') ? octoAnswers(tour.questions, booking.answers, lang) : null;
  let guest = 0;
  const unitItems = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, index) => ({
      uuid: unitItemUuid(booking.octoUuid!, line.code, index + 1),
      resellerReference: null,
      supplierReference: `${booking.reference}-${line.code}-${index + 1}`,
      unitId: line.code,
      status,
      utcRedeemedAt: null,
      contact,
      ticket: null,
      pricing: context.pricing(line.unitPriceSek),
      // octo/questions: the answers of the guest this unit item stands for (in order).
      ...(answers ? { questionAnswers: answers.guests(guest++) } : {}),
    })),
  );
  const pickupPoint = tour?.pickupPoints.find((point) => point.id === booking.pickupPointId);
  return {
    id: booking.reference,
    uuid: booking.octoUuid!,
    testMode: false,
    resellerReference: booking.resellerReference,
    supplierReference: booking.reference,
    status,
    utcCreatedAt: octoUtc(booking.createdAt),
    utcUpdatedAt: octoUtc(booking.updatedAt),
    utcExpiresAt: status === 'ON_HOLD' ? octoUtc(booking.holdExpiresAt!) : null,
    utcRedeemedAt: null,
    utcConfirmedAt: booking.confirmedAt ? octoUtc(booking.confirmedAt) : null,
    productId: context.productId,
    optionId: OPTION_ID,
    cancellable,
    cancellation: booking.status === 'cancelled' ? { refund: 'NONE', reason: booking.cancelNote, utcCancelledAt: octoUtc(booking.cancelledAt ?? booking.updatedAt) } : null,
    freesale: false,
    availabilityId: context.availability?.id ?? kirunaLocal(startsAt),
    availability: context.availability,
    contact,
    notes: booking.notes,
    deliveryMethods: [...DELIVERY_METHODS],
    // The voucher's QR code once the booking is confirmed (a reservation has nothing to show yet).
    voucher: {
      redemptionMethod: REDEMPTION_METHOD,
      utcRedeemedAt: null,
      deliveryOptions: status === 'CONFIRMED' || status === 'REDEEMED' ? DELIVERY_FORMATS.map((deliveryFormat) => ({ deliveryFormat, deliveryValue: context.voucherCode(booking.reference) })) : [],
    },
    unitItems,
    pricing: context.pricing(booking.totalSek),
    ...(capabilities.has('octo/pickups')
      ? {
          pickupRequested: booking.pickupPointId !== null,
          pickupPointId: booking.pickupPointId !== null ? String(booking.pickupPointId) : null,
          pickupHotel: booking.pickup,
          pickupHotelRoom: null,
          pickupPoint: pickupPoint ? octoPickupPoint(pickupPoint, startsAt, lang) : null,
        }
      : {}),
    ...(answers ? { questionAnswers: answers.booking } : {}),
  };
}
