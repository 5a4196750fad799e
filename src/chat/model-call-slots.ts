/**
 * A cap on the outside model calls this process makes at once: past it, a guest gets the
 * built-in guide's answer at once instead of one more call waiting on the provider.
 */
export class ModelCallSlots {
  private busy = 0;

  constructor(readonly size: number) {}

  /** Runs `call` in a slot, or returns undefined at once when every slot is taken. */
  async tryRun<T>(call: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.busy >= this.size) return undefined;
    this.busy++;
    try {
      return { value: await call() };
    } finally {
      this.busy--;
    }
  }
}
