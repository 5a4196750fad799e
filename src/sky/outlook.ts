import * as SunCalc from 'suncalc';

import { COMPANY } from '../../shared/company';
import type { CloudHour, MoonDay, SunDay } from './sources/met-norway';
import type { KpSlot } from './sources/noaa-kp';
import { SKY_PLACES, type SkyPlace } from './sky-places';

/** What the sky read for an evening says, in one word: never a promise. */
export type SkyVerdict = 'good' | 'possible' | 'poor';

/** Why, each said in the guest's language where it is shown (times are Kiruna's, HH:MM). */
export type SkyReason =
  | { code: 'not-dark' }
  | { code: 'clear'; from: string }
  | { code: 'clear-spells'; from: string }
  | { code: 'cloudy' }
  | { code: 'no-clouds' }
  | { code: 'kp'; kp: number; level: 'quiet' | 'moderate' | 'active' }
  | { code: 'no-kp' }
  | { code: 'bright-moon'; illumination: number };

export interface EveningOutlook {
  place: SkyPlace;
  /** The evening's date in Kiruna (the night that starts that evening). */
  date: string;
  /** When the sun is below −12° between that afternoon and the next morning (null: it never is). */
  darkness: { from: string; to: string } | null;
  sun: SunDay | null;
  moon: (MoonDay & { illumination: number }) | null;
  /** The 3-hour Kp slots that overlap the darkness. */
  kp: KpSlot[];
  /** The hours of darkness with their cloud cover. */
  clouds: CloudHour[];
  verdict: SkyVerdict | null;
  reasons: SkyReason[];
}

export interface SkyReadings {
  kp: KpSlot[];
  clouds: CloudHour[];
  sun?: SunDay;
  moon?: MoonDay;
}

const HOUR_MS = 3_600_000;
/** Total cover under this is a clear hour. */
const CLEAR_BELOW = 40;
/** Kp at these latitudes (68° N, under the auroral oval): from 2 the lights are often overhead, from 4 often bright. */
const KP_MODERATE = 2;
const KP_ACTIVE = 4;

