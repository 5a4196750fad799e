import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startServer } from './server';

export const STATE_FILE = join(tmpdir(), 'norrsken-browser-server.json');

export default async function globalSetup(): Promise<void> {
  const server = await startServer();
  writeFileSync(STATE_FILE, JSON.stringify({ url: server.url, pid: server.process.pid, dataDir: server.dataDir }));
  server.process.unref();
}
