import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import sharp from 'sharp';
import request from 'supertest';

import { artworkVariants } from '../shared/artwork';
import { artworkPictureOf } from '../src/common/http/artwork-rasters';
import { CATEGORIES } from '../shared/taxonomy';
import { BLOG_POSTS } from '../src/app-data/seed/blog.catalogue';
import { TOURS } from '../src/app-data/seed/tours.catalogue';
import { useTestApp } from './support/app';
import { TEST_PUBLIC_URL } from './support/e2e-env';

describe('Sitemap and robots (MySQL)', () => {
  const sut = useTestApp();

  it('Lists every page, tour, category and post in /sitemap.xml', async () => {
    const response = await request(sut.server).get('/sitemap.xml').expect(200).expect('Content-Type', /application\/xml/);
    const locs = [...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ['/', '/about/', '/tours/', '/faq/', '/blog/', '/contact/', '/privacy/', '/gift-cards/']) expect(locs).toContain(`${TEST_PUBLIC_URL}${path}`);
    for (const tour of TOURS) expect(locs).toContain(`${TEST_PUBLIC_URL}/tours/${tour.slug}/`);
    for (const category of CATEGORIES) expect(locs).toContain(`${TEST_PUBLIC_URL}/tours/${category.slug}/`);
    for (const post of BLOG_POSTS) expect(locs).toContain(`${TEST_PUBLIC_URL}/blog/${post.slug}/`);
  });

  it('Points robots to the sitemap without naming the admin path, and keeps staff pages out of search by header', async () => {
    const response = await request(sut.server).get('/robots.txt').expect(200).expect('Content-Type', /text\/plain/);
    expect(response.text).not.toContain('secure-admin');
    for (const path of ['/secure-admin-42/login/', '/secure-admin-42/dashboard/', '/admin', '/login/', '/api/admin/validate-token']) {
      expect((await request(sut.server).get(path)).headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    expect((await request(sut.server).get('/tours/').expect(200)).headers['x-robots-tag']).toBeUndefined();
    expect(response.text).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
    // A tour's booking page (dates, seats and prices) is a page people search for: crawled and indexed.
    expect(response.text).not.toContain('Disallow: /book/');
    const book = (await request(sut.server).get('/book/1/').expect(200)).text;
    expect(book).toContain('<meta name="robots" content="index, follow">');
    expect(book).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/book/1/">`);
  });

  it('Gives tours, the FAQ and the blog their structured data', async () => {
    const tour = await request(sut.server).get('/tours/drive-your-own-dog-sled-team/').expect(200);
    expect(tour.text).toContain('"@type":["TouristTrip","Product"]');
    expect(tour.text).toMatch(/"offers":\{"@type":"Offer","price":\d+,"priceCurrency":"SEK"/);
    // The breadcrumb the page shows, as search results can show it.
    expect(tour.text).toContain(
      `{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Home","item":"${TEST_PUBLIC_URL}/"},{"@type":"ListItem","position":2,"name":"Tours","item":"${TEST_PUBLIC_URL}/tours/"},{"@type":"ListItem","position":3,"name":"Drive Your Own Dog Sled Team","item":"${TEST_PUBLIC_URL}/tours/drive-your-own-dog-sled-team/"}]}`,
    );
    const faq = await request(sut.server).get('/faq/').expect(200);
    expect(faq.text).toContain('"@type":"FAQPage"');
    const blog = await request(sut.server).get('/blog/').expect(200);
    expect(blog.text).toContain('"@type":"Blog"');
    const post = await request(sut.server).get(`/blog/${BLOG_POSTS[0].slug}/`).expect(200);
    expect(post.text).toContain('"@type":"BlogPosting"');
  });

  it('Shares every page with a 1200 × 630 JPEG and its alt text, for Open Graph and X', async () => {
    const tour = TOURS[0];
    const html = (await request(sut.server).get(`/tours/${tour.slug}/`).expect(200)).text;
    const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];
    // The tour's own card: its picture with its name and the logo, in the page's language.
    const image = `${TEST_PUBLIC_URL}/images/share/tours/en/${tour.slug}.jpg`;
    expect({ image: meta('og:image'), alt: meta('og:image:alt'), width: meta('og:image:width'), card: meta('twitter:card'), twitterImage: meta('twitter:image'), twitterAlt: meta('twitter:image:alt') }).toEqual({
      image,
      alt: tour.imageAlt,
      width: '1200',
      card: 'summary_large_image',
      twitterImage: image,
      twitterAlt: tour.imageAlt,
    });
    expect(meta('twitter:title')).toBe(meta('og:title'));
    const picture = (path: string) =>
      request(sut.server).get(path).buffer(true).parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const file = await picture(new URL(image).pathname);
    expect([file.status, file.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(await sharp(file.body as Buffer).metadata()).toMatchObject({ width: 1200, height: 630 });
    // The Swedish page shares the Swedish card; the words are drawn (the two differ only in them, where the title stands), the picture is the same.
    const swedish = (await request(sut.server).get(`/sv/tours/${tour.slug}/`).expect(200)).text;
    expect(swedish).toContain(`<meta property="og:image" content="${TEST_PUBLIC_URL}/images/share/tours/sv/${tour.slug}.jpg">`);
    const inSwedish = await picture(`/images/share/tours/sv/${tour.slug}.jpg`);
    const band = async (bytes: Buffer, top: number) => sharp(bytes).extract({ left: 0, top, width: 1200, height: 120 }).greyscale().raw().toBuffer();
    const differing = (a: Buffer, b: Buffer) => a.filter((value, index) => Math.abs(value - b[index]!) > 60).length;
    expect(differing(await band(file.body as Buffer, 480), await band(inSwedish.body as Buffer, 480))).toBeGreaterThan(500);
    expect(differing(await band(file.body as Buffer, 250), await band(inSwedish.body as Buffer, 250))).toBeLessThan(50);
    // The company's name is drawn at the top: bright letters where the bare picture has none.
    const bare = await picture(`/images/share/${tour.artwork}.jpg`);
    expect(differing(await band(file.body as Buffer, 40), await band(bare.body as Buffer, 40))).toBeGreaterThan(500);
    await request(sut.server).get('/images/share/tours/sv/no-such-tour.jpg').expect(404);
    await request(sut.server).get(`/images/share/tours/fr/${tour.slug}.jpg`).expect(404);
    // The home page shares the hero, with words for it.
    const home = (await request(sut.server).get('/').expect(200)).text;
    expect(home).toContain(`<meta property="og:image" content="${TEST_PUBLIC_URL}/images/share/hero.jpg">`);
    expect(home).toContain('<meta property="og:image:alt" content="The northern lights over a snowy forest in Swedish Lapland">');
  });

  it('Quotes the snowmobile price in the snowmobile page metadata', async () => {
    const response = await request(sut.server).get('/tours/snowmobile/').expect(200);
    expect(response.text).toMatch(/<meta name="description" content="[^"]*from 1950 SEK[^"]*">/);
  });

  it('Shares every page with a 1200 × 630 JPEG of its own', async () => {
    const paths = ['/', '/about/', '/faq/', '/contact/', '/privacy/', '/tours/', '/tours/dog-sledding/', '/blog/', '/tours/drive-your-own-dog-sled-team/'];
    const images = new Map<string, string>();
    for (const path of paths) {
      const page = (await request(sut.server).get(path).expect(200)).text;
      const image = /<meta property="og:image" content="([^"]+)">/.exec(page)?.[1];
      expect(image).toMatch(/\.jpg$/);
      expect(page).toMatch(/<meta property="og:image:alt" content="[^"]+">/);
      images.set(path, image!);
      const served = await request(sut.server).get(new URL(image!).pathname).expect(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
    }
    // A list is shared with the picture of the first tour it shows (the dog sled category with its first dog sled tour's); the rest are their own.
    const own = ['/', '/about/', '/faq/', '/contact/', '/privacy/', '/tours/', '/blog/', '/tours/drive-your-own-dog-sled-team/'].map((path) => images.get(path));
    expect(new Set(own).size).toBe(own.length);
  });

  it('Serves every shipped artwork in AVIF, WebP and JPEG at each width, made on first request and kept beside the build', async () => {
    const art = join(__dirname, '..', 'client', 'public', 'images', 'art');
    const names = readdirSync(art, { recursive: true }).map(String).filter((name) => name.endsWith('.svg'));
    expect(names.length).toBeGreaterThan(50);
    // Every variant a page offers names a scene the server can make.
    for (const name of names) {
      const variants = artworkVariants(`/images/art/${name}`)!;
      expect(variants).toHaveLength(9);
      for (const variant of variants) expect(artworkPictureOf(variant.url)).toEqual(expect.objectContaining({ name: name.replace(/\.svg$/, '') }));
    }
    // Two scenes made in every size and format, and the share card of one, each kept on disk once made.
    const FORMATS = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
    const made = [...artworkVariants('/images/art/places/drive-your-own-dog-sled-team.svg')!, ...artworkVariants('/images/art/hero.svg')!].map((variant) => variant.url);
    for (const url of [...made, '/images/share/dogsled.jpg']) {
      rmSync(join(__dirname, '..', 'dist', 'client', url), { force: true });
      // Asked twice at once: made once, both answered with the picture.
      const [first, second] = await Promise.all([request(sut.server).get(url).expect(200), request(sut.server).get(url).expect(200)]);
      expect(first.headers['content-type']).toBe(FORMATS[url.split('.').pop() as keyof typeof FORMATS]);
      expect(first.body.length).toBeGreaterThan(1000);
      expect(second.body.equals(first.body)).toBe(true);
      expect(existsSync(join(__dirname, '..', 'dist', 'client', url))).toBe(true);
    }
    const share = await sharp((await request(sut.server).get('/images/share/dogsled.jpg').expect(200)).body).metadata();
    expect([share.width, share.height]).toEqual([1200, 630]);
    const wide = await sharp((await request(sut.server).get('/images/art/raster/hero-960.webp').expect(200)).body).metadata();
    expect(wide.width).toBe(960);
    // No other size, format, name or path is made.
    for (const url of ['/images/art/raster/hero-961.avif', '/images/art/raster/hero-960.png', '/images/art/raster/no-such-scene-960.avif', '/images/art/raster/..%2F..%2Fhero-960.avif', '/images/share/no-such.jpg']) {
      await request(sut.server).get(url).expect(404);
    }
    // Pages offer them: a tour's picture and the home page's hero.
    const tour = (await request(sut.server).get('/tours/drive-your-own-dog-sled-team/').expect(200)).text;
    expect(tour).toContain('<source type="image/avif" srcSet="/images/art/raster/dogsled-480.avif 480w, /images/art/raster/dogsled-960.avif 960w, /images/art/raster/dogsled-1600.avif 1600w"');
    expect((await request(sut.server).get('/').expect(200)).text).toContain('/images/art/raster/hero-960.avif 960w');
  });
});
