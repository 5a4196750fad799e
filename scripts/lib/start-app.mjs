import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { freePort } from './free-port.mjs';

const MAIN = join(import.meta.dirname, '..', '..', 'dist', 'server', 'src', 'main.js');

/** Starts the built server on a free port with `env` (PATH and PORT added); resolves once /health answers. */
export async function startApp(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH, PORT: String(port), ...env }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, child };
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null) throw new Error(`An app process exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('An app process did not start');
}
