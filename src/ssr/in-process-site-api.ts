import { NotFoundException } from '@nestjs/common';

import type { SiteApi } from '../../client/api/types';
import type { BlogService } from '../blog/blog.service';
import type { BookingsService } from '../bookings/bookings.service';
import type { StaysService } from '../bookings/stays.service';
import type { FaqService } from '../faq/faq.service';
import type { ToursService } from '../tours/tours.service';

/** The pages' API answered by the Nest services directly: SSR never calls itself over HTTP. */
export function inProcessSiteApi(services: { tours: ToursService; blog: BlogService; faq: FaqService; stays: StaysService; bookings: BookingsService }): SiteApi {
  return {
    listTours: (filter) => services.tours.list(filter),
    getTour: (slug) => services.tours.findBySlug(slug),
    getTourById: (id) => services.tours.findById(id),
    listPosts: () => services.blog.list(),
    getPost: (slug) => services.blog.findBySlug(slug),
    listFaq: () => services.faq.list(),
    listStayPackages: () => services.stays.list(),
    getBooking: (reference) =>
      services.bookings.summary(reference).catch((error: unknown) => {
        if (error instanceof NotFoundException) return null;
        throw error;
      }),
  };
}
