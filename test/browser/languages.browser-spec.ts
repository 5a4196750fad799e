import { baseUrl, openPage, useBrowser, waitForHydration } from './support/browser';

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

  it('reads the blog in Swedish and German: the list, a post with its links in the same language, and the home page\'s latest post', async () => {
    const { page, errors } = await openPage(chromium.browser, { width: 390, height: 844 }, 'sv-SE');
    await page.goto('/sv/blog/');
    await waitForHydration(page);
    // It was English on /sv/ and /de/: "How to Photograph the Northern Lights with Your Phone".
    await page.getByRole('link', { name: 'Så fotograferar du norrsken med mobilen' }).first().waitFor();
    expect(await page.getByText('How to Photograph the Northern Lights', { exact: false }).count()).toBe(0);
    await page.getByRole('link', { name: 'Kiruna eller Abisko: var ska man bo för norrskenet?' }).first().click();
    await page.getByRole('heading', { name: 'Kiruna eller Abisko: var ska man bo för norrskenet?', level: 1 }).waitFor();
    await expect(page.getByRole('link', { name: 'vanliga frågor' }).getAttribute('href')).resolves.toBe('/sv/faq/');
    // The home page's latest post in Swedish: the newest post (another suite may have written one since) as the Swedish blog gives it.
    const latest = ((await (await fetch(`${baseUrl()}/api/blog?lang=sv`)).json()) as { data: { title: string }[] }).data[0]!.title;
    await page.goto('/sv/');
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Från bloggen' }).getByRole('link', { name: latest }).first().waitFor();
    await page.goto('/de/blog/midnight-sun-summer-in-abisko/');
    await page.getByRole('heading', { name: 'Mitternachtssonne: Sommer in Abisko', level: 1 }).waitFor();
    await expect(page.getByRole('link', { name: 'Mitternachtssonnen-Wanderung' }).getAttribute('href')).resolves.toBe('/de/tours/midnight-sun-hike-to-lapporten-viewpoint/');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says on the German booking page, in German, why a party cannot be booked (a child alone, more than 8 seats)', async () => {
    const { page, errors } = await openPage(chromium.browser, { width: 390, height: 844 }, 'de-DE');
    await page.goto('/de/tours/northern-lights-car-chase-kiruna/');
    await waitForHydration(page);
    // A date row leads into booking with that date chosen.
    await page.locator('.departure-list li a').first().click();
    await page.waitForURL(/\/de\/book\/\d+\//);
    await waitForHydration(page);
    const [adults, children] = [page.locator('.booking-form input[type=number]').nth(0), page.locator('.booking-form input[type=number]').nth(1)];
    await adults.fill('0');
    await children.fill('1');
    // Before: "Kind (4-12) must be accompanied by an adult." on a German page.
    await page.locator('.error-message', { hasText: /^Kind .* muss von einem Erwachsenen begleitet werden\.$/ }).waitFor();
    await adults.fill('8');
    await page.locator('.error-message', { hasText: 'Eine Buchung umfasst höchstens 8 Plätze; diese Gruppe braucht 9.' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("loads each page's strings as the visitor moves from page to page in the browser: no message id shows, and each title is the server's", async () => {
    const { page, errors } = await openPage(chromium.browser, { width: 1280, height: 900 }, 'de-DE');
    // A page that loads none of the tour, FAQ, blog or booking strings: each comes with the page that needs it.
    await page.goto('/de/about/');
    await waitForHydration(page);
    const serverTitle = async (path: string) => /<title>([^<]*)<\/title>/.exec(await (await fetch(`${baseUrl()}${path}`)).text())![1]!.replace(/&amp;/g, '&');
    const messageIds = /\b(?:home|tours|tour|faq|blog|cat|meta|book|trip|q|manage)\.[a-z][A-Za-z]+\b/g;
    const visit = async (path: string) => {
      await page.locator(`a[href="${path}"]:visible, a[href^="${path}?"]:visible`).first().click();
      await page.waitForURL((url) => url.pathname === path);
      await page.waitForFunction((title) => document.title === title, await serverTitle(path));
      expect({ path, ids: (await page.locator('body').innerText()).match(messageIds) ?? [] }).toEqual({ path, ids: [] });
    };
    await visit('/de/tours/');
    await visit('/de/tours/northern-lights-car-chase-kiruna/');
    // The booking page (its own strings and title), and back.
    await visit((await page.locator('a[href^="/de/book/"]:visible').first().getAttribute('href'))!.split('?')[0]!);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/de/tours/northern-lights-car-chase-kiruna/');
    await visit('/de/faq/');
    await visit('/de/blog/');
    await visit('/de/');
    await page.getByRole('heading', { name: 'Beliebte Touren' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

