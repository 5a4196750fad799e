import { TOURS } from '../../src/app-data/seed/tours.catalogue';
import { baseUrl, openPage, useBrowser, waitForHydration } from './support/browser';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

describe('A tour page sells on its first screen', () => {
  const chromium = useBrowser();

  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])('On %s, every tour page shows its price and "Check availability" inside the first screen', async (_name, viewport) => {
    const { page, errors } = await openPage(chromium.browser, viewport);
    for (const tour of TOURS) {
      await page.goto(`/tours/${tour.slug}/`);
      const bar = page.locator('.book-bar').first();
      const price = await bar.locator('.book-bar__price').boundingBox();
      const action = await bar.getByRole('link', { name: /^Check availability/ }).boundingBox();
      expect({ slug: tour.slug, priceBottom: Math.ceil(price!.y + price!.height) <= viewport.height, actionBottom: Math.ceil(action!.y + action!.height) <= viewport.height }).toEqual({
        slug: tour.slug,
        priceBottom: true,
        actionBottom: true,
      });
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('On a desktop, keeps a way to book in view however far the guest has read', async () => {
    const { page, errors } = await openPage(chromium.browser, DESKTOP);
    await page.goto('/tours/reindeer-sledding-day-tour-in-kiruna/');
    await waitForHydration(page);
    for (const heading of ['What to bring', "What's included", 'Next departures']) {
      await page.getByRole('heading', { name: heading }).scrollIntoViewIfNeeded();
      const book = (await page.getByRole('link', { name: /^Book Reindeer Sledding/ }).boundingBox())!;
      expect({ heading, inView: book.y >= 0 && book.y + book.height <= DESKTOP.height }).toEqual({ heading, inView: true });
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('On a phone, keeps the price and the action pinned while the guest reads, and a date row leads into booking with it chosen', async () => {
    const { page, errors } = await openPage(chromium.browser, PHONE);
    await page.goto('/tours/ice-fishing-on-the-torne-river/');
    await waitForHydration(page);
    await page.mouse.wheel(0, 3000);
    const pinned = page.locator('.book-bar--pinned');
    const box = await pinned.boundingBox();
    expect(Math.round(box!.y + box!.height)).toBe(PHONE.height);
    await expect(pinned.textContent()).resolves.toMatch(/^From 1\s495 SEKCheck availability/); // an adult's price, as the search engines and the home page say it

    const row = page.locator('.departure-list li a').nth(1);
    const href = (await row.getAttribute('href'))!;
    const departureId = new URL(href, baseUrl()).searchParams.get('departure');
    await row.click();
    await page.waitForURL(/\/book\/\d+\/\?departure=\d+$/);
    await waitForHydration(page);
    expect(await page.locator(`.date-option input[value="${departureId}"]`).isChecked()).toBe(true);
    expect(await page.locator('.date-option input:checked').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['in English', '/tours/drive-your-own-dog-sled-team/', false],
    ['in German, offering English', '/de/tours/drive-your-own-dog-sled-team/', true],
  ])('On a phone as narrow as 320 px (%s), the pinned price reads on one line and nothing covers the bar', async (_name, path, offersEnglish) => {
    for (const width of [320, 360, 390]) {
      const { page, errors } = await openPage(chromium.browser, { width, height: 700 }, 'en-GB');
      await page.goto(path);
      await waitForHydration(page);
      const bar = (await page.locator('.book-bar--pinned').boundingBox())!;
      const price = page.locator('.book-bar--pinned .book-bar__price');
      const lineHeight = await price.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || parseFloat(getComputedStyle(element).fontSize) * 1.6);
      expect({ width, priceLines: Math.round((await price.boundingBox())!.height / lineHeight) }).toEqual({ width, priceLines: 1 });
      if (offersEnglish) {
        const offer = (await page.locator('.language-offer').boundingBox())!;
        expect({ width, offerOverBar: offer.y + offer.height > bar.y }).toEqual({ width, offerOverBar: false });
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('Chooses no date for the guest who comes to the booking page without one', async () => {
    const { page, errors } = await openPage(chromium.browser, PHONE);
    await page.goto('/tours/ice-fishing-on-the-torne-river/');
    await waitForHydration(page);
    await page.locator('.book-bar').first().getByRole('link', { name: /^Check availability/ }).click();
    await page.waitForURL(/\/book\/\d+\/$/);
    await waitForHydration(page);
    expect(await page.locator('.date-option input:checked').count()).toBe(0);
    await page.locator('.price-summary').getByText('Choose a date to see the price.').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
