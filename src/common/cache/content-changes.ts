import { randomUUID } from 'node:crypto';

import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { DataSource, type EntitySubscriberInterface, type InsertEvent, type QueryRunner, type RemoveEvent, type TransactionCommitEvent, type TransactionRollbackEvent, type UpdateEvent } from 'typeorm';

import { AppConfig } from '../../config/app-config';

/** The tables whose rows the public pages and catalogue API show (seats come from bookings). */
const SHOWN_TABLES = new Set(['bookings', 'departures', 'tours', 'categories', 'locations', 'blog_posts', 'faq_items', 'stay_packages']);
const CHANNEL = 'norrsken:content-changed';

type Listener = () => void;
/** The first moment after `now` at which the clock alone changes something shown (a hold lapses, say); Infinity for never. */
type Clock = (now: Date) => Promise<number>;

/**
 * Tells caches when what the site shows has changed: after the commit of any write to a shown
 * table (a TypeORM subscriber), and, with REDIS_URL, on every replica through pub/sub.
 * `generation` goes up with each change, so a render that began before one is never stored.
 */
@Injectable()
export class ContentChanges implements EntitySubscriberInterface, OnModuleDestroy {
  private readonly logger = new Logger(ContentChanges.name);
  private readonly listeners = new Set<Listener>();
  private readonly processId = randomUUID();
  /** Query runners whose open transaction wrote to a shown table. */
  private readonly dirty = new WeakSet<QueryRunner>();
  private publisher?: Redis;
  private subscriber?: Redis;
  private readonly clocks: Clock[] = [];
  /** The last answer of the clocks, good while nothing changes and until it arrives. */
  private nextTick?: { generation: number; from: number; at: number };
  generation = 0;

  constructor(@InjectDataSource() dataSource: DataSource, config: AppConfig) {
    dataSource.subscribers.push(this);
    if (config.redisUrl) {
      this.publisher = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
      this.subscriber = new Redis(config.redisUrl);
      this.subscriber.on('message', (_channel: string, from: string) => {
        if (from !== this.processId) this.changed();
      });
      this.subscriber.subscribe(CHANNEL).catch((error: unknown) => this.logger.error(`Cannot subscribe to ${CHANNEL}: ${String(error)}`));
      for (const client of [this.publisher, this.subscriber]) client.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
    }
  }

  /** Calls `listener` after every change, here or on another replica. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds what changes by the clock alone: a module's own time-bound content (holds, departures, scheduled posts). */
  addClock(clock: Clock): void {
    this.clocks.push(clock);
    this.nextTick = undefined;
  }

  /**
   * Until when what is read at `now` stays true if nothing is written: the earliest of the
   * clocks. Asked on every cache miss, so the answer is kept until a change or until it arrives.
   */
  async validUntil(now: Date): Promise<number> {
    const generation = this.generation;
    const kept = this.nextTick;
    // Good for any later moment before it: nothing written since, so nothing new can come due sooner.
    if (kept?.generation === generation && kept.from <= now.getTime() && kept.at > now.getTime()) return kept.at;
    const at = Math.min(Number.POSITIVE_INFINITY, ...(await Promise.all(this.clocks.map((clock) => clock(now)))));
    if (generation === this.generation) this.nextTick = { generation, from: now.getTime(), at };
    return at;
  }

  /** Announces a change made by this process, to this process and the other replicas. */
  announce(): void {
    this.changed();
    this.publisher?.publish(CHANNEL, this.processId).catch((error: unknown) => this.logger.warn(`Cannot announce a change: ${String(error)}`));
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
    if (event.queryRunner.isTransactionActive || !this.dirty.has(event.queryRunner)) return;
    this.dirty.delete(event.queryRunner);
    this.announce();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) this.dirty.delete(event.queryRunner);
  }

  private wrote(table: string, queryRunner: QueryRunner): void {
    if (!SHOWN_TABLES.has(table)) return;
    if (queryRunner.isTransactionActive) {
      // Kept beside the runner, not in its `data` (save() swaps that object out and back).
      this.dirty.add(queryRunner);
    } else {
      this.announce();
    }
  }

  private changed(): void {
    this.generation++;
    for (const listener of this.listeners) listener();
  }
}
