/**
 * MET Norway (data under NLOD 2.0 and CC BY 4.0: "Data from MET Norway" is shown where it is
 * used): Locationforecast 2.0 `complete` for the cloud cover per hour, and Sunrise 3.0 for the
 * sun and the moon on a date. Coordinates go with at most 4 decimals; a missing value is null.
 */
import { SKY_PLACES, type SkyPlace } from '../sky-places';

export const MET_ATTRIBUTION = 'Data from MET Norway';

export interface CloudHour {
  /** The hour, UTC, ISO. */
  time: string;
  /** Cover in percent (0-100): all of the sky, and its low, medium and high clouds. */
  total: number | null;
  low: number | null;
  medium: number | null;
  high: number | null;
}

export interface SunDay {
  date: string;
  sunrise: string | null;
  sunset: string | null;
  /** The sun never rises (polar night) or never sets (polar day) that day. */
  polar: 'night' | 'day' | null;
}

export interface MoonDay {
  date: string;
  moonrise: string | null;
  moonset: string | null;
  /** 0 new, 90 first quarter, 180 full, 270 last quarter. */
  phaseDegrees: number | null;
}

const coordinates = (place: SkyPlace) => `lat=${SKY_PLACES[place].lat.toFixed(4)}&lon=${SKY_PLACES[place].lon.toFixed(4)}`;

export const metUrls = {
  clouds: (place: SkyPlace) => `https://api.met.no/weatherapi/locationforecast/2.0/complete?${coordinates(place)}`,
  /** `offset`: Kiruna's offset from UTC that date, as MET wants it (+01:00, +02:00). */
  sun: (place: SkyPlace, date: string, offset: string) => `https://api.met.no/weatherapi/sunrise/3.0/sun?${coordinates(place)}&date=${date}&offset=${encodeURIComponent(offset)}`,
  moon: (place: SkyPlace, date: string, offset: string) => `https://api.met.no/weatherapi/sunrise/3.0/moon?${coordinates(place)}&date=${date}&offset=${encodeURIComponent(offset)}`,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const at = (value: unknown, ...path: string[]): unknown => path.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), value);

function percent(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value * 10) / 10)) : null;
}

function instant(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** Locationforecast's hours with their cloud cover (an hour without a time is left out). */
export function parseCloudCover(body: unknown): CloudHour[] {
  const series = at(body, 'properties', 'timeseries');
  if (!Array.isArray(series)) return [];
  const hours: CloudHour[] = [];
  for (const step of series) {
    const time = instant(at(step, 'time'));
    if (!time) continue;
    const details = at(step, 'data', 'instant', 'details');
    hours.push({
      time,
      total: percent(at(details, 'cloud_area_fraction')),
      low: percent(at(details, 'cloud_area_fraction_low')),
      medium: percent(at(details, 'cloud_area_fraction_medium')),
      high: percent(at(details, 'cloud_area_fraction_high')),
    });
  }
  return hours.sort((a, b) => a.time.localeCompare(b.time));
}

/** Sunrise 3.0's sun on `date`: no rise and no set is polar night when the sun is not up at noon, polar day when it is up at midnight. */
export function parseSun(body: unknown, date: string): SunDay {
  const properties = at(body, 'properties');
  const sunrise = instant(at(properties, 'sunrise', 'time'));
  const sunset = instant(at(properties, 'sunset', 'time'));
  const noonVisible = at(properties, 'solarnoon', 'visible');
  const midnightVisible = at(properties, 'solarmidnight', 'visible');
  const polar = !sunrise && !sunset ? (midnightVisible === true ? 'day' : noonVisible === false ? 'night' : null) : null;
  return { date, sunrise, sunset, polar };
}

/** Sunrise 3.0's moon on `date`. */
export function parseMoon(body: unknown, date: string): MoonDay {
  const properties = at(body, 'properties');
  const phase = at(properties, 'moonphase');
  return {
    date,
    moonrise: instant(at(properties, 'moonrise', 'time')),
    moonset: instant(at(properties, 'moonset', 'time')),
    phaseDegrees: typeof phase === 'number' && Number.isFinite(phase) ? Math.round((((phase % 360) + 360) % 360) * 10) / 10 : null,
  };
}
