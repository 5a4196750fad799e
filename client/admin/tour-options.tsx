import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../api/http';
import type { TourBookingOptions } from '../../shared/admin-types';
import type { ListResponse, TourSummary } from '../../shared/api-types';
import { namedIn } from '../../shared/option-fields';
import { contentApi } from './admin-client';

/** The published tours, for the admin's tour pickers (one query, shared by every screen). */
export function useTourOptions() {
  return useQuery({
    queryKey: ['admin', 'tour-options'],
    queryFn: async () => (await apiRequest<ListResponse<TourSummary>>('GET', '/api/tours', { lang: 'sv' })).data,
    staleTime: 60_000,
  });
}

/**
 * What a tour sells and asks, as the booking screens use it: its price categories and questions
 * named in the tour's Swedish words where staff gave them ("Vuxen (13+)", not "Adult (13+)").
 */
export function useSwedishBookingOptions(tourId: number | undefined): TourBookingOptions | undefined {
  const enabled = Boolean(tourId);
  const source = useQuery({ queryKey: ['admin', 'tours', tourId, 'options'], queryFn: () => contentApi.bookingOptions(tourId!), enabled }).data;
  const words = useQuery({ queryKey: ['admin', 'tours', tourId, 'option-words'], queryFn: () => contentApi.optionWords(tourId!), enabled }).data;
  return source && { ...source, ...namedIn(source, words?.translations.sv) };
}

/** One <option> per tour, by title. */
export function TourOptions({ tours }: { tours: TourSummary[] }) {
  return (
    <>
      {tours.map((tour) => (
        <option key={tour.id} value={tour.id}>
          {tour.title}
        </option>
      ))}
    </>
  );
}
