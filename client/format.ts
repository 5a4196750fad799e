import { COMPANY, formatSek } from '../shared/company';
const TIME_ZONE = COMPANY.timeZone;

export { formatSek };

/** Durations in hours: "2 hours", "2.5 hours". */
export const formatHours = (hours: number): string =>
  `${Number.isInteger(hours) ? hours : hours.toFixed(1)} ${hours === 1 ? 'hour' : 'hours'}`;

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: TIME_ZONE });
/** Blog dates in short-month format: "Nov 16, 2026". */
export const formatPostDate = (iso: string): string => shortDate.format(new Date(iso));

const departureDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});
/** Departure times in Kiruna's time zone: "Mon 24 Nov, 20:00". */
export const formatDeparture = (iso: string): string => departureDate.format(new Date(iso));
