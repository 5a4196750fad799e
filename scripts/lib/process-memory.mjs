import { readFileSync } from 'node:fs';

/**
 * A process's memory as Linux's /proc/<pid>/status gives it, in MB: `VmRSS` (resident now) or
 * `VmHWM` (its peak so far). Throws where /proc does not tell.
 */
export function processMemoryMb(pid, field) {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(kb) / 1024;
}
