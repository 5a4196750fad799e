import type { Page } from 'playwright-core';

import { openPage, useBrowser, waitForHydration } from './support/browser';

const PHONE = { width: 375, height: 740 };

/** From a tour's page, as a guest: its Book link, to the booking page, ready to use. */
async function openBooking(page: Page, slug: string): Promise<void> {
  await page.goto(`/tours/${slug}/`);
  await waitForHydration(page);
  await page.getByRole('link', { name: /^Book/ }).click();
  await page.waitForURL(/\/book\/\d+\/$/);
  await waitForHydration(page);
}

describe('The guest booking path on a phone', () => {
  const chromium = useBrowser();

  it('Books a tour with a stay, pays on arrival and gets the confirmation', async () => {
    const { page, errors } = await openPage(chromium.browser, PHONE);
    await page.goto('/tours/drive-your-own-dog-sled-team/');
    await waitForHydration(page);
    await page.getByRole('link', { name: /^Book/ }).click();
    await page.waitForURL(/\/book\/\d+\/$/);
    await page.getByRole('heading', { name: 'Book: Drive Your Own Dog Sled Team' }).waitFor();
    expect(await page.locator('.site-header, .site-nav, .site-footer').count()).toBe(0);
    await waitForHydration(page);
    const noScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await noScroll();

    // No date is chosen for the guest: pick the second one.
    await page.locator('.date-option input:not([disabled])').nth(1).check();
    await page.getByLabel('Guests').selectOption('3');
    await page.getByLabel('Add a stay (optional)').selectOption({ label: 'Glass Igloo Night: 4 900 SEK per room (up to 4 guests)' });
    await expect(page.locator('.price-summary__total').last().textContent()).resolves.toMatch(/^12\s850 SEK$/);
    await noScroll();

    await page.getByLabel('Full name').fill('Anna Svensson');
    await page.getByLabel('Email').fill('anna@example.com');
    await page.getByLabel('Phone (optional)').fill('+46 70 123 45 67');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();

    await page.waitForURL(/\/checkout\/\?booking=NAT-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    const reference = new URL(page.url()).searchParams.get('booking')!;
    await page.locator('.reference', { hasText: reference }).waitFor();
    await expect(page.locator('.countdown').textContent()).resolves.toMatch(/^1[45]:\d\d$/);
    await page.getByRole('button', { name: 'Confirm booking' }).click();

    await page.waitForURL(`**/success/?booking=${reference}`);
    await page.getByRole('heading', { name: 'Thank you for your booking' }).waitFor();
    await expect(page.locator('main').textContent()).resolves.toContain('Kiruna bus station');
    await page.getByText('A confirmation is on its way to a***@example.com.', { exact: false }).waitFor();
    await expect(page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).resolves.toBe(`/api/bookings/${reference}/calendar.ics`);
    await noScroll();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Books two adults and a child by price category, each at its price', async () => {
    const { page, errors } = await openPage(chromium.browser, PHONE);
    await openBooking(page, 'ice-fishing-on-the-torne-river');

    await page.locator('.date-option input:not([disabled])').first().check();
    // A child alone is refused before anything is sent.
    await page.getByLabel(/^Adult \(13\+\)/).fill('0');
    await page.getByLabel(/^Child \(4-12\)/).fill('1');
    await page.getByText('Child (4-12) must be accompanied by an adult.').waitFor();
    expect(await page.getByRole('button', { name: 'Continue to checkout' }).isDisabled()).toBe(true);

    await page.getByLabel(/^Adult \(13\+\)/).fill('2');
    // Adults at 1 495 SEK, a child at half.
    await expect(page.locator('.price-summary__total').last().textContent()).resolves.toMatch(/^3\s740 SEK$/);
    await expect(page.locator('.price-summary').textContent()).resolves.toContain('1 × Child (4-12), 750 SEK');

    await page.getByLabel('Full name').fill('Britta Lind');
    await page.getByLabel('Email').fill('britta@example.com');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL(/\/checkout\/\?booking=NAT-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Books two adults and a child with a pickup, answering the weight asked of each guest', async () => {
    const { page, errors } = await openPage(chromium.browser, PHONE);
    await openBooking(page, 'reindeer-sledding-day-tour-in-kiruna');

    await page.locator('.date-option input:not([disabled])').first().check();
    await page.getByLabel(/^Adult \(13\+\)/).fill('2');
    await page.getByLabel(/^Child \(4-12\)/).fill('1');
    const ferrum = (await page.getByLabel('Pickup').locator('option', { hasText: 'Scandic Ferrum' }).textContent())!;
    expect(ferrum).toMatch(/^Scandic Ferrum at \d\d:\d\d$/);
    await page.getByLabel('Pickup').selectOption({ label: ferrum });
    // One weight per guest: three fieldsets.
    await expect(page.locator('fieldset.guest-answers').count()).resolves.toBe(3);
    await page.locator('#answer-weight-0').fill('82');
    await page.locator('#answer-weight-1').fill('64');
    await page.locator('#answer-weight-2').fill('130');
    await page.getByLabel(/^Dietary needs/).fill('One vegetarian');
    await page.getByLabel('Full name').fill('Maja Berg');
    await page.getByLabel('Email').fill('maja@example.com');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    // Over the sledge's limit: said before any payment, and nothing is held.
    await page.getByRole('alert').filter({ hasText: 'Weight (guest 3) must be at most 120 kg on this tour.' }).waitFor();
    await page.locator('#answer-weight-2').fill('31');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL(/\/checkout\/\?booking=NAT-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await page.getByRole('heading', { name: 'Thank you for your booking' }).waitFor();
    // The one console line is the refused weight's 400.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await page.context().close();
  });

  it('Shows inline errors and keeps what the guest typed', async () => {
    const { page } = await openPage(chromium.browser, PHONE);
    await page.goto('/tours/daytime-snowshoe-hike-kiruna/');
    await waitForHydration(page);
    await page.getByRole('link', { name: /^Book/ }).click();
    await page.getByRole('heading', { name: /^Book:/ }).waitFor();
    await waitForHydration(page);
    // No date is chosen for the guest: sending without one says so beside the dates.
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.locator('#departureId-error', { hasText: 'Please choose a date' }).waitFor();
    await page.locator('.date-option input:not([disabled])').first().check();
    await page.getByLabel('Full name').fill('Bo');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    // Checked before sending, in the page's words, beside the field, and the field takes focus; no banner.
    await page.locator('#email-error', { hasText: 'Please enter a valid email address, such as anna@example.com.' }).waitFor();
    await expect(page.getByLabel('Email').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByLabel('Email').getAttribute('aria-describedby')).resolves.toBe('email-error');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('email');
    expect(await page.getByRole('alert').count()).toBe(0);
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Bo');
    // What only the server can tell (a name that is a web address) lands on the same field, in the same words.
    await page.getByLabel('Full name').fill('Visit www.example.com');
    await page.getByLabel('Email').fill('bo@example.com');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.locator('#name-error', { hasText: 'Please enter your full name.' }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('name');
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });

  it('Releases the hold from the cancel page and offers the way back to the tour', async () => {
    const { page, errors } = await openPage(chromium.browser, PHONE);
    await openBooking(page, 'ice-fishing-on-the-torne-river');
    await page.locator('.date-option input:not([disabled])').first().check();
    await page.getByLabel('Full name').fill('Cecilia');
    await page.getByLabel('Email').fill('cecilia@example.com');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('link', { name: 'Cancel and release the seats' }).click();
    await page.getByText(/is released; nothing was charged/).waitFor();
    await expect(page.getByRole('link', { name: 'Back to Ice Fishing on the Torne River' }).getAttribute('href')).resolves.toBe('/tours/ice-fishing-on-the-torne-river/');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
