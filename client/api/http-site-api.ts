import { InvalidDataError, isApiError } from '../../shared/errors';
import { apiRequest } from './http';
import type { GiftCardPrintView } from '../../shared/gift-cards';
import type { BookingSummary, FaqEntry, ManagedBooking, ListResponse, Post, PostSummary, SiteApi, StayPackageView, TourDetail, TourFilter, TourSummary } from '../../shared/api-types';

const getJson = <T,>(path: string): Promise<T> => apiRequest<T>('GET', path);

async function getJsonOrNull<T>(path: string): Promise<T | null> {
  try {
    return await getJson<T>(path);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

const query = (params: Record<string, string | undefined>): string => {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The browser's SiteApi: the same answers as the server's, over /api. */
export const httpSiteApi: SiteApi = {
  listTours: async (filter: TourFilter = {}, lang) =>
    (await getJson<ListResponse<TourSummary>>(`/api/tours${query({ ...filter, ...(lang && lang !== 'en' ? { lang } : {}) })}`)).data,
  getTour: (slug, lang) => getJsonOrNull<TourDetail>(`/api/tours/${encodeURIComponent(slug)}${lang && lang !== 'en' ? `?lang=${lang}` : ''}`),
  getTourById: (id, lang) => getJsonOrNull<TourDetail>(`/api/tours/by-id/${id}${lang && lang !== 'en' ? `?lang=${lang}` : ''}`),
  listPosts: async (lang) => {
    // Spec section 7: an array, or an object with a data array.
    const body = await getJson<ListResponse<PostSummary> | PostSummary[]>(lang && lang !== 'en' ? `/api/blog/?lang=${lang}` : '/api/blog/');
    const posts = Array.isArray(body) ? body : body?.data;
    if (!Array.isArray(posts)) throw new InvalidDataError('Invalid blog data returned from server.');
    return posts;
  },
  getPost: (slug, lang) => getJsonOrNull<Post>(`/api/blog/${encodeURIComponent(slug)}${lang && lang !== 'en' ? `?lang=${lang}` : ''}`),
  listFaq: async (lang) => (await getJson<ListResponse<FaqEntry>>(lang && lang !== 'en' ? `/api/faq?lang=${lang}` : '/api/faq')).data,
  listStayPackages: async (lang) => (await getJson<ListResponse<StayPackageView>>(lang && lang !== 'en' ? `/api/stays?lang=${lang}` : '/api/stays')).data,
  getBooking: (reference) => getJsonOrNull<BookingSummary>(`/api/bookings/${encodeURIComponent(reference)}`),
  getManagedBooking: (token) => getJsonOrNull<ManagedBooking>(`/api/manage/${encodeURIComponent(token)}`),
  getGiftCard: (token) => getJsonOrNull<GiftCardPrintView>(`/api/gift-cards/card/${encodeURIComponent(token)}`),
};
