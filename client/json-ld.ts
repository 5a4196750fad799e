import type { FaqEntry, Post, PostSummary, TourDetail } from '../shared/api-types';
import { COMPANY } from '../shared/company';
import { DEFAULT_IMAGE, SITE_NAME } from './head';

/** What a page's structured data describes; jsonLdOf makes it, on the server only (renderHeadTags). */
export type JsonLdOf =
  | { kind: 'breadcrumb'; current: { name: string; path: string } }
  | { kind: 'tour'; tour: TourDetail; offer: TourOffer }
  | { kind: 'faq'; faq: FaqEntry[] }
  | { kind: 'blog'; posts: PostSummary[] }
  | { kind: 'post'; post: Post };

export function jsonLdOf(item: JsonLdOf, publicUrl: string): object {
  switch (item.kind) {
    case 'breadcrumb':
      return breadcrumbJsonLd(toursTrail(item.current), publicUrl);
    case 'tour':
      return tourJsonLd(item.tour, item.offer, publicUrl);
    case 'faq':
      return faqJsonLd(item.faq);
    case 'blog':
      return blogJsonLd(item.posts, publicUrl);
    case 'post':
      return postJsonLd(item.post, publicUrl);
  }
}

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
    // Only guests' own ratings, and only once there are enough of them (the API leaves it out before).
    ...(tour.rating ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: tour.rating.average, ratingCount: tour.rating.count, bestRating: 5, worstRating: 1 } } : {}),
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

/** Site-wide structured data: the company as a travel agency (spec section 1). */
export function travelAgencyJsonLd(publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'TravelAgency',
    name: SITE_NAME,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/images/logo.svg`,
    image: `${publicUrl}${DEFAULT_IMAGE}`,
    description: 'Small-group arctic tours in Kiruna and Abisko, Swedish Lapland, since 2005.',
    foundingDate: '2005',
    telephone: COMPANY.phone,
    email: COMPANY.email,
    priceRange: '995-2895 SEK',
    address: {
      '@type': 'PostalAddress',
      streetAddress: 'Lars Janssonsgatan 17',
      postalCode: '981 31',
      addressLocality: 'Kiruna',
      addressCountry: 'SE',
    },
    areaServed: ['Kiruna', 'Abisko'],
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: '09:00',
        closes: '18:00',
      },
    ],
  };
}
