import { execFile } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

import { DataSource } from 'typeorm';

import type { AppConfig, DatabaseConfig } from '../../config/app-config';
import { ensureMysqlDatabase } from '../../database/ensure-mysql-database';
import { dataSourceOptions } from '../data-source-options';
import { prepareDatabase } from '../prepare-database';
import { archiveName, archivesIn, archivesToKeep, filesBelow, MANIFEST, sha256Of, type BackupManifest } from '../../common/backups/backup-archives';
import { dropMysqlTables, loadMysqlDump, snapshotDatabase, sqliteFacts, tablesNow } from './database-snapshots';

const tar = promisify(execFile);

const SQLITE_FILE = 'database.sqlite';
const MYSQL_FILE = 'database.sql';
const UPLOADS = 'uploads';
/** The secret AppConfig makes in DATA_DIR when JWT_SECRET is unset. */
const JWT_SECRET_FILE = 'jwt-secret';

/** A restore that must not go on, and why (the CLI exits 2 with it). */
export class RestoreRefused extends Error {}

/**
 * A consistent snapshot of the database (taken while the site serves) and the uploaded images,
 * with a manifest of the tables' rows, the migrations and every file's SHA-256, packed into
 * `BACKUP_DIR/norrsken-<time>.tar.gz` beside its `.sha256`; then the archives beyond the last
 * N days and M months are removed. Written under another name and renamed when whole: a reader
 * never sees half an archive.
 */
