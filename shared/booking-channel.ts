/** Where a booking was made, as staff read it (Swedish, as the admin is): the site, staff, or the reseller by name. */
export type BookingSource = 'online' | 'staff' | 'reseller';

export function channelLabel(source: BookingSource, resellerName?: string | null): string {
  if (source === 'reseller') return `Återförsäljare: ${resellerName ?? 'okänd'}`;
  return source === 'staff' ? 'Personal' : 'Webben';
}
