import type { FaqEntry, Post, PostSummary, TourDetail } from '../shared/api-types';
import { SITE_NAME } from './head';

/** What a tour offers across all its upcoming departures: the lowest price, and whether any has a seat. */
export interface TourOffer {
  lowestSek: number;
  available: boolean;
}

export const tourOffer = (tour: Pick<TourDetail, 'price' | 'departures'>): TourOffer => ({
  lowestSek: Math.min(tour.price, ...tour.departures.map((departure) => departure.priceSek)),
  available: tour.departures.some((departure) => departure.seatsLeft > 0),
});

/** Structured data for search engines; absolute URLs are made by renderHeadTags' caller. */
export function tourJsonLd(tour: TourDetail, { lowestSek, available }: TourOffer, publicUrl: string): object {
  const url = `${publicUrl}/tours/${tour.slug}/`;
  return {
    '@context': 'https://schema.org',
    '@type': ['TouristTrip', 'Product'],
    name: tour.title,
    description: tour.short_description,
    url,
    image: tour.images.map((image) => `${publicUrl}${image.url}`),
    touristType: tour.categories,
    brand: { '@type': 'Brand', name: SITE_NAME },
    provider: { '@type': 'TravelAgency', name: SITE_NAME, url: `${publicUrl}/` },
    itinerary: { '@type': 'Place', name: tour.meetingPoint },
    offers: {
      '@type': 'Offer',
      price: lowestSek,
      priceCurrency: 'SEK',
      url,
      availability: available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
  };
}

/** The breadcrumb trail a page shows (Home › Tours › …), as the search results can show it. */
export function breadcrumbJsonLd(trail: { name: string; path: string }[], publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: `${publicUrl}${crumb.path}` })),
  };
}

/** Home › Tours › `current`: the trail the Breadcrumb component shows. */
export const toursTrail = (current: { name: string; path: string }) => [{ name: 'Home', path: '/' }, { name: 'Tours', path: '/tours/' }, current];

export function faqJsonLd(faq: FaqEntry[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** Spec section 9: the blog's structured data lists up to 20 posts. */
export const BLOG_JSON_LD_LIMIT = 20;

export function blogJsonLd(posts: PostSummary[], publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    name: `${SITE_NAME} blog`,
    url: `${publicUrl}/blog/`,
    blogPost: posts.slice(0, BLOG_JSON_LD_LIMIT).map((post) => ({
      '@type': 'BlogPosting',
      headline: post.title,
      url: `${publicUrl}/blog/${post.slug}/`,
      datePublished: post.created_at,
    })),
  };
}

export function postJsonLd(post: Post, publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    datePublished: post.created_at,
    author: { '@type': 'Person', name: post.author },
    ...(post.cover_image_url ? { image: `${publicUrl}${post.cover_image_url}` } : {}),
    mainEntityOfPage: `${publicUrl}/blog/${post.slug}/`,
    publisher: { '@type': 'Organization', name: SITE_NAME, logo: { '@type': 'ImageObject', url: `${publicUrl}/images/logo.svg` } },
  };
}
