import { baseUrl, openPage, useBrowser } from './support/browser';
import { TEST_ADMIN } from './support/global-setup';
import { asStaff } from './support/staff';

const TOUR = 'northern-lights-car-chase-kiruna';

/** A Kiruna date `days` from today, and that day at `time` there as the tour dates API takes it. */
function localDay(days: number, time: string): { date: string; at: string } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm' }).format(new Date(Date.now() + days * 86_400_000));
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Stockholm', timeZoneName: 'longOffset' }).formatToParts(new Date(`${date}T12:00:00Z`)).find((part) => part.type === 'timeZoneName')!.value.replace('GMT', '');
  return { date, at: `${date}T${time}:00${offset}` };
}

describe('The resource board', () => {
  const chromium = useBrowser();

  it('staff drag a guide onto a departure that lacks one, are told why another cannot go, and see a conflict in red', async () => {
    const address = '203.0.113.221';
    const { token } = (await (await fetch(`${baseUrl()}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body: JSON.stringify(TEST_ADMIN) })).json()) as { token: string };
    const staffCall = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const answer = await fetch(`${baseUrl()}/api/admin/${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status}`);
      return (answer.status === 204 ? undefined : await answer.json()) as T;
    };
    const tour = (await (await fetch(`${baseUrl()}/api/tours/${TOUR}`)).json()) as { id: number; title: string };
    const { date, at } = localDay(6, '15:13');
    const departure = await staffCall<{ id: number }>('POST', 'tour-dates', { tourId: tour.id, startsAt: at, capacity: 8 });
    const held = (await (
      await fetch(`${baseUrl()}/api/bookings`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.222' }, body: JSON.stringify({ departureId: departure.id, guests: 3, name: 'Kim Resurs', email: 'kim.resurs@example.com' }) })
    ).json()) as { reference: string };
    await fetch(`${baseUrl()}/api/bookings/${held.reference}/checkout`, { method: 'POST' });

    const { page, errors } = await openPage(chromium.browser);
    await asStaff(page, address);
    await page.goto(`/secure-admin-42/resources/?view=day&date=${date}`);
    await page.getByRole('heading', { name: 'Resurser', level: 1 }).waitFor();
    const chip = page.locator(`.resource-chip--departure[data-departure-id="${departure.id}"]`);
    await chip.getByText('Saknar guide').waitFor();
    // The minibus pool: one of the two taken by the three guests.
    await page.locator('tr', { has: page.getByRole('rowheader', { name: 'Minibuss (2)' }) }).getByText(/^15:13 .* · 1 av 2$/).waitFor();

    // A guide without first aid, which the car chase asks: refused, with the reason.
    await page.locator('.resource-name', { hasText: 'Lars Nutti' }).dragTo(chip);
    await page.getByRole('alert').getByText('Lars Nutti saknar Första hjälpen, som turen kräver.').waitFor();
    // One with it: on the departure, which no longer lacks a guide.
    await page.locator('.resource-name', { hasText: 'Maja Eriksson' }).dragTo(chip);
    await page.getByRole('status').getByText(/^Maja Eriksson är nu på /).waitFor();
    const majaRow = page.locator('tr', { has: page.getByRole('rowheader', { name: /^Maja Eriksson/ }) });
    await majaRow.locator('.resource-chip', { hasText: '15:13' }).waitFor();
    await chip.getByText('Saknar guide').waitFor({ state: 'detached' });

    // Her days off are set afterwards: the board shows the conflict in red.
    const items = (await staffCall<{ items: { id: number; name: string }[] }>('GET', 'resources')).items;
    const maja = items.find((item) => item.name === 'Maja Eriksson')!;
    await staffCall('POST', `resources/${maja.id}/outages`, { startsAt: new Date(Date.parse(at) - 3_600_000).toISOString(), endsAt: new Date(Date.parse(at) + 86_400_000).toISOString(), reason: 'Ledig' });
    await page.reload();
    const conflict = majaRow.locator('.resource-chip--conflict', { hasText: '15:13' });
    await conflict.getByText('Maja Eriksson är ledig då').waitFor();
    expect(await conflict.evaluate((element) => getComputedStyle(element).borderLeftColor)).toBe('rgb(179, 38, 30)');

    // Her day list names the departure, with its passengers.
    await majaRow.getByRole('link', { name: /Dagslista/ }).click();
    await page.getByRole('heading', { name: /^Dagslista: Maja Eriksson/, level: 2 }).waitFor();
    await page.getByText('Kim Resurs').first().waitFor();
    await staffCall('DELETE', `departures/${departure.id}/crew/${maja.id}`);

    // What a tour needs, set in the admin: the Narvik fjord tour asks for a French-speaking guide per 8 guests.
    await page.goto('/secure-admin-42/resources/');
    const narvik = (await (await fetch(`${baseUrl()}/api/tours/narvik-fjord-and-narvik-city-sightseeing`)).json()) as { id: number; title: string };
    await page.getByLabel('Tur', { exact: true }).selectOption(String(narvik.id));
    const guides = page.getByRole('form', { name: 'Turens behov' }).getByRole('group', { name: 'Guide' });
    await guides.getByLabel('Behövs').check();
    await guides.getByLabel('En per så många platser').fill('8');
    await guides.getByLabel('Franska').check();
    await page.getByRole('button', { name: 'Spara behoven' }).click();
    await page.getByRole('status').getByText('Turens behov är sparade.').waitFor();
    await page.getByRole('row', { name: new RegExp(narvik.title) }).getByText('Guide: 1 per 8 gäster (Franska)').waitFor();
    await staffCall('PUT', `tours/${narvik.id}/resource-needs`, { needs: [] });
    // The refusal's 409 is the one failed request.
    expect(errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
  });

  it('marks the calendar day whose night has no cabin left, and the stay as full there, while the tour itself can still be booked', async () => {
    const tour = (await (await fetch(`${baseUrl()}/api/tours/tour-to-narvik-from-abisko`)).json()) as { id: number };
    const stays = ((await (await fetch(`${baseUrl()}/api/stays`)).json()) as { data: { id: number; slug: string }[] }).data;
    const cabin = stays.find((stay) => stay.slug === 'abisko-cabin-night')!;
    const { token } = (await (await fetch(`${baseUrl()}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.223' }, body: JSON.stringify(TEST_ADMIN) })).json()) as { token: string };
    const { date, at } = localDay(11, `10:${String(10 + Math.floor(Math.random() * 50))}`);
    const made = await fetch(`${baseUrl()}/api/admin/tour-dates`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ tourId: tour.id, startsAt: at, capacity: 8 }) });
    expect(made.status).toBe(201);
    const departure = (await made.json()) as { id: number };
    // The seeded four cabins, each taken for that night.
    for (let n = 1; n <= 4; n++) {
      const held = await fetch(`${baseUrl()}/api/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${230 + n}` },
        body: JSON.stringify({ departureId: departure.id, guests: 1, stayPackageId: cabin.id, name: `Cabin Guest ${n}`, email: `cabin.guest.${n}@example.com` }),
      });
      expect(held.status).toBe(201);
    }

    const { page, errors } = await openPage(chromium.browser);
    await page.goto(`/book/${tour.id}/?departure=${departure.id}`);
    const day = page.locator('.calendar__day--rooms-full').locator(`button[data-day="${date}"]`);
    await day.waitFor();
    expect(await day.locator('.calendar__label').textContent()).toContain('No room left in our stays that night');
    await page.locator('.calendar__legend').getByText('No stay rooms left that night').waitFor();
    // The day's tour still has seats; the cabin cannot be chosen with it.
    expect(await day.isDisabled()).toBe(false);
    const option = page.locator('#stay option', { hasText: 'Abisko Cabin Night: no room left that night' });
    expect(await option.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });
});
