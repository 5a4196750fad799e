import type { PostSummary, TourDetail } from '../shared/api-types';
import { BLOG_JSON_LD_LIMIT, blogJsonLd, tourJsonLd, tourOffer } from './json-ld';

describe(blogJsonLd.name, () => {
  it('lists up to 20 posts (spec section 9)', () => {
    const posts = Array.from({ length: 25 }, (_, id) => ({ id, slug: `p${id}`, title: `P${id}`, excerpt: '', created_at: '2026-01-01T00:00:00Z' }) as PostSummary);
    const sut = blogJsonLd(posts, 'https://norrsken.test') as { blogPost: { url: string }[] };
    expect(sut.blogPost).toHaveLength(BLOG_JSON_LD_LIMIT);
    expect(sut.blogPost[0].url).toBe('https://norrsken.test/blog/p0/');
  });
});

describe(tourJsonLd.name, () => {
  it('offers the lowest price in SEK and says when every departure is sold out', () => {
    const tour = {
      slug: 'x',
      title: 'X',
      short_description: 'x',
      price: 1500,
      categories: ['Winter'],
      meetingPoint: 'Kiruna',
      images: [{ url: '/a.svg', alt: '', width: 1, height: 1 }],
      departures: [
        { id: 1, startsAt: '', capacity: 8, seatsLeft: 0, priceSek: 1400 },
        { id: 2, startsAt: '', capacity: 8, seatsLeft: 0, priceSek: 1700 },
      ],
    } as unknown as TourDetail;
    const sut = tourJsonLd(tour, tourOffer(tour), 'https://norrsken.test') as { offers: { price: number; priceCurrency: string; availability: string } };
    expect(sut.offers).toMatchObject({ price: 1400, priceCurrency: 'SEK', availability: 'https://schema.org/SoldOut' });
  });
});
