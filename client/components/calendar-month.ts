import { kirunaDate } from '../../shared/company';

/** A day of a month as the calendar shows it: `key` "YYYY-MM-DD" in the company's time zone, `index` its place in the grid. */
export interface CalendarDay {
  key: string;
  date: Date;
  index: number;
}

/** The day (YYYY-MM-DD) an instant falls on in Kiruna: a departure at 00:30 belongs to that local day, not to UTC's. */
export const dayKey = (iso: string): string => kirunaDate(iso);

/** Departures (anything that starts) by the Kiruna day they start on, in the order given. */
export function byKirunaDay<T extends { startsAt: string }>(items: T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const key = dayKey(item.startsAt);
    days.set(key, [...(days.get(key) ?? []), item]);
  }
  return days;
}

/** Today in Kiruna (YYYY-MM-DD). */
export const todayInKiruna = (): string => dayKey(new Date().toISOString());

/** The day `by` days after (or before) `day`. */
export const shiftDay = (day: string, by: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);

/** The month (YYYY-MM) of a day key. */
export const monthKey = (day: string): string => day.slice(0, 7);

/** The month `by` months after (or before) `month`. */
export function shiftMonth(month: string, by: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, index - 1 + by, 1));
  return shifted.toISOString().slice(0, 7);
}

/**
 * The weeks of a month, Monday first, with null for the days of other months. Dates are UTC
 * midnights that stand for the calendar day, whatever the browser's own time zone.
 */
export function calendarMonth(month: string): (CalendarDay | null)[][] {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, index - 1, 1));
  const length = new Date(Date.UTC(year, index, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (CalendarDay | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= length; day++) {
    const date = new Date(Date.UTC(year, index - 1, day));
    cells.push({ key: date.toISOString().slice(0, 10), date, index: lead + day - 1 });
  }
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/**
 * The dates to ask the departures API for one month: a day either side, since its dates are
 * UTC days and the company's are not (the caller keeps the month's own days), and never
 * before yesterday, as the API keeps only season dates.
 */
export function monthRange(month: string, today: string): { from: string; to: string } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const dayBefore = new Date(Date.UTC(year, index - 1, 0)).toISOString().slice(0, 10);
  const yesterday = shiftDay(today, -1);
  const to = new Date(Date.UTC(year, index, 2)).toISOString().slice(0, 10);
  return { from: dayBefore < yesterday ? yesterday : dayBefore, to };
}
