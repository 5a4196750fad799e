import type { Page } from 'playwright-core';
import sharp from 'sharp';

import { baseUrl, newBrowserContext, openPage, useBrowser, waitForHydration } from './support/browser';
import { TEST_ADMIN } from './support/global-setup';

const PHONE = { width: 390, height: 844 };
const SLUG = 'ice-climbing-for-beginners-abisko';

const photo = (colour: string): Promise<Buffer> => sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } }).jpeg().toBuffer();

async function logIn(page: Page): Promise<void> {
  await page.goto('/secure-admin-42/login/');
  await waitForHydration(page);
  await page.getByLabel('E-post').fill(TEST_ADMIN.email);
  await page.getByLabel('Lösenord').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page.waitForURL('**/secure-admin-42/dashboard/');
}

describe('Staff edit content on a phone', () => {
  const chromium = useBrowser();

  it("changes a tour's price and main photo, and the public page shows both at once", async () => {
    const { page, errors } = await openPage(chromium.browser, PHONE);
    await logIn(page);
    await page.getByRole('link', { name: 'Turer' }).click();
    await page.getByRole('link', { name: 'Ice Climbing for Beginners in Abisko' }).click();
    await page.getByLabel('Pris per gäst (kr)').fill('2345');
    const altFields = page.getByLabel(/^Alt-text för bild \d+$/);
    const count = (await altFields.count()) + 1;
    await page.getByLabel('Ladda upp en bild').setInputFiles({ name: 'frozen-fall.jpg', mimeType: 'image/jpeg', buffer: await photo('#5fa8d3') });
    await altFields.nth(count - 1).waitFor();
    // Save stays in view in the middle of the long editor and at its end, and covers nothing there.
    const inView = async (locator: ReturnType<Page['locator']>) => {
      const box = (await locator.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= PHONE.height;
    };
    await page.getByLabel('Mötesplats', { exact: true }).scrollIntoViewIfNeeded();
    await expect(inView(page.getByRole('button', { name: 'Spara', exact: true }))).resolves.toBe(true);
    await page.getByText('Publicerad på webbplatsen').scrollIntoViewIfNeeded();
    await expect(inView(page.getByRole('button', { name: 'Spara', exact: true }))).resolves.toBe(true);
    await expect(page.evaluate(() => {
      const box = Array.from(document.querySelectorAll('label')).find((label) => label.textContent?.includes('Publicerad på webbplatsen'))!.getBoundingClientRect();
      return document.elementFromPoint(box.x + 5, box.y + box.height / 2)?.closest('.save-bar') === null;
    })).resolves.toBe(true);
    // Saving without the new photo's alt text names the field and saves nothing.
    await page.getByRole('button', { name: 'Spara', exact: true }).click();
    await page.getByText('alt-texten krävs').first().waitFor();
    await altFields.nth(count - 1).fill('A climber on a frozen waterfall in the Abisko canyon');
    await page.getByRole('button', { name: 'Gör till huvudbild' }).last().click();
    // The preview shows the card as the site will.
    await page.getByRole('heading', { name: 'Förhandsvisning' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Spara', exact: true }).click();
    await page.getByText('Sparat. Ändringen syns på webbplatsen nu.').waitFor();

    const visitor = await newBrowserContext(chromium.browser, { viewport: PHONE, baseURL: baseUrl() });
    const site = await visitor.newPage();
    await site.goto(`/tours/${SLUG}/`);
    await site.getByText(/2\s345 SEK/).first().waitFor();
    const hero = site.locator('.gallery__main img');
    expect(await hero.getAttribute('alt')).toBe('A climber on a frozen waterfall in the Abisko canyon');
    expect(await hero.getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{24}\/1200\.jpg$/);
    expect(await site.locator('.gallery__main source[type="image/avif"]').getAttribute('srcset')).toMatch(/480\.avif 480w/);
    // The browser really loads a picture that exists (the natural width of what it chose).
    await site.waitForFunction(() => ((document.querySelector('.gallery__main img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
    await visitor.close();
    // The one failure was the save refused on purpose.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await page.context().close();
  });

  it('writes a post with a picture, schedules it, then publishes it', async () => {
    const { page, errors } = await openPage(chromium.browser, PHONE);
    page.on('dialog', (dialog) => void dialog.accept('Huskies resting in the snow'));
    await logIn(page);
    await page.goto('/secure-admin-42/blog/');
    await page.getByRole('link', { name: 'Nytt inlägg' }).click();
    const slug = `aurora-season-${Date.now()}`;
    await page.getByLabel('Titel', { exact: true }).fill('The aurora season begins');
    // The address follows the title until staff write their own.
    await expect(page.getByLabel('Adress (slug)').inputValue()).resolves.toBe('the-aurora-season-begins');
    await page.getByLabel('Adress (slug)').fill(slug);
    await page.getByLabel('Titel', { exact: true }).fill('The aurora season begins!');
    await expect(page.getByLabel('Adress (slug)').inputValue()).resolves.toBe(slug);
    await page.getByLabel('Författare').fill('Staff');
    const text = page.getByRole('textbox', { name: 'Inläggets text' });
    await text.click();
    await page.keyboard.type('The first clear night of the season. Bring a tripod.');
    // The last words made bold: selected, then the toolbar's button.
    for (let step = 0; step < 'Bring a tripod.'.length; step++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Fet' }).click();
    await text.locator('strong', { hasText: 'Bring a tripod.' }).waitFor();
    await page.keyboard.press('End');
    await page.getByLabel('Infoga bild').setInputFiles({ name: 'huskies.png', mimeType: 'image/png', buffer: await sharp(await photo('#203040')).png().toBuffer() });
    await text.locator('img[alt="Huskies resting in the snow"]').waitFor();
    await page.getByLabel('Ladda upp omslagsbild').setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await photo('#102a43') });
    await page.locator('fieldset', { hasText: 'Omslagsbild' }).locator('img').waitFor();
    await page.getByLabel('Omslagsbildens alt-text').fill('Green aurora over Lake Torneträsk');
    await page.getByRole('radio', { name: 'Schemalägg' }).check();
    await page.getByRole('button', { name: 'Spara', exact: true }).click();
    await page.getByText('Schemalagt.').waitFor();

    const visitor = await newBrowserContext(chromium.browser, { viewport: PHONE, baseURL: baseUrl() });
    const site = await visitor.newPage();
    expect((await site.goto(`/blog/${slug}/`))?.status()).toBe(404);

    await page.getByRole('radio', { name: 'Publicerad' }).check();
    await page.getByRole('button', { name: 'Spara', exact: true }).click();
    await page.getByText('Publicerat. Inlägget syns på webbplatsen nu.').waitFor();

    await site.goto('/blog/');
    await site.getByRole('link', { name: 'The aurora season begins' }).first().click();
    // The list's excerpt carries the same words: wait for the post's own page.
    await site.waitForURL(`**/blog/${slug}/`);
    await site
      .locator('main strong', { hasText: 'Bring a tripod.' })
      .first()
      .waitFor()
      .catch(async (error: unknown) => {
        // This wait once failed in CI and never here: say what the page and the API showed instead.
        const api = await fetch(`${baseUrl()}/api/blog/${slug}`);
        throw new Error(`${String(error)}\nThe page at ${site.url()} showed: ${(await site.locator('main').innerHTML()).slice(0, 2000)}\nThe API answered ${api.status}: ${(await api.text()).slice(0, 2000)}`);
      });
    await site.getByText('The first clear night of the season.').first().waitFor();
    expect(await site.locator('article strong, main strong').filter({ hasText: 'Bring a tripod.' }).count()).toBeGreaterThan(0);
    expect(await site.locator('img[alt="Huskies resting in the snow"]').getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{24}\/1200\.jpg$/);
    await visitor.close();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
