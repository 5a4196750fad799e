import { baseUrl, openPage, useBrowser, waitForHydration } from './support/browser';
import { TEST_ADMIN } from './support/global-setup';
import { mailsAbout } from './support/mails';
import { asStaff } from './support/staff';

const PHONE = { width: 390, height: 844 };
const TOUR = 'abisko-northern-lights-photo-tour';

/** A Kiruna date `days` from today at 21:17 there (winter time), as the tour dates API takes it. */
function eveningIn(days: number): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm' }).format(new Date(Date.now() + days * 86_400_000));
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Stockholm', timeZoneName: 'longOffset' }).formatToParts(new Date(`${date}T12:00:00Z`)).find((part) => part.type === 'timeZoneName')!.value.replace('GMT', '');
  return `${date}T21:17:00${offset}`;
}

describe('The sky board on a phone', () => {
  const chromium = useBrowser();

  it('staff move everyone off an evening; the guest takes the free move from the mail, in German; the board shows the answer', async () => {
    const address = '203.0.113.231';
    const { token } = (await (await fetch(`${baseUrl()}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body: JSON.stringify(TEST_ADMIN) })).json()) as { token: string };
    const staffCall = (path: string, body: unknown) => fetch(`${baseUrl()}/api/admin/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const tour = (await (await fetch(`${baseUrl()}/api/tours/${TOUR}`)).json()) as { id: number };
    const [tomorrow, later] = (await Promise.all([staffCall('tour-dates', { tourId: tour.id, startsAt: eveningIn(1), capacity: 8 }), staffCall('tour-dates', { tourId: tour.id, startsAt: eveningIn(3), capacity: 8 })]).then((answers) =>
      Promise.all(answers.map((answer) => answer.json())),
    )) as { id: number }[];

    // A German guest books tomorrow evening (pay on arrival).
    const held = (await (
      await fetch(`${baseUrl()}/api/bookings`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.232' }, body: JSON.stringify({ departureId: tomorrow!.id, guests: 2, name: 'Greta Wolke', email: 'greta.wolke@example.com', language: 'de' }) })
    ).json()) as { reference: string };
    await fetch(`${baseUrl()}/api/bookings/${held.reference}/checkout`, { method: 'POST' });

    const staff = await openPage(chromium.browser, PHONE);
    await asStaff(staff.page, address);
    await staff.page.goto('/secure-admin-42/sky/');
    await staff.page.getByRole('heading', { name: 'Himlen', level: 1 }).waitFor();
    const card = staff.page.locator('.sky-departure', { hasText: '21:17' }).filter({ hasText: '2 av 8 platser bokade' }).first();
    await card.waitFor();
    // Condensed: the evening's Northern Lights departures with guests are the cards; the rest (empty, or not aurora tours) are folded under one line.
    const night = staff.page.locator('.sky-night', { has: card });
    expect(await night.locator('> .sky-departures > .sky-departure').filter({ hasText: '0 av ' }).count()).toBe(0);
    const empty = staff.page.locator('.sky-others .sky-departure', { hasText: '21:17' }).filter({ hasText: '0 av 8 platser bokade' }).first();
    expect(await empty.isVisible()).toBe(false);
    await staff.page.locator('.sky-night', { has: empty }).locator('.sky-others > summary').click();
    // An evening nobody has booked has nobody to move: no "Flytta alla…" there.
    await empty.getByRole('button', { name: 'Kör' }).waitFor();
    expect(await empty.getByRole('button', { name: 'Flytta alla…' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Flytta alla…' }).click();
    const target = card.getByLabel('Flytta till');
    await target.selectOption(String(later!.id));
    // The first click mails nobody: it asks, saying whom it mails and to when.
    await card.getByRole('button', { name: 'Erbjud alla gäster flytt eller pengarna tillbaka…' }).click();
    const confirm = card.getByRole('group', { name: 'Bekräfta flytten' });
    await confirm.getByText(/^Mejla 1 bokning \(2 gäster\) ett erbjudande: flytt till .+ eller pengarna tillbaka \(norrskenet syns inte \(moln\)\)\. Avgången stängs för nya bokningar\. Det går inte att ångra\.$/).waitFor();
    const board = (await (await fetch(`${baseUrl()}/api/admin/sky-board`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { nights: { departures: { id: number; call: unknown }[] }[] };
    expect(board.nights.flatMap((evening) => evening.departures).find((departure) => departure.id === tomorrow!.id)?.call).toBeNull();
    await confirm.getByRole('button', { name: 'Avbryt' }).click();
    await card.getByRole('button', { name: 'Erbjud alla gäster flytt eller pengarna tillbaka…' }).click();
    await card.getByRole('button', { name: 'Ja, mejla 1 bokning' }).click();
    await card.getByRole('status').filter({ hasText: 'Erbjudandet mejlat till 1 bokning.' }).waitFor();
    await card.getByText('Svar: 0 av 1.').waitFor();
    await card.getByText(`Greta Wolke (2) · ${held.reference}: Väntar på svar`).waitFor();

    // The offer by mail, in German, with the booking's link.
    const [offer] = await mailsAbout(['wird wegen des Wetters verlegt', held.reference]);
    // Paid on arrival, so nothing was paid: no "full amount back" of nothing.
    expect(offer).toContain('Es wurde nichts bezahlt');
    const link = /\/de\/booking\/manage\/\?token=[\w-]+\.[\w-]+/.exec(offer!)?.[0] ?? /\/booking\/manage\/\?token=[\w-]+\.[\w-]+/.exec(offer!)![0];
    const guest = await openPage(chromium.browser, PHONE, 'de-DE');
    await guest.page.goto(link);
    await waitForHydration(guest.page);
    await guest.page.getByRole('heading', { name: 'Ihre Tour wird wegen des Wetters verlegt' }).waitFor();
    // Not "Bestätigt" beside the called-off date, and no "Voller Betrag zurück" of 0 SEK for an unpaid booking.
    await expect(guest.page.locator('.booking-status').textContent()).resolves.toBe('Von uns abgesagt: bitte unten wählen');
    await guest.page.getByRole('button', { name: 'Kostenlos stornieren' }).waitFor();
    expect(await guest.page.getByRole('button', { name: /Voller Betrag/ }).count()).toBe(0);
    await guest.page.getByText(/Es wurde nichts bezahlt, Sie schulden also nichts\./).waitFor();
    await guest.page.getByRole('button', { name: /^Auf .* wechseln$/ }).click();
    await guest.page.getByRole('status').filter({ hasText: 'Erledigt: Ihre Buchung ist auf den neuen Termin verlegt.' }).waitFor();
    // The page reads the booking again: the offer is answered, and gone.
    await guest.page.getByRole('heading', { name: 'Ihre Tour wird wegen des Wetters verlegt' }).waitFor({ state: 'detached' });
    const booking = (await (await fetch(`${baseUrl()}/api/bookings/${held.reference}`)).json()) as { status: string; departure: { id: number } };
    expect(booking).toMatchObject({ status: 'confirmed', departure: { id: later!.id } });

    await staff.page.reload();
    await staff.page.locator('.sky-departure', { hasText: held.reference }).getByText(`Greta Wolke (2) · ${held.reference}: Flyttad`).waitFor();
    expect(staff.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
    await staff.page.context().close();
    await guest.page.context().close();
  });
});
