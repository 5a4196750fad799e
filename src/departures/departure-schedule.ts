import { TZDate } from '@date-fns/tz';

import { COMPANY } from '../../shared/company';
import { MAX_GROUP_SIZE } from '../../shared/taxonomy';

export interface PlannedDeparture {
  startsAt: Date;
  capacity: number;
  priceSek: number | null;
  /** Season prices of the tour's other paid categories, by code; null at their usual prices. */
  categoryPrices: Record<string, number> | null;
}

/** What a tour's departures are planned from: its price, its months (1-12), weekdays (0 = Sunday) and local start times (HH:MM). */
export interface ScheduledTour {
  priceSek: number;
  seasonMonths: readonly number[];
  weekdays: readonly number[];
  startTimes: readonly string[];
  /** The tour's price categories besides its default, whose price is `priceSek`. */
  otherCategories?: readonly { code: string; priceSek: number }[];
}

const PEAK_PREMIUM = 1.15;
const withPremium = (priceSek: number): number => Math.round((priceSek * PEAK_PREMIUM) / 5) * 5;

/**
 * Christmas and New Year weeks sell at a premium, on every paid category alike (a child or a
 * family costs more then too, or the family ticket would cost less than its parts); the rest of
 * the season at the tour's prices.
 */
function peakPrices(tour: ScheduledTour, local: TZDate): Pick<PlannedDeparture, 'priceSek' | 'categoryPrices'> {
  const month = local.getMonth() + 1;
  const day = local.getDate();
  const isHolidayWeeks = (month === 12 && day >= 20) || (month === 1 && day <= 6);
  if (!isHolidayWeeks) return { priceSek: null, categoryPrices: null };
  const paid = (tour.otherCategories ?? []).filter(({ priceSek }) => priceSek > 0);
  return {
    priceSek: withPremium(tour.priceSek),
    categoryPrices: paid.length ? Object.fromEntries(paid.map(({ code, priceSek }) => [code, withPremium(priceSek)])) : null,
  };
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
      planned.push({ startsAt: new Date(local.getTime()), capacity: MAX_GROUP_SIZE, ...peakPrices(tour, local) });
    }
  }
  return planned;
}
