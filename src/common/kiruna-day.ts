import { TZDate } from '@date-fns/tz';

import { COMPANY } from '../../shared/company';

/** The UTC instant a local date (YYYY-MM-DD) starts in Kiruna. */
export function kirunaMidnight(localDate: string): Date {
  return kirunaTimeOn(localDate, 0);
}

/** The UTC instant of `hour`:00 in Kiruna on a local date (YYYY-MM-DD), the clocks' changes counted. */
export function kirunaTimeOn(localDate: string, hour: number): Date {
  const [year, month, day] = localDate.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, day, hour, 0, COMPANY.timeZone).getTime());
}

/** The start of a Kiruna-local day, `offset` days from `now` (midnight there, whatever the server's zone). */
export function kirunaDayStart(now: Date, offset: number): Date {
  const local = new TZDate(now.getTime(), COMPANY.timeZone);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + offset, 0, 0, COMPANY.timeZone).getTime());
}
