import { apiRequest } from './http';
import type { BookingSummary, ChangePreview, CreateBookingRequest, ManagedBooking, ManagedChange, PromoPreview } from '../../shared/api-types';
import type { Answers } from '../../shared/questions';
import type { PartyItem } from '../../shared/pricing';

/** Where a checkout leads: our own confirmation page inside the app, or Stripe's page by a full load. */
export function followCheckout(redirectUrl: string, navigate: (path: string) => void): void {
  if (redirectUrl.startsWith('/')) navigate(redirectUrl);
  else window.location.assign(redirectUrl);
}

const manage = (token: string) => `/api/manage/${encodeURIComponent(token)}`;
const booking = (reference: string) => `/api/bookings/${encodeURIComponent(reference)}`;

/** The booking calls the booking pages make from the browser; a refusal throws an ApiError (see apiRequest). */
export const bookingClient = {
  findBooking: (reference: string, email: string) => apiRequest<{ message: string }>('POST', '/api/manage/find', { body: { reference, email } }),
  cancelManaged: (token: string) => apiRequest<ManagedBooking>('POST', `${manage(token)}/cancel`),
  payBalance: (token: string) => apiRequest<{ paymentUrl: string }>('POST', `${manage(token)}/balance`),
  answerWeatherOffer: (token: string, choice: 'move' | 'refund') => apiRequest<ManagedBooking>('POST', `${manage(token)}/weather-offer`, { body: { choice } }),
  rebookManaged: (token: string, departureId: number) => apiRequest<ManagedBooking>('POST', `${manage(token)}/rebook`, { body: { departureId } }),
  previewChange: (token: string, change: { departureId?: number; guests?: number; categories?: PartyItem[] }) => apiRequest<ChangePreview>('POST', `${manage(token)}/change/preview`, { body: change }),
  changeManaged: (token: string, change: { departureId?: number; guests?: number; categories?: PartyItem[]; giftCardCode?: string }) => apiRequest<ManagedChange>('POST', `${manage(token)}/change`, { body: change }),
  updateManaged: (token: string, changes: { phone?: string; notes?: string; pickup?: string; pickupPointId?: number | null; answers?: Answers }) => apiRequest<ManagedBooking>('PATCH', manage(token), { body: changes }),
  checkPromo: (request: { code: string; departureId: number; guests?: number; categories?: PartyItem[]; email?: string }) => apiRequest<PromoPreview>('POST', '/api/promo-codes/check', { body: request }),
  hold: (request: CreateBookingRequest) => apiRequest<BookingSummary>('POST', '/api/bookings', { body: request }),
  checkout: (reference: string, giftCardCode?: string, deposit = false) => apiRequest<{ redirectUrl: string }>('POST', `${booking(reference)}/checkout`, { body: { ...(giftCardCode ? { giftCardCode } : {}), ...(deposit ? { deposit } : {}) } }),
  cancel: (reference: string) => apiRequest<BookingSummary>('POST', `${booking(reference)}/cancel`),
};
