// `npm run sky:fetch`: asks every sky source once, live, and prints the outlook for tonight and
// the next three evenings in Kiruna and Abisko, as the site would make it. For a machine with
// internet; nothing else needs it (the site fetches in the background, SKY_FORECASTS). With
// `--record DIR` it also writes each raw answer there, with its address, status and time, to
// compare the test fixtures (test/fixtures/sky) with.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { eveningOutlook, kirunaClock, type SkyReadings } from '../src/sky/outlook';
import { FEEDS, outlookDates } from '../src/sky/sky-feeds';
import { SKY_PLACE_NAMES, SKY_PLACES } from '../src/sky/sky-places';
import type { CloudHour, MoonDay, SunDay } from '../src/sky/sources/met-norway';
import { MET_ATTRIBUTION } from '../src/sky/sources/met-norway';
import { mergeKp, type KpSlot } from '../src/sky/sources/noaa-kp';

const USER_AGENT = `NorrskenArcticTours/1.0 sky:fetch (${process.env.PUBLIC_URL ?? 'http://localhost:3000'}; ${process.env.BOOKING_EMAIL ?? 'bookings@norrsken.example'})`;
const recordIndex = process.argv.indexOf('--record');
const recordDir = recordIndex > 0 ? process.argv[recordIndex + 1] : undefined;
if (recordDir) mkdirSync(recordDir, { recursive: true });

async function ask(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { 'User-Agent': USER_AGENT, Accept: 'application/json' }, signal: AbortSignal.timeout(20_000) });
  const text = await response.text();
  if (recordDir) {
    const name = url.replace(/^https:\/\//, '').replace(/[^a-zA-Z0-9.-]+/g, '_').slice(0, 150);
    writeFileSync(join(recordDir, `${name}.json`), JSON.stringify({ url, status: response.status, recordedAt: new Date().toISOString(), headers: Object.fromEntries(response.headers), body: text }, null, 1));
  }
  if (response.status === 203) console.warn(`${url}: 203, this version of the API is deprecated`);
  if (response.status !== 200 && response.status !== 203) throw new Error(`${url} answered ${response.status}`);
  return JSON.parse(text);
}

async function main(): Promise<void> {
  const now = new Date();
  const said = new Map<string, unknown>();
  for (const feed of FEEDS) {
    const request = feed.request(now);
    try {
      if (request.kind === 'one') said.set(`${feed.source}/${feed.place}`, request.read(await ask(request.url)));
      else {
        const days: Record<string, unknown> = {};
        for (const { date, url } of request.urls) days[date] = request.read(await ask(url), date);
        said.set(`${feed.source}/${feed.place}`, days);
      }
    } catch (error) {
      console.error(`${feed.source}/${feed.place}: ${String(error)}`);
    }
  }
  const kp = mergeKp((said.get('kp-forecast/all') as KpSlot[] | undefined) ?? [], (said.get('kp-observed/all') as KpSlot[] | undefined) ?? []);
  for (const place of SKY_PLACE_NAMES) {
    console.log(`\n${SKY_PLACES[place].name}`);
    for (const date of outlookDates(now)) {
      const readings: SkyReadings = {
        kp,
        clouds: (said.get(`met-clouds/${place}`) as CloudHour[] | undefined) ?? [],
        sun: (said.get(`met-sun/${place}`) as Record<string, SunDay> | undefined)?.[date],
        moon: (said.get(`met-moon/${place}`) as Record<string, MoonDay> | undefined)?.[date],
      };
      const outlook = eveningOutlook(place, date, readings);
      const dark = outlook.darkness ? `dark ${kirunaClock(outlook.darkness.from)}-${kirunaClock(outlook.darkness.to)}` : 'never dark';
      console.log(`  ${date}: ${outlook.verdict ?? 'no outlook'} (${dark}; ${outlook.reasons.map((reason) => Object.values(reason).join(' ')).join(', ')})`);
    }
  }
  console.log(`\nKp: NOAA SWPC (public domain). Clouds, sun and moon: ${MET_ATTRIBUTION} (NLOD 2.0, CC BY 4.0).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
