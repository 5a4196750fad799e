import { TZDate } from '@date-fns/tz';
import { COMPANY } from '../../shared/company';

export const KIRUNA_ZONE = COMPANY.timeZone;

/** "2026-12-24" and "19:00" on Kiruna's clock → the ISO instant, right on both sides of a DST switch. */
export function kirunaTime(date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, KIRUNA_ZONE).getTime()).toISOString();
}

/** An instant as Kiruna's date and time, for a date and a time input: ["2026-12-24", "19:00"]. */
export function kirunaParts(iso: string): [date: string, time: string] {
  const local = new TZDate(new Date(iso).getTime(), KIRUNA_ZONE);
  const pad = (value: number) => String(value).padStart(2, '0');
  return [`${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`, `${pad(local.getHours())}:${pad(local.getMinutes())}`];
}
