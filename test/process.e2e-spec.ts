import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Database from 'better-sqlite3';

import { TOURS } from '../src/database/seed/tours.catalogue';

const MAIN = join(__dirname, '..', 'dist', 'server', 'src', 'main.js');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm run admin:create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const createAdmin = (password: string) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [join(__dirname, '..', 'dist', 'server', 'src', 'admin', 'admin-create.cli.js'), '--email', 'Boss@Norrsken.test'], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('exit', (code) => resolve({ code, output }));
      child.stdin.end(`${password}\n`);
    });

  it('Creates an admin with a hashed password, resets it, and refuses a short password', async () => {
    expect(await createAdmin('a very good password')).toMatchObject({ code: 0, output: expect.stringContaining('Created admin boss@norrsken.test.') });
    const reset = await createAdmin('another good password');
    expect(reset.output).toContain('Reset the password of boss@norrsken.test.');
    expect(await createAdmin('short')).toMatchObject({ code: 2, output: expect.stringContaining('at least 10 characters') });
    const database = new Database(join(dataDir, 'arctic.sqlite'), { readonly: true });
    const admin = database.prepare('SELECT password_hash AS hash, token_version AS version FROM admin_users WHERE email = ?').get('boss@norrsken.test') as { hash: string; version: number };
    database.close();
    expect(admin.hash).toMatch(/^\$2[aby]\$12\$/);
    expect(admin.version).toBe(1);
  });
});

describe('The server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('Refuses to start on bad configuration, naming every bad variable', async () => {
    const server = startServer({ DATA_DIR: dataDir, NODE_ENV: 'production', PORT: 'abc', PUBLIC_URL: 'not a url', HOLD_MINUTES: '0' });
    expect(await server.exited).toBe(1);
    for (const variable of ['JWT_SECRET', 'PORT', 'PUBLIC_URL', 'HOLD_MINUTES']) expect(server.output()).toContain(variable);
  });

  it('Starts on embedded SQLite, serves every tour title in the HTML, never oversells, creates the admin, and stops cleanly on SIGTERM', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: '39217', ADMIN_EMAIL: 'Staff@Norrsken.test', ADMIN_PASSWORD: 'a long enough password' });
    await waitFor(() => server.output().includes('is serving'), 30_000);
    const health = await fetch('http://127.0.0.1:39217/health');
    expect(await health.json()).toMatchObject({ status: 'ok', database: { type: 'sqlite' } });
    const html = await (await fetch('http://127.0.0.1:39217/tours/')).text();
    for (const tour of TOURS) expect(html).toContain(tour.title.replace(/&/g, '&amp;'));

    // Concurrent guests on the default SQLite setup never oversell either.
    const tour = (await (await fetch('http://127.0.0.1:39217/api/tours/drive-your-own-dog-sled-team')).json()) as { departures: { id: number; seatsLeft: number }[] };
    const departure = tour.departures.find((item) => item.seatsLeft === 8)!;
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        fetch('http://127.0.0.1:39217/api/bookings', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `192.0.2.${index + 1}` },
          body: JSON.stringify({ departureId: departure.id, guests: 1, name: `Guest ${index}`, email: `g${index}@example.com` }),
        }).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(8);
    expect(statuses.filter((status) => status === 409)).toHaveLength(22);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const database = new Database(join(dataDir, 'arctic.sqlite'), { readonly: true });
    const admin = database.prepare('SELECT email, password_hash AS hash FROM admin_users').get() as { email: string; hash: string };
    database.close();
    expect(admin.email).toBe('staff@norrsken.test');
    expect(admin.hash).toMatch(/^\$2[aby]\$12\$/);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(true);
  });
});
