import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { DataSource, type EntitySubscriberInterface, type InsertEvent, type QueryRunner, type RemoveEvent, type TransactionCommitEvent, type TransactionRollbackEvent, type UpdateEvent } from 'typeorm';

import { AppConfig } from '../../config/app-config';
import { clock } from '../clock';

/** The tables whose rows the public pages and catalogue API show (seats come from bookings and waitlist offers). */
const SHOWN_TABLES = new Set(['bookings', 'waitlist_entries', 'departures', 'tours', 'categories', 'locations', 'blog_posts', 'faq_items', 'stay_packages', 'tour_price_categories', 'tour_questions', 'pickup_points', 'tour_pickup_points', 'content_translations', 'ratings', 'resource_kinds', 'resources', 'resource_outages', 'tour_resource_needs']);
const CHANNEL = 'norrsken:content-changed';
/** The tables whose writes change only departures' seats (the lifecycle's, under the departure lock). */
const SEAT_TABLES = new Set(['bookings', 'waitlist_entries']);

/**
 * What a kept answer shows that can change without staff editing the catalogue: the departures
 * and seats of one tour, of any tour, or which posts are published (by the clock alone).
 * Any edit of the catalogue itself changes everything ('*').
 */
export type Dependency = `departures:${number}` | 'departures' | 'posts' | 'sky';
/** What a change touches: everything, the departures and seats of some tours, or of an unknown one; or the sky's outlook (a new forecast). */
export type ChangeTopic = '*' | 'departures' | `departures:${number}` | 'sky';

/** Whether a change of `topics` can alter an answer that depends on `dependencies`. */
export function touches(topics: ReadonlySet<ChangeTopic>, dependencies: ReadonlySet<Dependency>): boolean {
  if (topics.has('*')) return true;
  for (const topic of topics) {
    for (const dependency of dependencies) {
      if (dependency === topic || (dependency.startsWith('departures') && topic.startsWith('departures') && (topic === 'departures' || dependency === 'departures'))) return true;
    }
  }
  return false;
}

type Listener = (topics: ReadonlySet<ChangeTopic>) => void;
/** The first moment after `now` at which the clock alone changes something shown (a hold lapses, say); Infinity for never. */
type Clock = (now: Date) => Promise<number>;

/**
 * Transactions of the bookings lifecycle (withDepartureLocks): the tours whose departures they
 * locked, and whether a transition in them changed those departures' seats.
 */
const lifecycle = new WeakMap<QueryRunner, { tours: Set<number>; seatsChanged: boolean }>();

/** Says that the transaction on `queryRunner` locked these tours' departures: its bookings writes touch no others. */
export function noteDeparturesLocked(queryRunner: QueryRunner | undefined, tourIds: number[]): void {
  if (!queryRunner) return;
  const noted = lifecycle.get(queryRunner) ?? { tours: new Set<number>(), seatsChanged: false };
  tourIds.forEach((id) => noted.tours.add(id));
  lifecycle.set(queryRunner, noted);
}

/** Says that a transition in the transaction on `queryRunner` changed the seats left of the departures it locked. */
export function noteSeatsChanged(queryRunner: QueryRunner | undefined): void {
  const noted = queryRunner && lifecycle.get(queryRunner);
  if (noted) noted.seatsChanged = true;
  // A write of seats outside a noted transaction counts as a change of any tour's departures (topicsOf).
}

/** How many changes are remembered for `changedSince`; a render older than that is taken as overlapping one. */
const RECENT_CHANGES = 1000;

/**
 * Tells caches when what the site shows has changed, and what part of it: after the commit of
 * any write to a shown table (a TypeORM subscriber), and, with REDIS_URL, on every replica
 * through pub/sub. A hold or a cancellation touches one tour's departures; a catalogue edit
 * touches everything. Answers say what they show with `dependOn` while they are made
 * (`collect`), so a change empties only the answers that show it.
 */
@Injectable()
export class ContentChanges implements EntitySubscriberInterface, OnModuleDestroy {
  private readonly logger = new Logger(ContentChanges.name);
  private readonly listeners = new Set<Listener>();
  private readonly processId = randomUUID();
  /** Query runners whose open transaction wrote to a shown table, with the tables it wrote. */
  private readonly dirty = new WeakMap<QueryRunner, Set<string>>();
  private publisher?: Redis;
  /** What this process changed while Redis would not take the notice: said to the others once it does. */
  private unannounced = new Set<ChangeTopic>();
  private subscriber?: Redis;
  private readonly clocks: { dependency: Dependency; clock: Clock }[] = [];
  /** The last answer of each kind of clock, good while nothing changes and until it arrives. */
  private readonly nextTicks = new Map<Dependency, { generation: number; from: number; at: number }>();
  private readonly recent: { generation: number; topics: ReadonlySet<ChangeTopic> }[] = [];
  /** What is being made now: what it says it shows, and when it began. */
  private readonly reading = new AsyncLocalStorage<{ dependencies: Set<Dependency>; startedAt: number }>();
  /** Goes up with every change, here or on another replica. */
  generation = 0;

