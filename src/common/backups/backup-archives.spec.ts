import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { archiveName, archivesIn, archivesToKeep, archiveTime, backupStatus, newestArchive } from './backup-archives';

const at = (iso: string) => ({ name: archiveName(new Date(iso)), at: new Date(iso) });

describe('backup archives', () => {
  it('names an archive by its time, and reads the time back from the name only', () => {
    expect(archiveName(new Date('2026-11-29T03:15:07.123Z'))).toBe('norrsken-2026-11-29T03-15-07Z.tar.gz');
    expect(archiveTime('norrsken-2026-11-29T03-15-07Z.tar.gz')).toEqual(new Date('2026-11-29T03:15:07Z'));
    expect(archiveTime('norrsken-2026-11-29T03-15-07Z.tar.gz.sha256')).toBeNull();
    expect(archiveTime('.norrsken-2026-11-29T03-15-07Z.tar.gz.partial')).toBeNull();
  });

  it('keeps the newest of each of the last N days and M months, and always the newest', () => {
    const archives = [
      at('2026-11-29T12:00:00Z'),
      at('2026-11-29T03:15:00Z'),
      at('2026-11-28T03:15:00Z'),
      at('2026-11-27T03:15:00Z'),
      at('2026-10-31T03:15:00Z'),
      at('2026-10-01T03:15:00Z'),
      at('2026-09-15T03:15:00Z'),
      at('2025-12-01T03:15:00Z'),
    ];
    const keep = archivesToKeep(archives, 2, 3);
    expect([...keep].sort()).toEqual(['2026-09-15T03:15:00Z', '2026-10-31T03:15:00Z', '2026-11-28T03:15:00Z', '2026-11-29T12:00:00Z'].map((iso) => archiveName(new Date(iso))).sort());
    expect(archivesToKeep(archives, 1, 0)).toEqual(new Set([archives[0]!.name]));
  });

  it('finds the newest archive in a folder and its age, ignoring other files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'archives-'));
    try {
      expect(newestArchive(dir)).toBeNull();
      for (const name of ['norrsken-2026-11-27T03-15-00Z.tar.gz', 'norrsken-2026-11-28T03-15-00Z.tar.gz', 'norrsken-2026-11-28T03-15-00Z.tar.gz.sha256', 'notes.txt']) writeFileSync(join(dir, name), 'x');
      expect(archivesIn(dir).map((archive) => archive.name)).toEqual(['norrsken-2026-11-28T03-15-00Z.tar.gz', 'norrsken-2026-11-27T03-15-00Z.tar.gz']);
      expect(newestArchive(dir, new Date('2026-11-29T05:15:00Z'))).toMatchObject({ name: 'norrsken-2026-11-28T03-15-00Z.tar.gz', ageHours: 26, bytes: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('backup status', () => {
  it('is ok up to 26 hours, a warning after, and none without an archive', () => {
    const dir = mkdtempSync(join(tmpdir(), 'status-'));
    try {
      expect(backupStatus(dir)).toEqual({ status: 'none', lastAt: null, ageHours: null });
      writeFileSync(join(dir, 'norrsken-2026-11-28T03-15-00Z.tar.gz'), 'x');
      expect(backupStatus(dir, new Date('2026-11-29T05:15:00Z'))).toEqual({ status: 'ok', lastAt: '2026-11-28T03:15:00.000Z', ageHours: 26 });
      expect(backupStatus(dir, new Date('2026-11-29T05:45:00Z'))).toMatchObject({ status: 'warning', ageHours: 26.5 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
