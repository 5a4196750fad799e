import { Link, useLoaderData } from 'react-router-dom';

import type { TourDetail } from '../api/types';
import { formatDeparture, formatSek } from '../format';

export function BookPage() {
  const { tour } = useLoaderData() as { tour: TourDetail };
  return (
    <section className="page page--narrow book-page">
      <p>
        <Link to={`/tours/${tour.slug}/`}>← Back to {tour.title}</Link>
      </p>
      <h1>{`Book: ${tour.title}`}</h1>
      <p>
        {formatSek(tour.price)} per guest · groups of at most {tour.maxGroupSize}
      </p>
      <h2>Choose a departure</h2>
      {tour.departures.length === 0 ? (
        <p>No departures are open for booking right now.</p>
      ) : (
        <ul className="departure-list">
          {tour.departures.map((departure) => (
            <li key={departure.id}>
              <span>{formatDeparture(departure.startsAt)}</span>
              <span>{departure.seatsLeft > 0 ? `${departure.seatsLeft} seats left · ${formatSek(departure.priceSek)}` : 'Sold out'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
