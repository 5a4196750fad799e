import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';

import type { StaffRatings } from '../../shared/api-types';
import { ADMIN_BASE } from '../../shared/taxonomy';
import { adminRequest } from './admin-client';
import { formatWhen } from './admin-format';
import { ProblemSummary, saveProblem } from './content/content-parts';

/** Ratings counted and averaged by what they were about (a tour, a guide). */
function AverageTable({ caption, who, rows }: { caption: string; who: string; rows: { key: number; name: string; count: number; average: number }[] }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{who}</th>
            <th scope="col">Antal</th>
            <th scope="col">Snitt</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td>{row.count}</td>
              <td>{row.average.toLocaleString('sv-SE', { minimumFractionDigits: 1 })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What guests said after their tours: each tour's count and average, and the latest ratings with
 * their comments (those under 4 also reach the booking inbox). Per guide once departures have
 * guides (the resource plan).
 */
export function RatingsScreen() {
  const id = useId();
  const ratings = useQuery({ queryKey: ['admin', 'ratings'], queryFn: () => adminRequest<StaffRatings>('GET', 'ratings') });
  return (
    <section className="admin-card admin-card--wide" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Omdömen</h2>
      {ratings.isPending ? (
        <p role="status">Laddar…</p>
      ) : ratings.isError ? (
        <ProblemSummary problem={saveProblem(ratings.error)} />
      ) : ratings.data.tours.length === 0 ? (
        <p>Inga omdömen ännu: gästerna får frågan morgonen efter sin tur.</p>
      ) : (
        <>
          <AverageTable caption="Per tur" who="Tur" rows={ratings.data.tours.map((tour) => ({ key: tour.tourId, name: tour.title, count: tour.count, average: tour.average }))} />
          {ratings.data.guides.length > 0 && (
            <AverageTable caption="Per guide" who="Guide" rows={ratings.data.guides.map((guide) => ({ key: guide.resourceId, name: guide.name, count: guide.count, average: guide.average }))} />
          )}
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>Senaste</caption>
              <thead>
                <tr>
                  <th scope="col">Bokning</th>
                  <th scope="col">Tur</th>
                  <th scope="col">Betyg</th>
                  <th scope="col">Kommentar</th>
                  <th scope="col">Datum</th>
                </tr>
              </thead>
              <tbody>
                {ratings.data.latest.map((rating) => (
                  <tr key={`${rating.bookingReference}-${rating.createdAt}`}>
                    <th scope="row">
                      <Link to={`${ADMIN_BASE}/bookings/?q=${encodeURIComponent(rating.bookingReference)}`}>{rating.bookingReference}</Link>
                    </th>
                    <td>{rating.tourTitle}</td>
                    <td>{`${rating.score} av 5`}</td>
                    <td>{rating.comment ?? '–'}</td>
                    <td>{formatWhen(rating.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
