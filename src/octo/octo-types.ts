import type { OctoPickupPoint, OctoQuestionAnswer } from './octo-capabilities';

/**
 * The OCTO shapes this API answers with (the OCTO specification, core and octo/pricing); the
 * e2e suite checks every answer against the zod schemas of @octocloud/types.
 */
export type OctoAvailabilityStatus = 'AVAILABLE' | 'FREESALE' | 'SOLD_OUT' | 'LIMITED' | 'CLOSED';
export type OctoBookingStatus = 'ON_HOLD' | 'CONFIRMED' | 'EXPIRED' | 'CANCELLED' | 'REDEEMED' | 'PENDING' | 'REJECTED';

export interface OctoPricing {
  original: number;
  retail: number;
  net: number | null;
  currency: string;
  currencyPrecision: number;
  includedTaxes: { name: string; retail: number; original: number; net: number | null }[];
}

export type OctoUnitPricing = OctoPricing & { unitId: string };

export interface OctoUnit {
  id: string;
  internalName: string;
  reference: string | null;
  type: 'ADULT' | 'YOUTH' | 'CHILD' | 'INFANT' | 'FAMILY' | 'SENIOR' | 'STUDENT' | 'MILITARY' | 'OTHER';
  restrictions: { minAge: number; maxAge: number; idRequired: boolean; minQuantity: number | null; maxQuantity: number | null; paxCount: number; accompaniedBy: string[] };
  requiredContactFields: string[];
  pricingFrom?: OctoPricing[];
}

export interface OctoOption {
  id: string;
  default: boolean;
  internalName: string;
  reference: string | null;
  availabilityLocalStartTimes: string[];
  cancellationCutoff: string;
  cancellationCutoffAmount: number;
  cancellationCutoffUnit: 'minute' | 'hour' | 'day';
  requiredContactFields: string[];
  restrictions: { minUnits: number | null; maxUnits: number | null };
  units: OctoUnit[];
  pricingFrom?: OctoPricing[];
}

export interface OctoProduct {
  id: string;
  internalName: string;
  reference: string | null;
  locale: string;
  timeZone: string;
  allowFreesale: boolean;
  instantConfirmation: boolean;
  instantDelivery: boolean;
  availabilityRequired: boolean;
  availabilityType: 'START_TIME' | 'OPENING_HOURS';
  deliveryFormats: OctoTicket['deliveryOptions'][number]['deliveryFormat'][];
  deliveryMethods: ('VOUCHER' | 'TICKET')[];
  redemptionMethod: 'DIGITAL' | 'PRINT' | 'MANIFEST';
  options: OctoOption[];
  defaultCurrency: string;
  availableCurrencies: string[];
  pricingPer: 'BOOKING' | 'UNIT';
}

export interface OctoAvailability {
  id: string;
  localDateTimeStart: string;
  localDateTimeEnd: string;
  utcCutoffAt: string;
  allDay: boolean;
  available: boolean;
  status: OctoAvailabilityStatus;
  vacancies: number | null;
  capacity: number | null;
  maxUnits: number | null;
  openingHours: { from: string; to: string }[];
  unitPricing?: OctoUnitPricing[];
  pricing?: OctoPricing;
}

export interface OctoAvailabilityCalendarDay {
  localDate: string;
  available: boolean;
  status: OctoAvailabilityStatus;
  vacancies: number | null;
  capacity: number | null;
  openingHours: { from: string; to: string }[];
  unitPricingFrom?: OctoUnitPricing[];
}

export interface OctoContact {
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  locales: string[];
  postalCode: string | null;
  country: string | null;
  notes: string | null;
}

/** OCTO's Ticket: how a booking (a voucher) or a unit (a ticket) is shown and redeemed. */
export interface OctoTicket {
  redemptionMethod: 'DIGITAL' | 'PRINT' | 'MANIFEST';
  utcRedeemedAt: string | null;
  deliveryOptions: { deliveryFormat: 'PDF_URL' | 'QRCODE' | 'CODE128' | 'PKPASS_URL' | 'AZTECCODE'; deliveryValue: string }[];
}

export interface OctoUnitItem {
  uuid: string;
  resellerReference: string | null;
  supplierReference: string | null;
  unitId: string;
  status: OctoBookingStatus;
  utcRedeemedAt: string | null;
  contact: OctoContact;
  ticket: null;
  pricing?: OctoPricing;
  questionAnswers?: OctoQuestionAnswer[];
}

export interface OctoBooking {
  id: string;
  uuid: string;
  testMode: boolean;
  resellerReference: string | null;
  supplierReference: string | null;
  status: OctoBookingStatus;
  utcCreatedAt: string;
  utcUpdatedAt: string;
  utcExpiresAt: string | null;
  utcRedeemedAt: string | null;
  utcConfirmedAt: string | null;
  productId: string;
  optionId: string;
  cancellable: boolean;
  cancellation: { refund: 'FULL' | 'PARTIAL' | 'NONE'; reason: string | null; utcCancelledAt: string } | null;
  freesale: boolean;
  availabilityId: string | null;
  availability: OctoAvailability | null;
  contact: OctoContact;
  notes: string | null;
  deliveryMethods: ('VOUCHER' | 'TICKET')[];
  voucher: OctoTicket | null;
  unitItems: OctoUnitItem[];
  pricing?: OctoPricing;
  pickupRequested?: boolean;
  pickupPointId?: string | null;
  pickupHotel?: string | null;
  pickupHotelRoom?: string | null;
  pickupPoint?: OctoPickupPoint | null;
  questionAnswers?: OctoQuestionAnswer[];
}