export async function takeBackup(config: AppConfig, now = new Date()): Promise<{ archive: string; manifest: BackupManifest; removed: string[] }> {
  const dir = config.backup.dir;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(join(dir, '.staging-'));
  try {
    const database = config.database;
    const file = join(staging, database.type === 'sqlite' ? SQLITE_FILE : MYSQL_FILE);
    const facts = await snapshotDatabase(database, file);
    const uploads = join(config.dataDir, UPLOADS);
    // Content-addressed and never changed once written: a copy as it stands is consistent.
    if (existsSync(uploads)) cpSync(uploads, join(staging, UPLOADS), { recursive: true });
    // The secret made for this install when JWT_SECRET is not set: without it the manage links already mailed stop working after a restore.
    if (existsSync(join(config.dataDir, JWT_SECRET_FILE))) cpSync(join(config.dataDir, JWT_SECRET_FILE), join(staging, JWT_SECRET_FILE));
    const files = Object.fromEntries(await Promise.all(filesBelow(staging).map(async (path) => [path, await sha256Of(join(staging, path))] as const)));
    const manifest: BackupManifest = { format: 1, app: 'norrsken-arctic-tours', createdAt: now.toISOString(), database: database.type, migrations: facts.migrations, tables: facts.tables, files };
    writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const name = archiveName(now);
    const partial = join(dir, `.${name}.partial`);
    await tar('tar', ['-czf', partial, '-C', staging, '.']);
    const digest = await sha256Of(partial);
    // Guests' names, emails and answers are in it: readable by the owner only.
    chmodSync(partial, 0o600);
    renameSync(partial, join(dir, name));
    writeFileSync(join(dir, `${name}.sha256`), `${digest}  ${name}\n`, { mode: 0o600 });
    return { archive: join(dir, name), manifest, removed: pruneArchives(dir, config.backup.keepDaily, config.backup.keepMonthly) };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Removes the archives (and their checksums) beyond the last `daily` days and `monthly` months; returns their names. */
export function pruneArchives(dir: string, daily: number, monthly: number): string[] {
  const archives = archivesIn(dir);
  const keep = archivesToKeep(archives, daily, monthly);
  const removed = archives.filter((archive) => !keep.has(archive.name)).map((archive) => archive.name);
  for (const name of removed) for (const file of [name, `${name}.sha256`]) rmSync(join(dir, file), { force: true });
  return removed;
}

/** What a restore found and did. */
export interface RestoreReport {
  manifest: BackupManifest;
  tables: number;
  rows: number;
  uploads: number;
  migrationsRun: number;
  confirmedBookings: number;
}

/**
 * Restores an archive into the database `npm start` would use (DATA_DIR or DATABASE_URL) and
 * its uploads into DATA_DIR/uploads: the archive's checksums first, then an empty database (a
 * database with tables is refused unless `replace`: SQLite's file is then kept beside it, MySQL's
 * tables dropped), the snapshot loaded and its rows counted against the manifest, migrated to the
 * current schema, and checked: every confirmed booking is on a departure that exists, and no
 * departure holds more seats than it has.
 */
export async function restoreBackup(config: AppConfig, archive: string, options: { replace?: boolean } = {}): Promise<RestoreReport> {
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new RestoreRefused(`There is no archive ${archive}.`);
  const sidecar = `${archive}.sha256`;
  if (existsSync(sidecar)) {
    const expected = readFileSync(sidecar, 'utf8').trim().split(/\s+/)[0];
    if (expected !== (await sha256Of(archive))) throw new RestoreRefused(`${basename(archive)} does not match its checksum (${basename(sidecar)}): it is damaged.`);
  }
  const unpacked = mkdtempSync(join(tmpdir(), 'norrsken-restore-'));
  try {
    await tar('tar', ['-xzf', archive, '-C', unpacked]).catch((error: Error) => {
      throw new RestoreRefused(`${basename(archive)} cannot be unpacked: ${error.message}`);
    });
    const manifest = readManifest(unpacked);
    for (const [path, digest] of Object.entries(manifest.files)) {
      if (!existsSync(join(unpacked, path)) || (await sha256Of(join(unpacked, path))) !== digest) throw new RestoreRefused(`${path} in ${basename(archive)} is missing or altered.`);
    }
    const database = config.database;
    if (manifest.database !== database.type) throw new RestoreRefused(`The archive holds a ${manifest.database} database; this site is configured for ${database.type}.`);

    await emptyTarget(database, options.replace === true);
    const loaded = await loadSnapshot(database, unpacked, Object.keys(manifest.tables));
    const differing = Object.entries(manifest.tables).filter(([table, rows]) => loaded[table] !== rows);
    if (differing.length) throw new Error(`The restored rows do not match the archive's: ${differing.map(([table, rows]) => `${table} ${loaded[table] ?? 'missing'} of ${rows}`).join(', ')}.`);

    const uploads = filesBelow(unpacked, UPLOADS);
    if (uploads.length) cpSync(join(unpacked, UPLOADS), join(config.dataDir, UPLOADS), { recursive: true, force: false });
    // The install's own secret, where this one has none yet (one it has is kept: it may be JWT_SECRET's install).
    if (existsSync(join(unpacked, JWT_SECRET_FILE)) && !existsSync(join(config.dataDir, JWT_SECRET_FILE))) {
      mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
      cpSync(join(unpacked, JWT_SECRET_FILE), join(config.dataDir, JWT_SECRET_FILE));
      chmodSync(join(config.dataDir, JWT_SECRET_FILE), 0o600);
    }

    const dataSource = new DataSource(dataSourceOptions(database));
    await dataSource.initialize();
    try {
      // The snapshot's schema, brought to this build's (a seeded catalogue is there: nothing is seeded).
      const pending = dataSource.migrations.filter((migration) => !manifest.migrations.includes(migration.name ?? migration.constructor.name)).length;
      await prepareDatabase(dataSource);
      return { manifest, tables: Object.keys(loaded).length, rows: Object.values(loaded).reduce((sum, rows) => sum + rows, 0), uploads: uploads.length, migrationsRun: pending, confirmedBookings: await checkBookings(dataSource) };
    } finally {
      await dataSource.destroy();
    }
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}

function readManifest(unpacked: string): BackupManifest {
  const file = join(unpacked, MANIFEST);
  if (!existsSync(file)) throw new RestoreRefused('The archive has no manifest: it is not a backup of this site.');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1 || manifest.app !== 'norrsken-arctic-tours') throw new RestoreRefused('The archive is not a backup of this site.');
  return manifest;
}

/** The target database without tables: as it is, or emptied when told to replace it; refused otherwise. */
async function emptyTarget(database: DatabaseConfig, replace: boolean): Promise<void> {
  if (database.type === 'mysql') await ensureMysqlDatabase(database.url);
  const tables = Object.keys(await tablesNow(database));
  if (tables.length === 0) return;
  const where = database.type === 'sqlite' ? database.path : `the MySQL database of DATABASE_URL`;
  if (!replace) throw new RestoreRefused(`${where} is not empty (${tables.length} tables). Restore into an empty database, or add --replace to replace it.`);
  if (database.type === 'mysql') return dropMysqlTables(database.url);
  // The old file stays beside it, under another name, until someone removes it.
  const aside = `${database.path}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(database.path, aside);
  for (const suffix of ['-wal', '-shm']) if (existsSync(`${database.path}${suffix}`)) renameSync(`${database.path}${suffix}`, `${aside}${suffix}`);
}

/** Puts the snapshot in place and reads its tables' rows back (on MySQL, those the archive's manifest lists: its dump made them). */
async function loadSnapshot(database: DatabaseConfig, unpacked: string, tables: string[]): Promise<Record<string, number>> {
  if (database.type === 'sqlite') {
    const file = join(unpacked, SQLITE_FILE);
    mkdirSync(join(database.path, '..'), { recursive: true, mode: 0o700 });
    cpSync(file, database.path);
    return sqliteFacts(database.path).tables;
  }
  await loadMysqlDump(database.url, join(unpacked, MYSQL_FILE));
  const now = await tablesNow(database);
  return Object.fromEntries(tables.map((table) => [table, now[table] ?? -1]));
}

/** The restored bookings as they must be: a confirmed booking is on a departure that exists, and no departure holds more seats than it has. Returns the confirmed bookings. */
async function checkBookings(dataSource: DataSource): Promise<number> {
  const [orphans] = (await dataSource.query("SELECT COUNT(*) AS count FROM bookings b LEFT JOIN departures d ON d.id = b.departure_id WHERE b.status = 'confirmed' AND d.id IS NULL")) as { count: number | string }[];
  if (Number(orphans!.count) > 0) throw new Error(`${orphans!.count} confirmed bookings are on a departure the archive does not have.`);
  const over = (await dataSource.query(
    "SELECT d.id AS id FROM departures d JOIN bookings b ON b.departure_id = d.id AND b.status = 'confirmed' GROUP BY d.id, d.capacity HAVING SUM(b.seats) > d.capacity",
  )) as { id: number }[];
  if (over.length) throw new Error(`Departures ${over.map((row) => row.id).join(', ')} hold more confirmed seats than they have.`);
  const [confirmed] = (await dataSource.query("SELECT COUNT(*) AS count FROM bookings WHERE status = 'confirmed'")) as { count: number | string }[];
  return Number(confirmed!.count);
}
