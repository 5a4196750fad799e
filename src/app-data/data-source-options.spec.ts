import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DataSource } from 'typeorm';

import { SQLITE_IN_MEMORY } from '../database/dialect';
import { dataSourceOptions } from './data-source-options';

describe(dataSourceOptions.name, () => {
  const startedIn = process.cwd();
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'norrsken-sqlite-'));
    process.chdir(folder);
  });

  afterEach(() => {
    process.chdir(startedIn);
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps an in-memory SQLite database in memory, with no file of that name', async () => {
    const sut = new DataSource(dataSourceOptions({ type: 'sqlite', path: SQLITE_IN_MEMORY }));
    await sut.initialize();
    await sut.query('CREATE TABLE probe (id INTEGER)');
    await sut.destroy();
    expect(existsSync(join(folder, SQLITE_IN_MEMORY))).toBe(false);
  });

  it('makes a SQLite file for a real path', async () => {
    const sut = new DataSource(dataSourceOptions({ type: 'sqlite', path: join(folder, 'data', 'arctic.sqlite') }));
    await sut.initialize();
    await sut.destroy();
    expect(existsSync(join(folder, 'data', 'arctic.sqlite'))).toBe(true);
  });
});
