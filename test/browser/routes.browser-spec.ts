import { baseUrl, openPage, useBrowser, waitForHydration } from './support/browser';
import { PUBLIC_PAGES } from './support/pages';

const PUBLIC_ROUTES = [...PUBLIC_PAGES, '/checkout/', '/success/', '/cancel/'];

describe('Every public route in a real browser', () => {
  const chromium = useBrowser();

  it.each(PUBLIC_ROUTES)('Loads %s and hydrates without a console error', async (path) => {
    const { page, errors } = await openPage(chromium.browser);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.locator('h1').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Loads the booking page without the site header, nav or footer', async () => {
    const tours = (await (await fetch(`${baseUrl()}/api/tours`)).json()) as { data: { id: number; slug: string }[] };
    const { page, errors } = await openPage(chromium.browser);
    await page.goto(`/book/${tours.data[0].id}/`);
    await waitForHydration(page);
    expect(await page.locator('.site-header, .site-nav, .site-footer').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Shows the 404 page for an unknown path, with status 404 and noindex', async () => {
    const { page } = await openPage(chromium.browser);
    const response = await page.goto('/no-such-page/');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('404 - Page Not Found');
    await expect(page.locator('main').textContent()).resolves.toContain("Sorry, the page you're looking for doesn't exist.");
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex, follow');
    for (const href of ['/', '/tours/', '/about/', '/blog/', '/contact/']) {
      expect(await page.locator(`main a[href="${href}"]`).count()).toBeGreaterThan(0);
    }
    await page.context().close();
  });

  it('Logs the notfound query parameter of the 404 page to the console, and only there', async () => {
    const { page, errors } = await openPage(chromium.browser);
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const stale = '/old-tours/<b>aurora</b>';
    const response = await page.goto(`/no-such-page/?notfound=${encodeURIComponent(stale)}`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    for (let waited = 0; !logged.includes(`notfound: ${stale}`) && waited < 5000; waited += 100) await page.waitForTimeout(100);
    expect(logged).toContain(`notfound: ${stale}`);
    expect(await page.locator('body').textContent()).not.toContain('aurora');
    // The page's own 404 status is the one console error.
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
    await page.context().close();
  });

  it('Redirects a page path without its trailing slash', async () => {
    const { page } = await openPage(chromium.browser);
    await page.goto('/tours');
    expect(new URL(page.url()).pathname).toBe('/tours/');
    await page.context().close();
  });

  it.each([
    ['/login', '/secure-admin-42/login/'],
    ['/admin', '/secure-admin-42/login/'],
    ['/admin/bookings', '/secure-admin-42/bookings/'],
  ])('Redirects %s towards the admin path %s', async (from, to) => {
    const { page } = await openPage(chromium.browser);
    const response = await page.goto(from);
    expect(response?.request().redirectedFrom()).not.toBeNull();
    expect(new URL(response!.url()).pathname).toBe(to);
    await page.context().close();
  });

  it('Sends a visitor with no admin token from an admin page to the login, replacing history', async () => {
    const { page } = await openPage(chromium.browser);
    await page.goto('/');
    await waitForHydration(page);
    await page.goto('/secure-admin-42/dashboard/');
    await page.waitForURL('**/secure-admin-42/login/');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('sv');
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('Navigates on the client after hydration, updating the title and canonical link', async () => {
    const { page, errors } = await openPage(chromium.browser);
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { stayedOnPage: boolean }).stayedOnPage = true));
    await page.locator('.site-nav').getByRole('link', { name: 'Tours', exact: true }).click();
    await page.waitForURL('**/tours/');
    await page.waitForFunction(() => document.title.startsWith('Arctic Tours in Kiruna and Abisko'));
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/tours\/$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Gives a page reached from the 404 page its canonical link, which the 404 page has none of', async () => {
    const { page, errors } = await openPage(chromium.browser);
    await page.goto('/no-such-page/');
    await waitForHydration(page);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await page.locator('main').getByRole('link', { name: 'Tours', exact: true }).first().click();
    await page.waitForURL('**/tours/');
    await page.waitForFunction(() => document.querySelector('link[rel="canonical"]')?.getAttribute('href')?.endsWith('/tours/'));
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toMatch(/\/tours\/$/);
    // The only complaint is the 404 the page itself was answered with.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await page.context().close();
  });

  it('Filters tours by location from the URL and from the buttons', async () => {
    const { page } = await openPage(chromium.browser);
    await page.goto('/tours/');
    await waitForHydration(page);
    const all = await page.locator('main .card-grid').first().locator('.tour-card').count();
    await page.getByRole('button', { name: 'Abisko Tours' }).click();
    await page.waitForURL('**/tours/?location=Abisko');
    await page.waitForFunction((total) => (document.querySelector('main .card-grid')?.querySelectorAll('.tour-card').length ?? total) < total, all);
    const abisko = await page.locator('main .card-grid').first().locator('.tour-card').count();
    expect(abisko).toBeGreaterThan(0);
    const expected = (await (await fetch(`${baseUrl()}/api/tours?location=Abisko`)).json()) as { data: unknown[] };
    expect(abisko).toBe(expected.data.length);
    await page.context().close();
  });
});
