import type { BrowserContext, Page } from 'playwright-core';

import { violationsOn } from './support/axe';
import { baseUrl, newBrowserContext, openPage, useBrowser, waitForHydration } from './support/browser';
import { confirmedBookingWithLink } from './support/mails';
import { asStaff } from './support/staff';
import { PUBLIC_PAGES } from './support/pages';

const PAGES = [...PUBLIC_PAGES, '/blog/how-to-photograph-the-northern-lights-with-your-phone/', '/no-such-page/', '/sv/', '/sv/tours/drive-your-own-dog-sled-team/', '/de/tours/', '/de/contact/', '/de/book/1/'];

describe('Accessibility (axe-core, WCAG 2.2 AA)', () => {
  const chromium = useBrowser();
  // The pages that only look are read in one guest's browser and one staff member's (a tab each): fresh
  // contexts for every page cost a new renderer, a cold cache and a login each, and check nothing more.
  let guest: BrowserContext;
  let staff: BrowserContext;
  beforeAll(async () => {
    guest = await newBrowserContext(chromium.browser, { viewport: { width: 1280, height: 900 }, baseURL: baseUrl() });
    staff = await newBrowserContext(chromium.browser, { viewport: { width: 1280, height: 900 }, baseURL: baseUrl() });
    await asStaff(await staff.newPage());
  });
  afterAll(async () => {
    await guest.close();
    await staff.close();
  });
  /** A new tab in `context` at `path`, hydrated; closed after `check`. */
  const inTab = async (context: BrowserContext, path: string, check: (page: Page) => Promise<void>) => {
    const page = await context.newPage();
    try {
      await page.goto(path);
      await waitForHydration(page);
      await check(page);
    } finally {
      await page.close();
    }
  };

  it.each(PAGES)('reports no violations on %s', async (path) => {
    await inTab(guest, path, async (page) => {
      // Evaluated through the DevTools protocol, so the page's CSP does not block it.
      expect(await violationsOn(page)).toEqual([]);
    });
  });

  it('reports no violations on the waitlist form, once it shows the tour', async () => {
    const { page } = await openPage(chromium.browser, { width: 390, height: 800 });
    await page.goto('/waitlist/?tour=drive-your-own-dog-sled-team');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Tell me if seats free up' }).waitFor();
    expect(await violationsOn(page)).toEqual([]);
    await page.context().close();
  });

  it.each([390, 1366])('reports no violations on the booking page, calendar and chosen date included, %i px wide', async (width) => {
    const { page } = await openPage(chromium.browser, { width, height: 900 });
    await page.goto('/book/5/');
    await waitForHydration(page);
    expect(await violationsOn(page)).toEqual([]);
    await page.locator('.calendar__grid button:not([disabled])').first().click();
    await page.getByText(/^Your date: /).waitFor();
    // Sent empty: the errors beside the fields are checked too.
    await page.getByRole('button', { name: 'Reserve, pay on arrival' }).click();
    await page.locator('#name-error').waitFor();
    expect(await violationsOn(page)).toEqual([]);
    await page.context().close();
  });

  it('reports no violations on the manage page, with a change shown before it is made', async () => {
    const { link } = await confirmedBookingWithLink('daytime-snowshoe-hike-kiruna', { name: 'Axel Axe', email: 'axel.axe@example.com' }, '203.0.113.237');
    const { page } = await openPage(chromium.browser, { width: 390, height: 844 });
    await page.goto(link);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Your booking' }).waitFor();
    expect(await violationsOn(page)).toEqual([]);
    await page.locator('.manage-change .calendar__grid button:not([disabled])[aria-pressed="false"]').first().click();
    await page.getByRole('button', { name: 'Change booking' }).click();
    await page.locator('.change-preview').waitFor();
    expect(await violationsOn(page)).toEqual([]);
    await page.context().close();
  });

  it.each(['login/', 'dashboard/', 'bookings/', 'tour-dates/', 'tour-dates/?view=month', 'board/', 'board/?view=day', 'board/?view=month', 'sky/', 'chat-logs/', 'resellers/', 'gift-cards/', 'promo-codes/', 'deposits/', 'ratings/', 'resources/', 'resources/?view=week', 'resources/1/day/', 'accounts/', 'privacy/', 'tours/', 'tours/1/', 'blog/', 'blog/new/', 'faq/', 'stays/'])('reports no violations on the admin screen %s', async (screen) => {
    await inTab(screen === 'login/' ? guest : staff, `/secure-admin-42/${screen}`, async (page) => {
      await page.locator('h1').waitFor();
      await page.waitForFunction(() => !document.querySelector('[role="status"]')?.textContent?.startsWith('Laddar'));
      expect(await violationsOn(page)).toEqual([]);
    });
  });
});
