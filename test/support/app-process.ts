import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The project's own build; a test of a rollout starts another build's entry point. */
export const BUILT_MAIN = join(__dirname, '..', '..', 'dist', 'server', 'src', 'main.js');

/** A TCP port nothing listens on right now, on loopback. */
export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * The built server in a process of its own (NODE_ENV=test, a free port, `env` on top); resolves
 * once /health answers. `output()` is what it has written to stdout and stderr so far.
 */
/**
 * What a server process started by a test inherits of the test run's environment: PATH, and
 * libfaketime's variables when scripts/test-at.sh runs the suites at another time of day (so
 * the server's clock is the tests' and the database's).
 */
export function inheritedEnv(): Record<string, string> {
  const names = ['PATH', 'LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_FAKE_MONOTONIC'];
  return Object.fromEntries(names.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]!]));
}

export async function startAppProcess(env: Record<string, string>, main = BUILT_MAIN): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  // A port of its own, or the one given (a replica restarted where the proxy expects it).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [main], { env: { ...inheritedEnv(), NODE_ENV: 'test', SKY_FORECASTS: 'off', ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let written = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.setEncoding('utf8').on('data', (chunk: string) => (written += chunk));
  const output = () => written;
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, child, output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('An app process did not start');
}

/** Stops an app process with SIGTERM; resolves once it has exited. */
export const stopAppProcess = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))));
