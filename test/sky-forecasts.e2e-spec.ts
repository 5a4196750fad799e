import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DataSource } from 'typeorm';

import { ContentChanges, type ChangeTopic } from '../src/common/cache/content-changes';
import { SkyFeed } from '../src/sky/sky-feed.entity';
import { SkyFetcher } from '../src/sky/sky-fetcher.service';
import type { SkyAnswer, SkyHttp } from '../src/sky/sky-http';
import { useTestApp } from './support/app';
import { pause } from './support/time';

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, 'fixtures/sky', name), 'utf8'));

/** The sources as recorded (test/fixtures/sky), answering each address; what each was asked is kept. */
class StandInSources {
  readonly asked: { url: string; ifModifiedSince?: string | null }[] = [];
  /** Answers that replace the recorded one, by a part of the address. */
  readonly overrides = new Map<string, SkyAnswer>();

  readonly http = {
    get: async (url: string, ifModifiedSince?: string | null): Promise<SkyAnswer> => {
      this.asked.push({ url, ifModifiedSince });
      // Slow enough that two processes' passes overlap.
      await pause(20);
      for (const [part, answer] of this.overrides) if (url.includes(part)) return answer;
      const body = url.includes('k-index-forecast')
        ? fixture('noaa-kp-forecast-objects.json')
        : url.includes('k-index.json')
          ? fixture('noaa-kp-observed-objects.json')
          : url.includes('locationforecast')
            ? fixture('met-locationforecast-kiruna.json')
            : url.includes('/sun?')
              ? fixture('met-sun-kiruna-2026-11-24.json')
              : fixture('met-moon-kiruna-2026-11-24.json');
      return { status: 200, body, lastModified: 'Tue, 24 Nov 2026 11:30:00 GMT', expires: new Date('2026-11-24T12:40:00Z') };
    },
  } as unknown as SkyHttp;
}

describe('The sky feeds (MySQL, stand-in sources: never the network)', () => {
  const sut = useTestApp();
  const NOW = new Date('2026-11-24T12:00:00Z');
  let sources: StandInSources;
  let announced: ReadonlySet<ChangeTopic>[];
  // What the fetchers announce (the app's own ContentChanges hears the rest of the app too).
  const changes = { announce: (topics: ReadonlySet<ChangeTopic>) => announced.push(topics) } as unknown as ContentChanges;
  const process = () => new SkyFetcher(sut.app.get(DataSource), sources.http, changes);
  const feeds = () => sut.app.get(DataSource).getRepository(SkyFeed).find({ order: { id: 'ASC' } });
  const feed = async (source: string, place: string) => (await feeds()).find((row) => row.source === source && row.place === place)!;

  beforeEach(async () => {
    await sut.app.get(DataSource).getRepository(SkyFeed).clear();
    sources = new StandInSources();
    announced = [];
  });

  it('fetches each feed once across two processes at once, and stores what the sources said', async () => {
    const [first, second] = [process(), process()];
    await Promise.all([first.ensureFeeds(NOW), second.ensureFeeds(NOW)]);
    expect((await feeds()).map((row) => `${row.source}/${row.place}`)).toEqual(['kp-forecast/all', 'kp-observed/all', 'met-clouds/kiruna', 'met-sun/kiruna', 'met-moon/kiruna', 'met-clouds/abisko', 'met-sun/abisko', 'met-moon/abisko']);

    const results = (await Promise.all([first.fetchDue(NOW), second.fetchDue(NOW)])).flat();
    expect(results).toHaveLength(8);
    expect(new Set(results.map((result) => result.feed)).size).toBe(8);
    const urls = sources.asked.map((ask) => ask.url);
    expect(new Set(urls).size).toBe(urls.length);
    // The Kp twice, the clouds for two places, the sun and the moon for two places on four evenings each.
    expect(urls).toHaveLength(2 + 2 + 2 * 2 * 4);
    expect(urls).toContain('https://api.met.no/weatherapi/sunrise/3.0/sun?lat=67.8558&lon=20.2253&date=2026-11-27&offset=%2B01%3A00');

    const kp = await feed('kp-forecast', 'all');
    expect(kp).toMatchObject({ fetchedAt: NOW, lastModified: 'Tue, 24 Nov 2026 11:30:00 GMT', failures: 0, deprecated: false, nextFetchAt: new Date('2026-11-24T12:40:00Z') });
    expect((JSON.parse(kp.payload!) as unknown[])[0]).toEqual({ start: '2026-11-21T00:00:00.000Z', kp: 2.33, kind: 'observed' });
    expect(Object.keys(JSON.parse((await feed('met-sun', 'abisko')).payload!) as object)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    // The sun and moon are asked again in six hours at the earliest, whatever their Expires says.
    expect((await feed('met-moon', 'kiruna')).nextFetchAt).toEqual(new Date('2026-11-24T18:00:00Z'));
    // Nothing is due now: a third pass fetches nothing.
    expect(await process().fetchDue(NOW)).toEqual([]);
    // Each new payload is a change of the sky, and only of the sky.
    expect(announced).toHaveLength(8);
    expect(announced.every((topics) => [...topics].join() === 'sky')).toBe(true);
  });

  it('asks again with If-Modified-Since: a 304 keeps the payload and announces nothing; a 203 is used and marked deprecated; a failure backs off and keeps the last payload', async () => {
    const fetcher = process();
    await fetcher.ensureFeeds(NOW);
    await fetcher.fetchDue(NOW);
    const before = await feed('kp-forecast', 'all');
    const later = new Date('2026-11-24T13:00:00Z');
    sources.asked.length = 0;
    announced = [];
    sources.overrides.set('k-index-forecast', { status: 304, expires: new Date('2026-11-24T13:10:00Z') });
    sources.overrides.set('k-index.json', { status: 203, body: fixture('noaa-kp-observed-rows.json') });
    sources.overrides.set('locationforecast', { status: 503 });

    const results = await fetcher.fetchDue(later);
    expect(results).toEqual(expect.arrayContaining([{ feed: 'kp-forecast/all', result: 'not-modified' }, { feed: 'kp-observed/all', result: 'fetched' }, { feed: 'met-clouds/kiruna', result: 'failed' }]));
    expect(sources.asked.find((ask) => ask.url.includes('k-index-forecast'))?.ifModifiedSince).toBe('Tue, 24 Nov 2026 11:30:00 GMT');

    const kp = await feed('kp-forecast', 'all');
    expect(kp).toMatchObject({ payload: before.payload, fetchedAt: NOW, checkedAt: later, nextFetchAt: new Date('2026-11-24T13:15:00Z') });
    expect(await feed('kp-observed', 'all')).toMatchObject({ deprecated: true });
    const clouds = await feed('met-clouds', 'kiruna');
    expect(clouds).toMatchObject({ failures: 1, nextFetchAt: new Date('2026-11-24T13:05:00Z'), fetchedAt: NOW });
    expect(clouds.lastError).toContain('answered 503');
    expect(JSON.parse(clouds.payload!)).toHaveLength(60);
    // Only the observed Kp changed.
    expect(announced).toHaveLength(1);
  });
});
