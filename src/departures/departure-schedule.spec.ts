import { TZDate } from '@date-fns/tz';

import { COMPANY } from '../../shared/company';
import { planDepartures } from './departure-schedule';

const local = (date: Date) => new TZDate(date.getTime(), COMPANY.timeZone);

describe(planDepartures.name, () => {
  const aurora = { priceSek: 1000, seasonMonths: [9, 10, 11, 12, 1, 2, 3, 4], weekdays: [0, 1, 2, 3, 4, 5, 6], startTimes: ['20:00'] };

  it('plans evening departures at 20:00 Kiruna time, across the change from summer time', () => {
    const sut = planDepartures(aurora, new Date('2026-10-20T08:00:00Z'), 20);
    expect(sut).toHaveLength(20);
    for (const departure of sut) {
      expect(local(departure.startsAt).getHours()).toBe(20);
      expect(departure.capacity).toBe(8);
    }
    // 20:00 CEST is 18:00 UTC; after 25 October, 20:00 CET is 19:00 UTC.
    expect(sut[0].startsAt.toISOString()).toBe('2026-10-20T18:00:00.000Z');
    expect(sut[19].startsAt.toISOString()).toBe('2026-11-08T19:00:00.000Z');
  });

  it('keeps to the season and the weekdays', () => {
    const summerHike = { priceSek: 1000, seasonMonths: [6, 7, 8], weekdays: [1, 3], startTimes: ['08:00'] };
    const sut = planDepartures(summerHike, new Date('2026-05-20T00:00:00Z'), 30);
    expect(sut.length).toBeGreaterThan(0);
    for (const departure of sut) {
      expect(local(departure.startsAt).getMonth() + 1).toBe(6);
      expect([1, 3]).toContain(local(departure.startsAt).getDay());
    }
    expect(planDepartures(summerHike, new Date('2026-11-22T00:00:00Z'), 120)).toEqual([]);
  });

  it('never plans a departure that leaves within two hours', () => {
    const sut = planDepartures(aurora, new Date('2026-11-22T18:30:00Z'), 2);
    expect(sut).toHaveLength(1);
    expect(sut[0].startsAt.toISOString()).toBe('2026-11-23T19:00:00.000Z');
  });

  it('prices the Christmas and New Year weeks at a premium', () => {
    const sut = planDepartures(aurora, new Date('2026-12-18T08:00:00Z'), 25);
    const priceOn = (iso: string) => sut.find((departure) => departure.startsAt.toISOString().startsWith(iso))?.priceSek;
    expect(priceOn('2026-12-19')).toBeNull();
    expect(priceOn('2026-12-24')).toBe(1150);
    expect(priceOn('2027-01-07')).toBeNull();
  });

  it('puts the premium on every paid category, so a family ticket never costs less than in the rest of the season', () => {
    const family = { ...aurora, otherCategories: [{ code: 'child', priceSek: 500 }, { code: 'infant', priceSek: 0 }, { code: 'family', priceSek: 2700 }] };
    const sut = planDepartures(family, new Date('2026-12-18T08:00:00Z'), 25);
    const on = (iso: string) => sut.find((departure) => departure.startsAt.toISOString().startsWith(iso));
    expect(on('2026-12-24')).toMatchObject({ priceSek: 1150, categoryPrices: { child: 575, family: 3105 } });
    expect(on('2026-12-24')?.categoryPrices).not.toHaveProperty('infant');
    expect(on('2026-12-19')).toMatchObject({ priceSek: null, categoryPrices: null });
  });
});
