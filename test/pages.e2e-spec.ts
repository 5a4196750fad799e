import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from 'node:worker_threads';

import request from 'supertest';
import { DataSource } from 'typeorm';

import type { LoadedPage } from '../shared/ssr-contract';
import { RETENTION } from '../src/admin/privacy/privacy.service';
import { ContentChanges } from '../src/common/cache/content-changes';
import { WorkerLane } from '../src/common/workers/worker-lane';
import { TOURS } from '../src/app-data/seed/tours.catalogue';
import { useTestApp } from './support/app';
import { saveTestPost } from './support/fixtures';
import { TEST_PUBLIC_URL } from './support/e2e-env';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const PUBLIC_ROUTES = ['/', '/about/', '/tours/', '/faq/', '/blog/', '/contact/', '/privacy/', '/gift-cards/', '/checkout/', '/success/', '/cancel/'];

describe('Server-rendered pages (MySQL)', () => {
  const sut = useTestApp();

  it('Renders the title of every tour into the HTML of /tours/, with no JavaScript run', async () => {
    const response = await request(sut.server).get('/tours/').expect(200).expect('Content-Type', /html/);
    for (const tour of TOURS) expect(response.text).toContain(escapeHtml(tour.title));
  });

  it.each(PUBLIC_ROUTES)('Renders %s with the layout, head and structured data', async (path) => {
    const response = await request(sut.server).get(path).expect(200);
    const html = response.text;
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}${path}">`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('"@type":"TravelAgency"');
    expect(html).toContain('"opens":"09:00","closes":"18:00"');
    for (const label of ['Home', 'About', 'Tours', 'FAQ', 'Blog', 'Contact']) expect(html).toContain(`>${label}</a>`);
    for (const href of ['/tours/northern-lights/', '/tours/dog-sledding/', '/tours/snowmobile/', '/tours/reindeer-sledding/']) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain(`© ${new Date().getFullYear()}`);
  });

  it('States on the privacy page the periods the retention job enforces, what is kept and why, and the data-protection contact', async () => {
    const html = (await request(sut.server).get('/privacy/').expect(200)).text;
    expect(html).toContain(`Booking information: ${RETENTION.bookingYears} years.`);
    expect(html).toContain(`Customer communications: ${RETENTION.communicationYears} years.`);
    expect(html).toContain('Marketing consent: until withdrawn.');
    for (const record of ['Bookings', 'Card payments', 'Messages and emails', 'The AI travel guide', 'Your internet address']) expect(html).toContain(`<dt>${record}</dt>`);
    expect(html).toContain('mailto:privacy@norrsken-arctic.se');
  });

  it("Sends visitors no admin styles: those come with the admin's own chunk", async () => {
    const home = await request(sut.server).get('/').expect(200);
    const sheets = [...home.text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]);
    expect(sheets.length).toBeGreaterThan(0);
    for (const sheet of sheets) {
      const css = await request(sut.server).get(sheet).expect(200);
      expect([sheet, css.text.includes('.admin-nav')]).toEqual([sheet, false]);
      expect(css.text).toContain('.tour-card');
    }
  });

  it('Renders a tour page and a blog post', async () => {
    const tour = await request(sut.server).get('/tours/northern-lights-sami-inspired-bbq-kiruna/').expect(200);
    expect(tour.text).toContain('Northern Lights Tour with Sami Inspired BBQ</h1>');
    expect(tour.text).toMatch(/\d seats left/);
    const post = await request(sut.server).get('/blog/what-to-wear-in-lapland-in-winter/').expect(200);
    // The editor's level-one heading is shown as level three (spec section 7).
    expect(post.text).toContain('<h3>Boots and toes</h3>');
    expect(post.text).not.toContain('<h1>Boots');
  });

  it('Says one "From" price for a tour: its page, the structured data search engines read, and the home page card agree (children pay less, listed after it)', async () => {
    const slug = 'northern-lights-car-chase-kiruna';
    const amount = (text: string) => Number(text.replace(/\D/g, ''));
    const page = (await request(sut.server).get(`/tours/${slug}/`).expect(200)).text;
    const shown = amount(/class="book-bar__price">[\s\S]*?<strong>([^<]+)<\/strong>/.exec(page)![1]!);
    const structured = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(([, json]) => JSON.parse(json!) as { offers?: { price: number } }).find((data) => data.offers)!;
    expect(structured.offers!.price).toBe(shown);
    const home = (await request(sut.server).get('/').expect(200)).text;
    const card = new RegExp(`href="/tours/${slug}/"[\\s\\S]*?popular-card__facts">From ([^·<]+)`).exec(home)!;
    expect(amount(card[1]!)).toBe(shown);
    // A child's price is not the "From" price: it is listed beside the others.
    expect(page).toMatch(/class="book-bar__categories">[^<]*Child \(4-12\): 950/);
    expect(shown).toBeGreaterThan(950);
    // A free category is listed too, as free: parents read that a baby on a lap rides along.
    expect(page).toMatch(/class="book-bar__categories">[^<]*Infant \(0-3, on a lap\): free/);
    const swedish = (await request(sut.server).get(`/sv/tours/${slug}/`).expect(200)).text;
    expect(swedish).toMatch(/class="book-bar__categories">[^<]*Småbarn \(0-3, i knät\): gratis/);
  });

  it('Renders the footer category links as filtered tour lists', async () => {
    const response = await request(sut.server).get('/tours/northern-lights/').expect(200);
    // The list itself: everything before the related-tours block.
    const list = response.text.split('id="related-title"')[0];
    const aurora = TOURS.filter((tour) => tour.categories.includes('Northern Lights'));
    const others = TOURS.filter((tour) => !tour.categories.includes('Northern Lights'));
    for (const tour of aurora) expect(list).toContain(escapeHtml(tour.title));
    for (const tour of others) expect(list).not.toContain(`>${escapeHtml(tour.title)}<`);
  });

  it('Names a free price category as free on the booking page, as the tour page does', async () => {
    const tour = (await request(sut.server).get('/api/tours/reindeer-sledding-day-tour-in-kiruna').expect(200)).body as { id: number };
    expect((await request(sut.server).get(`/book/${tour.id}/`).expect(200)).text).toContain('Infant (0-3, on a lap): free');
    expect((await request(sut.server).get(`/sv/book/${tour.id}/`).expect(200)).text).toContain('Småbarn (0-3, i knät): gratis');
  });

  it('Renders the booking page without the site header, nav or footer', async () => {
    const tour = (await request(sut.server).get('/api/tours/drive-your-own-dog-sled-team').expect(200)).body as { id: number };
    const response = await request(sut.server).get(`/book/${tour.id}/`).expect(200);
    expect(response.text).toContain('Book: Drive Your Own Dog Sled Team');
    expect(response.text).not.toContain('class="site-header"');
    expect(response.text).not.toContain('class="site-footer"');
  });

  it('Has one address for a tour\'s booking page: other spellings of its id (0016, 0x10, 16.0, 1.6e1) are 404s, never kept', async () => {
    const tour = (await request(sut.server).get('/api/tours/drive-your-own-dog-sled-team').expect(200)).body as { id: number };
    await request(sut.server).get(`/book/${tour.id}/`).expect(200);
    for (const id of [`0${tour.id}`, `00${tour.id}`, `0x${tour.id.toString(16)}`, `${tour.id}.0`, `${tour.id}e0`, `+${tour.id}`]) {
      const response = await request(sut.server).get(`/book/${id}/`);
      expect([id, response.status, response.headers['x-cache']]).toEqual([id, 404, undefined]);
    }
  });

  it.each(['/no-such-page/', '/tours/no-such-tour/', '/blog/no-such-post/', '/book/999999/', '/book/abc/'])(
    'Renders the 404 page with status 404 and noindex for %s',
    async (path) => {
      const response = await request(sut.server).get(path).expect(404).expect('Content-Type', /html/);
      expect(response.text).toContain('<h1>404 - Page Not Found</h1>');
      expect(response.text).toContain("Sorry, the page you&#x27;re looking for doesn&#x27;t exist.");
      expect(response.text).toContain('<meta name="robots" content="noindex, follow">');
      // A 404 is no page of its own: it names no canonical address (there is no /404/ page to point at).
      expect(response.text).not.toContain('rel="canonical"');
      expect(response.text).not.toContain('og:url');
      for (const href of ['/tours/', '/about/', '/blog/', '/contact/']) expect(response.text).toContain(`href="${href}"`);
    },
  );

  it.each(['/tours/%E0%A4%A/', '/blog/%ZZ/', '/%E0%A4%A', '/%E0%A4%A?x=1'])(
    'Renders the 404 page for %s, an address no page can have (it cannot be decoded), and never redirects it to another',
    async (path) => {
      const response = await request(sut.server).get(path).expect(404).expect('Content-Type', /html/);
      expect(response.text).toContain('<h1>404 - Page Not Found</h1>');
      expect(response.text).toContain('<meta name="robots" content="noindex, follow">');
    },
  );

  it('Answers an API address that cannot be decoded with a JSON 400, as any bad API request', async () => {
    const response = await request(sut.server).get('/api/tours/%E0%A4%A').expect(400).expect('Content-Type', /json/);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('Renders the 404 page for a method no page answers', async () => {
    const response = await request(sut.server).post('/tours/').expect(404);
    expect(response.text).toContain('404 - Page Not Found');
  });

  it('Answers 301 to the trailing-slash form of a page path, keeping the query', async () => {
    await request(sut.server).get('/tours').expect(301).expect('Location', '/tours/');
    await request(sut.server).get('/tours?location=Abisko').expect(301).expect('Location', '/tours/?location=Abisko');
    await request(sut.server).get('/secure-admin-42').expect(301).expect('Location', '/secure-admin-42/');
  });

  it.each([
    ['/Tours/', '/tours/'],
    ['/SV/', '/sv/'],
    ['/Sv/tours?location=Kiruna', '/sv/tours/?location=Kiruna'],
    ['/TOURS/Northern-Lights-Car-Chase-Kiruna/', '/tours/northern-lights-car-chase-kiruna/'],
  ])('Answers %s, a page address with capitals, with 301 to its lower-case address %s', async (from, to) => {
    await request(sut.server).get(from).expect(301).expect('Location', to);
  });

  /** GET `target` exactly as given (supertest would turn backslashes into slashes, and a full URL into its path). */
  async function rawGet(target: string): Promise<{ status?: number; location?: string; body: string }> {
    const server = (sut.server as Server).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      return await new Promise((resolve, reject) => {
        const { port } = server.address() as AddressInfo;
        httpRequest({ host: '127.0.0.1', port, path: target }, (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode, location: response.headers.location, body }));
        })
          .on('error', reject)
          .end();
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('Reads backslashes in an address as slashes, as browsers do: never a redirect off the site, never another page in its place', async () => {
    const redirect = async (target: string) => {
      const { status, location } = await rawGet(target);
      return { status, location };
    };
    // Before: "Location: /\evil.example/x/", which a browser follows to https://evil.example/x/.
    expect(await redirect('/\\evil.example/x')).toEqual({ status: 301, location: '/evil.example/x/' });
    expect(await redirect('/\\/evil.example/tours/')).toEqual({ status: 301, location: '/evil.example/tours/' });
    // Before: 200 with the home page (the renderer read "/\evil.example" as evil.example's "/").
    expect(await redirect('/\\evil.example')).toEqual({ status: 301, location: '/evil.example' });
    expect((await request(sut.server).get('/evil.example').expect(404)).text).toContain('404 - Page Not Found');
  });

  it('Answers a request whose target is a full URL (absolute-form, which HTTP/1.1 servers must accept) with the page at its path, whatever host it names', async () => {
    const page = await rawGet('http://evil.example/faq/?from=proxy');
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/faq/">`);
    expect(page.body).not.toContain('evil.example');
    expect((await rawGet('http://evil.example/tours')).location).toBe('/tours/');
  });

  it.each([
    ['/login', '/secure-admin-42/login/'],
    ['/login/', '/secure-admin-42/login/'],
    ['/admin', '/secure-admin-42/login/'],
    ['/admin/dashboard', '/secure-admin-42/dashboard/'],
    ['/admin/bookings/', '/secure-admin-42/bookings/'],
    ['/admin/tour-dates', '/secure-admin-42/tour-dates/'],
    ['/admin/chat-logs/', '/secure-admin-42/chat-logs/'],
  ])('Redirects %s to %s on the server', async (from, to) => {
    await request(sut.server).get(from).expect(302).expect('Location', to);
  });

  it('Keeps inline data from closing its script element', async () => {
    const remove = await saveTestPost(sut.app.get(DataSource), {
      slug: 'script-injection-check',
      title: 'Evil </script><script>alert(1)</script> title',
      content: '<p>x</p>',
    });
    try {
      const response = await request(sut.server).get('/blog/script-injection-check/').expect(200);
      expect(response.text).not.toContain('<script>alert(1)</script>');
      const scripts = [...response.text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
      for (const body of scripts) expect(body).not.toMatch(/<\/?script/i);
    } finally {
      await remove();
    }
  });

  describe('Rendered in a worker thread', () => {
    afterEach(() => jest.restoreAllMocks());

    /** The lane the pages are rendered in, as the spy on `run` saw it called. */
    type Lane = { worker?: Worker; options: { inPlace: (page: LoadedPage) => Promise<unknown> } };

    /** Renders `path` afresh (nothing kept); with the render lane's calls for it, and the lane. */
    async function renderAfresh(path: string, status = 200) {
      sut.app.get(ContentChanges).announce();
      const run = jest.spyOn(WorkerLane.prototype, 'run');
      const html = (await request(sut.server).get(path).expect(status)).text;
      const calls = run.mock.calls.flatMap(([input], index) => ((input as LoadedPage).url === path ? [{ page: input as LoadedPage, lane: run.mock.contexts[index] as unknown as Lane }] : []));
      run.mockRestore();
      return { html, calls };
    }

    it.each(['/', '/tours/', '/tours/dog-sledding/', '/tours/reindeer-sledding-day-tour-in-kiruna/', '/sv/', '/de/faq/', '/blog/', '/sv/book/1/'])(
      'Renders %s in the render worker, to the HTML the main thread renders from the same loaders',
      async (path) => {
        // Related tours are a random pick, made as the page loads: the same pick for both renders.
        jest.spyOn(Math, 'random').mockReturnValue(0.42);
        // A first page starts the worker.
        const { calls: first } = await renderAfresh('/about/');
        const here = jest.spyOn(first[0].lane.options, 'inPlace');
        const inWorker = await renderAfresh(path);
        expect(inWorker.calls).toHaveLength(1);
        expect(inWorker.calls[0].lane.worker?.threadId).toBeGreaterThan(0);
        expect(here).not.toHaveBeenCalled();
        // The same page rendered here, from the router's own context: the page crossed to the worker as plain data and lost nothing.
        jest.spyOn(WorkerLane.prototype, 'run').mockImplementation(function (this: Lane, page) {
          return this.options.inPlace(page as LoadedPage);
        });
        sut.app.get(ContentChanges).announce();
        const onThisThread = (await request(sut.server).get(path).expect(200)).text;
        expect(inWorker.html).toBe(onThisThread);
        expect(here).toHaveBeenCalledTimes(1);
      },
    );

    it('Renders a page that shows an error (a 404) on the main thread, where its error is whole', async () => {
      expect((await renderAfresh('/tours/no-such-tour/', 404)).calls).toHaveLength(0);
    });
  });
});
