import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';

import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';

import type { DatabaseConfig } from '../../config/app-config';

/** What a snapshot file holds: its tables' rows, and the migrations the database had. */
export interface SnapshotFacts {
  tables: Record<string, number>;
  migrations: string[];
}

/** A mysql:// (or mariadb://) URL as the command-line tools take it; the password goes in their environment, never on the command line. */
export function mysqlTarget(url: string): { host: string; port: string; user: string; password: string; database: string } {
  const parsed = new URL(url.replace(/^mariadb:/, 'mysql:'));
  return { host: parsed.hostname, port: parsed.port || '3306', user: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password), database: decodeURIComponent(parsed.pathname.slice(1)) };
}

const connectionArgs = (target: ReturnType<typeof mysqlTarget>) => [`--host=${target.host}`, `--port=${target.port}`, `--user=${target.user}`, '--default-character-set=utf8mb4'];
const toolEnv = (target: ReturnType<typeof mysqlTarget>) => ({ ...process.env, MYSQL_PWD: target.password });

/** The first of the tools that is installed (MariaDB's name first, then MySQL's). */
function tool(names: string[]): string {
  const dirs = (process.env.PATH ?? '').split(':');
  return names.find((name) => dirs.some((dir) => existsSync(`${dir}/${name}`))) ?? names[0]!;
}

/** Runs a tool to its end: its output into `output` (a file), its input from `input`; a non-zero exit throws with what it said. */
async function run(command: string, args: string[], env: NodeJS.ProcessEnv, streams: { input?: string; output?: string }): Promise<void> {
  let written: Promise<void> = Promise.resolve();
  const exited = new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: [streams.input ? 'pipe' : 'ignore', streams.output ? 'pipe' : 'ignore', 'pipe'] });
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => (said = `${said}${chunk.toString()}`.slice(-4000)));
    if (streams.input) createReadStream(streams.input).pipe(child.stdin!);
    child.on('error', (error) => reject(new Error(`${command} could not be run (${error.message}); install the MariaDB or MySQL client tools`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${said.trim()}`))));
    if (streams.output) written = pipeline(child.stdout!, createWriteStream(streams.output));
  });
  // The output is whole on disk before the file is read.
  await exited;
  await written;
}

/**
 * A consistent copy of the database in `file`, while the site serves: SQLite's online backup
 * API (page by page, the copy as of one moment), or `mariadb-dump --single-transaction` (one
 * snapshot of every table, no locks; a row per INSERT so that a restore can count them).
 */
export async function snapshotDatabase(database: DatabaseConfig, file: string): Promise<SnapshotFacts> {
  if (database.type === 'sqlite') {
    const source = new Database(database.path, { readonly: true, fileMustExist: true });
    try {
      await source.backup(file);
    } finally {
      source.close();
    }
    // One self-contained file (the copy keeps the site's write-ahead log mode, whose side files a reader would make).
    const copy = new Database(file);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    return sqliteFacts(file);
  }
  const target = mysqlTarget(database.url);
  const args = [...connectionArgs(target), '--single-transaction', '--quick', '--skip-lock-tables', '--skip-extended-insert', '--hex-blob', '--no-tablespaces', '--skip-triggers', '--skip-comments', target.database];
  await run(tool(['mariadb-dump', 'mysqldump']), args, toolEnv(target), { output: file });
  return dumpFacts(file);
}

/** The rows of each table and the migrations, read from a SQLite file. */
export function sqliteFacts(file: string): SnapshotFacts {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
    const tables = Object.fromEntries(names.map((name) => [name, (db.prepare(`SELECT COUNT(*) AS count FROM "${name.replace(/"/g, '""')}"`).get() as { count: number }).count]));
    const migrations = names.includes('migrations') ? (db.prepare('SELECT name FROM migrations ORDER BY id').all() as { name: string }[]).map((row) => row.name) : [];
    return { tables, migrations };
  } finally {
    db.close();
  }
}

const CREATE = /^CREATE TABLE `([^`]+)`/;
const INSERT = /^INSERT INTO `([^`]+)` VALUES /;
const MIGRATION = /^INSERT INTO `migrations` VALUES \(\d+,\d+,'((?:[^'\\]|\\.)*)'\);$/;

/** The rows of each table and the migrations, read from a dump written a row per INSERT. */
export async function dumpFacts(file: string): Promise<SnapshotFacts> {
  const tables: Record<string, number> = {};
  const migrations: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    const created = CREATE.exec(line);
    if (created) tables[created[1]!] ??= 0;
    const inserted = INSERT.exec(line);
    if (!inserted) continue;
    tables[inserted[1]!] = (tables[inserted[1]!] ?? 0) + 1;
    const migration = MIGRATION.exec(line);
    if (migration) migrations.push(migration[1]!);
  }
  return { tables: Object.fromEntries(Object.entries(tables).sort(([a], [b]) => a.localeCompare(b))), migrations };
}

/** The tables a database has now, with their rows (SQLite file or MySQL database); none when it does not exist. */
export async function tablesNow(database: DatabaseConfig): Promise<Record<string, number>> {
  if (database.type === 'sqlite') return existsSync(database.path) ? sqliteFacts(database.path).tables : {};
  const target = mysqlTarget(database.url);
  const connection = await createConnection({ host: target.host, port: Number(target.port), user: target.user, password: target.password });
  try {
    const [names] = await connection.query('SELECT TABLE_NAME AS name FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME', [target.database]);
    const counts: Record<string, number> = {};
    for (const { name } of names as { name: string }[]) {
      const [[row]] = (await connection.query(`SELECT COUNT(*) AS count FROM \`${target.database.replace(/`/g, '``')}\`.\`${name.replace(/`/g, '``')}\``)) as unknown as [{ count: number }[]];
      counts[name] = Number(row!.count);
    }
    return counts;
  } finally {
    await connection.end();
  }
}

/** Empties a MySQL database of its tables (a restore that was told to replace it). */
export async function dropMysqlTables(url: string): Promise<void> {
  const target = mysqlTarget(url);
  const connection = await createConnection({ host: target.host, port: Number(target.port), user: target.user, password: target.password, database: target.database });
  try {
    const [names] = await connection.query('SELECT TABLE_NAME AS name FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = ?', [target.database]);
    await connection.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const { name } of names as { name: string }[]) await connection.query(`DROP TABLE \`${name.replace(/`/g, '``')}\``);
    await connection.query('SET FOREIGN_KEY_CHECKS = 1');
  } finally {
    await connection.end();
  }
}

/** Loads a dump into the (empty) MySQL database with the client tool. */
export async function loadMysqlDump(url: string, file: string): Promise<void> {
  const target = mysqlTarget(url);
  await run(tool(['mariadb', 'mysql']), [...connectionArgs(target), target.database], toolEnv(target), { input: file });
}