const localClock = new Intl.DateTimeFormat('en-GB', { timeZone: COMPANY.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An instant's time in Kiruna (HH:MM). */
export const kirunaClock = (at: Date | string): string => localClock.format(new Date(at));

/** The date after `date` (YYYY-MM-DD). */
export const nextDate = (date: string): string => new Date(Date.parse(`${date}T12:00:00Z`) + 24 * HOUR_MS).toISOString().slice(0, 10);

const valid = (date: Date | null | undefined): date is Date => date instanceof Date && !Number.isNaN(date.getTime());

/**
 * When the sun is below −12° (nautical dusk to nautical dawn) in the night that starts on
 * `date`: from that day's dusk to the next day's dawn. In polar night the sun may stay below
 * −12° all day; in the light summer nights it never gets there (null).
 */
export function darknessOf(place: SkyPlace, date: string): { from: string; to: string } | null {
  const { lat, lon } = SKY_PLACES[place];
  const evening = SunCalc.getTimes(new Date(`${date}T12:00:00Z`), lat, lon);
  const morning = SunCalc.getTimes(new Date(`${nextDate(date)}T12:00:00Z`), lat, lon);
  const dusk = evening.nauticalDusk;
  const dawn = morning.nauticalDawn;
  if (valid(dusk) && valid(dawn)) return { from: dusk.toISOString(), to: dawn.toISOString() };
  // No dusk: either the sun stays below −12° through the day (deep polar night: dark from the evening) or never sinks that far.
  const noon = SunCalc.getPosition(evening.solarNoon, lat, lon).altitude * (180 / Math.PI);
  if (noon < -12) return { from: `${date}T15:00:00.000Z`, to: `${nextDate(date)}T07:00:00.000Z` };
  return null;
}

/** The moon's lit share (0-1) from its phase in degrees (0 new, 180 full). */
export const illuminationOf = (phaseDegrees: number): number => Math.round(((1 - Math.cos((phaseDegrees * Math.PI) / 180)) / 2) * 100) / 100;

const overlaps = (start: number, end: number, from: number, to: number) => start < to && end > from;

/**
 * The evening's outlook from what the sources said: the hours of darkness, the Kp slots and
 * cloud cover in them, the moon, and a verdict with its reasons. No verdict (null) when neither
 * the clouds nor the Kp are known for that night: the site then says no outlook is available.
 */
export function eveningOutlook(place: SkyPlace, date: string, readings: SkyReadings): EveningOutlook {
  const darkness = darknessOf(place, date);
  const moon = readings.moon ? { ...readings.moon, illumination: readings.moon.phaseDegrees === null ? 0 : illuminationOf(readings.moon.phaseDegrees) } : null;
  const base = { place, date, darkness, sun: readings.sun ?? null, moon };
  if (!darkness) return { ...base, kp: [], clouds: [], verdict: 'poor', reasons: [{ code: 'not-dark' }] };

  const [from, to] = [Date.parse(darkness.from), Date.parse(darkness.to)];
  const kp = readings.kp.filter((slot) => overlaps(Date.parse(slot.start), Date.parse(slot.start) + 3 * HOUR_MS, from, to));
  const clouds = readings.clouds.filter((hour) => overlaps(Date.parse(hour.time), Date.parse(hour.time) + HOUR_MS, from, to));
  const covered = clouds.filter((hour): hour is CloudHour & { total: number } => hour.total !== null);
  const reasons: SkyReason[] = [];

  let sky: 'clear' | 'spells' | 'cloudy' | undefined;
  if (covered.length > 0) {
    const clear = covered.filter((hour) => hour.total < CLEAR_BELOW);
    const share = clear.length / covered.length;
    const first = clear[0] ? kirunaClock(clear[0].time) : '';
    sky = share >= 0.5 ? 'clear' : clear.length >= 1 ? 'spells' : 'cloudy';
    reasons.push(sky === 'clear' ? { code: 'clear', from: first } : sky === 'spells' ? { code: 'clear-spells', from: first } : { code: 'cloudy' });
  } else reasons.push({ code: 'no-clouds' });

  const kpMax = kp.length ? Math.max(...kp.map((slot) => slot.kp)) : undefined;
  if (kpMax !== undefined) reasons.push({ code: 'kp', kp: Math.round(kpMax), level: kpMax >= KP_ACTIVE ? 'active' : kpMax >= KP_MODERATE ? 'moderate' : 'quiet' });
  else reasons.push({ code: 'no-kp' });

  const moonUp = moon && moon.illumination >= 0.75 && moonUpInDarkness(moon, from, to);
  if (moon && moonUp) reasons.push({ code: 'bright-moon', illumination: moon.illumination });

  if (sky === undefined && kpMax === undefined) return { ...base, kp, clouds, verdict: null, reasons: [] };
  return { ...base, kp, clouds, verdict: verdictOf(sky, kpMax, Boolean(moonUp)), reasons };
}

/** Clouds decide first (no sky, no lights), then the sun's activity; a bright moon only takes the edge off a quiet night. */
function verdictOf(sky: 'clear' | 'spells' | 'cloudy' | undefined, kpMax: number | undefined, brightMoon: boolean): SkyVerdict {
  if (sky === 'cloudy') return 'poor';
  const kp = kpMax ?? KP_MODERATE;
  if (sky === undefined) return kp >= KP_ACTIVE ? 'possible' : 'poor';
  if (sky === 'spells') return kp >= KP_MODERATE ? 'possible' : 'poor';
  if (kp < KP_MODERATE) return 'possible';
  return brightMoon && kp < 3 ? 'possible' : 'good';
}

/** Whether the moon is up for most of the darkness: up all day (no rise or set, high at night), or its rise and set leave it up. */
function moonUpInDarkness(moon: MoonDay, from: number, to: number): boolean {
  if (!moon.moonrise && !moon.moonset) return true;
  const rise = moon.moonrise ? Date.parse(moon.moonrise) : -Infinity;
  const set = moon.moonset ? Date.parse(moon.moonset) : Infinity;
  // Risen before the darkness and not set in it, or risen in its first half.
  const upFrom = set < rise ? (rise < to ? rise : from) : Math.max(rise, from);
  const upTo = set < rise ? to : Math.min(set, to);
  return upTo - upFrom >= (to - from) / 2;
}
