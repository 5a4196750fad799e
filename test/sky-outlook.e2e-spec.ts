import request from 'supertest';
import { DataSource } from 'typeorm';

import { ContentChanges } from '../src/common/cache/content-changes';
import { SkyFeed } from '../src/sky/sky-feed.entity';
import { SkyFetcher } from '../src/sky/sky-fetcher.service';
import { useTestApp } from './support/app';
import { createTestDeparture, newClientAddress } from './support/fixtures';
import { ReminderWorker } from '../src/bookings/reminder.worker';
import { Departure } from '../src/departures/departure.entity';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { steadySky } from './support/sky';
import { bookingBuilders, moveBookingClocks } from './support/bookings';
import { pause } from './support/time';

const AURORA = 'northern-lights-car-chase-kiruna';
const DOG_SLED = 'drive-your-own-dog-sled-team';

type Outlook = { title: string; nights: { date: string; verdict: string | null; headline: string }[]; note: string; attribution: string };

describe("The aurora outlook on a Northern Lights tour's pages (MySQL, stand-in sources)", () => {
  const sut = useTestApp();
  const bookings = bookingBuilders(sut);
  const get = (path: string) => request(sut.server).get(path).set('Accept-Encoding', 'br, gzip');
  const outlookOf = async (slug: string, lang = 'en') => ((await get(`/api/tours/${slug}?lang=${lang}`).expect(200)).body as { skyOutlook?: Outlook }).skyOutlook;
  /** The sources say this about every hour, as the background job would store it. */
  const skySays = async (sky: { kp: number; cover: number }) => {
    const fetcher = new SkyFetcher(sut.app.get(DataSource), steadySky(sky), sut.app.get(ContentChanges));
    await sut.app.get(DataSource).getRepository(SkyFeed).createQueryBuilder().update().set({ nextFetchAt: new Date(0) }).execute();
    await fetcher.ensureFeeds(new Date(0));
    await fetcher.fetchDue(new Date());
  };
  async function untilHit(path: string): Promise<string | undefined> {
    for (let attempt = 0; attempt < 40; attempt++) {
      const answer = await get(path);
      if (answer.headers['x-cache'] === 'hit') return 'hit';
      await pause(100);
    }
    return undefined;
  }

  beforeAll(() => sut.app.get(DataSource).getRepository(SkyFeed).clear());

  it('says no outlook is available while nothing has been fetched (no network), never a verdict', async () => {
    const outlook = (await outlookOf(AURORA))!;
    expect(outlook.nights).toHaveLength(4);
    expect(outlook.nights.map((night) => night.verdict)).toEqual([null, null, null, null]);
    expect(outlook.nights[0]!.headline).toBe('Tonight: no outlook available yet');
    expect(outlook.nights[1]!.headline).toBe('Tomorrow night: no outlook available yet');
    expect(await outlookOf(DOG_SLED)).toBeUndefined();
  });

  it("tells tonight and the next evenings in the page's language, with the lights never promised and MET Norway named", async () => {
    await skySays({ kp: 5, cover: 10 });
    const outlook = (await outlookOf(AURORA))!;
    expect(outlook.title).toBe('Aurora outlook');
    expect(outlook.nights[0]!.headline).toMatch(/^Tonight: clear after \d\d:\d\d, Kp 5: good$/);
    expect(outlook.nights.every((night) => night.verdict === 'good')).toBe(true);
    expect(outlook.note).toContain('nobody can promise the northern lights');
    expect(outlook.attribution).toContain('Data from MET Norway');
    expect((await outlookOf(AURORA, 'de'))!.nights[0]!.headline).toMatch(/^Heute Abend: klar ab \d\d:\d\d, Kp 5: gute Chancen$/);
    expect((await outlookOf(AURORA, 'sv'))!.nights[1]!.headline).toMatch(/^I morgon kväll: klart efter \d\d:\d\d, Kp 5: goda chanser$/);

    const page = (await get(`/tours/${AURORA}/`).expect(200)).text;
    expect(page).toContain('<h2 id="sky-outlook-title">Aurora outlook</h2>');
    expect(page).toContain('Data from MET Norway');
    expect((await get(`/tours/${DOG_SLED}/`).expect(200)).text).not.toContain('sky-outlook');

    // The booking calendar marks the evenings the sky is known for, and says it to a screen reader.
    const departure = await createTestDeparture(sut.app.get(DataSource), AURORA, { daysAhead: 1 });
    // Chosen in the link, so the calendar opens on its month (tomorrow is another month on a month's last day).
    const booking = (await get(`/book/${departure.tourId}/?departure=${departure.id}`).expect(200)).text;
    expect(booking).toContain('class="calendar__sky calendar__sky--good"');
    expect(booking).toMatch(/Tomorrow night: clear after \d\d:\d\d, Kp 5: good\.<\/span>/);
  });

  it('a new forecast empties only the pages that show the outlook', async () => {
    await skySays({ kp: 5, cover: 10 });
    const tourId = ((await get(`/api/tours/${AURORA}`).expect(200)).body as { id: number }).id;
    const emptied = [`/tours/${AURORA}/`, `/api/tours/${AURORA}`, `/book/${tourId}/`];
    const kept = ['/', '/faq/', `/tours/${DOG_SLED}/`, `/api/tours/${DOG_SLED}`];
    for (const path of [...emptied, ...kept]) expect([path, await untilHit(path)]).toEqual([path, 'hit']);

    await skySays({ kp: 5, cover: 95 });
    for (const path of kept) expect([path, (await get(path)).headers['x-cache']]).toEqual([path, 'hit']);
    for (const path of emptied) expect([path, (await get(path)).headers['x-cache']]).toEqual([path, undefined]);
    expect((await outlookOf(AURORA))!.nights[0]!.headline).toBe('Tonight: cloudy all night, Kp 5: poor');
  });

  it('the AI guide answers "what are the chances tonight?" from the same outlook, in the guest\'s language', async () => {
    await skySays({ kp: 3, cover: 10 });
    const ask = (message: string, lang = 'en') => request(sut.server).post('/api/chat').set('X-Forwarded-For', newClientAddress()).send({ message, lang }).expect(200);
    const english = (await ask('What are the chances tonight?')).body as { reply: string };
    expect(english.reply).toMatch(/Kiruna — Tonight: clear after \d\d:\d\d, Kp 3: good\./);
    expect(english.reply).toContain('Data from MET Norway');
    const swedish = (await ask('Hur är chanserna i Abisko ikväll?', 'sv')).body as { reply: string };
    expect(swedish.reply).toMatch(/Abisko — Ikväll: klart efter \d\d:\d\d, Kp 3: goda chanser\./);
    expect(swedish.reply).not.toContain('Kiruna —');
  });

  it("says the evening's outlook in an aurora tour's reminder, in the guest's language; other tours' reminders say none", async () => {
    await skySays({ kp: 4, cover: 10 });
    const remindedOn = async (slug: string, language: string) => {
      const departure = await createTestDeparture(sut.app.get(DataSource), slug);
      // Tomorrow evening, inside the reminder's 48 hours; booked days ago.
      await sut.app.get(DataSource).getRepository(Departure).update({ id: departure.id }, { startsAt: new Date(Date.now() + 30 * 3_600_000) });
      const booked = await bookings.aConfirmed(departure.id, { guests: 1, name: 'Sky Guest', language: language as 'en' | 'sv' | 'de' });
      await moveBookingClocks(sut.app.get(DataSource), { reference: booked.reference }, { createdAt: new Date(Date.now() - 5 * 86_400_000) });
      await sut.app.get(ReminderWorker).drain();
      const mail = await sut.app.get(DataSource).getRepository(OutboxMail).findOneByOrFail({ bookingReference: booked.reference, topic: 'booking.reminder' });
      return JSON.stringify(mail.message);
    };
    const german = await remindedOn(AURORA, 'de');
    expect(german).toMatch(/Nordlicht-Aussichten/);
    expect(german).toMatch(/(Heute Abend|Morgen Abend|\p{Lu}\p{Ll}+abend): klar ab \d\d:\d\d, Kp 4: gute Chancen/u);
    expect(german).toContain('Data from MET Norway');
    expect(await remindedOn(DOG_SLED, 'en')).not.toContain('Aurora outlook');
  });
});