  constructor(@InjectDataSource() dataSource: DataSource, config: AppConfig) {
    dataSource.subscribers.push(this);
    if (config.redisUrl) {
      this.publisher = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
      this.subscriber = new Redis(config.redisUrl);
      this.subscriber.on('message', (_channel: string, message: string) => {
        const notice = parseNotice(message);
        if (notice.from !== this.processId) this.changed(notice.topics);
      });
      const subscribe = () => this.subscriber!.subscribe(CHANNEL).catch((error: unknown) => this.logger.error(`Cannot subscribe to ${CHANNEL}: ${String(error)}`));
      void subscribe();
      // Redis keeps no notice for a subscriber that was away: after a lost connection any other
      // replica may have changed anything, so once subscribed again nothing read before is trusted.
      let connections = 0;
      this.subscriber.on('ready', () => {
        if (connections++ === 0) return;
        void subscribe().then(() => {
          this.logger.warn('Subscribed to changes again after a lost connection to Redis: what was kept is forgotten.');
          this.changed(new Set(['*']));
        });
      });
      this.publisher.on('ready', () => {
        if (!this.unannounced.size) return;
        const topics = this.unannounced;
        this.unannounced = new Set();
        this.publish(topics);
      });
      for (const client of [this.publisher, this.subscriber]) client.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
    }
  }

  /** Calls `listener` with what changed after every change, here or on another replica. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds what changes by the clock alone, for answers with that dependency (holds lapse and departures start: 'departures'; posts come due: 'posts'; tonight becomes tomorrow: 'sky'). */
  addClock(dependency: 'departures' | 'posts' | 'sky', clock: Clock): void {
    this.clocks.push({ dependency, clock });
    this.nextTicks.clear();
  }

  /**
   * Runs `work`, gathering into `dependencies` what it says it shows (`dependOn`), through every
   * await; `startedAt` is when what it makes began (the page's start: `madeSince`).
   */
  collect<T>(dependencies: Set<Dependency>, work: () => T, startedAt = clock.now().getTime()): T {
    return this.reading.run({ dependencies, startedAt }, work);
  }

  /** Says that what is being made now (a page, an answer, a catalogue read) shows these. */
  dependOn(...dependencies: Dependency[]): void {
    const gathering = this.reading.getStore()?.dependencies;
    if (gathering) for (const dependency of dependencies) gathering.add(dependency);
  }

  /**
   * When what is being made now began (the outermost `collect`), if anything is. A catalogue
   * read inside a page asks the clocks from there: what it read stays true at least from then,
   * and the page asks them for the same moment, so they are asked once for both.
   */
  madeSince(): number | undefined {
    return this.reading.getStore()?.startedAt;
  }

  /** Whether a change since `generation` may have altered something with these dependencies. */
  changedSince(generation: number, dependencies: ReadonlySet<Dependency>): boolean {
    if (generation === this.generation) return false;
    const oldest = this.recent[0]?.generation ?? this.generation + 1;
    if (oldest > generation + 1) return true;
    return this.recent.some((change) => change.generation > generation && touches(change.topics, dependencies));
  }

  /**
   * Until when what was read at `now`, with these dependencies, stays true if nothing is
   * written: the earliest of the clocks that concern it. Kept until a change or until it arrives.
   */
  async validUntil(now: Date, dependencies: ReadonlySet<Dependency>): Promise<number> {
    const concerned = [...new Set(this.clocks.filter(({ dependency }) => touchesByClock(dependency, dependencies)).map(({ dependency }) => dependency))];
    const ticks = await Promise.all(concerned.map((dependency) => this.nextTick(dependency, now)));
    return Math.min(Number.POSITIVE_INFINITY, ...ticks);
  }

  private async nextTick(dependency: Dependency, now: Date): Promise<number> {
    const generation = this.generation;
    const kept = this.nextTicks.get(dependency);
    // Good for any later moment before it: nothing written since, so nothing new can come due sooner.
    if (kept?.generation === generation && kept.from <= now.getTime() && kept.at > now.getTime()) return kept.at;
    const clocks = this.clocks.filter((clock) => clock.dependency === dependency);
    const at = Math.min(Number.POSITIVE_INFINITY, ...(await Promise.all(clocks.map(({ clock }) => clock(now)))));
    if (generation === this.generation) this.nextTicks.set(dependency, { generation, from: now.getTime(), at });
    return at;
  }

