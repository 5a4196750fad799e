import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';

import { freePort } from './free-port.mjs';

const MAIN = join(import.meta.dirname, '..', '..', 'dist', 'server', 'src', 'main.js');
/** Node's options for the server, as `npm start` and the Dockerfile give them. */
const SERVER_NODE_OPTIONS = ['--max-semi-space-size=64'];

/**
 * Starts the built server on a free port with `env` (PATH and PORT added); resolves once /health
 * answers. APP_NODE_ARGS, when set, are Node's own options for the server (to profile it, say:
 * APP_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/profile'). APP_OUT, when set, is a file the
 * server's standard output is added to: its log, and what such options print (--trace-gc, say).
 */
export async function startApp(env) {
  const port = await freePort();
  const nodeArgs = process.env.APP_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const stdout = process.env.APP_OUT ? openSync(process.env.APP_OUT, 'a') : 'ignore';
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ...nodeArgs, MAIN], { env: { PATH: process.env.PATH, PORT: String(port), ...env }, stdio: ['ignore', stdout, 'ignore'] });
  // The child has the file now; this process needs no handle of its own on it.
  if (typeof stdout === 'number') closeSync(stdout);
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
