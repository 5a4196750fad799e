import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every e2e suite runs the real app against the MySQL test database. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/arctic_test';
export const TEST_PUBLIC_URL = 'https://norrsken.test';

process.env.NODE_ENV = 'test';
process.env.DATABASE_URL = TEST_DATABASE_URL;
process.env.DATA_DIR = join(tmpdir(), 'norrsken-e2e');
process.env.PUBLIC_URL = TEST_PUBLIC_URL;
// Tests never touch the network: the sky forecasts are fed by a stand-in where a test wants them.
process.env.SKY_FORECASTS = 'off';
