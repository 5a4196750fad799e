import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startServer } from './server';

export const STATE_FILE = join(tmpdir(), 'norrsken-browser-server.json');
export const TEST_ADMIN = { email: 'staff@norrsken.test', password: 'browser test password' };

export default async function globalSetup(): Promise<void> {
  const server = await startServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
  writeFileSync(STATE_FILE, JSON.stringify({ url: server.url, pid: server.process.pid, dataDir: server.dataDir }));
  server.process.unref();
}
