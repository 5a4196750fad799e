import { data, redirect, type LoaderFunctionArgs } from 'react-router-dom';

import type { FaqEntry, Post } from '../shared/api-types';
import { InvalidDataError, isApiError } from '../shared/errors';
import { langOfPath, localizedPath, type Lang } from '../shared/languages';
import { CATEGORIES, LOCATIONS } from '../shared/taxonomy';
import { siteApi } from './api/site-api';
import { popularTourFacts } from './components/popular-tours';
import type { BlogListData } from './pages/BlogPages';
import type { BookData } from './pages/BookPage';
import type { HomeData } from './pages/HomePage';
import type { GiftCardData } from './pages/GiftCardPages';
import type { ManageData } from './pages/ManagePages';
import type { PaymentStepData } from './pages/PaymentPages';
import { tourPageData, type TourData } from './pages/tour-page-data';
import type { ToursData } from './pages/tours-copy';
import { relatedTours } from './related-tours';
import { isBookingReference } from '../shared/booking-reference';

/**
 * Each page's loader (client/routes.tsx names them): what it reads from the API. In a chunk of
 * their own, loaded on the first navigation that needs one; the server has them all.
 */

const notFound = () => data(null, { status: 404 });
const langOf = (request: Request): Lang => langOfPath(new URL(request.url).pathname);

/** Only the spec's values filter; anything else shows every tour. */
function readFilter(url: URL): { location?: string; category?: string } {
  const location = LOCATIONS.find((item) => item.name.toLowerCase() === url.searchParams.get('location')?.toLowerCase())?.name;
  const category = CATEGORIES.find((item) => item.name.toLowerCase() === url.searchParams.get('category')?.toLowerCase())?.name;
  return { location, category };
}

/** A filtered list with its related tours; a failed load shows the spec's message in place of the list. */
async function listLoader(context: unknown, filter: { location?: string; category?: string }, lang: Lang): Promise<ToursData> {
  const api = siteApi(context);
  try {
    const [tours, all] = await Promise.all([api.listTours(filter, lang), filter.location || filter.category ? api.listTours({}, lang) : null]);
    return { kind: 'list', tours, related: all ? relatedTours(all, tours) : [], failed: false, ...filter };
  } catch (error) {
    console.error('Failed to load tours', error);
    return { kind: 'list', tours: [], related: [], failed: true, ...filter };
  }
}

export const toursLoader = ({ request, context }: LoaderFunctionArgs): Promise<ToursData> => listLoader(context, readFilter(new URL(request.url)), langOf(request));

/** /tours/{slug}/ is a category landing page (the footer's links) or a tour. */
export async function tourOrCategoryLoader({ params, context, request }: LoaderFunctionArgs): Promise<ToursData | TourData> {
  const slug = params.slug ?? '';
  const lang = langOf(request);
  const category = CATEGORIES.find((item) => item.slug === slug);
  if (category) return listLoader(context, { category: category.name }, lang);
  const api = siteApi(context);
  const [tour, all] = await Promise.all([api.getTour(slug, lang), api.listTours({}, lang)]);
  if (!tour) throw notFound();
  // Staff renamed it: the old address answers 301 to the new one.
  if (tour.slug !== slug) throw redirect(localizedPath(lang, `/tours/${tour.slug}/`), 301);
  return tourPageData(tour, relatedTours(all, [tour]));
}

export async function bookLoader({ params, context, request }: LoaderFunctionArgs): Promise<BookData> {
  // One address per tour: its id as digits without leading zeros (not 016, 0x10 or 1.6e1).
  const id = /^[1-9]\d*$/.test(params.tourId ?? '') ? Number(params.tourId) : NaN;
  const api = siteApi(context);
  const lang = langOf(request);
  const [tour, stays] = await Promise.all([Number.isSafeInteger(id) ? api.getTourById(id, lang) : null, api.listStayPackages(lang)]);
  if (!tour) throw notFound();
  return { tour, stays };
}

export async function homeLoader({ context, request }: LoaderFunctionArgs): Promise<HomeData> {
  const api = siteApi(context);
  const lang = langOf(request);
  const [posts, faq, tours] = await Promise.all([
    api.listPosts(lang).catch((error: unknown) => {
      console.error('Failed to fetch blog post', error);
      return [];
    }),
    api.listFaq(lang).catch(() => []),
    // Without the catalogue the popular tours are still linked, without their pictures.
    api.listTours({}, lang).catch(() => []),
  ]);
  return { latestPost: posts[0] ?? null, faqPreview: faq.slice(0, 2), tours: popularTourFacts(tours) };
}

export async function faqLoader({ context, request }: LoaderFunctionArgs): Promise<{ faq: FaqEntry[] }> {
  return { faq: await siteApi(context).listFaq(langOf(request)) };
}

/** Spec section 4: loads once and ends in list, empty or error. */
export async function blogLoader({ context, request }: LoaderFunctionArgs): Promise<BlogListData> {
  try {
    return { state: 'list', posts: await siteApi(context).listPosts(langOf(request)) };
  } catch (error) {
    return { state: error instanceof InvalidDataError ? 'invalid' : 'error', posts: [] };
  }
}

export async function postLoader({ params, context, request }: LoaderFunctionArgs): Promise<{ post: Post }> {
  const post = await siteApi(context).getPost(params.slug ?? '', langOf(request));
  if (!post) throw notFound();
  return { post };
}

/** The booking named by ?booking=REF, for the checkout, success and cancel pages. */
export async function paymentStepLoader({ request, context }: LoaderFunctionArgs) {
  const reference = new URL(request.url).searchParams.get('booking');
  // Text that cannot be a reference is not looked up (nor counted against the address's look-ups).
  if (!reference || !isBookingReference(reference)) return { reference: null, booking: null, badReference: Boolean(reference) } satisfies PaymentStepData;
  try {
    return { reference, booking: await siteApi(context).getBooking(reference) } satisfies PaymentStepData;
  } catch (error) {
    // Look-ups by reference are limited per address, on the pages as on the API.
    if (isApiError(error) && error.status === 429) return data({ reference, booking: null, refused: error.message } satisfies PaymentStepData, { status: 429 });
    throw error;
  }
}

export async function manageLoader({ request, context }: LoaderFunctionArgs): Promise<ManageData> {
  const token = new URL(request.url).searchParams.get('token');
  const api = siteApi(context);
  const booking = token ? await api.getManagedBooking(token) : null;
  // The other dates of the same tour, for a change of date.
  const departures = booking?.status === 'confirmed' ? ((await api.getTour(booking.tour.slug, langOf(request)))?.departures ?? []) : [];
  return { token, booking, departures };
}

/** A gift card's printable page: the card its signed link names (null for a bad link). */
export async function giftCardLoader({ request, context }: LoaderFunctionArgs): Promise<GiftCardData> {
  const token = new URL(request.url).searchParams.get('token');
  return { card: token ? await siteApi(context).getGiftCard(token) : null };
}
