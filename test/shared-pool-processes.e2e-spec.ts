import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { TEST_DATABASE_URL } from './support/e2e-env';
import { startAppProcess, stopAppProcess } from './support/app-process';
import { recreateDatabase } from './support/mysql';

const ADMIN = { email: 'pool-staff@norrsken.test', password: 'a long staff password' };
const TOURS = ['narvik-fjord-and-narvik-city-sightseeing', 'tour-to-narvik-from-abisko'];

/**
 * The last sled of two tours, raced for by 100 guests at once (issue 50): on SQLite in the one
 * process it allows, on MariaDB through two processes on one database. Exactly one gets it.
 */
describe.each([
  ['SQLite, one process', 1, (): Promise<Record<string, string>> => Promise.resolve({})],
  [
    'MariaDB, two processes',
    2,
    async (): Promise<Record<string, string>> => {
      const url = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/arctic_pool_race$1');
      await recreateDatabase(url);
      return { DATABASE_URL: url };
    },
  ],
] as const)('The last shared sled (%s)', (_name, processes, database) => {
  const folder = mkdtempSync(join(tmpdir(), 'norrsken-pool-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('sells the last sled of two overlapping tours exactly once to 100 guests racing for both', async () => {
    const env = { DATA_DIR: folder, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...(await database()) };
    const first = await startAppProcess(env);
    // The first migrates and seeds; the second joins the same database.
    const sites = processes === 2 ? [first, await startAppProcess(env)] : [first];
    try {
      const { token } = (await (await fetch(`${first.url}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()) as { token: string };
      const staff = async <T>(method: string, path: string, body: unknown): Promise<T> => {
        const answer = await fetch(`${first.url}/api/admin/${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
        if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
        return (await answer.json()) as T;
      };
      const kind = await staff<{ id: number }>('POST', 'resource-kinds', { name: 'Sista skotern', type: 'equipment', turnaroundMinutes: 30 });
      await staff('POST', 'resources', { kindId: kind.id, name: 'Skoter 1' });
      const startsAt = Date.now() + 90 * 86_400_000;
      const departures: number[] = [];
      for (const [index, slug] of TOURS.entries()) {
        const tour = (await (await fetch(`${first.url}/api/tours/${slug}`)).json()) as { id: number };
        await staff('PUT', `tours/${tour.id}/resource-needs`, { needs: [{ kindId: kind.id, fixed: 0, perUnits: 1 }] });
        departures.push((await staff<{ id: number }>('POST', 'tour-dates', { tourId: tour.id, startsAt: new Date(startsAt + index * 3_600_000).toISOString(), capacity: 8 })).id);
      }

      const statuses = await Promise.all(
        Array.from({ length: 100 }, async (_, n) => {
          const answer = await fetch(`${sites[n % sites.length]!.url}/api/bookings`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.19.${Math.floor(n / 200)}.${(n % 200) + 1}` },
            body: JSON.stringify({ departureId: departures[Math.floor(n / 2) % 2], guests: 1, name: `Racer ${n}`, email: `pool.racer.${n}@example.com` }),
          });
          await answer.arrayBuffer();
          return answer.status;
        }),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
      for (const [index, slug] of TOURS.entries()) {
        const list = (await (await fetch(`${sites.at(-1)!.url}/api/tours/${slug}/departures?from=${new Date(startsAt - 86_400_000).toISOString()}&to=${new Date(startsAt + 86_400_000).toISOString()}`)).json()) as { id: number; seatsLeft: number }[];
        expect(list.find((departure) => departure.id === departures[index])?.seatsLeft).toBe(0);
      }
    } finally {
      for (const site of sites) await stopAppProcess(site.child);
    }
  }, 120_000);
});
