/**
 * Waiting, for tests: the one place they call setTimeout (lint keeps it so). A test waits for
 * a condition, never for a guess of how long something takes.
 */

/** The longest a test may pause on a fixed time: a beat between steps, not a wait for work to finish. */
export const LONGEST_PAUSE_MS = 500;

/** Waits `ms` (at most LONGEST_PAUSE_MS): a beat, such as a stand-in server's pause between chunks. */
export function pause(ms: number): Promise<void> {
  if (ms > LONGEST_PAUSE_MS) throw new Error(`pause(${ms}): wait for a condition instead (waitFor), not longer than ${LONGEST_PAUSE_MS} ms`);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Asks `condition` every `everyMs` until it holds; throws, naming `what`, after `timeoutMs`. */
export async function waitFor(condition: () => boolean | Promise<boolean>, options: { timeoutMs?: number; everyMs?: number; what?: string } = {}): Promise<void> {
  const { timeoutMs = 30_000, everyMs = 100, what = 'the condition' } = options;
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(everyMs, LONGEST_PAUSE_MS)));
  }
}

/** Runs `later` after `ms`, without waiting for it (a stand-in that answers late, a timer a test starts). */
export function after(ms: number, later: () => void): { cancel(): void } {
  const timer = setTimeout(later, ms);
  return { cancel: () => clearTimeout(timer) };
}

/** Waits until the clock reads `at` (ms): for a rule about time itself (a hold that lapses, a login wait that ends). */
export function untilClock(at: number): Promise<void> {
  return waitFor(() => Date.now() >= at, { timeoutMs: Math.max(0, at - Date.now()) + 5_000, everyMs: 50, what: `the clock to read ${new Date(at).toISOString()}` });
}
