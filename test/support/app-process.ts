import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const MAIN = join(__dirname, '..', '..', 'dist', 'server', 'src', 'main.js');

/** A TCP port nothing listens on right now, on loopback. */
export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The built server in a process of its own (NODE_ENV=test, a free port, `env` on top); resolves once /health answers. */
export async function startAppProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: String(port), SKY_FORECASTS: 'off', ...env }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('An app process did not start');
}
