import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inheritedEnv } from '../../support/app-process';

const MAIN = join(__dirname, '..', '..', '..', 'dist', 'server', 'src', 'main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the built server on a free port with a fresh SQLite database; resolves when it serves. */
export async function startServer(env: Record<string, string> = {}): Promise<{ url: string; process: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'norrsken-browser-'));
  // The server outlives this process's pipes (Jest's global setup), so it logs to a file.
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [MAIN], {
    env: { ...inheritedEnv(), NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, SKY_FORECASTS: 'off', ...env },
    stdio: ['ignore', log, log],
  });
  const output = () => readFileSync(logFile, 'utf8');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, process: child, dataDir };
}
