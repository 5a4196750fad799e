import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What an archive holds besides its files: when and from what it was taken, and what to check a restore against. */
export interface BackupManifest {
  format: 1;
  app: 'norrsken-arctic-tours';
  createdAt: string;
  database: 'sqlite' | 'mysql';
  /** The migrations the database had (a restore migrates on from there). */
  migrations: string[];
  /** Every table's rows at the snapshot. */
  tables: Record<string, number>;
  /** Every file in the archive but the manifest, by its path there: its SHA-256. */
  files: Record<string, string>;
}

export const MANIFEST = 'manifest.json';
const ARCHIVE = /^norrsken-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

/** An archive's name for its time: `norrsken-2026-11-29T03-15-00Z.tar.gz` (sorts by time; no colons, for every file system). */
export const archiveName = (at: Date): string => `norrsken-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;

/** When an archive was taken, by its name; null for any other file. */
export function archiveTime(name: string): Date | null {
  const parts = ARCHIVE.exec(name);
  return parts ? new Date(`${parts[1]}T${parts[2]}:${parts[3]}:${parts[4]}Z`) : null;
}

/** The archives in the folder, newest first. */
export function archivesIn(dir: string): { name: string; at: Date }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const at = archiveTime(name);
      return at ? [{ name, at }] : [];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** The newest archive's time and age; null when there is none. */
export function newestArchive(dir: string, now = new Date()): { name: string; at: Date; ageHours: number; bytes: number } | null {
  const [newest] = archivesIn(dir);
  if (!newest) return null;
  return { ...newest, ageHours: (now.getTime() - newest.at.getTime()) / 3_600_000, bytes: statSync(join(dir, newest.name)).size };
}

/**
 * Which archives to keep: the newest of each of the last `daily` days that have one, and the
 * newest of each of the last `monthly` months that have one (days and months in UTC); the newest
 * archive always. `archives` newest first; returns their names.
 */
export function archivesToKeep(archives: { name: string; at: Date }[], daily: number, monthly: number): Set<string> {
  const keep = new Set<string>(archives.slice(0, 1).map((archive) => archive.name));
  const newestOf = (key: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const archive of archives) {
      const period = key(archive.at);
      if (seen.has(period)) continue;
      if (seen.size >= count) break;
      seen.add(period);
      keep.add(archive.name);
    }
  };
  newestOf((at) => at.toISOString().slice(0, 10), daily);
  newestOf((at) => at.toISOString().slice(0, 7), monthly);
  return keep;
}

/** A file's SHA-256, in hex, read as a stream. */
export function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** Every file below `root`, as paths relative to it with `/`. */
export function filesBelow(root: string, prefix = ''): string[] {
  if (!existsSync(join(root, prefix))) return [];
  return readdirSync(join(root, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesBelow(root, path) : entry.isFile() ? [path] : [];
  });
}

/** A backup older than this is a warning (a nightly backup, and two hours to spare). */
export const BACKUP_WARNING_HOURS = 26;

/** What /health says of the backups: the newest archive's time and age, and whether it is recent enough. */
export interface BackupStatus {
  status: 'ok' | 'warning' | 'none';
  lastAt: string | null;
  ageHours: number | null;
}

export function backupStatus(dir: string, now = new Date()): BackupStatus {
  const newest = newestArchive(dir, now);
  if (!newest) return { status: 'none', lastAt: null, ageHours: null };
  return { status: newest.ageHours > BACKUP_WARNING_HOURS ? 'warning' : 'ok', lastAt: newest.at.toISOString(), ageHours: Math.round(newest.ageHours * 10) / 10 };
}
