import { TZDate } from '@date-fns/tz';

import { COMPANY } from '../../shared/company';
import { MAX_GROUP_SIZE } from '../../shared/taxonomy';

export interface PlannedDeparture {
  startsAt: Date;
  capacity: number;
  priceSek: number | null;
}

/** What a tour's departures are planned from: its price, its months (1-12), weekdays (0 = Sunday) and local start times (HH:MM). */
export interface ScheduledTour {
  priceSek: number;
  seasonMonths: readonly number[];
  weekdays: readonly number[];
  startTimes: readonly string[];
}

/** Christmas and New Year weeks sell at a premium; the rest of the season at the tour's price. */
function peakPrice(tour: ScheduledTour, local: TZDate): number | null {
  const month = local.getMonth() + 1;
  const day = local.getDate();
  const isHolidayWeeks = (month === 12 && day >= 20) || (month === 1 && day <= 6);
  return isHolidayWeeks ? Math.round((tour.priceSek * 1.15) / 5) * 5 : null;
}

/**
 * The departures of one tour over the coming `days`, at local Kiruna times, on the
 * tour's weekdays and in its season, starting at least `leadHours` after `from`.
 */
export function planDepartures(tour: ScheduledTour, from: Date, days: number, leadHours = 2): PlannedDeparture[] {
  const today = new TZDate(from.getTime(), COMPANY.timeZone);
  const earliest = from.getTime() + leadHours * 60 * 60 * 1000;
  const planned: PlannedDeparture[] = [];
  for (let offset = 0; offset < days; offset++) {
    for (const time of tour.startTimes) {
      const [hours, minutes] = time.split(':').map(Number);
      const local = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offset, hours, minutes, COMPANY.timeZone);
      const inSeason = tour.seasonMonths.includes(local.getMonth() + 1);
      if (!inSeason || !tour.weekdays.includes(local.getDay()) || local.getTime() < earliest) continue;
      planned.push({ startsAt: new Date(local.getTime()), capacity: MAX_GROUP_SIZE, priceSek: peakPrice(tour, local) });
    }
  }
  return planned;
}
