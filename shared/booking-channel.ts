/** Where a booking was made, as staff read it (Swedish, as the admin is): the site, staff, or the reseller by name. */
export const BOOKING_SOURCES = ['online', 'staff', 'reseller'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export function channelLabel(source: BookingSource, resellerName?: string | null): string {
  if (source === 'reseller') return `Återförsäljare: ${resellerName ?? 'okänd'}`;
  return source === 'staff' ? 'Personal' : 'Webben';
}
