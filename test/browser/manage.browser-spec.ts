import { baseUrl, openPage, useBrowser, waitForHydration } from './support/browser';
import { confirmedBookingWithLink, mailsAbout } from './support/mails';

const PHONE = { width: 375, height: 740 };

describe('Guests manage their booking on a phone', () => {
  const chromium = useBrowser();

  it('Opens the link from the confirmation mail, chooses a pickup, changes the date in the calendar, cancels, and gets each mail', async () => {
    const { reference, link } = await confirmedBookingWithLink('daytime-snowshoe-hike-kiruna', { name: 'Karin Larsson', email: 'karin@example.com' }, '203.0.113.240');
    const held = { reference };

    const { page, errors } = await openPage(chromium.browser, PHONE);
    await page.goto(link);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Your booking' }).waitFor();
    await page.locator('.reference', { hasText: held.reference }).waitFor();
    await page.getByText('Free cancellation until 48 hours before the start', { exact: false }).first().waitFor();

    // One place to say where to be collected: the tour's pickup points (no free-text "Pickup hotel" beside them).
    expect(await page.getByLabel('Pickup hotel').count()).toBe(0);
    const pickup = page.getByLabel('Pickup', { exact: true });
    const point = (await pickup.locator('option').nth(1).textContent())!;
    await pickup.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByRole('status').filter({ hasText: 'Your details are saved.' }).waitFor();
    await page.locator('dd', { hasText: point.split(',')[0]!.trim() }).waitFor();

    // Another date of the same tour, chosen as on the booking page: the calendar with each day's price, the party by steppers.
    const change = page.getByRole('form', { name: 'Change date or guests' });
    await change.locator('.calendar__grid').waitFor();
    await change.getByText(/\(your date\)$/).waitFor();
    await change.locator('.calendar__grid button:not([disabled])[aria-pressed="false"]').first().click();
    await change.getByText(/^Your date: /).waitFor();
    await change.getByRole('button', { name: 'Keep my date' }).waitFor();
    expect(await change.locator('select#change-date').count()).toBe(0);
    await change.getByRole('button', { name: /^More: Adult/ }).click();
    await change.getByRole('button', { name: /^Fewer: Adult/ }).click();
    await page.getByRole('button', { name: 'Change booking' }).click();
    // First what the change makes of the booking, where the guest is looking; then it is confirmed.
    const preview = page.locator('.change-preview');
    await preview.getByText(/^New total .* SEK \(now .* SEK\)\.$/).waitFor();
    await expect(preview.textContent()).resolves.toContain('on the day.');
    await expect(page.evaluate(() => document.activeElement?.className)).resolves.toBe('change-preview');
    await preview.getByRole('button', { name: 'Confirm change' }).click();
    await page.getByRole('status').filter({ hasText: 'Your booking is changed.' }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('status');
    const [changed] = await mailsAbout(['Your booking has been changed', held.reference]);
    expect(changed).toContain('Guests: 2');

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await page.getByRole('status').filter({ hasText: 'Your booking is cancelled.' }).waitFor();
    await page.locator('.booking-status', { hasText: 'Cancelled' }).waitFor();
    const [cancellation] = await mailsAbout(['Your booking has been cancelled', held.reference]);
    expect(cancellation).toContain('As you asked, we have cancelled your booking');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('"Find my booking" says the same whatever is typed, and mails the link when it matches', async () => {
    const { page } = await openPage(chromium.browser, PHONE);
    const tour = (await (await fetch(`${baseUrl()}/api/tours/ice-fishing-on-the-torne-river`)).json()) as { departures: { id: number }[] };
    const held = (await (
      await fetch(`${baseUrl()}/api/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.241' },
        body: JSON.stringify({ departureId: tour.departures.at(-1)!.id, guests: 1, name: 'Olle Finder', email: 'olle@example.com' }),
      })
    ).json()) as { reference: string };
    await page.goto('/booking/');
    await waitForHydration(page);
    const answer = 'If a booking with that reference and email exists, we have sent its link to that email address.';
    for (const email of ['nobody@example.com', 'olle@example.com']) {
      await page.getByLabel('Booking reference').fill(held.reference);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send me the link' }).click();
      await page.getByRole('status').filter({ hasText: answer }).waitFor();
    }
    const [mail] = await mailsAbout(['Here is the link to your booking', held.reference]);
    expect(mail).toContain('To: olle@example.com');
    expect(mail).toMatch(/\/booking\/manage\/\?token=/);
    await page.context().close();
  });

  it('Shows a bad link as not valid, with the way to a new one', async () => {
    const { page } = await openPage(chromium.browser, PHONE);
    await page.goto('/booking/manage/?token=forged.token');
    await page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
    await page.locator('#main').getByRole('link', { name: 'Find my booking' }).waitFor();
    await page.context().close();
  });
});
