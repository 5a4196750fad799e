import { TZDate } from '@date-fns/tz';

import { COMPANY } from '../../shared/company';

/** An instant as Kiruna's local time with its offset, to the second: OCTO's availability id and local times. */
export function kirunaLocal(instant: Date | string): string {
  return new TZDate(new Date(instant), COMPANY.timeZone).toISOString().replace(/\.\d{3}(?=[+-])/, '');
}

/** The UTC instant a local date starts in Kiruna. */
export function kirunaMidnight(localDate: string): Date {
  const [year, month, day] = localDate.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, day, COMPANY.timeZone).getTime());
}

/** An instant as OCTO's UTC times are written: to the second, with Z. */
export const octoUtc = (instant: Date): string => instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
