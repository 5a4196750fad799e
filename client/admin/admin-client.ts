import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';

import type { AdminFaqView, AdminPickupPointView, AdminStayView, AdminTourView, AdminTranslatedPostView, AdminTranslatedTourView, FaqInput, PickupPointInput, FaqTranslation, StayTranslation, PostInput, PostTranslation, StayInput, TourBookingOptions, TourInput, FieldWordsView, TourTranslation, UploadedImageView } from '../../shared/admin-types';
import { isApiError } from '../../shared/errors';
import { apiRequest } from '../api/http';
import { ADMIN_TOKEN_KEY, clearAdminSession } from './admin-session';

/** A staff call: /api/admin/{path} with the stored token; messages made up here are Swedish. */
export function adminRequest<T>(method: string, path: string, options: { body?: unknown; form?: FormData; raw?: boolean } = {}): Promise<T> {
  return apiRequest<T>(method, `/api/admin/${path}`, { ...options, token: localStorage.getItem(ADMIN_TOKEN_KEY) ?? '', lang: 'sv' });
}

/** What the bookings list and its passenger lists are cached under: every booking change refreshes them. */
export const BOOKINGS_KEY = ['admin', 'bookings'] as const;

/** The content screens' calls, typed. */
export const contentApi = {
  tours: () => adminRequest<AdminTranslatedTourView[]>('GET', 'tours'),
  tour: (id: number) => adminRequest<AdminTranslatedTourView>('GET', `tours/${id}`),
  createTour: (input: TourInput) => adminRequest<AdminTranslatedTourView>('POST', 'tours', { body: input }),
  updateTour: (id: number, patch: Partial<TourInput>) => adminRequest<AdminTranslatedTourView>('PATCH', `tours/${id}`, { body: patch }),
  translateTour: (id: number, lang: 'sv' | 'de', words: TourTranslation) => adminRequest<AdminTranslatedTourView>('PUT', `tours/${id}/translations/${lang}`, { body: words }),
  orderTours: (ids: number[]) => adminRequest<AdminTourView[]>('PUT', 'tours/order', { body: { ids } }),
  deleteTour: (id: number) => adminRequest<void>('DELETE', `tours/${id}`),
  bookingOptions: (id: number) => adminRequest<TourBookingOptions>('GET', `tours/${id}/booking-options`),
  saveBookingOptions: (id: number, options: TourBookingOptions) => adminRequest<TourBookingOptions>('PUT', `tours/${id}/booking-options`, { body: options }),
  optionWords: (id: number) => adminRequest<FieldWordsView>('GET', `tours/${id}/option-words`),
  translateOptionWords: (id: number, lang: 'sv' | 'de', words: Record<string, string>) => adminRequest<FieldWordsView>('PUT', `tours/${id}/option-words/${lang}`, { body: { words } }),
  pickupWords: () => adminRequest<FieldWordsView>('GET', 'pickup-points/words'),
  translatePickupWords: (lang: 'sv' | 'de', words: Record<string, string>) => adminRequest<FieldWordsView>('PUT', `pickup-points/words/${lang}`, { body: { words } }),
  pickupPoints: () => adminRequest<AdminPickupPointView[]>('GET', 'pickup-points'),
  createPickupPoint: (input: PickupPointInput) => adminRequest<AdminPickupPointView>('POST', 'pickup-points', { body: input }),
  updatePickupPoint: (id: number, input: Partial<PickupPointInput>) => adminRequest<AdminPickupPointView>('PATCH', `pickup-points/${id}`, { body: input }),
  posts: () => adminRequest<AdminTranslatedPostView[]>('GET', 'blog'),
  post: (id: number) => adminRequest<AdminTranslatedPostView>('GET', `blog/${id}`),
  createPost: (input: PostInput) => adminRequest<AdminTranslatedPostView>('POST', 'blog', { body: input }),
  updatePost: (id: number, patch: Partial<PostInput>) => adminRequest<AdminTranslatedPostView>('PATCH', `blog/${id}`, { body: patch }),
  translatePost: (id: number, lang: 'sv' | 'de', words: PostTranslation) => adminRequest<AdminTranslatedPostView>('PUT', `blog/${id}/translations/${lang}`, { body: words }),
  deletePost: (id: number) => adminRequest<void>('DELETE', `blog/${id}`),
  faq: () => adminRequest<AdminFaqView[]>('GET', 'faq'),
  createFaq: (input: FaqInput) => adminRequest<AdminFaqView>('POST', 'faq', { body: input }),
  updateFaq: (id: number, patch: Partial<FaqInput>) => adminRequest<AdminFaqView>('PATCH', `faq/${id}`, { body: patch }),
  deleteFaq: (id: number) => adminRequest<void>('DELETE', `faq/${id}`),
  translateFaq: (id: number, lang: 'sv' | 'de', words: FaqTranslation) => adminRequest<AdminFaqView>('PUT', `faq/${id}/translations/${lang}`, { body: words }),
  stays: () => adminRequest<AdminStayView[]>('GET', 'stays'),
  createStay: (input: StayInput) => adminRequest<AdminStayView>('POST', 'stays', { body: input }),
  updateStay: (id: number, patch: Partial<StayInput>) => adminRequest<AdminStayView>('PATCH', `stays/${id}`, { body: patch }),
  deleteStay: (id: number) => adminRequest<void>('DELETE', `stays/${id}`),
  translateStay: (id: number, lang: 'sv' | 'de', words: StayTranslation) => adminRequest<AdminStayView>('PUT', `stays/${id}/translations/${lang}`, { body: words }),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return adminRequest<UploadedImageView>('POST', 'uploads', { form });
  },
};

/**
 * The admin's data: queries keyed by what they show (a screen's URL search params included),
 * refetched after every change by invalidation, never by hand. A 401 anywhere ends the session.
 */
export function createAdminQueryClient(onSignedOut: () => void): QueryClient {
  const signedOut = (error: unknown) => {
    if (isApiError(error) && error.status === 401) {
      clearAdminSession();
      onSignedOut();
    }
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: signedOut }),
    mutationCache: new MutationCache({ onError: signedOut }),
    defaultOptions: { queries: { retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2, staleTime: 10_000, refetchOnWindowFocus: true } },
  });
}
