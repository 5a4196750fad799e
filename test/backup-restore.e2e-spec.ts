import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DataSource } from 'typeorm';

import { dataSourceOptions } from '../src/app-data/data-source-options';
import type { DatabaseConfig } from '../src/config/app-config';
import { inheritedEnv, startAppProcess, stopAppProcess } from './support/app-process';
import { TEST_DATABASE_URL } from './support/e2e-env';
import { recreateDatabase } from './support/mysql';
import { waitFor } from './support/time';

const CLI = (name: string) => join(__dirname, '..', 'dist', 'server', 'src', `${name}.cli.js`);
const TOUR = 'northern-lights-car-chase-kiruna';
const ADMIN = { email: 'backup-staff@norrsken.test', password: 'a long staff password' };

/** A CLI of the built server with `env`; its exit code and what it wrote. */
function runCli(name: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI(name), ...args], { env: { ...inheritedEnv(), NODE_ENV: 'test', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

const mysqlUrl = (name: string) => TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);

/**
 * Backups that restore, on both dialects: a backup taken while guests book (from many addresses,
 * four at a time) holds every booking confirmed before it began, with its payment and its mails;
 * a restore into an empty database is counted against the archive, migrated and checked; the app
 * started on it finds those bookings; nothing is half-written (every confirmed booking in it has
 * its confirmation mail, written in the same transaction). A non-empty target is refused.
 */
describe.each([
  ['SQLite', (folder: string, role: string): Promise<{ env: Record<string, string>; database: DatabaseConfig }> => Promise.resolve({ env: {}, database: { type: 'sqlite', path: join(folder, role, 'arctic.sqlite') } })],
  [
    'MariaDB',
    async (_folder: string, role: string): Promise<{ env: Record<string, string>; database: DatabaseConfig }> => {
      const url = mysqlUrl(`arctic_backup_${role}`);
      await recreateDatabase(url);
      return { env: { DATABASE_URL: url }, database: { type: 'mysql', url } };
    },
  ],
])('Backup and restore (%s)', (_name, target) => {
  const folder = mkdtempSync(join(tmpdir(), 'norrsken-backup-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('takes a backup while guests book, restores it into an empty database, and the restored site has every booking confirmed before it began', async () => {
    const source = await target(folder, 'source');
    const sourceEnv = { DATA_DIR: join(folder, 'source'), BACKUP_DIR: join(folder, 'archives'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...source.env };
    const site = await startAppProcess(sourceEnv);
    let booking = true;
    let restoredSite: Awaited<ReturnType<typeof startAppProcess>> | undefined;
    try {
      const tour = (await (await fetch(`${site.url}/api/tours/${TOUR}`)).json()) as { departures: { id: number }[] };
      const departures = tour.departures.slice(0, 6).map((departure) => departure.id);
      const confirmedAt = new Map<string, number>();
      let guest = 0;
      /** A guest from an address of their own: a hold of one seat, confirmed to pay on arrival. */
      const bookOne = async () => {
        const n = ++guest;
        const address = `198.18.${Math.floor(n / 200)}.${(n % 200) + 1}`;
        const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': address };
        const held = await fetch(`${site.url}/api/bookings`, { method: 'POST', headers, body: JSON.stringify({ departureId: departures[n % departures.length], guests: 1, name: `Backup Guest ${n}`, email: `backup.guest.${n}@example.com` }) });
        if (held.status !== 201) return;
        const { reference } = (await held.json()) as { reference: string };
        const confirmed = await fetch(`${site.url}/api/bookings/${reference}/checkout`, { method: 'POST', headers: { 'X-Forwarded-For': address } });
        if (confirmed.ok) confirmedAt.set(reference, Date.now());
      };
      const guests = Array.from({ length: 4 }, async () => {
        while (booking) await bookOne();
      });

      // Staff take a paid booking at the desk and cancel another: their payments are in the backup too.
      const { token } = (await (await fetch(`${site.url}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()) as { token: string };
      const staff = (path: string, body?: object) =>
        fetch(`${site.url}/api/admin/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body && JSON.stringify(body) }).then((response) => response.json() as Promise<{ reference: string; paymentStatus: string; status: string }>);
      const paid = await staff('bookings', { departureId: departures[0], guests: 2, name: 'Desk Paid', email: 'desk.paid@example.com', payment: 'paid', paidNote: 'Kort i terminalen', notify: true });
      const cancelled = await staff('bookings', { departureId: departures[1], guests: 1, name: 'Desk Cancelled', email: 'desk.cancelled@example.com', payment: 'paid', notify: true });
      await staff(`bookings/${cancelled.reference}/cancel`);

      await waitFor(() => confirmedAt.size >= 12, { timeoutMs: 60_000, what: 'a dozen confirmed bookings' });
      const began = Date.now();
      const before = [...confirmedAt].filter(([, at]) => at < began).map(([reference]) => reference);
      const backup = await runCli('backup', [], sourceEnv);
      const during = confirmedAt.size - before.length;
      booking = false;
      await Promise.all(guests);
      expect(backup).toMatchObject({ code: 0 });
      expect(backup.output).toMatch(/^backup: .*norrsken-.*\.tar\.gz \((sqlite|mysql), \d+ tables, \d+ rows/m);
      // Guests went on booking while it ran (the site served), and they are not all in it.
      expect(before.length).toBeGreaterThanOrEqual(12);
      expect(during).toBeGreaterThan(0);
      const [archive] = readdirSync(join(folder, 'archives')).filter((name) => name.endsWith('.tar.gz'));

      // Into a fresh, empty database: checked, migrated, counted.
      const restored = await target(folder, 'restored');
      const restoredEnv = { DATA_DIR: join(folder, 'restored'), ...restored.env };
      // A damaged copy is refused before anything is touched.
      const bytes = readFileSync(join(folder, 'archives', archive!));
      bytes[Math.floor(bytes.length / 2)] ^= 0xff;
      writeFileSync(join(folder, 'damaged.tar.gz'), bytes);
      copyFileSync(join(folder, 'archives', `${archive}.sha256`), join(folder, 'damaged.tar.gz.sha256'));
      const damaged = await runCli('restore', [join(folder, 'damaged.tar.gz')], restoredEnv);
      expect([damaged.code, damaged.output.trim()]).toEqual([2, 'restore refused: damaged.tar.gz does not match its checksum (damaged.tar.gz.sha256): it is damaged.']);
      const restore = await runCli('restore', [join(folder, 'archives', archive!)], restoredEnv);
      expect(restore.output).toMatch(/^restore: .* snapshot of .*: \d+ tables, \d+ rows .*; \d+ confirmed bookings, each on its departure and within its seats$/m);
      expect(restore.code).toBe(0);
      // A second time into the same (now full) database is refused, and changes nothing.
      const again = await runCli('restore', [join(folder, 'archives', archive!)], restoredEnv);
      expect(again.code).toBe(2);
      expect(again.output).toContain('is not empty');

      restoredSite = await startAppProcess(restoredEnv);
      for (const reference of before) {
        const found = (await (await fetch(`${restoredSite.url}/api/bookings/${reference}`)).json()) as { status: string };
        expect([reference, found.status]).toEqual([reference, 'confirmed']);
      }
      // The install's own secret came with it (the site has no JWT_SECRET): the manage link mailed before the backup still opens the booking.
      expect(readFileSync(join(folder, 'restored', 'jwt-secret'), 'utf8')).toBe(readFileSync(join(folder, 'source', 'jwt-secret'), 'utf8'));
      const desk = (await (await fetch(`${restoredSite.url}/api/bookings/${paid.reference}`)).json()) as { status: string; paymentStatus: string };
      expect(desk).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      expect(((await (await fetch(`${restoredSite.url}/api/bookings/${cancelled.reference}`)).json()) as { status: string }).status).toBe('cancelled');

      // Nothing half-written: every confirmed booking in the restored database has its confirmation mail, and no mail names a booking it lacks.
      const check = new DataSource(dataSourceOptions(restored.database));
      await check.initialize();
      try {
        const withoutMail = (await check.query(
          "SELECT b.reference AS reference FROM bookings b WHERE b.status = 'confirmed' AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.booking_reference = b.reference)",
        )) as { reference: string }[];
        expect(withoutMail).toEqual([]);
        const orphanMails = (await check.query('SELECT m.booking_reference AS reference FROM mail_outbox m LEFT JOIN bookings b ON b.reference = m.booking_reference WHERE m.booking_reference IS NOT NULL AND b.id IS NULL')) as unknown[];
        expect(orphanMails).toEqual([]);
        const [{ count }] = (await check.query("SELECT COUNT(*) AS count FROM bookings WHERE status = 'confirmed' AND name LIKE 'Backup Guest %'")) as { count: number | string }[];
        expect(Number(count)).toBeGreaterThanOrEqual(before.length);
        expect(Number(count)).toBeLessThanOrEqual(before.length + during);
      } finally {
        await check.destroy();
      }
    } finally {
      booking = false;
      await Promise.all([site, restoredSite].filter(Boolean).map((process) => stopAppProcess(process!.child)));
    }
  }, 180_000);
});
