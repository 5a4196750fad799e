import type { TourDetail } from '../../shared/api-types';
import { baseUrl, openPage, useBrowser, waitForHydration } from './support/browser';
import { TEST_ADMIN } from './support/global-setup';
import { mailsAbout } from './support/mails';

const PHONE = { width: 375, height: 740 };
const TOUR = 'morning-hike-in-abisko-national-park';

const api = (path: string, init: { method?: string; body?: object; token?: string; address?: string } = {}) =>
  fetch(`${baseUrl()}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': init.address ?? '203.0.113.201', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });

describe('The waitlist on a phone', () => {
  const chromium = useBrowser();

  it('Joins the waitlist of a full date from its tour page, gets the offer mail when seats free up, and books them in three taps', async () => {
    // A date of two seats, both held by another guest: full.
    const { token } = (await (await api('admin/login', { method: 'POST', body: TEST_ADMIN, address: '203.0.113.202' })).json()) as { token: string };
    const tour = (await (await api(`tours/${TOUR}`)).json()) as TourDetail;
    const first = tour.departures[0] ? new Date(tour.departures[0].startsAt).getTime() : Date.now() + 2 * 86_400_000;
    // Before the tour's next date, so the tour page lists it first.
    const startsAt = new Date(Math.max(Date.now() + 6 * 3_600_000, first - 3_600_000));
    const created = (await (await api('admin/tour-dates', { method: 'POST', token, body: { tourId: tour.id, startsAt: startsAt.toISOString(), capacity: 2 } })).json()) as { id: number };
    const other = (await (await api('bookings', { method: 'POST', address: '203.0.113.203', body: { departureId: created.id, guests: 2, name: 'Early Bird', email: 'early.bird@example.com' } })).json()) as { reference: string };

    const { page, errors } = await openPage(chromium.browser, PHONE);
    await page.goto(`/tours/${TOUR}/`);
    await waitForHydration(page);
    const full = page.locator('.departure-list li').filter({ has: page.getByText('Sold out') }).first();
    await full.getByRole('link', { name: 'Tell me if seats free up' }).click();
    await page.waitForURL(/\/waitlist\/\?tour=.+&departure=\d+$/);
    await waitForHydration(page);
    expect(new URL(page.url()).searchParams.get('departure')).toBe(String(created.id));
    await page.getByLabel('Your name').fill('Wilma Waiting');
    await page.getByLabel('Email').fill('wilma.waiting@example.com');
    // Any date around it would do (the tour's other dates there have seats: she could book them, so she waits for this one).
    await page.getByLabel(/Any date from \w+ \d+, \d{4} to \w+ \d+, \d{4} works for us too/).check();
    await page.getByRole('button', { name: 'Tell me if seats free up' }).click();
    await page.waitForURL(/\/waitlist\/\?token=/);
    await page.getByText('You are number 1 in line.').waitFor();
    await mailsAbout(['To: wilma.waiting@example.com', 'You are on the waitlist']);

    // The other guest lets their seats go: the offer is mailed at once, with the page that books them.
    expect((await api(`bookings/${other.reference}/cancel`, { method: 'POST', address: '203.0.113.203' })).status).toBe(200);
    const [offer] = await mailsAbout(['To: wilma.waiting@example.com', 'Seats are free for you']);
    expect(offer).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = /https?:\/\/[^\s"<>]+\/waitlist\/\?token=[\w.-]+/.exec(offer!)![0];

    // Tap 1: the mail's button opens the offer. Tap 2: book the seats. Tap 3: confirm the booking.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Seats are free for you' }).waitFor();
    await page.getByRole('button', { name: 'Book these seats' }).click();
    await page.waitForURL(/\/checkout\/\?booking=NAT-/);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await page.waitForURL(/\/success\/\?booking=NAT-/);
    await page.getByRole('heading', { name: 'Thank you for your booking' }).waitFor();
    const seats = ((await (await api(`tours/${TOUR}`)).json()) as TourDetail).departures.find((departure) => departure.id === created.id)?.seatsLeft;
    expect(seats).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
