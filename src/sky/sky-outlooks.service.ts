import { Injectable } from '@nestjs/common';

import type { SkyOutlookView } from '../../shared/api-types';
import { kirunaDate } from '../../shared/company';
import type { Lang } from '../../shared/languages';
import { ContentChanges } from '../common/cache/content-changes';
import { eveningOutlook, type EveningOutlook } from './outlook';
import { outlookDates } from './sky-feeds';
import { SkyFetcher } from './sky-fetcher.service';
import type { SkyPlace } from './sky-places';
import type { CloudHour, MoonDay, SunDay } from './sources/met-norway';
import { mergeKp, type KpSlot } from './sources/noaa-kp';
import { outlookView } from './sky-words';
import { clock } from '../common/clock';

type Readings = Awaited<ReturnType<SkyFetcher['readings']>>;

/** When the sources were last read (null: never). */
function lastFetched(readings: Readings): Date | null {
  const fetched = [...readings.values()].map((reading) => reading.fetchedAt?.getTime() ?? 0).filter(Boolean);
  return fetched.length ? new Date(Math.max(...fetched)) : null;
}

/** The first moment after `now` that is midnight in Kiruna (a whole UTC hour: its offsets are whole hours): "tonight" is another evening from then. */
export function nextKirunaMidnight(now: Date): number {
  const today = kirunaDate(now);
  let hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  do hour += 3_600_000;
  while (kirunaDate(new Date(hour)) === today);
  return hour;
}

/**
 * The evening outlooks the site shows: made from what the feeds last said (read once until
 * a new forecast is announced, here or on another replica), for tonight and the next three
 * evenings. What shows one says so (`sky`), and is made again at Kiruna's midnight.
 */
@Injectable()
export class SkyOutlooks {
  private readings?: Promise<Readings>;

  constructor(
    private readonly fetcher: SkyFetcher,
    private readonly changes: ContentChanges,
  ) {
    changes.onChange((topics) => {
      if (topics.has('sky') || topics.has('*')) this.readings = undefined;
    });
    changes.addClock('sky', async (now) => nextKirunaMidnight(now));
  }

  /** Tonight's and the next three evenings' outlooks for a place. */
  async nights(place: SkyPlace, now = clock.now()): Promise<EveningOutlook[]> {
    return (await this.withReadings(place, now)).nights;
  }

  /** The same, said in a language, for a page. */
  async view(place: SkyPlace, lang: Lang, now = clock.now()): Promise<SkyOutlookView> {
    const { nights, updatedAt } = await this.withReadings(place, now);
    return outlookView(place, nights, lang, now, updatedAt);
  }

  /** When the sources were last read (null: never). */
  async updatedAt(): Promise<Date | null> {
    return lastFetched(await this.read());
  }

  private async withReadings(place: SkyPlace, now: Date): Promise<{ nights: EveningOutlook[]; updatedAt: Date | null }> {
    this.changes.dependOn('sky');
    const readings = await this.read();
    const payload = <T>(key: string): T | undefined => (readings.get(key)?.payload ?? undefined) as T | undefined;
    const kp = mergeKp(payload<KpSlot[]>('kp-forecast/all') ?? [], payload<KpSlot[]>('kp-observed/all') ?? []);
    const clouds = payload<CloudHour[]>(`met-clouds/${place}`) ?? [];
    const suns = payload<Record<string, SunDay>>(`met-sun/${place}`) ?? {};
    const moons = payload<Record<string, MoonDay>>(`met-moon/${place}`) ?? {};
    const nights = outlookDates(now).map((date) => eveningOutlook(place, date, { kp, clouds, sun: suns[date], moon: moons[date] }));
    return { nights, updatedAt: lastFetched(readings) };
  }

  private read(): Promise<Readings> {
    if (!this.readings) {
      const reading = this.fetcher.readings();
      this.readings = reading;
      // A failed read is not kept: the next asks again.
      reading.catch(() => {
        if (this.readings === reading) this.readings = undefined;
      });
    }
    return this.readings;
  }
}
