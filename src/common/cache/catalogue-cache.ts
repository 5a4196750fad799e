import { Injectable } from '@nestjs/common';

import { ContentChanges } from './content-changes';

/** Keys beyond this evict the oldest: look-ups of made-up slugs cannot grow the cache without end. */
const MAX_ENTRIES = 2000;

/** Readers share one value: frozen, so that one of them changing it fails loudly instead of changing it for all. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

interface Entry {
  generation: number;
  value: Promise<unknown>;
  /** Until the clock alone changes what it shows (a hold lapses, a departure starts, a post is published). */
  validUntil: number;
}

/**
 * Catalogue reads (tours, posts, FAQ, stays) kept in memory, behind the response cache and
 * also when that is off. An entry is dropped the moment ContentChanges announces a change,
 * here or on another replica, and lapses when the clock alone would change it. Concurrent
 * readers of a missing key share one load.
 */
@Injectable()
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly changes: ContentChanges) {
    changes.onChange(() => this.entries.clear());
  }

  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && kept.generation === this.changes.generation && kept.validUntil > now) return kept.value as Promise<T>;
    const entry: Entry = { generation: this.changes.generation, validUntil: Number.POSITIVE_INFINITY, value: Promise.resolve() };
    const value = (async () => {
      // Asked before the load, for the same moment: whatever the load sees stays true at least until then.
      entry.validUntil = await this.changes.validUntil(new Date(now));
      return deepFreeze(await load());
    })();
    entry.value = value;
    // Kept at once, so that readers arriving meanwhile share this load.
    this.keep(key, entry);
    const drop = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then(() => entry.validUntil > now || drop(), drop);
    return value;
  }

  private keep(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}
