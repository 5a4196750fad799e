import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

describe('The server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('Refuses to start on bad configuration, naming every bad variable', async () => {
    const server = startServer({ DATA_DIR: dataDir, NODE_ENV: 'production', PORT: 'abc', PUBLIC_URL: 'not a url', HOLD_MINUTES: '0' });
    expect(await server.exited).toBe(1);
    for (const variable of ['JWT_SECRET', 'PORT', 'PUBLIC_URL', 'HOLD_MINUTES']) expect(server.output()).toContain(variable);
  });

  it('Starts on embedded SQLite with nothing configured, and stops cleanly on SIGTERM', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: '39217' });
    await waitFor(() => server.output().includes('is serving'), 30_000);
    const response = await fetch('http://127.0.0.1:39217/health');
    expect(await response.json()).toMatchObject({ status: 'ok', database: { type: 'sqlite' } });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
