import { execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import Database from 'better-sqlite3';

import { TOURS } from '../src/app-data/seed/tours.catalogue';
import { freePort, inheritedEnv } from './support/app-process';
import { waitFor } from './support/time';

const run = promisify(execFile);
const MAIN = join(__dirname, '..', 'dist', 'server', 'src', 'main.js');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], { env: { ...inheritedEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('The build', () => {
  it('Renders with production React whatever NODE_ENV the building process has (Jest sets test)', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'norrsken-ssr-build-'));
    try {
      await run(join(__dirname, '..', 'node_modules', '.bin', 'vite'), ['build', '--config', 'vite.config.mts', '--ssr', 'client/entry-server.tsx', '--outDir', outDir, '--logLevel', 'error'], {
        cwd: join(__dirname, '..'),
        env: { ...process.env, NODE_ENV: 'test' },
      });
      const bundle = readFileSync(join(outDir, 'entry-server.js'), 'utf8');
      expect(bundle).toContain('react-dom-server.node.production');
      expect(bundle).not.toContain('jsxDEV');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('npm run admin:create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const createAdmin = (password: string) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [join(__dirname, '..', 'dist', 'server', 'src', 'admin-create.cli.js'), '--email', 'Boss@Norrsken.test'], {
        env: { ...inheritedEnv(), DATA_DIR: dataDir },
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
    await waitFor(() => server.output().includes('is serving') || server.child.exitCode !== null, { timeoutMs: 50_000, what: 'the server to serve' });
    expect([server.child.exitCode, server.output().includes('is serving') ? 'serving' : server.output().slice(-2000)]).toEqual([null, 'serving']);
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

    // JSON log lines, each request with its id (the proxy's when it sends one), without the query string.
    const traced = await fetch('http://127.0.0.1:39217/booking/?booking=NAT-SECRT-REFER', { headers: { 'X-Request-Id': 'trace-0042' } });
    expect(traced.headers.get('x-request-id')).toBe('trace-0042');
    expect((await fetch('http://127.0.0.1:39217/about/')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => server.output().includes('"id":"trace-0042"'), { timeoutMs: 5_000 });
    const line = server.output().split('\n').find((text) => text.includes('"id":"trace-0042"'))!;
    expect(JSON.parse(line)).toMatchObject({ req: { id: 'trace-0042', method: 'GET', path: '/booking/' }, res: { status: 200 } });
    expect(server.output()).not.toContain('NAT-SECRT-REFER');

    // Staff login and its counts work on SQLite too.
    const login = (password: string) =>
      fetch('http://127.0.0.1:39217/api/admin/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'staff@norrsken.test', password }) });
    expect((await login('wrong password')).status).toBe(401);
    expect((await login('a long enough password')).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const database = new Database(join(dataDir, 'arctic.sqlite'), { readonly: true });
    const admin = database.prepare('SELECT email, password_hash AS hash FROM admin_users').get() as { email: string; hash: string };
    database.close();
    expect(admin.email).toBe('staff@norrsken.test');
    expect(admin.hash).toMatch(/^\$2[aby]\$12\$/);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(true);
  });

  it('Keeps DATA_DIR private: the directory, the SQLite file and its journal, the secret and the mails are the owner\'s only, older files too', async () => {
    const privateDir = mkdtempSync(join(tmpdir(), 'arctic-private-'));
    try {
      const database = join(privateDir, 'arctic.sqlite');
      // An install from before: a world-readable database file.
      writeFileSync(database, '', { mode: 0o644 });
      chmodSync(database, 0o644);
      // A port nothing listens on now: a fixed one was taken once by another suite's process in CI (EADDRINUSE).
      const port = await freePort();
      const server = startServer({ DATA_DIR: privateDir, PORT: String(port) });
      // A fresh SQLite is migrated and seeded first: on a machine busy with the other suites (CI) that took over 30 s once.
      await waitFor(() => server.output().includes('is serving') || server.child.exitCode !== null, { timeoutMs: 50_000, what: 'the server to serve' });
      expect([server.child.exitCode, server.output().includes('is serving') ? 'serving' : server.output().slice(-2000)]).toEqual([null, 'serving']);
      const contact = await fetch(`http://127.0.0.1:${port}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Anna Svensson', email: 'anna@example.com', message: 'Is the data private?' }),
      });
      expect(contact.status).toBe(201);
      const outbox = join(privateDir, 'outbox');
      await waitFor(() => existsSync(outbox) && readdirSync(outbox).length > 0, { timeoutMs: 15_000 });
      const modeOf = (path: string) => statSync(path).mode & 0o777;
      expect(modeOf(privateDir)).toBe(0o700);
      for (const file of ['arctic.sqlite', 'arctic.sqlite-wal', 'arctic.sqlite-shm', 'jwt-secret']) expect([file, modeOf(join(privateDir, file))]).toEqual([file, 0o600]);
      expect(modeOf(outbox)).toBe(0o700);
      for (const mail of readdirSync(outbox)) expect(modeOf(join(outbox, mail))).toBe(0o600);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      rmSync(privateDir, { recursive: true, force: true });
    }
  });
});
