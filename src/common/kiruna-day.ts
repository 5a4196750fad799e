import { TZDate } from '@date-fns/tz';

import { COMPANY } from '../../shared/company';

/** The UTC instant a local date (YYYY-MM-DD) starts in Kiruna. */
export function kirunaMidnight(localDate: string): Date {
  const [year, month, day] = localDate.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, day, COMPANY.timeZone).getTime());
}
