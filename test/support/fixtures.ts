import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { DataSource } from 'typeorm';

import { BlogPost } from '../../src/blog/blog-post.entity';
import { Departure } from '../../src/tours/departure.entity';
import { Tour } from '../../src/tours/tour.entity';

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

/** A fresh open departure of a tour, `daysAhead` from now, for tests that fill or race for seats. */
export async function createTestDeparture(dataSource: DataSource, tourSlug: string, options: { daysAhead?: number; capacity?: number; priceSek?: number | null } = {}): Promise<Departure> {
  const tour = await dataSource.getRepository(Tour).findOneByOrFail({ slug: tourSlug });
  const departures = dataSource.getRepository(Departure);
  const startsAt = new Date(Date.now() + (options.daysAhead ?? 30) * 86_400_000 + Math.floor(Math.random() * 3_600_000));
  return departures.save(departures.create({ tourId: tour.id, startsAt, capacity: options.capacity ?? 8, priceSek: options.priceSek ?? null, status: 'open' }));
}

/** Mails written to the outbox since `since`, as text. */
export function outboxMails(dir: string, since = 0): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml') && statSync(join(dir, file)).mtimeMs >= since)
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

let nextAddress = 1;
/** A distinct client address per request, so per-address rate limits do not mix up tests. */
export const newClientAddress = (): string => `198.51.${Math.floor(nextAddress / 250) % 250}.${(nextAddress++ % 250) + 1}`;
