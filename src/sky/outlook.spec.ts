import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { darknessOf, eveningOutlook, illuminationOf, kirunaClock } from './outlook';
import { parseCloudCover, parseMoon, parseSun } from './sources/met-norway';
import { parseKpForecast, type KpSlot } from './sources/noaa-kp';

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../test/fixtures/sky', name), 'utf8'));
const kp = parseKpForecast(fixture('noaa-kp-forecast-objects.json'));
const clouds = parseCloudCover(fixture('met-locationforecast-kiruna.json'));
const moon = parseMoon(fixture('met-moon-kiruna-2026-11-24.json'), '2026-11-24');
const sun = parseSun(fixture('met-sun-kiruna-2026-11-24.json'), '2026-11-24');

/** Hours of a night at one cover, and slots at one index: what the verdict is decided on. */
const night = (date: string, cover: number | null, index: number | null) => ({
  clouds: Array.from({ length: 24 }, (_, hour) => ({ time: new Date(Date.parse(`${date}T12:00:00Z`) + hour * 3_600_000).toISOString(), total: cover, low: null, medium: null, high: null })),
  kp: index === null ? [] : Array.from({ length: 8 }, (_, slot): KpSlot => ({ start: new Date(Date.parse(`${date}T12:00:00Z`) + slot * 3 * 3_600_000).toISOString(), kp: index, kind: 'predicted' })),
});

describe("An evening's sky outlook", () => {
  it('is dark in Kiruna on 24 November from nautical dusk in the afternoon to dawn the next morning', () => {
    const darkness = darknessOf('kiruna', '2026-11-24')!;
    expect(kirunaClock(darkness.from)).toMatch(/^16:\d\d$/);
    expect(kirunaClock(darkness.to)).toMatch(/^06:\d\d$/);
    expect(darkness.to.slice(0, 10)).toBe('2026-11-25');
  });

  it('tonight (the recorded forecast): overcast, clear after 23:00, Kp up to 5, a full moon up all night: good', () => {
    const outlook = eveningOutlook('kiruna', '2026-11-24', { kp, clouds, moon, sun });
    expect(outlook.verdict).toBe('good');
    expect(outlook.reasons).toEqual([{ code: 'clear', from: '23:00' }, { code: 'kp', kp: 5, level: 'active' }, { code: 'bright-moon', illumination: 1 }]);
    expect(outlook.clouds[0]?.time).toBe('2026-11-24T15:00:00.000Z');
    expect(outlook.kp.map((slot) => slot.start)).toEqual(['2026-11-24T15:00:00.000Z', '2026-11-24T18:00:00.000Z', '2026-11-24T21:00:00.000Z', '2026-11-25T00:00:00.000Z', '2026-11-25T03:00:00.000Z']);
    expect(outlook.moon).toMatchObject({ phaseDegrees: 186, illumination: 1 });
  });

  it('tomorrow: cloud all night: poor, whatever the Kp', () => {
    const outlook = eveningOutlook('kiruna', '2026-11-25', { kp, clouds });
    expect(outlook.verdict).toBe('poor');
    expect(outlook.reasons[0]).toEqual({ code: 'cloudy' });
  });

  it('decides by the clouds first, then the sun\'s activity', () => {
    const verdict = (cover: number | null, index: number | null) => eveningOutlook('kiruna', '2026-11-24', night('2026-11-24', cover, index)).verdict;
    expect(verdict(10, 3)).toBe('good');
    expect(verdict(10, 1)).toBe('possible');
    expect(verdict(90, 6)).toBe('poor');
    expect(verdict(null, 5)).toBe('possible');
    expect(verdict(null, 2)).toBe('poor');
    expect(verdict(20, null)).toBe('good');
  });

  it('says clear spells when a few hours open, and when they start', () => {
    const { clouds: hours, kp: slots } = night('2026-11-24', 80, 3);
    hours[10] = { ...hours[10]!, total: 20 };
    const outlook = eveningOutlook('kiruna', '2026-11-24', { clouds: hours, kp: slots });
    expect(outlook).toMatchObject({ verdict: 'possible', reasons: [{ code: 'clear-spells', from: '23:00' }, { code: 'kp', kp: 3, level: 'moderate' }] });
  });

  it('gives no verdict when nothing is known of the night (no network): the site says no outlook is available', () => {
    expect(eveningOutlook('kiruna', '2026-11-24', { kp: [], clouds: [] })).toMatchObject({ verdict: null, reasons: [], darkness: expect.any(Object) });
  });

  it('in polar night it is dark from the afternoon', () => {
    const darkness = darknessOf('kiruna', '2026-12-15')!;
    expect(Number(kirunaClock(darkness.from).slice(0, 2))).toBeLessThan(16);
    expect(parseSun(fixture('met-sun-kiruna-2026-12-15.json'), '2026-12-15').polar).toBe('night');
  });

  it('under the midnight sun it is never dark: poor, because it is not dark', () => {
    expect(darknessOf('abisko', '2026-06-21')).toBeNull();
    const outlook = eveningOutlook('abisko', '2026-06-21', { ...night('2026-06-21', 0, 7), sun: parseSun(fixture('met-sun-abisko-2026-06-21.json'), '2026-06-21') });
    expect(outlook).toMatchObject({ verdict: 'poor', reasons: [{ code: 'not-dark' }], darkness: null, sun: { polar: 'day' } });
  });

  it("reads the moon's lit share from its phase; a bright moon counts when it is up for most of the darkness", () => {
    expect([0, 90, 180, 270].map(illuminationOf)).toEqual([0, 0.5, 1, 0.5]);
    const waning = parseMoon(fixture('met-moon-abisko-2026-11-30.json'), '2026-11-30');
    // Rising at 19:52 into a night dark from the afternoon: up for most of it.
    const risingEarly = eveningOutlook('abisko', '2026-11-30', { ...night('2026-11-30', 10, 3), moon: waning });
    expect(risingEarly.moon?.illumination).toBe(0.75);
    expect(risingEarly.reasons.map((reason) => reason.code)).toEqual(['clear', 'kp', 'bright-moon']);
    // Setting at 18:00, early in the darkness: no bright moon.
    const settingEarly = eveningOutlook('abisko', '2026-11-30', { ...night('2026-11-30', 10, 3), moon: { ...waning, moonrise: '2026-11-30T08:00:00.000Z', moonset: '2026-11-30T17:00:00.000Z' } });
    expect(settingEarly.reasons.map((reason) => reason.code)).toEqual(['clear', 'kp']);
  });
});
