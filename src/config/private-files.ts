import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * DATA_DIR holds the SQLite file (password hashes, guests' details), generated secrets and
 * mails: readable by the owner only, whatever the umask, and fixed at start for older installs.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the directory (and parents) if missing, and makes it the owner's only. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    chmodSync(path, PRIVATE_DIR_MODE);
  } catch {
    // A mount point we do not own (a volume root) keeps its mode; the files in it are still private.
  }
}

/** Creates an empty file if missing, and makes it and any existing companions (`suffixes`) the owner's only. */
export function ensurePrivateFile(path: string, suffixes: string[] = []): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  for (const file of [path, ...suffixes.map((suffix) => `${path}${suffix}`)]) {
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  }
}
