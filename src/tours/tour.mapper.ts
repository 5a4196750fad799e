import type { AdminTourView } from '../../shared/admin-types';
import type { DepartureView, PriceCategoryView, TourDetail, TourSummary } from '../../shared/api-types';
import { MAX_GROUP_SIZE } from '../../shared/taxonomy';
import { cleanText } from '../common/text/clean-text';
import type { TourOptions } from './tour-options';
import type { Tour } from './tour.entity';
import type { DepositTerms } from '../../shared/deposits';

/** Spec section 9: sort_order ascending, a missing one counting as very large, ties by id descending. */
export function compareTours(a: Pick<Tour, 'id' | 'sortOrder'>, b: Pick<Tour, 'id' | 'sortOrder'>): number {
  const orderA = a.sortOrder ?? Number.MAX_SAFE_INTEGER;
  const orderB = b.sortOrder ?? Number.MAX_SAFE_INTEGER;
  return orderA !== orderB ? orderA - orderB : b.id - a.id;
}

/** The sizes of the main image when it was uploaded (it is also the first of the gallery). */
function mainImageVariants(tour: Tour): Pick<TourSummary, 'image_variants'> {
  const main = tour.images?.[0];
  return main?.url === tour.imageUrl && main.variants?.length ? { image_variants: main.variants } : {};
}

export function mapTourSummary(tour: Tour): TourSummary {
  return {
    id: tour.id,
    slug: tour.slug,
    title: tour.title,
    short_description: cleanText(tour.shortDescription),
    image_url: tour.imageUrl,
    image_alt: tour.imageAlt,
    ...mainImageVariants(tour),
    isMain: tour.isMain,
    duration: Math.round((tour.durationMinutes / 60) * 10) / 10,
    price: tour.priceSek,
    locations: tour.pickupPlaces,
    sort_order: tour.sortOrder,
    categories: [...(tour.categories ?? [])].sort((a, b) => a.sortOrder - b.sortOrder).map((category) => category.name),
    operatesFrom: [...(tour.locations ?? [])].sort((a, b) => a.sortOrder - b.sortOrder).map((location) => location.name),
  };
}

/** A tour's deposit terms, or null when it asks none (paid in full). */
export const depositTermsOf = (tour: Pick<Tour, 'depositPercent' | 'depositSek' | 'balanceDueDays'>): DepositTerms | null =>
  tour.depositPercent === null && tour.depositSek === null ? null : { depositPercent: tour.depositPercent, depositSek: tour.depositSek, balanceDueDays: tour.balanceDueDays };

export function mapTourDetail(tour: Tour, departures: DepartureView[], priceCategories: PriceCategoryView[], options: TourOptions): Omit<TourDetail, 'cancellationPolicy' | 'cancelFreeHours' | 'checkoutMethod' | 'deposit'> {
  return {
    ...mapTourSummary(tour),
    description: tour.description,
    highlights: tour.highlights,
    included: tour.included,
    whatToBring: tour.whatToBring,
    meetingPoint: tour.meetingPoint,
    season: tour.season,
    timeOfDay: tour.timeOfDay,
    minAge: tour.minAge,
    maxGroupSize: MAX_GROUP_SIZE,
    images: tour.images,
    priceCategories,
    questions: options.questions,
    pickupPoints: options.pickupPoints,
    minGuests: tour.minGuests,
    pickupCutoffHours: options.pickupCutoffHours,
    answersDueHours: options.answersDueHours,
    departures,
  };
}

/** A tour with every field staff edit: the admin's editor and the AI guide's catalogue read it. */
export function mapTourRecord(tour: Tour): AdminTourView {
  return {
    id: tour.id,
    title: tour.title,
    slug: tour.slug,
    shortDescription: tour.shortDescription,
    description: tour.description,
    highlights: tour.highlights,
    included: tour.included,
    whatToBring: tour.whatToBring,
    categories: [...(tour.categories ?? [])].sort((a, b) => a.sortOrder - b.sortOrder).map((category) => category.name),
    locations: [...(tour.locations ?? [])].sort((a, b) => a.sortOrder - b.sortOrder).map((location) => location.name),
    pickupPlaces: tour.pickupPlaces,
    durationMinutes: tour.durationMinutes,
    priceSek: tour.priceSek,
    vatRate: tour.vatRate,
    minAge: tour.minAge,
    seasonMonths: tour.seasonMonths,
    season: tour.season,
    timeOfDay: tour.timeOfDay,
    meetingPoint: tour.meetingPoint,
    images: tour.images,
    isActive: tour.isActive,
    sortOrder: tour.sortOrder,
    updatedAt: tour.updatedAt.toISOString(),
  };
}
