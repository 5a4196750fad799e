import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { BrowserContext, Page } from 'playwright-core';

import { baseUrl, newBrowserContext, openPage, useBrowser, waitForHydration } from './support/browser';
import { confirmedBookingWithLink } from './support/mails';
import { asStaff } from './support/staff';

/** Where the screens are written for a person to look at (ignored by git): test-results/screens/<name>-<width>.png */
const SCREENS = join(__dirname, '..', '..', 'test-results', 'screens');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function shoot(page: Page, name: string, width: number): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  const file = join(SCREENS, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  expect(statSync(file).size).toBeGreaterThan(10_000);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

describe('Screens for a person to look at (written to test-results/screens/)', () => {
  const chromium = useBrowser();

  describe.each([PHONE, DESKTOP])('at %o', (viewport) => {
    // The staff screens are shot in one logged-in browser, a tab each (a context and a login per screen check nothing more).
    let staff: BrowserContext;
    beforeAll(async () => {
      staff = await newBrowserContext(chromium.browser, { viewport, baseURL: baseUrl() });
      await asStaff(await staff.newPage(), '203.0.113.239');
    });
    afterAll(() => staff.close());

    it.each([
      ['home', '/'],
      ['tours', '/tours/'],
      ['tour', '/tours/northern-lights-car-chase-kiruna/'],
      ['blog', '/blog/'],
    ])('the public page %s', async (name, path) => {
      const { page, errors } = await openPage(chromium.browser, viewport);
      await page.goto(path);
      await waitForHydration(page);
      await shoot(page, name, viewport.width);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it('the booking page with a date chosen and a child added', async () => {
      const { page, errors } = await openPage(chromium.browser, viewport);
      await page.goto('/book/5/');
      await waitForHydration(page);
      await page.locator('.calendar__grid button:not([disabled])').first().click();
      await page.getByText(/^Your date: /).waitFor();
      await page.getByRole('button', { name: /^More: Child/ }).click();
      await shoot(page, 'booking', viewport.width);
      // Scrolled to the contact details: what is pinned (a phone) or beside the form (a desktop) is still in view.
      await page.getByLabel('Email').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENS, `booking-scrolled-${viewport.width}.png`) });
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it('the manage page of a confirmed booking, its change form loaded', async () => {
      const { link } = await confirmedBookingWithLink('daytime-snowshoe-hike-kiruna', { name: 'Skärm Gäst', email: 'skarm@example.com' }, '203.0.113.238');
      const { page, errors } = await openPage(chromium.browser, viewport);
      await page.goto(link);
      await waitForHydration(page);
      await page.locator('.manage-change .calendar__grid').waitFor();
      await shoot(page, 'manage', viewport.width);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it.each([
      ['admin-dashboard', '/secure-admin-42/dashboard/'],
      ['admin-tour-dates-month', '/secure-admin-42/tour-dates/?view=month'],
      ['admin-chat-logs', '/secure-admin-42/chat-logs/'],
      ['admin-board-week', '/secure-admin-42/board/?view=week'],
      ['admin-board-month', '/secure-admin-42/board/?view=month'],
      ['admin-bookings', '/secure-admin-42/bookings/'],
      ['admin-sky', '/secure-admin-42/sky/'],
    ])('the staff screen %s', async (name, path) => {
      const page = await staff.newPage();
      await page.goto(path);
      await waitForHydration(page);
      await page.locator('h1').waitFor();
      await page.waitForFunction(() => !document.querySelector('[role="status"]')?.textContent?.startsWith('Laddar'));
      await shoot(page, name, viewport.width);
      await page.close();
    });
  });
});
