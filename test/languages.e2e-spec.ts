import request from 'supertest';

import { LANGUAGES, localizedPath, type Lang } from '../shared/languages';
import { BLOG_POSTS } from '../src/database/seed/blog.catalogue';
import { TOURS } from '../src/database/seed/tours.catalogue';
import { useTestApp } from './support/app';
import { TEST_PUBLIC_URL } from './support/e2e-env';

/** Every public page (English paths, as the spec names them). */
const PUBLIC_PAGES = ['/', '/about/', '/tours/', '/tours/northern-lights/', `/tours/${TOURS[0].slug}/`, '/faq/', '/blog/', `/blog/${BLOG_POSTS[0].slug}/`, '/contact/', '/privacy/', '/book/1/'];

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
    // The switcher: the same page in each language, a whole new page each (no script needed).
    for (const [lang, href] of [['en', '/'], ['sv', '/sv/'], ['de', '/de/']]) expect(swedish).toContain(`href="${href}" hrefLang="${lang}" lang="${lang}"`);
  });

  it('answers a missing page with the 404 in its language, and adds the trailing slash in any language', async () => {
    const missing = await request(sut.server).get('/de/no-such-page/').expect(404);
    expect(headOf(missing.text).lang).toBe('de');
    expect(missing.text).toContain('<h1>404 – Seite nicht gefunden</h1>');
    await request(sut.server).get('/sv/tours/no-such-tour/').expect(404);
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
});
