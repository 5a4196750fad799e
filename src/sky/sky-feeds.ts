import { COMPANY, kirunaDate } from '../../shared/company';
import { dateTimeFormat } from '../../shared/intl-formats';
import { SKY_PLACE_NAMES, type SkyPlace } from './sky-places';
import { nextDate } from './outlook';
import { metUrls, parseCloudCover, parseMoon, parseSun } from './sources/met-norway';
import { KP_FORECAST_URL, KP_OBSERVED_URL, parseKpForecast, parseKpObserved } from './sources/noaa-kp';

export type FeedSource = 'kp-forecast' | 'kp-observed' | 'met-clouds' | 'met-sun' | 'met-moon';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How a feed is asked: one address (asked again with If-Modified-Since), or one per evening (the sun and moon by date). */
export type FeedRequest = { kind: 'one'; url: string; read: (body: unknown) => unknown } | { kind: 'by-date'; urls: { date: string; url: string }[]; read: (body: unknown, date: string) => unknown };

export interface FeedDefinition {
  source: FeedSource;
  place: SkyPlace | 'all';
  request: (now: Date) => FeedRequest;
  /** When it is asked again: at the answer's `Expires`, within these bounds (`usual` when it gives none). */
  schedule: { min: number; usual: number; max: number };
}

/** The evenings an outlook is given for: tonight and the next three. */
export const OUTLOOK_NIGHTS = 4;

export function outlookDates(now: Date): string[] {
  const dates = [kirunaDate(now)];
  while (dates.length < OUTLOOK_NIGHTS) dates.push(nextDate(dates.at(-1)!));
  return dates;
}

/** Kiruna's offset from UTC on a date, as MET Norway's sunrise API takes it. */
export function kirunaOffset(date: string): string {
  const name = dateTimeFormat('en-US', { timeZone: COMPANY.timeZone, timeZoneName: 'longOffset' }).formatToParts(new Date(`${date}T12:00:00Z`)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+01:00';
  return name.replace('GMT', '') || '+00:00';
}

const byDate = (url: (date: string, offset: string) => string, read: (body: unknown, date: string) => unknown) => (now: Date): FeedRequest => ({
  kind: 'by-date',
  urls: outlookDates(now).map((date) => ({ date, url: url(date, kirunaOffset(date)) })),
  read,
});

/** Every feed: the Kp twice for everywhere, and the clouds, sun and moon for each place. */
export const FEEDS: FeedDefinition[] = [
  { source: 'kp-forecast', place: 'all', request: () => ({ kind: 'one', url: KP_FORECAST_URL, read: parseKpForecast }), schedule: { min: 15 * MINUTE, usual: 30 * MINUTE, max: 3 * HOUR } },
  { source: 'kp-observed', place: 'all', request: () => ({ kind: 'one', url: KP_OBSERVED_URL, read: parseKpObserved }), schedule: { min: 15 * MINUTE, usual: 30 * MINUTE, max: 3 * HOUR } },
  ...SKY_PLACE_NAMES.flatMap((place): FeedDefinition[] => [
    { source: 'met-clouds', place, request: () => ({ kind: 'one', url: metUrls.clouds(place), read: parseCloudCover }), schedule: { min: 10 * MINUTE, usual: HOUR, max: 2 * HOUR } },
    { source: 'met-sun', place, request: byDate((date, offset) => metUrls.sun(place, date, offset), parseSun), schedule: { min: 6 * HOUR, usual: 12 * HOUR, max: 24 * HOUR } },
    { source: 'met-moon', place, request: byDate((date, offset) => metUrls.moon(place, date, offset), parseMoon), schedule: { min: 6 * HOUR, usual: 12 * HOUR, max: 24 * HOUR } },
  ]),
];

export const feedOf = (source: string, place: string): FeedDefinition | undefined => FEEDS.find((feed) => feed.source === source && feed.place === place);

/** When a feed is asked again after an answer: its Expires, kept within the feed's bounds. */
export function nextFetch(feed: FeedDefinition, now: Date, expires?: Date): Date {
  const wanted = expires ? expires.getTime() - now.getTime() : feed.schedule.usual;
  return new Date(now.getTime() + Math.min(feed.schedule.max, Math.max(feed.schedule.min, wanted)));
}

/** After a failed attempt: 5, 15, then 60 minutes. */
export const retryAfter = (failures: number, now: Date): Date => new Date(now.getTime() + [5, 15, 60][Math.min(failures, 3) - 1]! * MINUTE);
