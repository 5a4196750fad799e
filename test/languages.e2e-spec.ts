import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { simpleParser } from 'mailparser';
import request from 'supertest';
import { DataSource } from 'typeorm';

import { LANGUAGES, localizedPath, type Lang } from '../shared/languages';
import { BLOG_POSTS } from '../src/app-data/seed/blog.catalogue';
import type { ChangePreview } from '../shared/api-types';
import { ManageLinks } from '../src/bookings/manage-links.service';
import { ContentChanges } from '../src/common/cache/content-changes';
import { TOURS } from '../src/app-data/seed/tours.catalogue';
import { deliverMail, useTestApp } from './support/app';
import { TEST_PUBLIC_URL } from './support/e2e-env';
import { createTestDeparture, newClientAddress, staffToken } from './support/fixtures';

const outbox = join(process.env.DATA_DIR!, 'outbox');

/** Every public page (English paths, as the spec names them). */
const PUBLIC_PAGES = ['/', '/about/', '/tours/', '/tours/northern-lights/', `/tours/${TOURS[0].slug}/`, '/faq/', '/blog/', `/blog/${BLOG_POSTS[0].slug}/`, '/contact/', '/privacy/', '/gift-cards/', '/book/1/'];

const headOf = (html: string) => ({
  lang: /<html lang="([a-z]+)">/.exec(html)?.[1],
  canonical: /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1],
  alternates: Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([a-z-]+)" href="([^"]+)">/g)].map((match) => [match[1], match[2]])),
});

