import { useEffect, useRef, useState } from 'react';

import type { ListResponse, TourSummary } from '../api/types';

/** The published tours, for the admin's tour pickers (loaded once per screen). */
export function useTours(onError?: () => void): TourSummary[] {
  const [tours, setTours] = useState<TourSummary[]>([]);
  // Loaded once: a new callback on each render must not fetch again.
  const failed = useRef(onError);
  useEffect(() => {
    void fetch('/api/tours')
      .then((response) => response.json() as Promise<ListResponse<TourSummary>>)
      .then((body) => setTours(body.data))
      .catch(() => failed.current?.());
  }, []);
  return tours;
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
