import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { workerDatabaseUrl } from './mysql';

const worker = Number(process.env.JEST_WORKER_ID ?? 1);
/** Every e2e suite runs the real app against its Jest worker's own MySQL test database (global-setup.ts). */
export const TEST_DATABASE_URL = workerDatabaseUrl(worker);
export const TEST_PUBLIC_URL = 'https://norrsken.test';

process.env.NODE_ENV = 'test';
process.env.DATABASE_URL = TEST_DATABASE_URL;
process.env.DATA_DIR = join(tmpdir(), `norrsken-e2e-w${worker}`);
process.env.PUBLIC_URL = TEST_PUBLIC_URL;
// Tests never touch the network: the sky forecasts are fed by a stand-in where a test wants them.
process.env.SKY_FORECASTS = 'off';
