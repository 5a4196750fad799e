import type { BookingSummary, CreateBookingRequest, ManagedBooking, ManagedChange } from './types';

export interface ApiFailure {
  status: number;
  message: string;
  fields?: Record<string, string[]>;
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiFailure };

async function send<T>(method: 'POST' | 'PATCH', path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as T & Partial<ApiFailure>;
    if (response.ok) return { ok: true, value: json };
    return { ok: false, error: { status: response.status, message: json.message ?? 'Something went wrong. Please try again.', fields: json.fields } };
  } catch {
    return { ok: false, error: { status: 0, message: 'We could not reach our server. Please check your connection and try again.' } };
  }
}

const post = <T,>(path: string, body?: unknown) => send<T>('POST', path, body);
const manage = (token: string) => `/api/manage/${encodeURIComponent(token)}`;

/** The booking calls the booking pages make from the browser. */
export const bookingClient = {
  findBooking: (reference: string, email: string) => post<{ message: string }>('/api/manage/find', { reference, email }),
  cancelManaged: (token: string) => post<ManagedBooking>(`${manage(token)}/cancel`),
  changeManaged: (token: string, change: { departureId?: number; guests?: number }) => post<ManagedChange>(`${manage(token)}/change`, change),
  updateManaged: (token: string, changes: { phone?: string; notes?: string; pickup?: string }) => send<ManagedBooking>('PATCH', manage(token), changes),
  hold: (request: CreateBookingRequest) => post<BookingSummary>('/api/bookings', request),
  checkout: (reference: string) => post<{ redirectUrl: string }>(`/api/bookings/${encodeURIComponent(reference)}/checkout`),
  cancel: (reference: string) => post<BookingSummary>(`/api/bookings/${encodeURIComponent(reference)}/cancel`),
};
