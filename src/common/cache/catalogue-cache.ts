import { Injectable } from '@nestjs/common';

import { ContentChanges, touches, type Dependency } from './content-changes';
import { clock } from '../clock';

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
  /** The change count when the load began: a reader arriving later shares it only if nothing changed since. */
  generation: number;
  value: Promise<unknown>;
  /** What the value shows that can change (a tour's departures, the posts); known once it has loaded. */
  dependencies: Set<Dependency>;
  loaded: boolean;
  /** Until the clock alone changes what it shows (a hold lapses, a departure starts, a post is published). */
  validUntil: number;
}

/**
 * Catalogue reads (tours, posts, FAQ, stays) kept in memory, behind the response cache and
 * also when that is off. An entry is dropped the moment ContentChanges announces a change of
 * what it shows, here or on another replica, and lapses when the clock alone would change it.
 * Concurrent readers of a missing key share one load. A reader is told (`dependOn`) what the
 * value shows, so that a page or answer made from it is kept no longer than the value.
 */
@Injectable()
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly changes: ContentChanges) {
    changes.onChange((topics) => {
      for (const [key, entry] of this.entries) if (entry.loaded && touches(topics, entry.dependencies)) this.entries.delete(key);
    });
  }

  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = clock.now().getTime();
    const kept = this.entries.get(key);
    const fresh = kept && (kept.loaded ? kept.validUntil > now : kept.generation === this.changes.generation);
    const entry = fresh ? kept : this.load(key, load, now);
    const value = (await entry.value) as T;
    this.changes.dependOn(...entry.dependencies);
    return value;
  }

  private load<T>(key: string, load: () => Promise<T>, now: number): Entry {
    const entry: Entry = { generation: this.changes.generation, dependencies: new Set(), loaded: false, validUntil: Number.POSITIVE_INFINITY, value: Promise.resolve() };
    // From the moment the load began, or the page it is for did (earlier): whatever it saw stays true at least until then.
    const since = Math.min(now, this.changes.madeSince() ?? now);
    entry.value = (async () => {
      const value = deepFreeze(await this.changes.collect(entry.dependencies, load, since));
      entry.validUntil = await this.changes.validUntil(new Date(since), entry.dependencies);
      entry.loaded = true;
      return value;
    })();
    // Kept at once, so that readers arriving meanwhile share this load.
    this.keep(key, entry);
    const drop = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    // A change of what it shows while it loaded, or a lapse already due: never kept.
    entry.value.then(() => (entry.validUntil <= now || this.changes.changedSince(entry.generation, entry.dependencies)) && drop(), drop);
    return entry;
  }

  private keep(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}
