import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { TZDate } from '@date-fns/tz';
import { hashSync } from 'bcryptjs';
import request from 'supertest';
import { Between, DataSource } from 'typeorm';

import { COMPANY } from '../../shared/company';
import { AdminUser } from '../../src/admin/admin-user.entity';
import { BlogPost } from '../../src/blog/blog-post.entity';
import { Departure } from '../../src/departures/departure.entity';
import { Tour } from '../../src/tours/tour.entity';
import { readableMail } from './mail-text';

/** Saves a blog post for one test; returns a function that removes it again. */
export async function saveTestPost(dataSource: DataSource, post: Partial<BlogPost> & Pick<BlogPost, 'slug' | 'title' | 'content'>): Promise<() => Promise<void>> {
  const posts = dataSource.getRepository(BlogPost);
  await posts.save(
    posts.create({ excerpt: '', coverImageUrl: '/images/art/hero.svg', coverImageAlt: 'x', author: 'Test', publishedAt: new Date(Date.now() - 1000), ...post }),
  );
  return async () => {
    await posts.delete({ slug: post.slug });
  };
}

/**
 * A fresh open departure of a tour, `daysAhead` from now (plus up to an hour, so that two never
 * start at the same moment), for tests that fill or race for seats. With `evening`, it starts in
 * the evening of the day `daysAhead` days from today in Kiruna instead (19:00-20:00 there): a
 * test that asks about that day by its date finds it there whatever the hour it runs.
 */
export async function createTestDeparture(
  dataSource: DataSource,
  tourSlug: string,
  options: { daysAhead?: number; capacity?: number; priceSek?: number | null; evening?: boolean } = {},
): Promise<Departure> {
  const tour = await dataSource.getRepository(Tour).findOneByOrFail({ slug: tourSlug });
  const departures = dataSource.getRepository(Departure);
  const base = options.evening ? eveningInKiruna(options.daysAhead ?? 30).getTime() : Date.now() + (options.daysAhead ?? 30) * 86_400_000;
  // A minute of its own for the tour: OCTO names a departure by its tour and local start minute, as
  // staff's schedule keeps one per minute (suites running at once each make departures of the same tours).
  for (let attempt = 0; ; attempt++) {
    const startsAt = new Date(base + Math.floor(Math.random() * 3_600_000));
    const minute = Math.floor(startsAt.getTime() / 60_000) * 60_000;
    const taken = await departures.countBy({ tourId: tour.id, startsAt: Between(new Date(minute), new Date(minute + 59_999)) });
    if (taken === 0 || attempt >= 20) return departures.save(departures.create({ tourId: tour.id, startsAt, capacity: options.capacity ?? 8, priceSek: options.priceSek ?? null, status: 'open' }));
  }
}

/** 19:00 in Kiruna on the day `days` after today there (today in Kiruna, whatever the hour and the machine's time zone). */
export function eveningInKiruna(days: number, now = new Date()): Date {
  const local = new TZDate(now.getTime(), COMPANY.timeZone);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + days, 19, 0, COMPANY.timeZone).getTime());
}

/** When the server wrote an outbox file, by its own clock (the name starts with it: 2026-11-28T23-30-40-684Z-…); the file's time where the name has none. */
function writtenAt(dir: string, file: string): number {
  const named = /^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z-/.exec(file);
  return named ? Date.parse(`${named[1]}T${named[2]}:${named[3]}:${named[4]}.${named[5]}Z`) : statSync(join(dir, file)).mtimeMs;
}

/** Mails written to the outbox since `since`, as text (quoted-printable bodies decoded). */
export function outboxMails(dir: string, since = 0): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml') && writtenAt(dir, file) >= since)
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .map(readableMail);
}

// Each test file starts elsewhere in 198.18.0.0/15, so files sharing the test database never share an address.
let nextAddress = Date.now() % 130_000;
/** A distinct client address per request, so per-address rate and hold limits do not mix up tests. */
export const newClientAddress = (): string => {
  const n = nextAddress++ % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
};

/** A fresh staff account, signed in: its bearer token. */
export async function staffToken(dataSource: DataSource, server: Parameters<typeof request>[0]): Promise<string> {
  const admins = dataSource.getRepository(AdminUser);
  const email = `staff-${Date.now()}-${Math.floor(Math.random() * 1e6)}@norrsken.test`;
  await admins.save(admins.create({ email, passwordHash: hashSync('a good password', 4) }));
  const login = await request(server).post('/api/admin/login').set('X-Forwarded-For', newClientAddress()).send({ email, password: 'a good password' }).expect(200);
  return login.body.token as string;
}

/**
 * How long `GET /health` takes, asked again and again until `work` settles: whether the server
 * keeps answering while it does something heavy. The latencies sorted, fastest first, and what
 * the work gave.
 */
export async function latenciesDuring<T>(server: Parameters<typeof request>[0], work: PromiseLike<T>): Promise<{ latencies: number[]; result: T }> {
  let settled = false;
  const done = Promise.resolve(work).finally(() => (settled = true));
  const latencies: number[] = [];
  while (!settled) {
    const started = performance.now();
    await request(server).get('/health').expect(200);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { latencies: latencies.sort((a, b) => a - b), result: await done };
}