describe('The site in English, Swedish and German (MySQL)', () => {
  const sut = useTestApp();

  it.each(LANGUAGES)('answers every public page in %s with its lang, its canonical and the same page in every language', async (lang: Lang) => {
    for (const page of PUBLIC_PAGES) {
      const path = localizedPath(lang, page);
      const html = (await request(sut.server).get(path).expect(200)).text;
      expect({ path, ...headOf(html) }).toEqual({
        path,
        lang,
        canonical: `${TEST_PUBLIC_URL}${path}`,
        alternates: {
          en: `${TEST_PUBLIC_URL}${page}`,
          sv: `${TEST_PUBLIC_URL}/sv${page}`,
          de: `${TEST_PUBLIC_URL}/de${page}`,
          'x-default': `${TEST_PUBLIC_URL}${page}`,
        },
      });
    }
  });

  it("speaks the page's language in its interface, and English stays the spec's", async () => {
    const swedish = (await request(sut.server).get('/sv/').expect(200)).text;
    expect(swedish).toContain('<h1 id="hero-title">Arktiska äventyr under norrskenet</h1>');
    expect(swedish).toMatch(/<a[^>]*href="\/sv\/tours\/"[^>]*>Turer<\/a>/);
    const german = (await request(sut.server).get('/de/').expect(200)).text;
    expect(german).toContain('<h1 id="hero-title">Arktische Abenteuer unter dem Nordlicht</h1>');
    const english = (await request(sut.server).get('/').expect(200)).text;
    expect(english).toContain('<title>Northern Lights &amp; Arctic Tours in Kiruna and Abisko | Norrsken Arctic Tours</title>');
    expect(english).toContain('<h1 id="hero-title">Arctic adventures under the Northern Lights</h1>');
    // The popular tours by their short names in the page's language (they were English on every page), on the home page and below a tour.
    expect(swedish).toMatch(/<span class="popular-card__title">Kör ditt eget hundspann<\/span>/);
    expect(german).toMatch(/<span class="popular-card__title">Nordlichtjagd mit dem Auto<\/span>/);
    expect(english).toMatch(/<span class="popular-card__title">Northern Lights Car Chase<\/span>/);
    const swedishTour = (await request(sut.server).get('/sv/tours/ice-fishing-on-the-torne-river/').expect(200)).text;
    expect(swedishTour).toMatch(/<a[^>]*href="\/sv\/tours\/moose-spotting-tour-from-kiruna-to-nikkaluokta\/"[^>]*>Älgsafari till Nikkaluokta<\/a>/);
    // The switcher: the same page in each language, a whole new page each (no script needed).
    for (const [lang, href] of [['en', '/'], ['sv', '/sv/'], ['de', '/de/']]) expect(swedish).toContain(`href="${href}" hrefLang="${lang}" lang="${lang}"`);
  });

  it("preloads each page's own chunk and its language's strings, whatever was rendered before", async () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'dist', 'client', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const file = (source: string) => `/${manifest[source]!.file}`;
    const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map(([, href]) => href);
    // Alternating languages and pages, twice over: each render's tags are its own.
    for (const round of [1, 2]) {
      for (const [path, lang, namespaces, page] of [
        ['/blog/', 'en', ['', 'browse'], 'client/pages/BlogPages.tsx'],
        ['/sv/blog/', 'sv', ['', 'browse'], 'client/pages/BlogPages.tsx'],
        ['/de/booking/', 'de', ['', 'trip'], 'client/pages/ManagePages.tsx'],
        ['/booking/', 'en', ['', 'trip'], 'client/pages/ManagePages.tsx'],
      ] as const) {
        const links = preloads((await request(sut.server).get(path).expect(200)).text);
        const catalogs = links.filter((href) => Object.entries(manifest).some(([source, { file: built }]) => source.startsWith('client/locales/') && `/${built}` === href));
        expect({ round, path, catalogs: catalogs.sort() }).toEqual({ round, path, catalogs: namespaces.map((namespace) => file(`client/locales/${namespace ? `${namespace}/` : ''}${lang}.json?lingui`)).sort() });
        expect(links).toContain(file(page));
      }
    }
  });

  it('answers a missing page with the 404 in its language, and adds the trailing slash in any language', async () => {
    const missing = await request(sut.server).get('/de/no-such-page/').expect(404);
    expect(headOf(missing.text).lang).toBe('de');
    expect(missing.text).toContain('<h1>404 – Seite nicht gefunden</h1>');
    await request(sut.server).get('/sv/tours/no-such-tour/').expect(404);
    // An address that cannot be decoded, or a method no page answers: the 404 page in the path's language too.
    for (const missingSv of [await request(sut.server).get('/sv/%E0/').expect(404), await request(sut.server).post('/sv/tours/').send({}).expect(404)]) {
      expect(headOf(missingSv.text).lang).toBe('sv');
      expect(missingSv.text).toContain('<h1>404 – Sidan finns inte</h1>');
    }
    // Without the trailing slash, in a language too: the same page with one.
    expect((await request(sut.server).get('/sv/tours').expect(301)).headers.location).toBe('/sv/tours/');
  });

  it('lists every page in every language in the sitemap, each with its alternates', async () => {
    const sitemap = (await request(sut.server).get('/sitemap.xml').expect(200)).text;
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const page of ['/', '/tours/', `/tours/${TOURS[0].slug}/`, `/blog/${BLOG_POSTS[0].slug}/`]) {
      for (const lang of LANGUAGES) expect(locs).toContain(`${TEST_PUBLIC_URL}${localizedPath(lang, page)}`);
    }
    const entry = sitemap.split('\n').find((line) => line.includes(`<loc>${TEST_PUBLIC_URL}/de/faq/</loc>`))!;
    for (const [lang, path] of [['en', '/faq/'], ['sv', '/sv/faq/'], ['de', '/de/faq/'], ['x-default', '/faq/']]) {
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="${TEST_PUBLIC_URL}${path}"/>`);
    }
    const robots = (await request(sut.server).get('/robots.txt').expect(200)).text;
    expect(robots).toContain('Disallow: /sv/checkout/');
  });

  it('keeps each language of a page apart in the response cache', async () => {
    for (const path of ['/faq/', '/sv/faq/', '/de/faq/', '/sv/faq/']) {
      const answer = await request(sut.server).get(path).expect(200);
      expect(headOf(answer.text).lang).toBe(path.startsWith('/sv') ? 'sv' : path.startsWith('/de') ? 'de' : 'en');
    }
  });

  it('Writes a German booking its mails in German, with its links to the German pages; English stays English', async () => {
    const departure = await createTestDeparture(sut.app.get(DataSource), 'drive-your-own-dog-sled-team');
    const started = Date.now();
    const book = async (language: string, email: string) => {
      const held = await request(sut.server)
        .post('/api/bookings')
        .set('X-Forwarded-For', newClientAddress())
        .send({ departureId: departure.id, guests: 2, name: 'Greta Lind', email, language })
        .expect(201);
      const checkout = await request(sut.server).post(`/api/bookings/${held.body.reference}/checkout`).expect(200);
      expect(checkout.body.redirectUrl).toBe(`/success/?booking=${held.body.reference}`);
      return held.body.reference as string;
    };
    const german = await book('de', `greta.de.${started}@example.com`);
    const english = await book('en', `greta.en.${started}@example.com`);
    await deliverMail(sut.app);
    // The raw files: the parser decodes their headers and parts as a mail client would.
    const raw = readdirSync(outbox).filter((file) => file.endsWith('.eml')).map((file) => readFileSync(join(outbox, file), 'utf8'));
    const mailTo = (reference: string, email: string) => raw.find((mail) => mail.includes(reference) && mail.includes(`To: ${email}`))!;

    const parsed = await simpleParser(mailTo(german, `greta.de.${started}@example.com`));
    expect(parsed.subject).toBe(`Buchung bestätigt: Fahren Sie Ihr eigenes Hundegespann (${german})`);
    expect(parsed.text).toContain('Bezahlung: Zahlung vor Ort');
    expect(parsed.text).toContain('Vielen Dank, Greta Lind! Ihre Buchung ist bestätigt.');
    expect(parsed.text).toMatch(/Ihre Buchung verwalten \(Ihre Angaben oder Stornierung\): https?:\/\/\S+\/de\/booking\/manage\/\?token=\S+/);
    expect(parsed.text).toContain('Kostenlose Stornierung bis');
    expect(String(parsed.html)).toMatch(/<html[^>]* lang="de"/);
    const calendar = parsed.attachments.find((file) => file.contentType.startsWith('text/calendar'))!.content.toString();
    expect(calendar).toContain(`DESCRIPTION:Buchung ${german}\\, 2 Gast/Gäste. Treffpunkt:`);
    expect(calendar).toContain('URL:https://norrsken.test/de/tours/drive-your-own-dog-sled-team/');

    const toEnglish = await simpleParser(mailTo(english, `greta.en.${started}@example.com`));
    expect(toEnglish.subject).toBe(`Booking confirmed: Drive Your Own Dog Sled Team (${english})`);
    expect(toEnglish.text).toMatch(/Manage your booking \(your details, or cancel\): https?:\/\/\S+\/booking\/manage\/\?token=\S+/);
    expect(toEnglish.text).not.toContain('/en/');
  });

  it("Answers the FAQ in the page's language, English where an entry has no translation, and refuses a language it does not speak", async () => {
    const english = (await request(sut.server).get('/api/faq').expect(200)).body.data as { id: number; question: string }[];
    const german = (await request(sut.server).get('/api/faq?lang=de').expect(200)).body.data as { id: number; question: string; answer: string }[];
    expect(german.map((entry) => entry.id)).toEqual(english.map((entry) => entry.id));
    expect(german[0]!.question).toBe('Aurora River Camp oder Abisko: Wo sind meine Chancen auf Nordlicht am besten?');
    const swedishPage = (await request(sut.server).get('/sv/faq/').expect(200)).text;
    expect(swedishPage).toContain('Aurora River Camp eller Abisko: var är chansen störst att se norrsken?');
    expect((await request(sut.server).get('/de/').expect(200)).text).toContain('<summary>Aurora River Camp oder Abisko: Wo sind meine Chancen auf Nordlicht am besten?</summary>');
    expect((await request(sut.server).get('/api/faq?lang=fr').expect(400)).body.message).toContain('lang must be one of en, sv, de');

    // A field with no translation is English.
    const last = english.at(-1)!;
    const dataSource = sut.app.get(DataSource);
    await dataSource.query("DELETE FROM content_translations WHERE subject = 'faq' AND subject_id = ? AND language = 'de' AND field = 'question'", [last.id]);
    sut.app.get(ContentChanges).announce();
    const after = (await request(sut.server).get('/api/faq?lang=de').expect(200)).body.data as { id: number; question: string; answer: string }[];
    expect(after.at(-1)!.question).toBe(last.question);
    expect(after.at(-1)!.answer).toMatch(/^Ja\. Kostenlose Stornierung/);
  });

  it('Tells every tour in Swedish and German (lists, page and booking page too), English where a field has no translation', async () => {
    const swedish = (await request(sut.server).get('/api/tours?lang=sv&category=Dogsledding').expect(200)).body.data as { slug: string; title: string; short_description: string }[];
    expect(swedish.find((tour) => tour.slug === 'drive-your-own-dog-sled-team')).toMatchObject({ title: 'Kör ditt eget hundspann', short_description: expect.stringContaining('Träffa huskyhundarna') });
    const german = (await request(sut.server).get('/api/tours/northern-lights-car-chase-kiruna?lang=de').expect(200)).body;
    expect(german).toMatchObject({ title: 'Nordlichtjagd mit dem Auto ab Kiruna', season: 'September bis April, abends', meetingPoint: 'Vor dem Scandic Ferrum, Lars Janssonsgatan 15, Kiruna' });
    expect(german.highlights[0]).toBe('Route live nach Nordlicht- und Wolkenvorhersage gewählt');
    expect(german.images[0].alt).toBe('Grüne Nordlichtbänder über einer verschneiten Waldstraße, ein Minibus parkt unter den Sternen');
    // Where guests are collected, on the tour's facts and its card in every list.
    expect(german.locations).toEqual(['Kiruna Zentrum (Scandic Ferrum)', 'Busbahnhof Kiruna', 'Ihr Hotel in Kiruna auf Anfrage']);
    expect(swedish.find((tour) => tour.slug === 'drive-your-own-dog-sled-team')).toMatchObject({ locations: expect.arrayContaining(['Ditt hotell i Kiruna på begäran']) });
    expect((await request(sut.server).get('/api/tours/northern-lights-car-chase-kiruna').expect(200)).body.title).toBe('Northern Lights Car Chase from Kiruna');
    expect((await request(sut.server).get('/api/tours?lang=xx').expect(400)).body.message).toContain('lang must be one of en, sv, de');

    const page = (await request(sut.server).get('/sv/tours/drive-your-own-dog-sled-team/').expect(200)).text;
    expect(page).toContain('<h1>Kör ditt eget hundspann</h1>');
    expect(page).toContain('Cirka 15 km på älvis och skogsleder');
    const germanList = (await request(sut.server).get('/de/tours/').expect(200)).text;
    expect(germanList).toContain('Fahren Sie Ihr eigenes Hundegespann');
    expect(germanList).toContain('Ihr Hotel in Kiruna auf Anfrage');
    expect(germanList).not.toContain('Your hotel in Kiruna on request');
    const tourId = swedish.find((tour) => tour.slug === 'drive-your-own-dog-sled-team')!;
    const { id } = (await request(sut.server).get(`/api/tours/${tourId.slug}`).expect(200)).body as { id: number };
    expect((await request(sut.server).get(`/sv/book/${id}/`).expect(200)).text).toContain('Kör ditt eget hundspann');

    // A field with no translation is English.
    const dataSource = sut.app.get(DataSource);
    await dataSource.query("DELETE FROM content_translations WHERE subject = 'tour' AND subject_id = ? AND language = 'sv' AND field IN ('title', 'highlights')", [id]);
    sut.app.get(ContentChanges).announce();
    const fallback = (await request(sut.server).get('/api/tours/drive-your-own-dog-sled-team?lang=sv').expect(200)).body;
    expect(fallback.title).toBe('Drive Your Own Dog Sled Team');
    expect(fallback.highlights[0]).toBe('Your own team of four to six huskies');
    expect(fallback.description).toMatch(/^På kenneln utanför Kiruna/);
  });

  it("Refuses a guest in the page's language (Accept-Language), English to a caller that names none", async () => {
    const departure = await createTestDeparture(sut.app.get(DataSource), 'northern-lights-car-chase-kiruna', { daysAhead: 300, capacity: 1 });
    const hold = (language?: string) => {
      const call = request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress());
      return (language ? call.set('Accept-Language', language) : call).send({ departureId: departure.id, guests: 1, name: 'Anna Svensson', email: 'anna.lang@example.com' });
    };
    await hold().expect(201);
    expect((await hold('sv').expect(409)).body.message).toBe('Den här avgången är fullbokad. Välj en annan dag.');
    expect((await hold('de-AT,de;q=0.9').expect(409)).body.message).toBe('Dieser Termin ist ausgebucht. Bitte wählen Sie ein anderes Datum.');
    expect((await hold().expect(409)).body.message).toBe('This departure is sold out. Please choose another date.');
    expect((await hold('fr').expect(409)).body.message).toBe('This departure is sold out. Please choose another date.');
    const unknown = await request(sut.server).get('/api/bookings/NAT-ZZZZZ-ZZZZZ').set('Accept-Language', 'de').expect(404);
    expect(unknown.body.message).toBe('Es gibt keine Buchung mit der Nummer NAT-ZZZZZ-ZZZZZ.');
  });

  it("Names a tour's price categories and labels its questions in the page's language (the seed ships both); staff change them, and a German booking's page and mail use them", async () => {
    const swedish = (await request(sut.server).get('/api/tours/drive-your-own-dog-sled-team?lang=sv').expect(200)).body as { id: number; priceCategories: { code: string; name: string }[]; questions: { code: string; label: string }[] };
    expect(swedish.priceCategories.map((category) => category.name)).toEqual(['Vuxen (12+)']);
    expect(swedish.questions.map((question) => question.label)).toEqual(['Kängstorlek (EU)']);
    const reindeer = (await request(sut.server).get('/api/tours/reindeer-sledding-day-tour-in-kiruna?lang=de').expect(200)).body as typeof swedish;
    expect(reindeer.priceCategories.map((category) => category.name)).toContain('Kleinkind (0-3, auf dem Schoß)');
    expect(reindeer.questions.map((question) => question.label)).toEqual(['Gewicht', 'Ernährung (Allergien, vegetarisch …)']);

    const token = await staffToken(sut.app.get(DataSource), sut.server);
    const as = (method: 'get' | 'put', path: string) => request(sut.server)[method](path).set('Authorization', `Bearer ${token}`);
    const words = (await as('get', `/api/admin/tours/${swedish.id}/option-words`).expect(200)).body as { fields: { name: string }[]; translations: { de: Record<string, string> } };
    expect(words.fields.map((field) => field.name)).toEqual(['c:adult', 'q:shoe-size']);
    await as('put', `/api/admin/tours/${swedish.id}/option-words/de`).send({ words: { ...words.translations.de, 'c:adult': 'Musher (12+)' } }).expect(200);
    expect((await as('put', `/api/admin/tours/${swedish.id}/option-words/de`).send({ words: { 'c:nobody': 'x' } }).expect(400)).body.message).toContain('c:nobody');
    await as('put', `/api/admin/tours/${swedish.id}/option-words/de`).send({ words: { 'c:adult': 42 } }).expect(400);

    // A German booking: its page and its mail name the party as the German page does.
    const departure = await createTestDeparture(sut.app.get(DataSource), 'drive-your-own-dog-sled-team', { daysAhead: 45 });
    const held = (await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 2, name: 'Lena Schmidt', email: 'lena.options@example.com', language: 'de' }).expect(201)).body as { reference: string };
    const link = sut.app.get(ManageLinks).url({ reference: held.reference, departure: { startsAt: departure.startsAt.toISOString() }, language: 'de' });
    const managed = (await request(sut.server).get(`/api/manage/${new URL(link).searchParams.get('token')}`).expect(200)).body;
    expect(managed.party.map((line: { name: string }) => line.name)).toEqual(['Musher (12+)']);
    // So does a change's preview, before the guest confirms it (on a booking confirmed, to pay on arrival).
    await request(sut.server).post(`/api/bookings/${held.reference}/checkout`).send({}).expect(200);
    const preview = (await request(sut.server).post(`/api/manage/${new URL(link).searchParams.get('token')}/change/preview`).send({ guests: 3 }).expect(200)).body as ChangePreview;
    expect(preview.party.map((line) => line.name)).toEqual(['Musher (12+)']);
    expect(managed.questions.map((question: { label: string }) => question.label)).toEqual(['Stiefelgröße (EU)']);
    expect(managed.tour.title).toBe('Fahren Sie Ihr eigenes Hundegespann');
    expect(managed.pickupPoints.find((point: { name: string }) => point.name === 'Scandic Ferrum')?.address).toBe('Lars Janssonsgatan 15, Haupteingang');
    const summary = (await request(sut.server).get(`/api/bookings/${held.reference}`).expect(200)).body;
    expect(summary).toMatchObject({ tour: { title: 'Fahren Sie Ihr eigenes Hundegespann' }, party: [{ code: 'adult', name: 'Musher (12+)' }] });
    await as('put', `/api/admin/tours/${swedish.id}/option-words/de`).send({ words: words.translations.de }).expect(200);
  });

  it("Names a choice question's choices in the page's language while the answer keeps its value; a renamed choice loses its words, never shows another's", async () => {
    const slug = 'sami-culture-evening-in-kiruna';
    const tourId = ((await request(sut.server).get(`/api/tours/${slug}`).expect(200)).body as { id: number }).id;
    const token = await staffToken(sut.app.get(DataSource), sut.server);
    const as = (method: 'get' | 'put', path: string) => request(sut.server)[method](path).set('Authorization', `Bearer ${token}`);
    const original = (await as('get', `/api/admin/tours/${tourId}/booking-options`).expect(200)).body as { questions: object[] };
    // A code of the longest length allowed, so its words' field names are the longest there are.
    const code = `menu-${'x'.repeat(35)}`;
    const menu = { code, label: 'Menu', kind: 'choice', unit: null, choices: ['Reindeer stew', 'Vegetarian', 'Vegan'], perGuest: false, askedAt: 'booking', required: true, min: null, max: null };
    await as('put', `/api/admin/tours/${tourId}/booking-options`).send({ ...original, questions: [...original.questions, menu] }).expect(200);
    try {
      const words = (await as('get', `/api/admin/tours/${tourId}/option-words`).expect(200)).body as { fields: { name: string; label: string }[]; translations: { de: Record<string, string> | null } };
      const choiceFields = words.fields.filter((field) => field.label.startsWith('Fråga: Menu, alternativet'));
      expect(choiceFields.map((field) => field.label)).toEqual(['Fråga: Menu, alternativet Reindeer stew', 'Fråga: Menu, alternativet Vegetarian', 'Fråga: Menu, alternativet Vegan']);
      await as('put', `/api/admin/tours/${tourId}/option-words/de`)
        .send({ words: { ...words.translations.de, [`q:${code}`]: 'Menü', [choiceFields[0].name]: 'Rentiereintopf', [choiceFields[1].name]: 'Vegetarisch' } })
        .expect(200);

      type Question = { code: string; label: string; choices: string[]; choiceLabels?: string[] };
      const questionIn = async (lang: string) => ((await request(sut.server).get(`/api/tours/${slug}?lang=${lang}`).expect(200)).body as { questions: Question[] }).questions.find((question) => question.code === code)!;
      expect(await questionIn('de')).toMatchObject({ label: 'Menü', choices: ['Reindeer stew', 'Vegetarian', 'Vegan'], choiceLabels: ['Rentiereintopf', 'Vegetarisch', 'Vegan'] });
      expect((await questionIn('en')).choiceLabels).toBeUndefined();
      expect((await questionIn('sv')).choiceLabels).toBeUndefined();
      const bookingPage = (await request(sut.server).get(`/de/book/${tourId}/`).expect(200)).text;
      expect(bookingPage).toContain('<option value="Reindeer stew">Rentiereintopf</option>');
      expect(bookingPage).toContain('<option value="Vegan">Vegan</option>');

      // The German guest's answer is the value; the booking keeps it as English staff read it.
      const departure = await createTestDeparture(sut.app.get(DataSource), slug, { daysAhead: 47 });
      const held = (
        await request(sut.server)
          .post('/api/bookings')
          .set('X-Forwarded-For', newClientAddress())
          .send({ departureId: departure.id, guests: 1, name: 'Lena Schmidt', email: 'lena.menu@example.com', language: 'de', answers: { booking: { [code]: 'Reindeer stew' }, guests: [{}] } })
          .expect(201)
      ).body as { reference: string };
      const link = sut.app.get(ManageLinks).url({ reference: held.reference, departure: { startsAt: departure.startsAt.toISOString() }, language: 'de' });
      const managed = (await request(sut.server).get(`/api/manage/${new URL(link).searchParams.get('token')}`).expect(200)).body as { answers: { booking: Record<string, string> }; questions: Question[] };
      expect(managed.answers.booking[code]).toBe('Reindeer stew');
      expect(managed.questions.find((question) => question.code === code)?.choiceLabels).toEqual(['Rentiereintopf', 'Vegetarisch', 'Vegan']);

      // Staff rename and reorder the choices: the renamed one reads English (marked missing for staff), the moved one keeps its words.
      await as('put', `/api/admin/tours/${tourId}/booking-options`).send({ ...original, questions: [...original.questions, { ...menu, choices: ['Vegetarian', 'Reindeer soup', 'Vegan'] }] }).expect(200);
      expect((await questionIn('de')).choiceLabels).toEqual(['Vegetarisch', 'Reindeer soup', 'Vegan']);
    } finally {
      await as('put', `/api/admin/tours/${tourId}/booking-options`).send(original).expect(200);
    }
  });

  it("Names the pickup points in the page's language where they have words to translate; staff change them", async () => {
    const pickups = async (lang: string) => ((await request(sut.server).get(`/api/tours/northern-lights-car-chase-kiruna?lang=${lang}`).expect(200)).body as { pickupPoints: { id: number; name: string; address: string }[] }).pickupPoints;
    const swedish = await pickups('sv');
    expect(swedish.find((point) => point.address.startsWith('Lars Janssonsgatan 15'))?.address).toBe('Lars Janssonsgatan 15, huvudentrén');
    expect((await pickups('en')).find((point) => point.address.startsWith('Lars Janssonsgatan 15'))?.address).toBe('Lars Janssonsgatan 15, main entrance');

    const token = await staffToken(sut.app.get(DataSource), sut.server);
    const as = (method: 'get' | 'put', path: string) => request(sut.server)[method](path).set('Authorization', `Bearer ${token}`);
    const words = (await as('get', '/api/admin/pickup-points/words').expect(200)).body as { fields: { name: string; label: string }[]; translations: { sv: Record<string, string> } };
    const ferrum = swedish.find((point) => point.name === 'Scandic Ferrum')!;
    expect(words.translations.sv[`${ferrum.id}:address`]).toBe('Lars Janssonsgatan 15, huvudentrén');
    await as('put', '/api/admin/pickup-points/words/sv').send({ words: { [`${ferrum.id}:name`]: 'Scandic Ferrum (hotellet)', [`${ferrum.id}:address`]: 'Lars Janssonsgatan 15, vid entrén' } }).expect(200);
    expect((await pickups('sv')).find((point) => point.id === ferrum.id)).toMatchObject({ name: 'Scandic Ferrum (hotellet)', address: 'Lars Janssonsgatan 15, vid entrén' });
    expect((await as('put', '/api/admin/pickup-points/words/sv').send({ words: { '999999:name': 'x' } }).expect(400)).body.message).toContain('999999:name');
    await as('put', '/api/admin/pickup-points/words/sv').send({ words: { [`${ferrum.id}:name`]: '', [`${ferrum.id}:address`]: 'Lars Janssonsgatan 15, huvudentrén' } }).expect(200);
    expect((await pickups('sv')).find((point) => point.id === ferrum.id)?.name).toBe('Scandic Ferrum');
  });
});
