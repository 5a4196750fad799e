import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../api/http';
import type { ListResponse, TourSummary } from '../../shared/api-types';

/** The published tours, for the admin's tour pickers (one query, shared by every screen). */
export function useTourOptions() {
  return useQuery({
    queryKey: ['admin', 'tour-options'],
    queryFn: async () => (await apiRequest<ListResponse<TourSummary>>('GET', '/api/tours', { lang: 'sv' })).data,
    staleTime: 60_000,
  });
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
