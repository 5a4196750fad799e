import type { RenderResult } from '../../shared/ssr-contract';
import { BookingLookupLimiter } from '../bookings/booking-lookup.limiter';
import { DATABASE_RETRY_AFTER_SECONDS } from '../common/filters/database-unavailable';

/**
 * The headers a rendered page goes out with, wherever it is sent from (PagesController, or
 * PageResponder before Express): how long its data and React's render took, whether it may be
 * kept, and when a refused booking look-up, or a page the database could not give, may be tried again.
 */
export function pageHeaders(result: Extract<RenderResult, { kind: 'page' }> & { dataFailed: boolean }): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Server-Timing': `data;dur=${result.timings.data.toFixed(2)}, render;dur=${result.timings.render.toFixed(2)}`,
    // A page that shows a failure to load ("Failed to load tours") is never kept, here or by anyone else.
    'Cache-Control': result.dataFailed ? 'no-store' : 'no-cache',
    ...(result.status === 429 ? { 'Retry-After': String(BookingLookupLimiter.WINDOW_MS / 1000) } : {}),
    ...(result.status === 503 ? { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } : {}),
  };
}
