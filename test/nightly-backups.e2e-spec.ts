import { rmSync } from 'node:fs';

import request from 'supertest';

import { NightlyBackups } from '../src/app-data/backup/nightly-backups';
import { archivesIn } from '../src/common/backups/backup-archives';
import { AppConfig } from '../src/config/app-config';
import { useTestApp } from './support/app';

/** The app's own nightly backup on MySQL: two replicas at the same moment make one archive; /health then reports its age. */
describe('Nightly backups (MySQL)', () => {
  const sut = useTestApp();

  it('makes one archive a night whatever the replicas, and /health reports its age', async () => {
    const backups = sut.app.get(NightlyBackups);
    const { dir } = sut.app.get(AppConfig).backup;
    rmSync(dir, { recursive: true, force: true });
    expect((await request(sut.server).get('/health').expect(200)).body.backup).toEqual({ status: 'none', lastAt: null, ageHours: null });

    const now = new Date();
    // Two replicas' timers firing together: the named lock lets one through.
    const taken = await Promise.all([backups.runOnce(now), backups.runOnce(now)]);
    expect(taken.sort()).toEqual([false, true]);
    expect(archivesIn(dir)).toHaveLength(1);
    // Another replica an hour later finds tonight's archive and takes none.
    expect(await backups.runOnce(new Date(now.getTime() + 3_600_000))).toBe(false);
    expect(archivesIn(dir)).toHaveLength(1);

    const health = (await request(sut.server).get('/health').expect(200)).body as { backup: { status: string; lastAt: string; ageHours: number } };
    expect(health.backup).toMatchObject({ status: 'ok', lastAt: new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString() });
    expect(health.backup.ageHours).toBeLessThan(1);
  }, 60_000);
});
