import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';

import { baseUrl, openPage, sharedServer, useBrowser, waitForHydration } from './support/browser';
import { TEST_ADMIN } from './support/global-setup';
import { pause } from '../support/time';

const TOKEN_KEY = 'norrsken_admin_token';
const EMAIL_KEY = 'norrsken_admin_email';

async function logIn(page: Page, password = TEST_ADMIN.password): Promise<void> {
  await page.goto('/secure-admin-42/login/');
  await waitForHydration(page);
  await page.getByLabel('E-post').fill(TEST_ADMIN.email);
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

describe('Staff admin: guard, login and logout', () => {
  const chromium = useBrowser();

  it('spec 4: with no stored token an admin page goes straight to the login, in Swedish', async () => {
    const { page } = await openPage(chromium.browser);
    await page.goto('/secure-admin-42/bookings/');
    await page.waitForURL('**/secure-admin-42/login/');
    await page.getByRole('heading', { name: 'Logga in' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('sv');
    await page.context().close();
  });

  it('spec 4: shows the verifying message while checking, then the page for a good token', async () => {
    const { page, errors } = await openPage(chromium.browser);
    await logIn(page);
    await page.waitForURL('**/secure-admin-42/dashboard/');
    await page.getByRole('heading', { name: 'Översikt' }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), EMAIL_KEY)).toBe(TEST_ADMIN.email);

    let release: () => void = () => undefined;
    let held: () => void = () => undefined;
    const checking = new Promise<void>((resolve) => (held = resolve));
    await page.route('**/api/admin/validate-token', async (route) => {
      const go = new Promise<void>((resolve) => (release = resolve));
      held();
      await go;
      await route.continue();
    });
    await page.goto('/secure-admin-42/chat-logs/');
    // The message is in the server's HTML; wait until the browser's check is really under way.
    await checking;
    await page.getByText('Verifierar inloggning…').waitFor();
    release();
    await page.getByRole('heading', { name: 'Chattloggar' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says one thing in Swedish for wrong credentials', async () => {
    const { page } = await openPage(chromium.browser);
    await logIn(page, 'not the password');
    await page.getByRole('alert').filter({ hasText: 'Fel e-postadress eller lösenord.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/secure-admin-42/login/');
    await page.context().close();
  });

  it('spec 4: a token the server rejects is removed with the email, and the guard sends to the login', async () => {
    const { page } = await openPage(chromium.browser);
    await page.goto('/');
    await page.evaluate(([tokenKey, emailKey]) => {
      localStorage.setItem(tokenKey, 'forged.token.value');
      localStorage.setItem(emailKey, 'someone@norrsken.test');
    }, [TOKEN_KEY, EMAIL_KEY]);
    await page.goto('/secure-admin-42/');
    await page.waitForURL('**/secure-admin-42/login/');
    expect(await page.evaluate(([tokenKey, emailKey]) => [localStorage.getItem(tokenKey), localStorage.getItem(emailKey)], [TOKEN_KEY, EMAIL_KEY])).toEqual([null, null]);
    await page.context().close();
  });

  it("has the staff's own shell: no public header or footer, no Logga ut on the login, and on a phone the screen before the menu", async () => {
    const { page } = await openPage(chromium.browser, { width: 390, height: 844 });
    await page.goto('/secure-admin-42/login/');
    await waitForHydration(page);
    expect(await page.locator('.site-header, .site-nav, .site-footer').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Logga ut' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Till webbplatsen' }).waitFor();
    await logIn(page);
    await page.waitForURL('**/secure-admin-42/dashboard/');
    await page.getByRole('button', { name: 'Logga ut' }).waitFor();
    expect(await page.locator('.site-header, .site-footer').count()).toBe(0);
    const heading = await page.getByRole('heading', { level: 1, name: 'Översikt' }).boundingBox();
    const menu = await page.getByRole('navigation', { name: 'Administration' }).boundingBox();
    // The work first, inside the first screen; the menu after it, one tap away ("Meny").
    expect(heading!.y).toBeLessThan(844 / 4);
    expect(menu!.y).toBeGreaterThan(heading!.y);
    await expect(page.getByRole('link', { name: 'Meny' }).getAttribute('href')).resolves.toBe('#admin-menu');
    await page.context().close();
  });

  it('spec 2: Logga ut clears the token and email, ends the token on the server and goes to the login', async () => {
    const { page } = await openPage(chromium.browser);
    await logIn(page);
    await page.waitForURL('**/secure-admin-42/dashboard/');
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    const logout = page.waitForResponse((response) => response.url().endsWith('/api/admin/logout'));
    await page.getByRole('button', { name: 'Logga ut' }).click();
    await page.waitForURL('**/secure-admin-42/login/');
    expect((await logout).status()).toBe(200);
    expect(await page.evaluate(([tokenKey, emailKey]) => [localStorage.getItem(tokenKey), localStorage.getItem(emailKey)], [TOKEN_KEY, EMAIL_KEY])).toEqual([null, null]);
    const check = await fetch(`${baseUrl()}/api/admin/validate-token`, { headers: { Authorization: `Bearer ${token}` } });
    expect(check.status).toBe(401);
    await page.context().close();
  });

  describe('Screens', () => {
    async function loggedIn(): Promise<Page> {
      const { page } = await openPage(chromium.browser, { width: 390, height: 900 });
      page.on('dialog', (dialog) => void dialog.accept());
      await logIn(page);
      await page.waitForURL('**/secure-admin-42/dashboard/');
      return page;
    }

    it('Dashboard: shows today, tomorrow and sales, and marks a contact message handled', async () => {
      await fetch(`${baseUrl()}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.250' },
        body: JSON.stringify({ name: 'Märta', email: 'marta@example.com', message: 'Finns det plats den 3 januari?' }),
      });
      // A date tomorrow that staff cancelled: marked so, not "0 bokade, 8 lediga" as if it ran.
      const { token } = (await (
        await fetch(`${baseUrl()}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.252' }, body: JSON.stringify(TEST_ADMIN) })
      ).json()) as { token: string };
      const staffCall = (method: string, path: string, body: object) =>
        fetch(`${baseUrl()}/api/admin/${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      const tour = (await (await fetch(`${baseUrl()}/api/tours/ice-climbing-for-beginners-abisko`)).json()) as { id: number; title: string };
      // Tomorrow in Kiruna, whatever the hour here: its calendar date, at 11:07 UTC (midday there, winter or summer).
      const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm' }).format(new Date()).split('-').map(Number);
      const tomorrowNoon = new Date(Date.UTC(year!, month! - 1, day! + 1, 11, 7));
      const localTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Stockholm', hour: '2-digit', minute: '2-digit' }).format(tomorrowNoon);
      const created = (await (await staffCall('POST', 'tour-dates', { tourId: tour.id, startsAt: tomorrowNoon.toISOString(), capacity: 8 })).json()) as { id: number };
      expect((await staffCall('PATCH', `tour-dates/${created.id}`, { status: 'cancelled' })).status).toBe(200);
      const page = await loggedIn();
      for (const heading of ['Idag', 'Imorgon', 'Försäljning']) await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      const cancelled = page.locator('section', { has: page.getByRole('heading', { name: 'Imorgon', exact: true }) }).locator('li', { hasText: localTime }).filter({ hasText: tour.title });
      await cancelled.getByText('Inställd').waitFor();
      await expect(cancelled.textContent()).resolves.not.toContain('lediga');
      const message = page.locator('.admin-messages li', { hasText: 'Finns det plats den 3 januari?' });
      await message.getByRole('button', { name: 'Markera som hanterat' }).click();
      await message.waitFor({ state: 'detached' });
      // The change shows in the audit log in staff's words, with who made it.
      await page.reload();
      await page.locator('.audit-log li', { hasText: 'Markerade ett meddelande som hanterat · meddelande ' }).filter({ hasText: TEST_ADMIN.email }).first().waitFor();
      await page.context().close();
    });

    it('Dashboard: shows a mail that gave up after its last try, and sends it again', async () => {
      const { dataDir } = sharedServer();
      const subject = `Your booking has been cancelled (NAT-BRWSR-${Date.now() % 100000})`;
      const database = new Database(join(dataDir, 'arctic.sqlite'));
      database.pragma('busy_timeout = 5000');
      database
        .prepare("INSERT INTO mail_outbox (topic, recipient, subject, message, status, attempts, next_attempt_at, last_error) VALUES ('booking.cancelled', 'guest@example.com', ?, ?, 'failed', 6, datetime('now'), 'Connection refused')")
        .run(subject, JSON.stringify({ to: 'guest@example.com', subject, text: 'Sent again by staff.' }));
      database.close();

      const page = await loggedIn();
      const row = page.locator('li', { hasText: subject });
      await row.getByText('Connection refused', { exact: false }).waitFor();
      await row.getByRole('button', { name: 'Skicka igen' }).click();
      await row.waitFor({ state: 'detached' });
      const sent = () => existsSync(join(dataDir, 'outbox')) && readdirSync(join(dataDir, 'outbox')).some((file) => readFileSync(join(dataDir, 'outbox', file), 'utf8').includes('Sent again by staff.'));
      for (let wait = 0; wait < 50 && !sent(); wait++) await pause(100);
      expect(sent()).toBe(true);
      // The retry in the latest changes, in staff's words (it read "mail.retry · mail:12").
      await page.reload();
      const changes = page.getByRole('region', { name: 'Senaste ändringar' });
      await changes.getByText(/^Skickade ett mejl igen · mejl \d+$/).first().waitFor();
      await expect(changes.textContent()).resolves.not.toMatch(/mail\.retry/);
      await page.context().close();
    });

    it('Bookings: takes a booking by phone with "Ny bokning", then checks the guest in on the manifest', async () => {
      const page = await loggedIn();
      await page.locator('.admin-nav').getByRole('link', { name: 'Bokningar' }).click();
      await page.getByRole('button', { name: 'Ny bokning' }).click();
      const form = page.locator('form.new-booking');
      await form.waitFor();
      // The form keeps to the phone's width (its selects were as wide as the longest tour title).
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await form.getByLabel('Tur', { exact: true }).selectOption({ label: 'Moose Spotting Tour from Kiruna to Nikkaluokta' });
      const departure = page.locator('#new-departure option:not([disabled])').first();
      await departure.waitFor({ state: 'attached' });
      const departureId = await departure.getAttribute('value');
      await form.getByLabel('Avgång').selectOption(departureId!);
      // The moose tour sells adults, children, infants and families: the party is given per category (named in Swedish, not "Adult (13+)"), priced as the caller speaks.
      await form.getByLabel(/^Vuxen \(13\+\)/).fill('2');
      await form.getByLabel(/^Barn \(4-12\)/).fill('2');
      const total = form.getByRole('region', { name: 'Att betala' });
      const separately = await total.locator('dd strong').textContent();
      // Two adults and two children cost more than the family ticket: offered in one click, by the booking page's rule.
      const offer = form.getByRole('button', { name: /^Byt till Familj \(2 vuxna, 2 barn\), spara \d/ });
      await offer.click();
      await expect(form.getByLabel(/^Familj/).inputValue()).resolves.toBe('1');
      await expect(form.getByLabel(/^Vuxen \(13\+\)/).inputValue()).resolves.toBe('0');
      await total.getByText('1 × Familj (2 vuxna, 2 barn)').waitFor();
      expect(await total.locator('dd strong').textContent()).not.toBe(separately);
      await form.getByLabel('Gästens språk (bekräftelse och länkar)').selectOption({ label: 'Tyska' });
      await form.getByLabel('Namn', { exact: true }).fill('Telefon Kund');
      await form.getByLabel('E-post', { exact: true }).fill('telefon.kund@example.com');
      await form.getByLabel('Redan betald (kontant, kortterminal, faktura)').check();
      await form.getByLabel('Betalningsnotering').fill('Kontant i receptionen');
      await form.getByRole('button', { name: 'Boka', exact: true }).click();
      const notice = page.getByRole('status').filter({ hasText: 'ny bokning för Telefon Kund, Bekräftad, Betald.' });
      await notice.waitFor();
      const reference = /(NAT-[A-Z0-9]{5}-[A-Z0-9]{5})/.exec((await notice.textContent())!)![1];

      await page.goto(`/secure-admin-42/bookings/?departureId=${departureId}`);
      // On the phone at the meeting point, each passenger is a card: check-in in reach, nothing to scroll sideways for.
      const checkIn = page.getByRole('button', { name: 'Telefon Kund: incheckad' });
      await checkIn.waitFor();
      const reach = await page.evaluate(() => ({
        sideways: Array.from(document.querySelectorAll('.manifest-scroll, .table-scroll'), (box) => box.scrollWidth - box.clientWidth),
        buttonsRight: Array.from(document.querySelectorAll('.manifest .attendance button'), (button) => button.getBoundingClientRect().right),
        width: document.documentElement.clientWidth,
      }));
      expect(reach.sideways.every((extra) => extra <= 0)).toBe(true);
      expect(Math.max(...reach.buttonsRight)).toBeLessThanOrEqual(reach.width);
      await checkIn.click();
      await page.locator('.manifest tr', { hasText: 'Telefon Kund' }).getByText(/^Incheckad · \d\d:\d\d$/).waitFor();
      // The party in Swedish on the passenger list, though the guest reads German.
      await page.locator('.manifest tr', { hasText: 'Telefon Kund' }).getByText('1 Familj (2 vuxna, 2 barn)').waitFor();
      const row = (await (await fetch(`${baseUrl()}/api/bookings/${reference}`)).json()) as { status: string; paymentStatus: string; party: { code: string; quantity: number }[] };
      expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', party: [{ code: 'family', quantity: 1 }] });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.context().close();
    });

    it("Tour dates: opens any departure's passenger list, with what to collect on the day, and prints it without the booking controls", async () => {
      const slug = 'icehotel-and-jukkasjarvi-visit';
      const tour = (await (await fetch(`${baseUrl()}/api/tours/${slug}`)).json()) as { id: number; departures: { id: number; startsAt: string; seatsLeft: number }[] };
      const departure = [...tour.departures].reverse().find((item) => item.seatsLeft >= 2)!;
      const held = (await (
        await fetch(`${baseUrl()}/api/bookings`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.249' },
          body: JSON.stringify({ departureId: departure.id, guests: 2, name: 'Kassa Gäst', email: 'kassa.gast@example.com' }),
        })
      ).json()) as { reference: string; totalSek: number };
      await fetch(`${baseUrl()}/api/bookings/${held.reference}/checkout`, { method: 'POST' });
      const page = await loggedIn();
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm' }).format(new Date(departure.startsAt));
      await page.goto(`/secure-admin-42/tour-dates/?tourId=${tour.id}&from=${day}&to=${day}`);
      // Not only today's and tomorrow's from the dashboard: every date in Turdatum opens its list.
      await page.locator('.tour-date', { hasText: '2/' }).getByRole('link', { name: /^Passagerarlista/ }).first().click();
      await page.waitForURL(new RegExp(`/bookings/\\?departureId=${departure.id}$`));
      const manifest = page.locator('.manifest');
      await manifest.getByText('Kassa Gäst').waitFor();
      // Pay on arrival: the guide sees what to collect, from whom, and in all.
      const total = held.totalSek.toLocaleString('sv-SE').replace(/\s/g, '\u00a0');
      await manifest.getByText(`Att ta betalt på plats: ${total} kr från 1 bokning`).waitFor();
      await manifest.locator('tr', { hasText: 'Kassa Gäst' }).getByText(`Att ta betalt ${total} kr`).waitFor();
      // Printed, the list is the page: no "Ny bokning", filters or check-in buttons.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Ny bokning' }).isVisible()).toBe(false);
      expect(await manifest.isVisible()).toBe(true);
      expect(await manifest.getByRole('button', { name: 'Kassa Gäst: incheckad' }).isVisible()).toBe(false);
      await page.context().close();
    });

    it('Bookings: finds a booking by reference, shows where the guests are collected, and cancels it after confirmation', async () => {
      const tour = (await (await fetch(`${baseUrl()}/api/tours/ice-fishing-on-the-torne-river`)).json()) as { departures: { id: number }[]; pickupPoints: { id: number; name: string; address: string }[] };
      const [pickup] = tour.pickupPoints;
      const held = (await (
        await fetch(`${baseUrl()}/api/bookings`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.251' },
          body: JSON.stringify({ departureId: tour.departures[0].id, guests: 2, pickupPointId: pickup.id, name: 'Nils Holgersson', email: 'nils@example.com' }),
        })
      ).json()) as { reference: string };
      const page = await loggedIn();
      await page.locator('.admin-nav').getByRole('link', { name: 'Bokningar' }).click();
      // The search applies as the typing pauses: no button to press.
      await page.getByLabel('Sök', { exact: true }).fill(held.reference);
      await page.waitForURL(new RegExp(`[?&]q=${held.reference}`));
      await page.getByRole('button', { name: held.reference }).waitFor();
      // The list reads cleanly: each heading on one line ("Gäster", not "Gäste/r"), and no filter's field reaches under its neighbour.
      const layout = await page.evaluate(() => {
        // The lines its words sit on (the text's own boxes: a sort button's box is not a line).
        const lines = (element: Element) => {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          const tops = new Set<number>();
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.add(Math.round(rect.bottom));
          }
          return tops.size;
        };
        return {
          brokenHeadings: Array.from(document.querySelectorAll('.admin-table th')).filter((th) => lines(th) > 1).map((th) => th.textContent),
          overflowingFields: Array.from(document.querySelectorAll('.admin-filters .field'))
            .filter((field) => Array.from(field.querySelectorAll('input, select')).some((control) => control.getBoundingClientRect().right > field.getBoundingClientRect().right + 0.5))
            .map((field) => field.querySelector('label')?.textContent),
        };
      });
      expect(layout).toEqual({ brokenHeadings: [], overflowingFields: [] });
      await page.getByRole('button', { name: held.reference }).click();
      await page.getByRole('heading', { name: `Bokning ${held.reference}` }).waitFor();
      // The pickup point the guest chose, with its address (it read "Ingen").
      const pickupRow = page.locator('.booking-detail dt', { hasText: 'Upphämtning' }).locator('xpath=following-sibling::dd[1]');
      await expect(pickupRow.textContent()).resolves.toContain(`${pickup.name}, ${pickup.address}, `);
      // Its history so far: held by the guest.
      const history = page.getByRole('region', { name: 'Historik' });
      await history.locator('.booking-history__entry', { hasText: 'Platser reserverade' }).filter({ hasText: 'Gästen' }).waitFor();
      await page.getByRole('button', { name: 'Avboka' }).click();
      await page.getByRole('status').filter({ hasText: `${held.reference}: Avbokad` }).waitFor();
      // The cancellation joins it at once, with who did it.
      await history.locator('.booking-history__entry', { hasText: 'Avbokad av personal' }).filter({ hasText: 'Personal' }).waitFor();
      await history.locator('.booking-history__entry--staff', { hasText: 'Avbokade bokningen' }).waitFor();
      const summary = (await (await fetch(`${baseUrl()}/api/bookings/${held.reference}`)).json()) as { status: string };
      expect(summary.status).toBe('cancelled');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.context().close();
    });

    it('Bookings: a booking found from any screen with "/", sorted by a column header, filtered at once, and ticked rows exported, mailed and marked paid together', async () => {
      const { token } = (await (
        await fetch(`${baseUrl()}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.252' }, body: JSON.stringify(TEST_ADMIN) })
      ).json()) as { token: string };
      const tour = (await (await fetch(`${baseUrl()}/api/tours/ice-fishing-on-the-torne-river`)).json()) as { departures: { id: number }[]; pickupPoints: { id: number; name: string }[] };
      const marker = `Sortera${Date.now().toString(36)}`;
      const staffBooking = async (guests: number, name: string) =>
        (await (
          await fetch(`${baseUrl()}/api/admin/bookings`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
            body: JSON.stringify({ departureId: tour.departures[2].id, guests, name: `${name} ${marker}`, email: `${name.toLowerCase()}.${marker.toLowerCase()}@example.com`, pickupPointId: tour.pickupPoints[0].id, payment: 'on_arrival', notify: false }),
          })
        ).json()) as { reference: string };
      const few = await staffBooking(1, 'Alva');
      const many = await staffBooking(3, 'Berit');
      const { page } = await openPage(chromium.browser, { width: 1366, height: 900 });
      page.on('dialog', (dialog) => void dialog.accept());
      await logIn(page);
      await page.waitForURL('**/secure-admin-42/dashboard/');
      // "/" from the dashboard puts the cursor in the search; Enter opens the bookings found.
      await page.getByRole('heading', { name: 'Översikt' }).waitFor();
      await page.getByRole('search', { name: 'Sök bokning' }).waitFor();
      await page.keyboard.press('/');
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('admin-search');
      await page.keyboard.type(marker);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/secure-admin-42/bookings/?q=${marker}`);
      const table = page.locator('.admin-table');
      await table.getByRole('button', { name: many.reference }).waitFor();
      const orderIs = (references: string[]) =>
        page.waitForFunction((expected) => Array.from(document.querySelectorAll('.admin-table tbody td[data-label="Referens"]'), (cell) => cell.textContent).join() === expected.join(), references);
      // Pickup (with its time) and channel are columns of their own.
      const row = table.locator('tr', { hasText: few.reference });
      await expect(row.locator('td[data-label="Upphämtning"]').textContent()).resolves.toMatch(new RegExp(`^${tour.pickupPoints[0].name} \\d\\d:\\d\\d$`));
      await expect(row.locator('td[data-label="Kanal"]').textContent()).resolves.toBe('Personal');
      // A header orders by its column, again the other way, and says so.
      await table.getByRole('button', { name: 'Gäster' }).click();
      await orderIs([few.reference, many.reference]);
      await table.getByRole('button', { name: 'Gäster' }).click();
      await orderIs([many.reference, few.reference]);
      await expect(table.locator('th', { hasText: 'Gäster' }).getAttribute('aria-sort')).resolves.toBe('descending');
      expect(new URL(page.url()).searchParams.get('dir')).toBe('desc');
      // A choice filters at once: no web bookings among these.
      await page.getByLabel('Kanal').selectOption('online');
      await page.getByText('Inga bokningar matchar.').waitFor();
      await page.getByLabel('Kanal').selectOption('staff');
      await table.getByRole('button', { name: few.reference }).waitFor();
      // Ticked together: one CSV of those rows, their addresses, and both marked paid after one question.
      await table.getByLabel('Markera alla på sidan').check();
      const bulk = page.getByRole('group', { name: 'Markerade bokningar' });
      await bulk.getByText('2 markerade:').waitFor();
      const download = page.waitForEvent('download');
      await bulk.getByRole('button', { name: 'Exportera markerade' }).click();
      const csv = readFileSync((await (await download).path())!, 'utf8');
      expect(csv.trim().split('\r\n')).toHaveLength(3);
      expect(csv).toContain(few.reference);
      await bulk.getByRole('button', { name: 'Kopiera e-postadresser' }).click();
      await page.getByRole('status').filter({ hasText: `alva.${marker.toLowerCase()}@example.com` }).waitFor();
      await bulk.getByRole('button', { name: 'Markera 2 som betalda' }).click();
      await page.getByRole('status').filter({ hasText: '2 bokningar markerade som betalda.' }).waitFor();
      await expect(row.locator('td[data-label="Status"]').textContent()).resolves.toContain('Betald');
      // ↑ and ↓ move between open bookings.
      await table.getByRole('button', { name: many.reference }).click();
      await page.getByRole('heading', { name: `Bokning ${many.reference}` }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.getByRole('heading', { name: `Bokning ${few.reference}` }).waitFor();
      await page.context().close();
    });

    it('Bookings: shows money taken on site that a cancelled booking no longer needs, and records it given back', async () => {
      const { token } = (await (
        await fetch(`${baseUrl()}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.252' }, body: JSON.stringify(TEST_ADMIN) })
      ).json()) as { token: string };
      const tour = (await (await fetch(`${baseUrl()}/api/tours/ice-fishing-on-the-torne-river`)).json()) as { departures: { id: number }[] };
      const taken = (await (
        await fetch(`${baseUrl()}/api/admin/bookings`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ departureId: tour.departures[1].id, guests: 2, name: 'Märta Kassa', email: 'marta@example.com', payment: 'paid', paidNote: 'Kontant', notify: false }),
        })
      ).json()) as { reference: string; totalSek: number };
      const page = await loggedIn();
      await page.goto(`/secure-admin-42/bookings/?q=${taken.reference}`);
      await page.getByRole('button', { name: taken.reference }).click();
      await page.getByRole('heading', { name: `Bokning ${taken.reference}` }).waitFor();
      await page.getByRole('button', { name: 'Avboka' }).click();
      await page.getByRole('status').filter({ hasText: `${taken.reference}: Avbokad` }).waitFor();
      const repayRow = page.locator('.booking-detail dt', { hasText: 'Att betala tillbaka' }).locator('xpath=following-sibling::dd[1]');
      expect((await repayRow.textContent())?.replace(/\D/g, '')).toBe(String(taken.totalSek));
      await page.getByRole('button', { name: 'Registrera återbetalning' }).click();
      await page.getByRole('status').filter({ hasText: `${taken.reference}: Avbokad, Återbetald.` }).waitFor();
      await page.locator('.booking-detail dt', { hasText: 'Att betala tillbaka' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Registrera återbetalning' }).waitFor({ state: 'detached' });
      await page.context().close();
    });

    it('No screen scrolls sideways on a phone: wide lists and tables scroll in their own box, rows wrap', async () => {
      const page = await loggedIn();
      const tours = (await (await fetch(`${baseUrl()}/api/tours`)).json()) as { data: { id: number }[] };
      const screens = ['dashboard', 'board', 'board/?view=day', 'board/?view=month', 'bookings', 'tour-dates', 'sky', 'tours', `tours/${tours.data[0].id}`, `tours/${tours.data[0].id}/options`, 'blog', 'faq', 'stays', 'chat-logs', 'resellers', 'gift-cards', 'promo-codes', 'deposits', 'ratings', 'accounts', 'privacy'];
      const sideways: Record<string, number> = {};
      for (const screen of screens) {
        await page.goto(`/secure-admin-42/${screen.includes('?') ? screen : `${screen}/`}`);
        await page.locator('.admin h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        sideways[screen] = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      }
      expect(Object.entries(sideways).filter(([, extra]) => extra > 0)).toEqual([]);
      await page.context().close();
    });

    it('Planning: every tour on one board, a week Monday first, a day as a table with passenger lists, and a month across tours', async () => {
      const { token } = (await (
        await fetch(`${baseUrl()}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.252' }, body: JSON.stringify(TEST_ADMIN) })
      ).json()) as { token: string };
      const staffPost = async <T,>(path: string, body: object) =>
        (await (await fetch(`${baseUrl()}/api/admin/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json()) as T;
      // Two tours the same far-off Wednesday (a week nothing else uses): 06:05 and 23:35 Kiruna time.
      const tours = (await (await fetch(`${baseUrl()}/api/tours`)).json()) as { data: { id: number; slug: string; title: string }[] };
      const [first, second] = [tours.data.find((tour) => tour.slug === 'icehotel-and-jukkasjarvi-visit')!, tours.data.find((tour) => tour.slug === 'ice-fishing-on-the-torne-river')!];
      const day = '2028-03-15';
      const early = await staffPost<{ id: number }>('tour-dates', { tourId: first.id, startsAt: `${day}T06:05:00+01:00`, capacity: 6 });
      const late = await staffPost<{ id: number }>('tour-dates', { tourId: second.id, startsAt: `${day}T23:35:00+01:00`, capacity: 8 });
      await staffPost('bookings', { departureId: late.id, guests: 3, name: 'Tavla Gäst', email: 'tavla@example.com', payment: 'on_arrival', notify: false });
      const { page } = await openPage(chromium.browser, { width: 1366, height: 900 });
      await logIn(page);
      await page.waitForURL('**/secure-admin-42/dashboard/');
      await page.locator('.admin-nav').getByRole('link', { name: 'Planering' }).click();
      await page.getByRole('heading', { name: 'Planering', level: 1 }).waitFor();
      await page.goto(`/secure-admin-42/board/?view=week&date=${day}`);
      await page.getByRole('heading', { name: 'Vecka 11: 13–19 mars 2028' }).waitFor();
      // Monday first, each day with its departures of every tour in time order, and the day's totals
      // (the heading comes from the address at once; the days once the week's departures have loaded).
      await page.locator('.board-day h3').nth(6).waitFor();
      await expect(page.locator('.board-day h3').allTextContents()).resolves.toEqual(['mån 13 mars', 'tis 14 mars', 'ons 15 mars', 'tors 16 mars', 'fre 17 mars', 'lör 18 mars', 'sön 19 mars']);
      const wednesday = page.getByRole('region', { name: 'ons 15 mars' });
      await expect(wednesday.locator('.board-departure__time').allTextContents()).resolves.toEqual(['06:05', '23:35']);
      await expect(wednesday.locator('.board-departure__tour').allTextContents()).resolves.toEqual([first.title, second.title]);
      await wednesday.getByText('2 avgångar, 3 gäster').waitFor();
      await wednesday.locator('.board-departure', { hasText: '23:35' }).getByText('3/8').waitFor();
      // The day: a table, the booked departure's passenger list one click away.
      await wednesday.getByRole('button', { name: 'ons 15 mars' }).click();
      await page.getByRole('heading', { name: 'onsdag 15 mars 2028' }).waitFor();
      const rows = page.locator('.admin-table tbody tr');
      await rows.nth(1).waitFor();
      await expect(rows.count()).resolves.toBe(2);
      await rows.nth(1).getByRole('link', { name: /^Passagerarlista/ }).click();
      await page.waitForURL(new RegExp(`/bookings/\\?departureId=${late.id}$`));
      await page.locator('.manifest').getByText('Tavla Gäst').waitFor();
      // The month across tours, and back to that day from it.
      await page.goto(`/secure-admin-42/board/?view=month&date=${day}`);
      const month = page.getByRole('table', { name: 'Alla turers avgångar, mars 2028' });
      await month.locator('.admin-month__open', { hasText: `06:05 ${first.title} 0/6` }).filter({ hasText: `23:35 ${second.title} 3/8` }).click();
      await page.getByRole('heading', { name: 'onsdag 15 mars 2028' }).waitFor();
      await page.getByRole('button', { name: 'Föregående dag' }).click();
      await page.getByRole('heading', { name: 'tisdag 14 mars 2028' }).waitFor();
      await page.getByText('Inga avgångar den här dagen.').waitFor();
      expect(early.id).toBeGreaterThan(0);
      await page.context().close();
    });

    it('Tour dates: creates one departure and a weekly series for a tour', async () => {
      const page = await loggedIn();
      await page.locator('.admin-nav').getByRole('link', { name: 'Turdatum' }).click();
      // The creation forms are folded away until asked for: the dates come first on every visit.
      expect(await page.getByRole('heading', { name: 'Ny avgång' }).isVisible()).toBe(false);
      await page.getByText('Lägg till avgångar (en eller en återkommande serie)').click();
      await page.getByRole('heading', { name: 'Ny avgång' }).waitFor();
      await page.getByLabel('Tur', { exact: true }).selectOption({ label: 'Icehotel and Jukkasjärvi Visit' });
      const next = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      // Dates and times as Swedish staff write them, whatever the browser's language (an English Chromium showed "mm/dd/yyyy" and "08:00 PM").
      const browserFormats = await page.evaluate(() => Array.from(document.querySelectorAll('input[type="date"], input[type="time"]')).filter((input) => (input as HTMLElement).offsetWidth > 0).length);
      expect(browserFormats).toBe(0);
      await expect(page.getByLabel('Datum').getAttribute('placeholder')).resolves.toBe('åååå-mm-dd');
      await page.getByLabel('Datum').fill(next);
      await page.getByLabel('Tid (Kiruna)').first().fill('1015');
      await page.getByLabel('Tid (Kiruna)').first().press('Tab');
      await expect(page.getByLabel('Tid (Kiruna)').first().inputValue()).resolves.toBe('10:15');
      await page.getByRole('button', { name: 'Skapa avgång' }).click();
      await page.getByRole('status').filter({ hasText: 'Avgång skapad' }).waitFor();

      const created = page.locator('.tour-date', { hasText: '10:15' }).first();
      await created.getByLabel(/^Pris /).fill('1999');
      await created.getByRole('button', { name: 'Spara pris' }).click();
      await page.locator('.tour-date', { hasText: '10:15' }).filter({ hasText: '1\u00a0999 kr' }).first().waitFor();
      // A season price per category, each in a field named by its category (staff typed "child=700" before), its own price shown until then.
      const childPrice = page.locator('.tour-date', { hasText: '10:15' }).first().getByLabel(/^Säsongspris Barn \(4-12\),/);
      await expect(childPrice.getAttribute('placeholder')).resolves.toMatch(/^\d+$/);
      await childPrice.fill('700');
      await page.locator('.tour-date', { hasText: '10:15' }).first().getByRole('button', { name: 'Spara', exact: true }).click();
      const dayAfter = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
      const priced = async () =>
        ((await (await fetch(`${baseUrl()}/api/tours/icehotel-and-jukkasjarvi-visit/departures?from=${next}&to=${dayAfter}`)).json()) as { startsAt: string; prices: Record<string, number> }[]).find((departure) =>
          /T0[89]:15/.test(departure.startsAt),
        )?.prices.child;
      for (let wait = 0; wait < 50 && (await priced()) !== 700; wait++) await pause(100);
      expect(await priced()).toBe(700);

      await page.getByRole('checkbox', { name: 'Mån', exact: true }).check();
      await page.getByLabel('Från och med', { exact: true }).fill('2027-02-01');
      await page.getByLabel('Till och med', { exact: true }).fill('2027-02-28');
      await page.getByRole('button', { name: 'Skapa serie' }).click();
      await page.getByRole('status').filter({ hasText: '4 avgångar skapade.' }).waitFor();
      // The week starts on Monday.
      await expect(page.locator('.weekday-picker label').allTextContents()).resolves.toEqual([' Mån', ' Tis', ' Ons', ' Tor', ' Fre', ' Lör', ' Sön']);
      // The same series again makes nothing, and says so.
      await page.getByRole('button', { name: 'Skapa serie' }).click();
      await page.getByRole('status').filter({ hasText: 'Inga nya avgångar: alla 4 tider i serien fanns redan.' }).waitFor();

      // Any window of dates: February, beyond the next 60 days.
      await page.getByLabel('Visa från').fill('2027-02-01');
      await page.getByLabel('Visa till och med').fill('2027-02-28');
      await page.getByRole('button', { name: 'Visa', exact: true }).click();
      await page.getByRole('heading', { name: 'Avgångar 2027-02-01 – 2027-02-28' }).waitFor();
      await page.locator('.tour-date').nth(3).waitFor();
      // The month view: the four Mondays, each opening its day in the list.
      await page.getByRole('button', { name: 'Månad' }).click();
      const month = page.getByRole('table', { name: 'Avgångar februari 2027' });
      await month.waitFor();
      // The month as Swedish writes it, in lower case ("December 2026" was English).
      await expect(page.locator('.admin-date-window__month').innerText()).resolves.toBe('februari 2027');
      const mondays = month.locator('tr').locator('td:first-child .admin-month__open');
      await expect(mondays.count()).resolves.toBe(4);
      await mondays.nth(1).click();
      await page.getByRole('heading', { name: 'Avgångar 2027-02-08 – 2027-02-08' }).waitFor();
      await page.locator('.tour-date').first().waitFor();
      await expect(page.locator('.tour-date').count()).resolves.toBe(1);
      await page.context().close();
    });

    it('Chat logs: finds a conversation by its text and shows the transcript', async () => {
      const phrase = `stargazing-${Date.now()}`;
      await fetch(`${baseUrl()}/api/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.252' },
        body: JSON.stringify({ message: `Do you run ${phrase} tours in Abisko?` }),
      });
      const page = await loggedIn();
      await page.locator('.admin-nav').getByRole('link', { name: 'Chattloggar' }).click();
      await page.getByLabel('Sök i samtalen').fill(phrase);
      await page.getByRole('button', { name: 'Sök' }).click();
      await page.getByRole('button', { name: `Do you run ${phrase} tours in Abisko?` }).click();
      await page.getByRole('heading', { name: 'Samtal' }).waitFor();
      await expect(page.locator('.transcript__who').allTextContents()).resolves.toEqual(['Gäst', 'AI-guide']);
      // The language in Swedish words, as the rest of the admin (it said "På english").
      await page.getByText('På engelska').waitFor();

      // A guest the guide did not help is found with "only those the guide could not help", the reason beside the answer.
      const first = (await (
        await fetch(`${baseUrl()}/api/chat`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.252' }, body: JSON.stringify({ message: `Which tours run in Abisko, ${phrase}?` }) })
      ).json()) as { conversationId: string };
      await fetch(`${baseUrl()}/api/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.252' },
        body: JSON.stringify({ conversationId: first.conversationId, message: 'That is not what I asked' }),
      });
      await page.getByLabel('Sök i samtalen').fill(`Abisko, ${phrase}`);
      await page.getByLabel('Bara samtal där guiden inte kunde hjälpa').check();
      await page.getByRole('button', { name: 'Sök' }).click();
      await page.locator('.admin-list li', { hasText: `Which tours run in Abisko, ${phrase}?` }).getByText('1 svar utan hjälp').waitFor();
      await page.getByRole('button', { name: `Which tours run in Abisko, ${phrase}?` }).click();
      await page.locator('.transcript__unanswered').getByText('Gästen fick inte hjälp').waitFor();
      await page.getByLabel('Bara samtal där guiden inte kunde hjälpa').uncheck();

      await page.getByLabel('Sök i samtalen').fill('no such words anywhere 7f3a');
      await page.getByRole('button', { name: 'Sök' }).click();
      await page.getByText('Inga samtal hittades.').waitFor();
      await page.context().close();
    });

    it('Tours: sets a season child price and a minimum for a tour, seen on its public page', async () => {
      const tour = (await (await fetch(`${baseUrl()}/api/tours/morning-hike-in-abisko-national-park`)).json()) as { id: number; priceCategories: { code: string; priceSek: number }[] };
      const page = await loggedIn();
      await page.goto(`/secure-admin-42/tours/${tour.id}/options/`);
      await page.getByRole('heading', { name: 'Priser, frågor och upphämtning' }).waitFor();
      const childRow = tour.priceCategories.findIndex((category) => category.code === 'child') + 1;
      // Each field named in Swedish by its column and row (they were "priceSek, rad 2"); the table scrolls in its own box, not the page.
      await page.getByLabel(`Pris (kr), rad ${childRow}`).fill('555');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.getByLabel(/^Minsta antal gäster/).fill('3');
      await page.getByRole('button', { name: 'Spara', exact: true }).click();
      await page.getByText('Sparat. Nya bokningar får detta; gjorda bokningar behåller sitt.').waitFor();
      const after = (await (await fetch(`${baseUrl()}/api/tours/morning-hike-in-abisko-national-park`)).json()) as { minGuests: number; priceCategories: { code: string; priceSek: number }[] };
      expect(after.minGuests).toBe(3);
      expect(after.priceCategories.find((category) => category.code === 'child')?.priceSek).toBe(555);
      await page.context().close();
    });

    it('Tours: adds a pickup point and changes its time, then offers it on a tour, whose guests are offered it with that time', async () => {
      const tour = (await (await fetch(`${baseUrl()}/api/tours/moose-spotting-tour-from-kiruna-to-nikkaluokta`)).json()) as { id: number };
      // A name of its own: the catalogue has a Camp Ripan already, and the suite's database outlives a run.
      const name = `Norrsken Lodge ${Date.now() % 100000}`;
      const page = await loggedIn();
      await page.goto(`/secure-admin-42/tours/${tour.id}/options/`);
      const editor = page.getByRole('region', { name: 'Upphämtningsplatser' });
      const added = editor.getByRole('form', { name: 'Ny upphämtningsplats' });
      await added.getByLabel('Plats, ny plats').selectOption('Kiruna');
      await added.getByLabel('Namn, ny plats').fill(name);
      await added.getByLabel('Adress, ny plats').fill('Campingvägen 5');
      await added.getByLabel('Minuter före start, ny plats').fill('30');
      await added.getByRole('button', { name: 'Lägg till upphämtningsplats' }).click();
      await editor.getByText(`${name} är tillagd.`).waitFor();
      // Its time changed where it is listed: every tour that offers it collects guests then.
      const point = editor.getByRole('form', { name });
      await point.getByLabel(`Minuter före start, ${name}`).fill('35');
      await point.getByRole('button', { name: `Spara ${name}` }).click();
      await editor.getByText(`${name} är sparad.`).waitFor();
      // Ticked for the tour and saved, it is on the booking page with its time.
      await page.getByRole('checkbox', { name: `Kiruna: ${name}, 35 min före start` }).check();
      await page.getByRole('button', { name: 'Spara', exact: true }).click();
      await page.getByText('Sparat. Nya bokningar får detta; gjorda bokningar behåller sitt.').waitFor();
      const shown = (await (await fetch(`${baseUrl()}/api/tours/moose-spotting-tour-from-kiruna-to-nikkaluokta`)).json()) as { pickupPoints: { name: string; minutesBefore: number }[] };
      expect(shown.pickupPoints).toEqual(expect.arrayContaining([expect.objectContaining({ name, minutesBefore: 35 })]));
      await page.context().close();
    });

    it("Tours: names a tour's price category in Swedish, seen on the Swedish booking page", async () => {
      const tour = (await (await fetch(`${baseUrl()}/api/tours/ice-fishing-on-the-torne-river`)).json()) as { id: number };
      const page = await loggedIn();
      await page.goto(`/secure-admin-42/tours/${tour.id}/options/`);
      const words = page.getByRole('region', { name: 'Namn och frågor på svenska och tyska' });
      await words.getByText('Översättningar: svenska klar, tyska klar').click();
      const swedish = words.getByRole('form', { name: 'Svenska: priskategorier och frågor' });
      const adult = swedish.getByLabel('Priskategori: Adult (13+) (svenska)');
      await expect(adult.inputValue()).resolves.toBe('Vuxen (13+)');
      await adult.fill('Vuxen fiskare (13+)');
      await swedish.getByRole('button', { name: 'Spara svenska' }).click();
      await swedish.getByText('Sparat.').waitFor();
      const shown = (await (await fetch(`${baseUrl()}/api/tours/ice-fishing-on-the-torne-river?lang=sv`)).json()) as { priceCategories: { code: string; name: string }[] };
      expect(shown.priceCategories.find((category) => category.code === 'adult')?.name).toBe('Vuxen fiskare (13+)');
      expect(await (await fetch(`${baseUrl()}/sv/book/${tour.id}/`)).text()).toContain('Vuxen fiskare (13+)');
      await page.context().close();
    });

    it('FAQ: edits an entry\'s German words, seen on the German FAQ page, and shows a missing translation as missing', async () => {
      const page = await loggedIn();
      await page.locator('.admin-nav').getByRole('link', { name: 'Frågor och svar' }).click();
      // Both languages are there for the seeded entries: their translations start folded.
      const card = page.getByRole('region', { name: 'How big are the groups?' });
      await card.getByText('Översättningar: svenska klar, tyska klar').click();
      const german = card.getByRole('form', { name: 'Tyska: How big are the groups?' });
      await expect(german.getByLabel('Fråga (tyska)').inputValue()).resolves.toBe('Wie groß sind die Gruppen?');
      await german.getByLabel('Fråga (tyska)').fill('Wie viele Gäste sind in einer Gruppe?');
      await german.getByRole('button', { name: 'Spara tyska' }).click();
      await german.getByText('Sparat.').waitFor();
      const shown = await (await fetch(`${baseUrl()}/de/faq/`)).text();
      expect(shown).toContain('Wie viele Gäste sind in einer Gruppe?');

      // Emptied, the Swedish translation is gone: staff see it missing, guests read English.
      const swedish = card.getByRole('form', { name: 'Svenska: How big are the groups?' });
      await swedish.getByLabel('Fråga (svenska)').fill('');
      await swedish.getByLabel('Svar (svenska)').fill('');
      await swedish.getByRole('button', { name: 'Spara svenska' }).click();
      await swedish.getByText('saknas, gästerna läser engelska', { exact: false }).waitFor();
      expect(await (await fetch(`${baseUrl()}/sv/faq/`)).text()).toContain('How big are the groups?');
      await page.context().close();
    });

    it("Tours: edits a tour's Swedish words, seen on the Swedish tour page, its lists a line per item", async () => {
      const page = await loggedIn();
      await page.locator('.admin-nav').getByRole('link', { name: 'Turer' }).click();
      await page.getByRole('link', { name: 'Ice Fishing on the Torne River' }).click();
      await page.getByText('Översättningar: svenska klar, tyska klar').click();
      const swedish = page.getByRole('form', { name: 'Svenska: Ice Fishing on the Torne River' });
      await expect(swedish.getByLabel('Titel (svenska)').inputValue()).resolves.toBe('Isfiske på Torne älv');
      await swedish.getByLabel('Titel (svenska)').fill('Pimpelfiske på Torne älv');
      await swedish.getByLabel('Höjdpunkter (en rad per punkt) (svenska)').fill('Borra ditt eget hål\nGrilla fångsten');
      await expect(swedish.getByLabel('Upphämtning (en rad per plats) (svenska)').inputValue()).resolves.toContain('Ditt hotell i Kiruna på begäran');
      await swedish.getByLabel('Upphämtning (en rad per plats) (svenska)').fill('Kiruna busstation\nDitt hotell i Kiruna');
      await swedish.getByRole('button', { name: 'Spara svenska' }).click();
      await swedish.getByText('Sparat.').waitFor();
      const shown = await (await fetch(`${baseUrl()}/sv/tours/ice-fishing-on-the-torne-river/`)).text();
      expect(shown).toContain('<h1>Pimpelfiske på Torne älv</h1>');
      expect(shown).toContain('<li>Grilla fångsten</li>');
      expect(shown).toContain('Kiruna busstation, Ditt hotell i Kiruna');
      expect(await (await fetch(`${baseUrl()}/tours/ice-fishing-on-the-torne-river/`)).text()).toContain('<h1>Ice Fishing on the Torne River</h1>');
      await page.context().close();
    });

    it('Resellers: gives a reseller a key shown once that opens /octo/, then revokes it', async () => {
      const name = `Fjällresor ${Date.now()}`;
      const page = await loggedIn();
      await page.locator('.admin-nav').getByRole('link', { name: 'Återförsäljare' }).click();
      await page.getByRole('heading', { name: 'Ny återförsäljare' }).waitFor();
      await page.getByLabel('Namn').fill(name);
      await page.getByLabel('Provision (%)').fill('25');
      // Each choice is a radio beside its words (the radios were as wide as the form, above bold text).
      const choice = await page.getByLabel('Bara de här').boundingBox();
      expect(choice!.width).toBeLessThan(40);
      await page.getByLabel('Bara de här').check();
      await page.getByLabel('Morning Hike in Abisko National Park').check();
      await page.getByRole('button', { name: 'Skapa nyckel' }).click();

      await page.getByRole('heading', { name: `Nyckel för ${name}` }).waitFor();
      const key = (await page.getByTestId('reseller-key').textContent())!.trim();
      expect(key).toMatch(/^octo_[\w-]{43}$/);
      const octo = (path: string) => fetch(`${baseUrl()}/octo/${path}`, { headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': '198.51.100.91' } });
      const products = (await (await octo('products')).json()) as { internalName: string }[];
      expect(products.map((product) => product.internalName)).toEqual(['Morning Hike in Abisko National Park']);

      // Once "Klar" is pressed the key is gone from the screen: the list shows only its last four characters.
      await page.getByRole('button', { name: 'Klar' }).click();
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row.textContent()).resolves.toContain(`…${key.slice(-4)}`);
      await expect(page.getByText(key).count()).resolves.toBe(0);
      await expect(row.textContent()).resolves.toContain('Morning Hike in Abisko National Park');
      await expect(row.getByRole('cell').nth(4).textContent()).resolves.toBe('Inga');

      // A webhook the reseller registers through the API is on its row, with how its calls fare.
      const hook = await fetch(`${baseUrl()}/octo/webhooks`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.91' },
        body: JSON.stringify({ url: 'https://hooks.fjallresor.example/octo', event: 'booking_update' }),
      });
      expect(hook.status).toBe(200);
      await page.reload();
      await row.getByText('https://hooks.fjallresor.example/octo').waitFor();
      await expect(row.textContent()).resolves.toContain('0 levererade');

      await row.getByRole('button', { name: `Återkalla nyckeln för ${name}` }).click();
      await row.getByText(/^Återkallad /).waitFor();
      expect((await octo('supplier')).status).toBe(401);
      await page.context().close();
    });
  });
});

