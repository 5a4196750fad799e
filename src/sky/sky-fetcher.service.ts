import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, LessThanOrEqual } from 'typeorm';

import { ContentChanges } from '../common/cache/content-changes';
import { describeError } from '../common/jobs/due-work';
import { supportsRowLocks, writeTransaction } from '../database/transactions';
import { FEEDS, feedOf, nextFetch, retryAfter, type FeedDefinition } from './sky-feeds';
import { SkyFeed } from './sky-feed.entity';
import { SkyHttp } from './sky-http';

/** While one process fetches a feed, no other claims it; after this, a crashed process's feed is due again. */
const LEASE_MS = 5 * 60_000;
const BATCH = 10;

/** What a pass did with one feed. */
export type FeedResult = 'fetched' | 'not-modified' | 'failed';

/**
 * Fetches the sky feeds that are due: each claimed by one process (rows selected FOR UPDATE
 * SKIP LOCKED and leased), fetched outside the transaction, and stored with when it is due
 * again (the source's Expires within the feed's bounds; after a failure, a backoff). A changed
 * payload is announced as a change of the sky, so only the answers that show it are made again.
 */
@Injectable()
export class SkyFetcher {
  private readonly logger = new Logger(SkyFetcher.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly http: SkyHttp,
    private readonly changes: ContentChanges,
  ) {}

  /** A row per feed, due at once (a row already there, from any process, is kept). */
  async ensureFeeds(now: Date): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(SkyFeed)
      .values(FEEDS.map((feed) => ({ source: feed.source, place: feed.place, nextFetchAt: now })))
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  /** Claims and fetches what is due; returns what each claimed feed came to. */
  async fetchDue(now: Date): Promise<{ feed: string; result: FeedResult }[]> {
    const claimed = await this.claim(now);
    const results: { feed: string; result: FeedResult }[] = [];
    for (const row of claimed) results.push({ feed: `${row.source}/${row.place}`, result: await this.fetchOne(row, now) });
    return results;
  }

  private claim(now: Date): Promise<SkyFeed[]> {
    return writeTransaction(this.dataSource, async (manager) => {
      const query = manager.getRepository(SkyFeed).createQueryBuilder('feed').where({ nextFetchAt: LessThanOrEqual(now) }).orderBy('feed.id', 'ASC').limit(BATCH);
      if (supportsRowLocks(this.dataSource)) query.setLock('pessimistic_write').setOnLocked('skip_locked');
      const rows = await query.getMany();
      if (rows.length === 0) return [];
      // Whole seconds, as a DATETIME keeps it: the store after the fetch finds the row by this lease.
      const leasedUntil = new Date(Math.ceil((now.getTime() + LEASE_MS) / 1000) * 1000);
      await manager.getRepository(SkyFeed).update({ id: In(rows.map((row) => row.id)) }, { nextFetchAt: leasedUntil });
      return rows.map((row) => Object.assign(row, { nextFetchAt: leasedUntil }));
    });
  }

  private async fetchOne(row: SkyFeed, now: Date): Promise<FeedResult> {
    const feed = feedOf(row.source, row.place);
    // A feed this version no longer knows: asked again in a day, in case a newer process does.
    if (!feed) return this.store(row, { nextFetchAt: new Date(now.getTime() + 24 * 3_600_000) }, 'failed');
    try {
      const answer = await this.ask(feed, row, now);
      if (answer.result === 'not-modified') return this.store(row, { checkedAt: now, failures: 0, lastError: null, nextFetchAt: nextFetch(feed, now, answer.expires) }, 'not-modified');
      if (answer.deprecated) this.logger.warn(`${row.source}/${row.place}: the source answered 203, its version is deprecated`);
      const payload = JSON.stringify(answer.payload);
      const result = await this.store(row, { payload, fetchedAt: now, checkedAt: now, lastModified: answer.lastModified ?? null, deprecated: answer.deprecated, failures: 0, lastError: null, nextFetchAt: nextFetch(feed, now, answer.expires) }, 'fetched');
      if (payload !== row.payload) this.changes.announce(new Set(['sky']));
      return result;
    } catch (error) {
      const failures = row.failures + 1;
      const lastError = describeError(error);
      this.logger.warn(`${row.source}/${row.place}: ${lastError}`);
      return this.store(row, { failures, lastError, nextFetchAt: retryAfter(failures, now) }, 'failed');
    }
  }

  /** One feed's answer: 200 and 203 read, 304 kept, anything else a failure. */
  private async ask(feed: FeedDefinition, row: SkyFeed, now: Date): Promise<{ result: 'fetched'; payload: unknown; deprecated: boolean; expires?: Date; lastModified?: string } | { result: 'not-modified'; expires?: Date }> {
    const request = feed.request(now);
    const usable = (status: number) => status === 200 || status === 203;
    if (request.kind === 'one') {
      const answer = await this.http.get(request.url, row.payload ? row.lastModified : null);
      if (answer.status === 304 && row.payload) return { result: 'not-modified', expires: answer.expires };
      if (!usable(answer.status)) throw new Error(`${request.url} answered ${answer.status}`);
      return { result: 'fetched', payload: request.read(answer.body), deprecated: answer.status === 203, expires: answer.expires, lastModified: answer.lastModified };
    }
    const days: Record<string, unknown> = {};
    let deprecated = false;
    let expires: Date | undefined;
    for (const { date, url } of request.urls) {
      const answer = await this.http.get(url);
      if (!usable(answer.status)) throw new Error(`${url} answered ${answer.status}`);
      days[date] = request.read(answer.body, date);
      deprecated ||= answer.status === 203;
      expires = answer.expires && (!expires || answer.expires < expires) ? answer.expires : expires;
    }
    return { result: 'fetched', payload: days, deprecated, expires };
  }

  /** Stores what came of a fetch, unless another process has claimed the feed since (its lease ran out). */
  private async store(row: SkyFeed, changes: Partial<SkyFeed>, result: FeedResult): Promise<FeedResult> {
    await this.dataSource.getRepository(SkyFeed).update({ id: row.id, nextFetchAt: row.nextFetchAt }, changes);
    return result;
  }

  /** What each source last said, by source and place (null: nothing yet). */
  async readings(): Promise<Map<string, { payload: unknown; fetchedAt: Date | null }>> {
    const rows = await this.dataSource.getRepository(SkyFeed).find();
    return new Map(rows.map((row) => [`${row.source}/${row.place}`, { payload: row.payload ? (JSON.parse(row.payload) as unknown) : null, fetchedAt: row.fetchedAt }]));
  }
}
