import { monthKey, shiftDay, shiftMonth } from '../components/calendar-month';

/** What the planning board shows: one day, the week around it (Monday first), or its month; across every tour. */
export type BoardView = 'day' | 'week' | 'month';
export const BOARD_VIEWS: readonly BoardView[] = ['day', 'week', 'month'];

/** The weekday of a date, Monday 0 … Sunday 6 (as the Swedish week runs). */
const weekdayOf = (day: string): number => (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;

/** The Monday of the date's week. */
export const mondayOf = (day: string): string => shiftDay(day, -weekdayOf(day));

/** The ISO 8601 week number (Swedish calendars number weeks so): the week with the year's first Thursday is week 1. */
export function isoWeek(day: string): number {
  const thursday = shiftDay(day, 3 - weekdayOf(day));
  const firstOfYear = `${thursday.slice(0, 4)}-01-01`;
  return Math.floor((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${firstOfYear}T00:00:00Z`)) / (7 * 86_400_000)) + 1;
}

/** The days the view covers, first and last (inclusive). */
export function boardSpan(view: BoardView, day: string): { from: string; to: string } {
  if (view === 'day') return { from: day, to: day };
  if (view === 'week') return { from: mondayOf(day), to: shiftDay(mondayOf(day), 6) };
  const month = monthKey(day);
  return { from: `${month}-01`, to: shiftDay(`${shiftMonth(month, 1)}-01`, -1) };
}

/** The same view one step earlier or later: a day, a week or a month. */
export function boardStep(view: BoardView, day: string, by: -1 | 1): string {
  if (view === 'day') return shiftDay(day, by);
  if (view === 'week') return shiftDay(day, 7 * by);
  return `${shiftMonth(monthKey(day), by)}-01`;
}

const dayTitle = new Intl.DateTimeFormat('sv-SE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthTitle = new Intl.DateTimeFormat('sv-SE', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('sv-SE', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** The view's title as Swedish writes it: "måndag 7 december 2026", "Vecka 50: 7–13 december 2026", "december 2026". */
export function boardTitle(view: BoardView, day: string): string {
  if (view === 'day') return dayTitle.format(noon(day));
  if (view === 'month') return monthTitle.format(noon(day));
  const { from, to } = boardSpan('week', day);
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  const start = sameMonth ? String(Number(from.slice(8))) : dayMonth.format(noon(from));
  return `Vecka ${isoWeek(day)}: ${start}–${dayMonth.format(noon(to))} ${to.slice(0, 4)}`;
}
