import type { Page } from 'playwright-core';

import { openPage, useBrowser, waitForHydration } from './support/browser';

const storage = (page: Page) => page.evaluate(() => [localStorage.getItem('ai_open'), localStorage.getItem('ai_history')]);

describe('The AI guide widget (spec sections 2 and 4)', () => {
  const chromium = useBrowser();

  async function home(width = 1280): Promise<{ page: Page; errors: string[]; panelRequested: () => boolean }> {
    const { page, errors } = await openPage(chromium.browser, { width, height: 800 });
    let requested = false;
    page.on('request', (request) => {
      if (/AiGuidePanel-[\w-]+\.js$/.test(request.url())) requested = true;
    });
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    return { page, errors, panelRequested: () => requested };
  }

  /** A guest on a 360 px phone opens the guide from its button and sends `question`. */
  async function askOnPhone(question: string): Promise<Page> {
    const { page } = await home(360);
    await page.clock.runFor(4100);
    await page.getByRole('button', { name: 'AI Guide', exact: true }).click();
    await page.getByLabel('Your question').fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    return page;
  }

  it('shows the AI Guide button after 4 seconds, not before, and loads no panel code until opened', async () => {
    const { page, panelRequested } = await home();
    // The page's clock stops here: the time the page took to load since the timer started (a cold first load, up to a second) is all that passed on its own.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.clock.runFor(2800);
    expect(await page.getByRole('button', { name: 'AI Guide', exact: true }).count()).toBe(0);
    await page.clock.runFor(1300);
    await page.getByRole('button', { name: 'AI Guide', exact: true }).waitFor();
    expect(panelRequested()).toBe(false);
    await page.context().close();
  });

  it("opens from the home page's guide card at once, before the floating button shows, in the page's language", async () => {
    const { page, errors } = await home(390);
    await page.getByRole('button', { name: 'Ask the AI guide' }).click();
    await page.getByRole('dialog', { name: 'AI travel guide' }).waitFor();
    expect((await storage(page))[0]).toBe('true');
    await page.goto('/sv/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Fråga AI-guiden' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens the panel and hides the button; the open flag and history survive a reload; closing sets the flag false', async () => {
    const { page, errors, panelRequested } = await home();
    await page.clock.runFor(4100);
    await page.getByRole('button', { name: 'AI Guide', exact: true }).click();
    await page.getByRole('dialog', { name: 'AI travel guide' }).waitFor();
    expect(panelRequested()).toBe(true);
    expect(await page.getByRole('button', { name: 'AI Guide', exact: true }).count()).toBe(0);
    expect((await storage(page))[0]).toBe('true');

    await page.getByRole('button', { name: 'When is the best time to see the Northern Lights?' }).click();
    await page.locator('.ai-message--guide', { hasText: 'September to April' }).waitFor();

    await page.getByLabel('Your question').fill('Snowmobile tours under 2000 SEK');
    await page.keyboard.press('Enter');
    const card = page.locator('.ai-tours a', { hasText: 'Snowmobile Adventure' });
    await card.waitFor();
    await expect(card.getAttribute('href')).resolves.toBe('/tours/snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour/');
    await expect(card.textContent()).resolves.toMatch(/1\s950 SEK · 2 hours/);

    await page.reload();
    await waitForHydration(page);
    await page.getByRole('dialog', { name: 'AI travel guide' }).waitFor();
    await page.locator('.ai-message--guest', { hasText: 'Snowmobile tours under 2000 SEK' }).waitFor();

    await page.getByRole('button', { name: 'Close the AI guide' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await storage(page))[0]).toBe('false');
    await page.clock.runFor(4100);
    await page.getByRole('button', { name: 'AI Guide', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reset closes the panel, empties the history and removes ai_open and ai_history', async () => {
    const { page } = await home();
    await page.clock.runFor(4100);
    await page.getByRole('button', { name: 'AI Guide', exact: true }).click();
    await page.getByRole('button', { name: 'What should I wear in winter?' }).click();
    await page.locator('.ai-message--guide', { hasText: 'layers' }).waitFor();
    await page.getByRole('button', { name: 'Start over' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await storage(page)).toEqual([null, null]);
    await page.getByRole('button', { name: 'AI Guide', exact: true }).click();
    await page.getByRole('button', { name: 'What should I wear in winter?' }).waitFor();
    expect(await page.locator('.ai-message--guest').count()).toBe(0);
    await page.context().close();
  });

  it('works on a 360 px phone, escapes what the guide and guest write, and closes with Escape', async () => {
    const page = await askOnPhone('<img src=x onerror="window.hacked=1"> hello');
    await page.locator('.ai-message--guest', { hasText: '<img src=x' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByLabel('Your question').press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('shows a long reply from its start, under the question, on a phone', async () => {
    const page = await askOnPhone('We arrive on Friday and leave on Sunday, any northern lights tours?');
    const reply = page.locator('.ai-message--guide').last();
    await reply.locator('.ai-tours').waitFor();
    const [panel, question, start] = await Promise.all([
      page.locator('.ai-panel__messages').boundingBox(),
      page.locator('.ai-message--guest').last().boundingBox(),
      reply.locator('p').first().boundingBox(),
    ]);
    // The reply is longer than the panel; its first line and the question are in view, not its end.
    expect((await reply.boundingBox())!.height).toBeGreaterThan(panel!.height);
    expect(question!.y).toBeGreaterThanOrEqual(panel!.y - 1);
    expect(start!.y).toBeGreaterThan(panel!.y);
    expect(start!.y).toBeLessThan(panel!.y + panel!.height / 2);
    await page.context().close();
  });

  it('keeps its header (Start over, Close) in view and no blank half after a few messages on a phone', async () => {
    const page = await askOnPhone('How long is the car chase?');
    await page.locator('.ai-message--guide').nth(1).waitFor();
    for (const question of ['We arrive on Friday and leave on Sunday, any northern lights tours?', 'What should I wear?']) {
      await page.getByLabel('Your question').fill(question);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.locator('.ai-message--guest', { hasText: question }).waitFor();
    }
    await page.locator('.ai-message--guide').nth(3).waitFor();
    const [panel, header, messages, form] = await Promise.all(['.ai-panel', '.ai-panel__header', '.ai-panel__messages', '.ai-panel__form'].map((selector) => page.locator(selector).boundingBox()));
    // The header stays at the panel's top, the form at its bottom, the messages between them.
    expect(Math.abs(header!.y - panel!.y)).toBeLessThanOrEqual(1);
    expect(header!.y).toBeGreaterThanOrEqual(0);
    expect(await page.getByRole('button', { name: 'Start over' }).isVisible()).toBe(true);
    expect(form!.y + form!.height).toBeLessThanOrEqual(panel!.y + panel!.height + 1);
    expect(messages!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
    // No blank half: the panel never scrolled itself (only its message list scrolls).
    expect(await page.locator('.ai-panel').evaluate((element) => element.scrollTop)).toBe(0);
    await page.context().close();
  });

  it('is offered on the home page only', async () => {
    const { page } = await openPage(chromium.browser);
    await page.clock.install();
    await page.goto('/tours/');
    await waitForHydration(page);
    await page.clock.runFor(5000);
    expect(await page.getByRole('button', { name: 'AI Guide', exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it("answers a German question about a departure's seats on a phone, holds them, and hands over the payment page in German", async () => {
    const { page, errors } = await openPage(chromium.browser, { width: 375, height: 740 }, 'de-DE');
    await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': '203.0.113.77' });
    await page.goto('/de/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'KI-Guide fragen' }).click();
    await page.getByRole('dialog', { name: 'KI-Reiseguide' }).waitFor();
    await page.getByLabel('Ihre Frage').fill('Hat die Nordlicht-Autotour morgen noch Platz für zwei?');
    await page.getByRole('button', { name: 'Senden' }).click();
    const offer = page.locator('.ai-message--guide', { hasText: 'Soll ich 2 Plätze für Sie reservieren?' });
    await offer.waitFor();
    expect(await offer.textContent()).toMatch(/Nordlichtjagd mit dem Auto ab Kiruna morgen:[\s\S]*20:00: noch \d Plätze frei zu 1\.895 SEK pro Erwachsenen/);

    await page.getByLabel('Ihre Frage').fill('Ja, bitte: Lena Schmidt, lena.guide@example.com');
    await page.keyboard.press('Enter');
    const pay = page.getByRole('link', { name: 'Buchung abschließen' });
    await pay.waitFor();
    expect(await page.locator('.ai-message--guide').last().textContent()).toContain('2 Plätze sind für Sie reserviert');
    expect(await pay.getAttribute('href')).toMatch(/^\/de\/checkout\/\?booking=NAT-[A-Z0-9-]+$/);
    await pay.click();
    await page.waitForURL(/\/de\/checkout\/\?booking=NAT-/);
    await waitForHydration(page);
    await page.getByText('Abbrechen und Plätze freigeben').waitFor();
    await page.getByText('Plätze reserviert für').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