  /** Announces a change made by this process, to this process and the other replicas. */
  announce(topics: ReadonlySet<ChangeTopic> = new Set(['*'])): void {
    this.changed(topics);
    this.publish(topics);
  }

  private publish(topics: ReadonlySet<ChangeTopic>): void {
    const notice = JSON.stringify({ from: this.processId, topics: [...topics] });
    this.publisher?.publish(CHANNEL, notice).catch((error: unknown) => {
      this.logger.warn(`Cannot announce a change yet (it will be, once Redis answers): ${String(error)}`);
      for (const topic of topics) this.unannounced.add(topic);
    });
  }

  /** Whether Redis answers a ping within a second; null when there is no Redis to ask. */
  async redisAnswers(): Promise<boolean | null> {
    if (!this.publisher) return null;
    const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000).unref());
    return Promise.race([this.publisher.ping().then((pong) => pong === 'PONG', () => false), timeout]);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.publisher?.quit(), this.subscriber?.quit()].map((quitting) => quitting?.catch(() => undefined)));
  }

  // ---- the TypeORM subscriber: a write to a shown table counts once its transaction commits ----

  afterInsert(event: InsertEvent<unknown>): void {
    this.wrote(event.metadata.tableName, event.queryRunner);
  }

  afterUpdate(event: UpdateEvent<unknown>): void {
    this.wrote(event.metadata.tableName, event.queryRunner);
  }

  afterRemove(event: RemoveEvent<unknown>): void {
    this.wrote(event.metadata.tableName, event.queryRunner);
  }

  /** Also called when a savepoint is released: only the outermost commit makes the writes visible. */
  afterTransactionCommit(event: TransactionCommitEvent): void {
    const tables = this.dirty.get(event.queryRunner);
    if (event.queryRunner.isTransactionActive || !tables) return;
    this.dirty.delete(event.queryRunner);
    const topics = topicsOf(tables, lifecycle.get(event.queryRunner));
    lifecycle.delete(event.queryRunner);
    if (topics.size) this.announce(topics);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (event.queryRunner.isTransactionActive) return;
    this.dirty.delete(event.queryRunner);
    lifecycle.delete(event.queryRunner);
  }

  private wrote(table: string, queryRunner: QueryRunner): void {
    if (!SHOWN_TABLES.has(table)) return;
    if (queryRunner.isTransactionActive) {
      // Kept beside the runner, not in its `data` (save() swaps that object out and back).
      this.dirty.set(queryRunner, (this.dirty.get(queryRunner) ?? new Set<string>()).add(table));
    } else {
      this.announce(topicsOf(new Set([table]), undefined));
    }
  }

  private changed(topics: ReadonlySet<ChangeTopic>): void {
    this.generation++;
    this.recent.push({ generation: this.generation, topics });
    if (this.recent.length > RECENT_CHANGES) this.recent.shift();
    for (const listener of this.listeners) listener(topics);
  }
}

/** A clock of holds and departures concerns whatever shows departures; the posts' clock, the posts. */
function touchesByClock(clock: Dependency, dependencies: ReadonlySet<Dependency>): boolean {
  return clock === 'departures' ? [...dependencies].some((dependency) => dependency.startsWith('departures')) : dependencies.has(clock);
}

/**
 * What a committed transaction changed: writes to bookings alone, in a lifecycle transaction,
 * the departures of the tours it locked if a transition changed seats, else nothing shown;
 * outside one, any tour's departures. A write to anything else shown: everything.
 */
function topicsOf(tables: ReadonlySet<string>, locked: { tours: ReadonlySet<number>; seatsChanged: boolean } | undefined): ReadonlySet<ChangeTopic> {
  if ([...tables].some((table) => !SEAT_TABLES.has(table))) return new Set(['*']);
  if (!locked) return new Set(['departures']);
  return locked.seatsChanged ? new Set([...locked.tours].map((id) => `departures:${id}` as const)) : new Set();
}

/** A change notice from another replica; anything unreadable counts as a change of everything. */
function parseNotice(message: string): { from: string; topics: ReadonlySet<ChangeTopic> } {
  try {
    const notice = JSON.parse(message) as { from?: unknown; topics?: unknown };
    const topics = Array.isArray(notice.topics) ? notice.topics.filter((topic): topic is ChangeTopic => typeof topic === 'string' && /^(\*|departures(:\d+)?)$/.test(topic)) : [];
    return { from: String(notice.from), topics: new Set(topics.length ? topics : ['*']) };
  } catch {
    return { from: message, topics: new Set(['*']) };
  }
}