describe('Staff admin: a guest asks for their data', () => {
  const chromium = useBrowser();

  it('Downloads everything held about a guest, then erases it after a confirmation', async () => {
    const email = `privacy-${Date.now()}@example.com`;
    const sent = await fetch(`${baseUrl()}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.77' },
      body: JSON.stringify({ name: 'Petra Privat', email, message: 'Please forget me after the trip.' }),
    });
    expect(sent.status).toBe(201);

    const { page, errors } = await openPage(chromium.browser);
    await logIn(page);
    await page.waitForURL('**/secure-admin-42/dashboard/');
    await page.getByRole('link', { name: 'Integritet' }).click();
    await page.getByRole('heading', { name: 'Integritet' }).waitFor();
    await page.getByLabel('E-postadress').fill(email);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportera uppgifter' }).click()]);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { contactMessages: { message: string }[] };
    expect(exported.contactMessages).toEqual([expect.objectContaining({ message: 'Please forget me after the trip.' })]);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Radera uppgifter' }).click();
    await page.getByText(/^Klart: 0 bokningar anonymiserade, 1 meddelanden, 0 samtal och [1-9]\d* mejl raderade; 0 presentkort utan gästens uppgifter \(saldot finns kvar\); 0 platser i väntelistor och 0 omdömen raderade\.$/).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
