import { NotFoundException } from '@nestjs/common';

import { ApiError } from '../../shared/errors';
import type { SiteApi } from '../../shared/api-types';
import type { BlogService } from '../blog/blog.service';
import type { BookingLookupLimiter } from '../bookings/booking-lookup.limiter';
import type { BookingsService } from '../bookings/bookings.service';
import type { ManageService } from '../bookings/manage.service';
import type { StaysService } from '../bookings/stays.service';
import { RetryLaterException } from '../common/filters/retry-later.exception';
import type { FaqService } from '../faq/faq.service';
import type { ToursService } from '../tours/tours.service';

export interface SiteServices {
  tours: ToursService;
  blog: BlogService;
  faq: FaqService;
  stays: StaysService;
  bookings: BookingsService;
  lookups: BookingLookupLimiter;
  manage: ManageService;
}

/**
 * The pages' API answered by the Nest services directly: SSR never calls itself over HTTP.
 * A booking look-up counts against the visitor's address exactly as the API's does.
 */
export function inProcessSiteApi(services: SiteServices, clientIp: string): SiteApi {
  return {
    listTours: (filter) => services.tours.list(filter),
    getTour: (slug) => services.tours.findBySlug(slug),
    getTourById: (id) => services.tours.findById(id),
    listPosts: () => services.blog.list(),
    getPost: (slug) => services.blog.findBySlug(slug),
    listFaq: () => services.faq.list(),
    listStayPackages: () => services.stays.list(),
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
  };
}
