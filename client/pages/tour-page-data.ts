import type { TourDetail, TourSummary } from '../../shared/api-types';
import { tourOffer, type TourOffer } from '../json-ld';

export interface TourData {
  kind: 'tour';
  /** The tour with only the departures the page lists (the booking page reads them all). */
  tour: TourDetail;
  /** Across all its upcoming departures, for the search engines' structured data. */
  offer: TourOffer;
  related: TourSummary[];
}

const SHOWN_DEPARTURES = 8;

/**
 * What the tour page is rendered and hydrated with: the departures it lists and not the two
 * months after them (three quarters of its inline state, for nothing the page shows).
 */
export const tourPageData = (tour: TourDetail, related: TourSummary[]): TourData => ({
  kind: 'tour',
  tour: { ...tour, departures: tour.departures.slice(0, SHOWN_DEPARTURES) },
  offer: tourOffer(tour),
  related,
});
