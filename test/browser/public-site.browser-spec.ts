import type { Page } from 'playwright-core';

import { gate, openPage, useBrowser, waitForHydration } from './support/browser';

/** Every alert the page raises, accepted as a person would. */
function recordAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

function countRequests(page: Page, pathname: string, method = 'POST'): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === pathname) seen.count++;
  });
  return seen;
}

/** Opens /contact/, waits for hydration and fills the three fields. */
async function openFilledContactForm(page: Page): Promise<void> {
  await page.goto('/contact/');
  await waitForHydration(page);
  await fillContactForm(page);
}

async function fillContactForm(page: Page): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill('Anna Svensson');
  await page.getByLabel('Email', { exact: true }).fill('anna@example.com');
  await page.getByLabel('Message', { exact: true }).fill('Is March a good month for the aurora?');
}

describe('The public site, rule by rule', () => {
  const chromium = useBrowser();

  describe('Contact form', () => {
    it('spec 5: the submit button is disabled until the robot box is ticked', async () => {
      const { page } = await openPage(chromium.browser);
      await page.goto('/contact/');
      await waitForHydration(page);
      const submit = page.getByRole('button', { name: 'Send message' });
      await expect(submit.isDisabled()).resolves.toBe(true);
      await page.getByLabel("I'm not a robot").check();
      await expect(submit.isDisabled()).resolves.toBe(false);
      await expect(page.locator('form.contact-form').getAttribute('novalidate')).resolves.not.toBeNull();
      await expect(page.getByLabel('Email', { exact: true }).getAttribute('type')).resolves.toBe('email');
      await page.context().close();
    });

    it("spec 8: success alerts 'Thanks for your message! …', clears the form and unticks the box", async () => {
      const { page, errors } = await openPage(chromium.browser);
      const alerts = recordAlerts(page);
      await openFilledContactForm(page);
      await page.getByLabel("I'm not a robot").check();
      const response = page.waitForResponse((res) => res.url().endsWith('/api/contact'));
      await page.getByRole('button', { name: 'Send message' }).click();
      expect((await response).status()).toBe(201);
      await page.waitForFunction(() => (document.getElementById('contact-name') as HTMLInputElement).value === '');
      expect(alerts).toEqual(["Thanks for your message! We'll get back to you shortly."]);
      await expect(page.getByLabel('Message', { exact: true }).inputValue()).resolves.toBe('');
      await expect(page.getByLabel("I'm not a robot").isChecked()).resolves.toBe(false);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it("spec 8: a failed send alerts 'Something went wrong. Please try again later.' and keeps the text", async () => {
      const { page } = await openPage(chromium.browser);
      const alerts = recordAlerts(page);
      await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
      await openFilledContactForm(page);
      await page.getByLabel("I'm not a robot").check();
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.waitForFunction(() => !(document.querySelector('.contact-form button') as HTMLButtonElement).disabled);
      expect(alerts).toEqual(['Something went wrong. Please try again later.']);
      await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Anna Svensson');
      await page.context().close();
    });

    it('spec 5: the button is disabled while sending', async () => {
      const { page } = await openPage(chromium.browser);
      recordAlerts(page);
      const held = gate();
      await page.route('**/api/contact', async (route) => {
        await held.wait;
        await route.fulfill({ status: 201, contentType: 'application/json', body: '{"received":true}' });
      });
      await openFilledContactForm(page);
      await page.getByLabel("I'm not a robot").check();
      await page.getByRole('button', { name: 'Send message' }).click();
      const sending = page.getByRole('button', { name: 'Sending…' });
      await sending.waitFor();
      await expect(sending.isDisabled()).resolves.toBe(true);
      held.open();
      await page.getByRole('button', { name: 'Send message' }).waitFor();
      await page.context().close();
    });

    it("spec 5: submitted unticked, it alerts 'Please confirm you're not a robot.' and sends nothing", async () => {
      const { page } = await openPage(chromium.browser);
      const alerts = recordAlerts(page);
      const posts = countRequests(page, '/api/contact');
      await openFilledContactForm(page);
      await page.evaluate(() => document.querySelector<HTMLFormElement>('form.contact-form')!.requestSubmit());
      await page.waitForFunction(() => true);
      expect(alerts).toEqual(["Please confirm you're not a robot."]);
      expect(posts.count).toBe(0);
      await page.context().close();
    });

    it('spec 5: a filled honeypot resets the form silently, with no send and no message', async () => {
      const { page } = await openPage(chromium.browser);
      const alerts = recordAlerts(page);
      const posts = countRequests(page, '/api/contact');
      await openFilledContactForm(page);
      await page.evaluate(() => ((document.getElementById('contact-website') as HTMLInputElement).value = 'http://spam.example'));
      await page.getByLabel("I'm not a robot").check();
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.waitForFunction(() => (document.getElementById('contact-name') as HTMLInputElement).value === '');
      expect(alerts).toEqual([]);
      expect(posts.count).toBe(0);
      await expect(page.getByLabel("I'm not a robot").isChecked()).resolves.toBe(false);
      await page.context().close();
    });

    it('shows the contact details, business hours and the reply promise', async () => {
      const { page } = await openPage(chromium.browser);
      await page.goto('/contact/');
      const text = await page.locator('main').textContent();
      for (const fact of ['Mon-Fri', '09:00-18:00', 'Sat', '10:00-16:00', 'Sun', '10:00-15:00', 'within 24 hours', 'Company registration number']) {
        expect(text).toContain(fact);
      }
      await page.context().close();
    });
  });

  describe('Tours page', () => {
    it('spec 2: both controls are disabled while loading, then the list shows', async () => {
      const { page } = await openPage(chromium.browser);
      await page.goto('/tours/');
      await waitForHydration(page);
      const held = gate();
      await page.route('**/api/tours?**', async (route) => {
        await held.wait;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Kiruna Tours' }).click();
      await page.getByRole('status').filter({ hasText: 'Loading tours…' }).waitFor();
      await expect(page.getByLabel('Category').isDisabled()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Abisko Tours' }).isDisabled()).resolves.toBe(true);
      held.open();
      await page.waitForURL('**/tours/?location=Kiruna');
      await page.locator('.tour-card').first().waitFor();
      await expect(page.getByLabel('Category').isDisabled()).resolves.toBe(false);
      await page.context().close();
    });

    it("spec 8: a failed load shows 'Failed to load tours. Please try again later.' in place of the list", async () => {
      const { page } = await openPage(chromium.browser);
      await page.goto('/tours/');
      await waitForHydration(page);
      await page.route('**/api/tours?**', (route) => route.fulfill({ status: 500, body: '' }));
      await page.getByRole('button', { name: 'Abisko Tours' }).click();
      await page.getByText('Failed to load tours. Please try again later.').waitFor();
      expect(await page.locator('main .card-grid').first().locator('.tour-card').count()).toBe(0);
      await page.context().close();
    });

    it("spec 8: no match shows 'No tours available matching your criteria.'", async () => {
      const { page } = await openPage(chromium.browser);
      await page.goto('/tours/?location=Abisko&category=Dogsledding');
      await expect(page.locator('.empty').textContent()).resolves.toBe('No tours available matching your criteria.');
      await page.context().close();
    });

    it('spec 2: the category dropdown refetches; breadcrumb, heading and URL follow the category', async () => {
      const { page } = await openPage(chromium.browser);
      await page.goto('/tours/?location=Kiruna');
      await waitForHydration(page);
      await expect(page.locator('.breadcrumb [aria-current="page"]').textContent()).resolves.toBe('Kiruna');
      await page.getByLabel('Category').selectOption('Snowmobile');
      await page.waitForURL('**/tours/?location=Kiruna&category=Snowmobile');
      await page.locator('h1', { hasText: 'Snowmobile Tours in Kiruna' }).waitFor();
      await expect(page.locator('.breadcrumb [aria-current="page"]').textContent()).resolves.toBe('Snowmobile');
      const titles = await page.locator('main .card-grid').first().locator('.tour-card__title').allTextContents();
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.every((title) => /snowmobile/i.test(title))).toBe(true);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('from 1950 SEK');
      await page.context().close();
    });

    it('spec 2: each card shows the image, title, text, hours, price in SEK, pickup line and both links', async () => {
      const { page } = await openPage(chromium.browser);
      await page.goto('/tours/');
      const card = page.locator('.tour-card').first();
      await expect(card.locator('img').getAttribute('alt')).resolves.toBeTruthy();
      await expect(card.locator('.tour-card__facts').textContent()).resolves.toMatch(/\d+(\.\d)? hours.*\d[\d\u00a0 ]* SEK/);
      await expect(card.locator('.tour-card__pickup').textContent()).resolves.toMatch(/^Pickup: /);
      await expect(card.getByRole('link', { name: /^View details/ }).getAttribute('href')).resolves.toMatch(/^\/tours\/[a-z0-9-]+\/$/);
      await expect(card.getByRole('link', { name: /^Open/ }).getAttribute('href')).resolves.toMatch(/^\/tours\/[a-z0-9-]+\/$/);
      await page.context().close();
    });

    it('spec 9: related tours are up to 6 others, ordered by price per hour, highest first', async () => {
      const { page } = await openPage(chromium.browser);
      await page.goto('/tours/?location=Abisko');
      const listed = await page.locator('main .card-grid').first().locator('.tour-card__title').allTextContents();
      const related = page.locator('.related .tour-card');
      const count = await related.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(6);
      const rates: number[] = [];
      for (let index = 0; index < count; index++) {
        const card = related.nth(index);
        expect(listed).not.toContain(await card.locator('.tour-card__title').textContent());
        const facts = (await card.locator('.tour-card__facts').textContent()) ?? '';
        const hours = Number(/([\d.]+) hours?/.exec(facts)![1]);
        const price = Number(/([\d\u00a0 ]+) SEK/.exec(facts)![1].replace(/\D/g, ''));
        rates.push(price / hours);
      }
      expect(rates).toEqual([...rates].sort((a, b) => b - a));
      await page.context().close();
    });
  });

  describe('Blog', () => {
    async function openBlogFromHome(page: Page): Promise<void> {
      await page.goto('/about/');
      await waitForHydration(page);
      await page.locator('.site-nav').getByRole('link', { name: 'Blog', exact: true }).click();
      await page.waitForURL('**/blog/');
    }

    it("spec 8: a response that is not a list shows 'Invalid blog data returned from server.' in red", async () => {
      const { page } = await openPage(chromium.browser);
      await page.route('**/api/blog/', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":"oops"}' }));
      await openBlogFromHome(page);
      const message = page.getByText('Invalid blog data returned from server.');
      await message.waitFor();
      await expect(message.evaluate((element) => getComputedStyle(element).color)).resolves.toBe('rgb(179, 38, 30)');
      await page.context().close();
    });

    it("spec 8: a failed request shows 'Unable to load blog posts. Please try again later.' in red", async () => {
      const { page } = await openPage(chromium.browser);
      await page.route('**/api/blog/', (route) => route.fulfill({ status: 503, body: '' }));
      await openBlogFromHome(page);
      await page.getByText('Unable to load blog posts. Please try again later.').waitFor();
      await page.context().close();
    });

    it("spec 2: an empty list shows 'No posts yet. Check back soon!'", async () => {
      const { page } = await openPage(chromium.browser);
      await page.route('**/api/blog/', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
      await openBlogFromHome(page);
      await page.getByText('No posts yet. Check back soon!').waitFor();
      await page.context().close();
    });

    it('spec 2: each post shows title, a short-month date, an excerpt of at most 160 characters and Read More', async () => {
      const { page } = await openPage(chromium.browser);
      await page.goto('/blog/');
      const post = page.locator('.post-list article').first();
      await expect(post.locator('.post-date').textContent()).resolves.toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      const excerpt = (await post.locator('p').nth(1).textContent()) ?? '';
      expect(excerpt.length).toBeGreaterThan(0);
      expect(excerpt.length).toBeLessThanOrEqual(160);
      await expect(post.getByRole('link', { name: /^Read More/ }).count()).resolves.toBe(1);
      await page.context().close();
    });
  });

  describe('Home page', () => {
    async function openHomeFromAbout(page: Page): Promise<void> {
      await page.goto('/about/');
      await waitForHydration(page);
      await page.locator('.site-nav').getByRole('link', { name: 'Home', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.locator('.faq-preview').waitFor();
    }

    it("spec 4: when the blog call fails the preview is not rendered and 'Failed to fetch blog post' is logged", async () => {
      const { page, errors } = await openPage(chromium.browser);
      await page.route('**/api/blog/', (route) => route.abort());
      await openHomeFromAbout(page);
      expect(await page.locator('.blog-preview').count()).toBe(0);
      expect(errors.some((error) => error.startsWith('Failed to fetch blog post'))).toBe(true);
      await page.context().close();
    });

    it('spec 4: an empty blog list renders no preview', async () => {
      const { page } = await openPage(chromium.browser);
      await page.route('**/api/blog/', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":[]}' }));
      await openHomeFromAbout(page);
      expect(await page.locator('.blog-preview').count()).toBe(0);
      await page.context().close();
    });

    it('spec 2: shows the call to action, all 11 popular tours, both destinations, the benefits, a testimonial and the FAQ preview', async () => {
      const { page } = await openPage(chromium.browser);
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Browse All Tours' }).getAttribute('href')).resolves.toBe('/tours/');
      await expect(page.getByRole('link', { name: 'Northern Lights Tour with Sami Inspired BBQ' }).getAttribute('href')).resolves.toBe(
        '/tours/northern-lights-sami-inspired-bbq-kiruna/',
      );
      // Picture cards, in the spec's order, each with its price and duration.
      const cards = page.locator('.popular-cards a');
      expect(await cards.count()).toBe(11);
      await expect(cards.first().getAttribute('href')).resolves.toBe('/tours/northern-lights-car-chase-kiruna/');
      await expect(cards.last().getAttribute('href')).resolves.toBe('/tours/morning-hike-in-abisko-national-park/');
      for (const text of await cards.allTextContents()) expect(text).toMatch(/From \d[\d\s]* SEK · [\d.]+ hours?$/);
      expect(await page.locator('.popular-cards img').count()).toBe(11);
      // The hero leads somewhere.
      await expect(page.locator('.hero').getByRole('link', { name: 'Find your tour' }).getAttribute('href')).resolves.toBe('/tours/');
      for (const heading of ['Kiruna', 'Abisko', 'Local Expertise', 'Small Groups', 'Eco-Conscious']) {
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      }
      expect(await page.locator('.testimonial blockquote').count()).toBe(1);
      expect(await page.locator('.faq-preview details').count()).toBe(2);
      await expect(page.getByRole('link', { name: 'View Full FAQ' }).getAttribute('href')).resolves.toBe('/faq/');
      await expect(page.locator('.blog-preview h3').count()).resolves.toBe(1);
      await page.context().close();
    });

    it('spec 1: the glass igloo partner link opens in a new tab with rel="noopener"', async () => {
      const { page } = await openPage(chromium.browser);
      await page.goto('/');
      const link = page.getByRole('link', { name: /Visit the glass igloo camp/ });
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      await expect(link.getAttribute('rel')).resolves.toContain('noopener');
      await page.context().close();
    });
  });

  describe('Images and layout', () => {
    it('spec 8: a tour image that fails swaps to the placeholder for main tours and for others', async () => {
      const { page } = await openPage(chromium.browser);
      // The artwork and the sizes the build made of it.
      await page.route(/\/images\/art\/(raster\/)?(aurora-car|moose)(\.svg|-\d+\.(avif|webp|jpg))$/, (route) => route.abort());
      await page.goto('/tours/');
      await waitForHydration(page);
      const main = page.locator('.tour-card', { hasText: 'Northern Lights Car Chase from Kiruna' }).locator('img');
      const other = page.locator('.tour-card', { hasText: 'Moose Spotting Tour from Kiruna to Nikkaluokta' }).locator('img');
      await page.waitForFunction(() => document.querySelectorAll('img[src$="placeholder-main.svg"], img[src$="placeholder-tour.svg"]').length >= 2);
      await expect(main.getAttribute('src')).resolves.toBe('/images/placeholder-main.svg');
      await expect(other.getAttribute('src')).resolves.toBe('/images/placeholder-tour.svg');
      await page.context().close();
    });

    // In each language: German's long words ("Datenschutzerklärung", "Alle Kategorien") were wider than a 320 px phone.
    it.each(['', '/sv', '/de'].flatMap((lang) => ['/', '/tours/', '/tours/drive-your-own-dog-sled-team/', '/faq/', '/blog/', '/contact/', '/about/', '/privacy/', '/gift-cards/'].map((path) => `${lang}${path}`)))(
      'has no horizontal scroll on a 320 px phone: %s',
      async (path) => {
        const { page } = await openPage(chromium.browser, { width: 320, height: 640 });
        await page.goto(path);
        await waitForHydration(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.context().close();
      },
    );

    it('breaks a German tour title after its hyphen on a 320 px phone, never with the hyphen starting a line', async () => {
      const { page } = await openPage(chromium.browser, { width: 320, height: 640 });
      await page.goto('/de/tours/');
      const hyphenated = await page.locator('.tour-card a[href^="/de/tours/"]').evaluateAll((links) => [...new Set(links.filter((link) => link.textContent!.includes('-')).map((link) => link.getAttribute('href')!))]);
      expect(hyphenated).toContain('/de/tours/reindeer-sledding-day-tour-in-kiruna/');
      for (const path of hyphenated) {
        await page.goto(path);
        // Where each hyphen of the title sits: on the same line as the letter before it.
        const movedDown = await page.locator('h1').evaluate((heading) => {
          const text = heading.firstChild!;
          const top = (at: number) => {
            const range = document.createRange();
            range.setStart(text, at);
            range.setEnd(text, at + 1);
            return range.getBoundingClientRect().top;
          };
          return [...text.textContent!].flatMap((char, at) => (char === '-' && at > 0 && top(at) > top(at - 1) + 2 ? [text.textContent] : []));
        });
        expect(movedDown).toEqual([]);
      }
      await page.context().close();
    });

    it('keeps the phone header to one line with Tours in view, and a Menu button for the rest', async () => {
      const { page, errors } = await openPage(chromium.browser, { width: 390, height: 844 });
      await page.goto('/blog/');
      await waitForHydration(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const height = await nav.evaluate((element) => element.getBoundingClientRect().height);
      // One line: under a tenth of the screen (the wrapped two-line menu took 29 %).
      expect(height).toBeLessThan(844 * 0.1);
      await nav.getByRole('link', { name: 'Tours', exact: true }).waitFor();
      expect(await nav.getByRole('link', { name: 'About' }).isVisible()).toBe(false);
      const menu = nav.getByRole('button', { name: 'Menu' });
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
      await menu.click();
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
      await nav.getByRole('link', { name: 'About' }).click();
      await page.waitForURL('**/about/');
      // Closed again on the new page (rendered just after the address changes).
      await page.waitForFunction(() => document.querySelector('.site-nav__menu')?.getAttribute('aria-expanded') === 'false', undefined, { timeout: 5000 });
      expect(await nav.getByRole('link', { name: 'About' }).isVisible()).toBe(false);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it('lets a keyboard user skip to the content', async () => {
      const { page } = await openPage(chromium.browser);
      await page.goto('/tours/');
      await waitForHydration(page);
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
      await page.keyboard.press('Enter');
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
      await page.context().close();
    });
  });
});
