import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';

import type { ManifestView } from '../../shared/admin-types';
import { violationsOn } from './support/axe';
import { baseUrl, launchBrowser, launchProfileBrowser, openPage, sharedServer, useBrowser, waitForHydration } from './support/browser';
import { fakeCameraFlags, pictureAsCamera } from './support/fake-camera';
import { TEST_ADMIN } from './support/global-setup';
import { mailsAbout } from './support/mails';

const PHONE = { width: 390, height: 844 };
const TOUR = 'arctic-snowshoe-moments-fire-cocoa-marshmallows';

const api = async <T>(path: string, init: { method?: string; body?: object; token?: string; address?: string } = {}): Promise<T> => {
  const answer = await fetch(`${baseUrl()}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': init.address ?? '203.0.113.211', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
};

/** A confirmed pay-on-arrival booking and the PNG of the QR code in its confirmation mail, as the guest's phone would show it. */
async function bookedWithCode(departureId: number, guests: number, name: string, address: string): Promise<{ reference: string; qr: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const { reference } = await api<{ reference: string }>('bookings', { method: 'POST', body: { departureId, guests, name, email }, address });
  await api(`bookings/${reference}/checkout`, { method: 'POST', address });
  await mailsAbout(['Booking confirmed', reference, `To: ${email}`]);
  const outbox = join(sharedServer().dataDir, 'outbox');
  const raw = readdirSync(outbox)
    .map((file) => readFileSync(join(outbox, file)))
    .find((mail) => mail.includes(`To: ${email}`) && mail.includes('-qr.png'))!;
  const png = (await simpleParser(raw)).attachments.find((file) => file.contentType === 'image/png')!;
  const qr = join(tmpdir(), `${reference}-qr.png`);
  writeFileSync(qr, png.content);
  return { reference, qr };
}

/** Logs the guide app in for the shift as the phone `device`, and downloads today's and tomorrow's departures. */
async function logInAndDownload(page: Page, device: string): Promise<void> {
  await page.getByLabel('Email').fill(TEST_ADMIN.email);
  await page.getByLabel('Password').fill(TEST_ADMIN.password);
  await page.getByLabel("This phone's name").fill(device);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: "Download today's and tomorrow's departures" }).click();
}

describe('The guide app on a phone, offline', () => {
  const chromium = useBrowser();

  it('logs in, downloads the lists, goes offline, checks guests in by reference and by a photo of the QR from their confirmation mail, and sends the queue once back online', async () => {
    const { token } = await api<{ token: string }>('admin/login', { method: 'POST', body: TEST_ADMIN, address: '203.0.113.212' });
    const tour = await api<{ id: number; title: string }>(`tours/${TOUR}`);
    const departure = await api<{ id: number }>('admin/tour-dates', { method: 'POST', token, body: { tourId: tour.id, startsAt: new Date(Date.now() + 3 * 3_600_000).toISOString(), capacity: 8 } });
    const greta = await bookedWithCode(departure.id, 2, 'Greta Walkup', '203.0.113.213');
    const bo = await bookedWithCode(departure.id, 3, 'Bo Scanner', '203.0.113.214');
    const leaving = await bookedWithCode(departure.id, 1, 'Cecilia Cancels', '203.0.113.215');

    const { page, errors } = await openPage(chromium.browser, PHONE);
    await page.goto('/guide/');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await violationsOn(page)).toEqual([]);
    await logInAndDownload(page, 'Telefon Test');
    const card = page.getByRole('button', { name: new RegExp(tour.title) });
    await card.waitFor();

    await page.reload();
    await waitForHydration(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Everything the page runs on is kept for offline (its scripts, styles and words).
    await page.waitForFunction(async () => {
      const kept = await caches.open('norrsken-guide-v1');
      const files = performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/assets/'));
      return files.length > 0 && (await Promise.all(files.map((file) => kept.match(file)))).every(Boolean);
    });

    // No signal: the app opens from the phone, with what it downloaded and when.
    await page.context().setOffline(true);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('status').getByText('No signal').waitFor();
    await page.getByText(/^Downloaded /).waitFor();
    await card.click();
    await page.getByRole('heading', { name: new RegExp(tour.title), level: 1 }).waitFor();
    expect(await violationsOn(page)).toEqual([]);

    // By reference (typed as a guide would, in lower case): Greta's party of two.
    await page.getByLabel('Booking reference').fill(greta.reference.toLowerCase());
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.getByRole('status').getByText('Checked in: Greta Walkup (2)').waitFor();
    await page.locator(`[data-reference="${greta.reference}"]`).getByText(/^Checked in 2 of 2, \d\d:\d\d \(Telefon Test\)$/).waitFor();
    // By the QR in Bo's confirmation mail, photographed: the same decoding as a camera frame, checked with the downloaded key.
    await page.locator('#guide-photo').setInputFiles(bo.qr);
    await page.getByRole('status').getByText('Checked in: Bo Scanner (3)').waitFor();
    // Not on the lists: refused on the phone, with the reason.
    await page.getByLabel('Booking reference').fill('NAT-ZZZZZ-ZZZZZ');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.getByRole('alert').getByText("This booking is not on today's or tomorrow's lists.").waitFor();
    // Cecilia cancels at the office while the guide is out of signal: the phone still has her on its list.
    await api(`admin/bookings/${leaving.reference}/cancel`, { method: 'POST', token, body: {} });
    await page.locator(`[data-reference="${leaving.reference}"]`).getByRole('button', { name: 'Check in all (1)' }).click();
    await page.getByText('3 to send').waitFor();
    const manifest = () => api<ManifestView>(`admin/tour-dates/${departure.id}/manifest`, { token });
    expect((await manifest()).passengers.map((passenger) => passenger.attendance)).toEqual([null, null]);

    // Back online: the queue goes by itself, once; the office sees who came, on which phone.
    await page.context().setOffline(false);
    await page.getByText('Everything is sent.').waitFor();
    // What the server could not take is shown to the guide, with the reason; her card says so too.
    await page.getByRole('region', { name: 'To look at' }).getByText('This booking is no longer confirmed (cancelled meanwhile).').waitFor();
    await page.locator(`[data-reference="${leaving.reference}"]`).getByText('Cancelled').waitFor();
    const passengers = (await manifest()).passengers;
    expect(passengers.map((passenger) => [passenger.reference, passenger.attendance, passenger.checkedInGuests, passenger.attendanceDevice]).sort()).toEqual(
      [
        [greta.reference, 'checked_in', 2, 'Telefon Test'],
        [bo.reference, 'checked_in', 3, 'Telefon Test'],
      ].sort(),
    );
    // Only the offline moments' own failed loads are in the console.
    expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("checks a guest in by the phone's camera filming the QR code from her confirmation mail", async () => {
    const { token } = await api<{ token: string }>('admin/login', { method: 'POST', body: TEST_ADMIN, address: '203.0.113.216' });
    const tour = await api<{ id: number; title: string }>('tours/abisko-canyon-winter-snowshoe-walk');
    const departure = await api<{ id: number }>('admin/tour-dates', { method: 'POST', token, body: { tourId: tour.id, startsAt: new Date(Date.now() + 5 * 3_600_000).toISOString(), capacity: 8 } });
    const dagny = await bookedWithCode(departure.id, 2, 'Dagny Camera', '203.0.113.217');
    // Chromium's only camera films the mail's QR code (its frames go through the app's own getUserMedia and decoder).
    const film = join(tmpdir(), `${dagny.reference}-camera.y4m`);
    pictureAsCamera(dagny.qr, film);
    const browser = await launchBrowser(fakeCameraFlags(film));
    try {
      const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl() });
      const page = await context.newPage();
      await page.goto('/guide/');
      await waitForHydration(page);
      await logInAndDownload(page, 'Telefon Kamera');
      await page.getByRole('button', { name: new RegExp(tour.title) }).click();
      await page.getByRole('button', { name: 'Scan QR code' }).click();
      await page.getByRole('status').getByText('Checked in: Dagny Camera (2)').waitFor();
      // The camera is let go once a code is read.
      await page.getByRole('button', { name: 'Scan QR code' }).waitFor();
      expect(await page.locator('video').count()).toBe(0);
      await page.getByText('Everything is sent.').waitFor();
      const { passengers } = await api<ManifestView>(`admin/tour-dates/${departure.id}/manifest`, { token });
      expect(passengers.map((passenger) => [passenger.reference, passenger.attendance, passenger.checkedInGuests, passenger.attendanceDevice])).toEqual([[dagny.reference, 'checked_in', 2, 'Telefon Kamera']]);
    } finally {
      await browser.close();
      rmSync(film, { force: true });
    }
  });

  it("is installable on a phone's home screen, by Chromium's own check (the one Lighthouse's PWA audit asked it)", async () => {
    const profile = mkdtempSync(join(tmpdir(), 'norrsken-guide-profile-'));
    const context = await launchProfileBrowser(profile, { viewport: PHONE, baseURL: baseUrl() });
    try {
      const page = await context.newPage();
      await page.goto('/guide/');
      await waitForHydration(page);
      // Once its service worker controls the page.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      await waitForHydration(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);
      const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect([new URL(url).pathname, errors]).toEqual(['/guide/manifest.webmanifest', []]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
