import { TZDate } from '@date-fns/tz';

import { COMPANY } from '../../shared/company';

/** An instant as Kiruna's local time with its offset, to the second: OCTO's availability id and local times. */
export function kirunaLocal(instant: Date | string): string {
  return new TZDate(new Date(instant), COMPANY.timeZone).toISOString().replace(/\.\d{3}(?=[+-])/, '');
}

/** The UTC instant a local date starts in Kiruna (kept here for OCTO's callers). */
export { kirunaMidnight } from '../common/kiruna-day';

/** An instant as OCTO's UTC times are written: to the second, with Z. */
export const octoUtc = (instant: Date): string => instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
