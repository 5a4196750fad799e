import { HttpException, NotFoundException } from '@nestjs/common';

import { ApiError } from '../../shared/errors';
import type { SiteApi } from '../../shared/api-types';
import type { BlogService } from '../blog/blog.service';
import type { BookingLookupLimiter } from '../bookings/booking-lookup.limiter';
import type { BookingsService } from '../bookings/bookings.service';
import type { ManageService } from '../bookings/manage.service';
import type { StaysService } from '../bookings/stays.service';
import { RetryLaterException } from '../common/filters/retry-later.exception';
import type { FaqService } from '../faq/faq.service';
import type { GiftCardSales } from '../gift-cards/gift-card-sales.service';
import type { ToursService } from '../tours/tours.service';

export interface SiteServices {
  tours: ToursService;
  blog: BlogService;
  faq: FaqService;
  stays: StaysService;
  bookings: BookingsService;
  lookups: BookingLookupLimiter;
  manage: ManageService;
  giftCards: GiftCardSales;
}

/**
 * The pages' API answered by the Nest services directly: SSR never calls itself over HTTP.
 * A booking look-up counts against the visitor's address exactly as the API's does.
 */
export function inProcessSiteApi(services: SiteServices, clientIp: string): SiteApi {
  return {
    listTours: (filter, lang) => services.tours.list(filter, lang),
    getTour: (slug, lang) => services.tours.findBySlug(slug, lang),
    getTourById: (id, lang) => services.tours.findById(id, lang),
    listPosts: (lang) => services.blog.list(lang),
    getPost: (slug, lang) => services.blog.findBySlug(slug, lang),
    listFaq: (lang) => services.faq.list(lang),
    listStayPackages: (lang) => services.stays.list(lang),
    getBooking: async (reference) => {
      try {
        await services.lookups.consume(clientIp);
        return await services.bookings.summary(reference);
      } catch (error) {
        if (error instanceof NotFoundException) return null;
        if (error instanceof RetryLaterException) throw new ApiError(429, error.message);
        throw error;
      }
    },
    getManagedBooking: (token) =>
      services.manage.view(token).catch((error: unknown) => {
        if (error instanceof NotFoundException) return null;
        throw error;
      }),
    getGiftCard: (token) => services.giftCards.printView(token),
  };
}

/** A failure of ours (the database, a bug), as opposed to an answer about what was asked (a 404, a 429). */
const isOurFailure = (error: unknown): boolean =>
  !(error instanceof HttpException && error.getStatus() < 500) && !(error instanceof ApiError && error.status > 0 && error.status < 500);

/**
 * The same API, telling `onFailure` of every call that failed on our side, and why. A loader may
 * catch such a failure and still render a page ("Failed to load tours"); that page must never be kept.
 */
export function watchFailures(api: SiteApi, onFailure: (error: unknown) => void): SiteApi {
  const watched = {} as Record<keyof SiteApi, unknown>;
  for (const name of Object.keys(api) as (keyof SiteApi)[]) {
    const call = api[name] as (...args: unknown[]) => Promise<unknown>;
    watched[name] = (...args: unknown[]) =>
      call(...args).catch((error: unknown) => {
        if (isOurFailure(error)) onFailure(error);
        throw error;
      });
  }
  return watched as unknown as SiteApi;
}
