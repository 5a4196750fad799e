import { readFileSync, rmSync } from 'node:fs';

import { STATE_FILE, type SharedServer } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const { servers } = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { servers: SharedServer[] };
  for (const { pid } of servers) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const { dataDir } of servers) rmSync(dataDir, { recursive: true, force: true });
  rmSync(STATE_FILE, { force: true });
}
