import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { metUrls, parseCloudCover, parseMoon, parseSun } from './met-norway';
import { mergeKp, parseKpForecast, parseKpObserved } from './noaa-kp';

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../test/fixtures/sky', name), 'utf8'));

describe('NOAA SWPC Kp, in both formats', () => {
  it('reads the list of objects (since 2026-03-31), leaving out a slot without an index', () => {
    const slots = parseKpForecast(fixture('noaa-kp-forecast-objects.json'));
    expect(slots).toHaveLength(55);
    expect(slots[0]).toEqual({ start: '2026-11-21T00:00:00.000Z', kp: 2.33, kind: 'observed' });
    expect(slots.find((slot) => slot.start === '2026-11-24T09:00:00.000Z')?.kind).toBe('estimated');
    expect(slots.find((slot) => slot.start === '2026-11-24T18:00:00.000Z')).toEqual({ start: '2026-11-24T18:00:00.000Z', kp: 4.67, kind: 'predicted' });
    expect(slots.some((slot) => slot.start === '2026-11-26T00:00:00.000Z')).toBe(false);
  });

  it('reads the rows under a header row (the earlier format), text values and an empty one too', () => {
    const slots = parseKpForecast(fixture('noaa-kp-forecast-rows.json'));
    expect(slots).toHaveLength(23);
    expect(slots[9]).toEqual({ start: '2025-03-29T03:00:00.000Z', kp: 5.33, kind: 'observed' });
    expect(slots[10]?.kind).toBe('estimated');
    expect(slots.at(-1)).toEqual({ start: '2025-03-30T21:00:00.000Z', kp: 2.33, kind: 'predicted' });
  });

  it('reads the observed index in both formats (its objects say Kp), and it replaces the forecast where both have a slot', () => {
    const observed = parseKpObserved(fixture('noaa-kp-observed-objects.json'));
    expect(observed[2]).toEqual({ start: '2026-11-23T06:00:00.000Z', kp: 3, kind: 'observed' });
    expect(parseKpObserved(fixture('noaa-kp-observed-rows.json'))[7]).toEqual({ start: '2025-03-27T21:00:00.000Z', kp: 4, kind: 'observed' });
    const merged = mergeKp(parseKpForecast(fixture('noaa-kp-forecast-objects.json')), observed);
    expect(merged.find((slot) => slot.start === '2026-11-23T06:00:00.000Z')?.kp).toBe(3);
  });

  it('reads nothing from what is not either format', () => {
    for (const body of [null, {}, 'text', [], [[]], [{ time_tag: 'yesterday', kp: 3 }], [{ time_tag: '2026-11-24 00:00:00', kp: 12 }]]) expect(parseKpForecast(body)).toEqual([]);
  });
});

describe('MET Norway', () => {
  it('asks with at most 4 decimals and the date and offset', () => {
    expect(metUrls.clouds('kiruna')).toBe('https://api.met.no/weatherapi/locationforecast/2.0/complete?lat=67.8558&lon=20.2253');
    expect(metUrls.sun('abisko', '2026-11-24', '+01:00')).toBe('https://api.met.no/weatherapi/sunrise/3.0/sun?lat=68.3495&lon=18.8312&date=2026-11-24&offset=%2B01%3A00');
  });

  it('reads the cloud cover per hour, a missing value as null', () => {
    const hours = parseCloudCover(fixture('met-locationforecast-kiruna.json'));
    expect(hours).toHaveLength(60);
    expect(hours[0]).toEqual({ time: '2026-11-24T12:00:00.000Z', total: 95, low: 90, medium: 0, high: 0 });
    expect(hours[25]?.low).toBeNull();
    expect(hours[26]?.total).toBeNull();
    expect(parseCloudCover({ properties: {} })).toEqual([]);
  });

  it('reads a short day, polar night and polar day from the sun', () => {
    expect(parseSun(fixture('met-sun-kiruna-2026-11-24.json'), '2026-11-24')).toMatchObject({ polar: null, sunrise: expect.stringMatching(/^2026-11-24T0\d:\d\d:00.000Z$/), sunset: expect.stringMatching(/^2026-11-24T1\d:\d\d:00.000Z$/) });
    expect(parseSun(fixture('met-sun-kiruna-2026-12-15.json'), '2026-12-15')).toEqual({ date: '2026-12-15', sunrise: null, sunset: null, polar: 'night' });
    expect(parseSun(fixture('met-sun-abisko-2026-06-21.json'), '2026-06-21')).toEqual({ date: '2026-06-21', sunrise: null, sunset: null, polar: 'day' });
  });

  it('reads the moon: its phase, and its rise and set where it has them', () => {
    expect(parseMoon(fixture('met-moon-kiruna-2026-11-24.json'), '2026-11-24')).toEqual({ date: '2026-11-24', moonrise: null, moonset: null, phaseDegrees: 186 });
    expect(parseMoon(fixture('met-moon-abisko-2026-11-30.json'), '2026-11-30')).toEqual({ date: '2026-11-30', moonrise: '2026-11-30T18:52:00.000Z', moonset: '2026-11-30T12:05:00.000Z', phaseDegrees: 239.6 });
  });
});
