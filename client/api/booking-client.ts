import type { BookingSummary, CreateBookingRequest } from './types';

export interface ApiFailure {
  status: number;
  message: string;
  fields?: Record<string, string[]>;
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiFailure };

async function post<T>(path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
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

/** The booking calls the booking pages make from the browser. */
export const bookingClient = {
  hold: (request: CreateBookingRequest) => post<BookingSummary>('/api/bookings', request),
  checkout: (reference: string) => post<{ redirectUrl: string }>(`/api/bookings/${encodeURIComponent(reference)}/checkout`),
  cancel: (reference: string) => post<BookingSummary>(`/api/bookings/${encodeURIComponent(reference)}/cancel`),
};
