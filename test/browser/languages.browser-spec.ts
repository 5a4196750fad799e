import { openPage, useBrowser, waitForHydration } from './support/browser';

describe('The site in three languages', () => {
  const chromium = useBrowser();

  it('offers a Swedish browser the page in Swedish, never redirects, and asks once per visit', async () => {
    const { page, errors } = await openPage(chromium.browser, { width: 390, height: 800 }, 'sv-SE');
    await page.goto('/tours/?location=Abisko');
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/tours/');
    const offer = page.getByRole('complementary', { name: 'Svenska' });
    await offer.getByText('Den här sidan finns också på svenska.').waitFor();
    await expect(offer.getByRole('link', { name: 'Läs den på svenska' }).getAttribute('href')).resolves.toBe('/sv/tours/?location=Abisko');

    await offer.getByRole('button', { name: 'Nej tack' }).click();
    expect(await offer.count()).toBe(0);
    await page.goto('/faq/');
    await waitForHydration(page);
    expect(await page.getByRole('complementary', { name: 'Svenska' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('speaks German on a German page, with German dates and prices, and switches back to the same page in English', async () => {
    const { page, errors } = await openPage(chromium.browser, { width: 1280, height: 900 }, 'de-DE');
    await page.goto('/de/tours/northern-lights-car-chase-kiruna/');
    await waitForHydration(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByRole('heading', { name: 'Nächste Termine' }).waitFor();
    // "Mo., 24. Nov., 20:00" and "1.895 SEK": the page's language, in Kiruna's time.
    await expect(page.locator('.departure-list li a').first().textContent()).resolves.toMatch(/^[A-Z][a-z]\., \d{1,2}\. [A-Z][a-zä]{2,3}\.?, \d{2}:\d{2}$/);
    await page.getByText(/^\d\.\d{3} SEK pro Gast$/).waitFor();
    // A German browser on a German page is offered nothing.
    expect(await page.locator('.language-offer').count()).toBe(0);

    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/\/tours\/northern-lights-car-chase-kiruna\/$/);
    await waitForHydration(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('heading', { name: 'Next departures' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
