import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The model runs the real services on the embedded SQLite of a fresh data directory: no MySQL, no network. */
process.env.NODE_ENV = 'test';
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'norrsken-model-'));
process.env.PUBLIC_URL = 'https://norrsken.test';
process.env.SKY_FORECASTS = 'off';
process.env.JWT_SECRET = 'a-model-secret-that-is-long-enough-for-hs256';
