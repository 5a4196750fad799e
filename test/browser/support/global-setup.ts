import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startServer } from './server';

export const STATE_FILE = join(tmpdir(), 'norrsken-browser-server.json');
export const TEST_ADMIN = { email: 'staff@norrsken.test', password: 'browser test password' };

/** A server the suites share: where it listens and its DATA_DIR (its SQLite file and mail outbox). */
export interface SharedServer {
  url: string;
  pid: number;
  dataDir: string;
}

/**
 * One built server, with its own fresh SQLite database, for each of Jest's workers: suites in a
 * worker run one after another against its server, as they would with a single worker, and never
 * see another worker's bookings, seats or mails.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const count = Math.max(1, globalConfig.maxWorkers);
  const servers = await Promise.all(Array.from({ length: count }, () => startServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password })));
  const shared: SharedServer[] = servers.map((server) => {
    server.process.unref();
    return { url: server.url, pid: server.process.pid!, dataDir: server.dataDir };
  });
  writeFileSync(STATE_FILE, JSON.stringify({ servers: shared }));
}
