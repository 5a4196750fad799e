import type { SkyAnswer, SkyHttp } from '../../src/sky/sky-http';

const HOUR = 3_600_000;

/**
 * The sky sources as a stand-in (never the network), saying the same about every hour around
 * `now`: a Kp and a cloud cover, in the sources' own formats (NOAA's objects, MET's GeoJSON).
 */
export function steadySky(sky: { kp: number; cover: number }, now = new Date()): SkyHttp {
  const start = Math.floor(now.getTime() / (3 * HOUR)) * 3 * HOUR - 12 * HOUR;
  const kp = Array.from({ length: 48 }, (_, slot) => ({ time_tag: new Date(start + slot * 3 * HOUR).toISOString().slice(0, 19), kp: sky.kp, observed: 'predicted', noaa_scale: null }));
  const timeseries = Array.from({ length: 120 }, (_, hour) => ({ time: new Date(start + hour * HOUR).toISOString().replace('.000', ''), data: { instant: { details: { cloud_area_fraction: sky.cover, cloud_area_fraction_low: sky.cover, cloud_area_fraction_medium: 0, cloud_area_fraction_high: 0 } } } }));
  const answer = (url: string): SkyAnswer => {
    if (url.includes('noaa-planetary-k-index-forecast')) return { status: 200, body: kp };
    if (url.includes('noaa-planetary-k-index.json')) return { status: 200, body: [] };
    if (url.includes('locationforecast')) return { status: 200, body: { properties: { timeseries } } };
    return { status: 200, body: { properties: {} } };
  };
  return { get: async (url: string) => answer(url) } as unknown as SkyHttp;
}
