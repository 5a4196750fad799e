/**
 * The time the server goes by. It is the system's, unless a test has set it: an e2e suite that
 * needs tomorrow evening, a lapsed hold or a login wait that has ended sets or advances this
 * clock instead of waiting for the wall clock. Every rule that asks "now" asks it here (a
 * method's `now = clock.now()` default), so a test can pass a time or set one.
 *
 * Worker threads and the database keep the system's time: a set clock moves what the
 * server decides, not when rows were written (created_at) or when mails are composed.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Tests: the clock reads `at` from here on, and runs on from it. */
  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }

  /** Tests: the clock jumps `ms` ahead (a hold lapses, a wait ends) without anyone waiting. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Back to the system's time. */
  reset(): void {
    this.offsetMs = 0;
  }
}

/** The server's one clock. */
export const clock = new Clock();
