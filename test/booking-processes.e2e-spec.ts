import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { TEST_DATABASE_URL } from './support/e2e-env';

const run = promisify(execFile);

describe('Seat holds across two app processes (MariaDB)', () => {
  it('Gives 100 concurrent one-guest requests through two processes exactly 8 holds and 92 409s', async () => {
    const { stdout } = await run(process.execPath, [join(__dirname, '..', 'scripts', 'bench-booking.mjs'), '--json', '--requests', '100', '--timed', '16'], {
      env: { ...process.env, BENCH_DATABASE_URL: TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/arctic_race_check$1') },
      timeout: 120_000,
    });
    const figures = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(figures).toMatchObject({ processes: 2, concurrentRequests: 100, holds: 8, conflicts: 92, otherStatuses: [], heldInDatabase: 8, seatsLeft: 0, correct: true });
  }, 150_000);
});
