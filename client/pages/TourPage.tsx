import { Link, useLoaderData } from 'react-router-dom';

import type { TourDetail } from '../api/types';
import { Breadcrumb } from '../components/Breadcrumb';
import { TourImage } from '../components/TourCard';
import { formatDeparture, formatHours, formatSek } from '../format';

export interface TourData {
  kind: 'tour';
  tour: TourDetail;
}

export function TourPage() {
  const { tour } = useLoaderData() as TourData;
  const upcoming = tour.departures.slice(0, 8);
  return (
    <article className="page tour-detail">
      <Breadcrumb current={tour.title} />
      <h1>{tour.title}</h1>
      <p className="lead">{tour.short_description}</p>
      <div className="tour-detail__media">
        <TourImage tour={tour} eager />
      </div>
      <div className="tour-detail__grid">
        <div className="tour-detail__main">
          {tour.description.split('\n\n').map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          <h2>Highlights</h2>
          <ul>
            {tour.highlights.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <h2>What's included</h2>
          <ul>
            {tour.included.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <h2>What to bring</h2>
          <ul>
            {tour.whatToBring.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <aside className="tour-detail__facts" aria-labelledby="facts-title">
          <h2 id="facts-title">At a glance</h2>
          <dl>
            <dt>Price</dt>
            <dd>{formatSek(tour.price)} per guest</dd>
            <dt>Duration</dt>
            <dd>{formatHours(tour.duration)}</dd>
            <dt>Group size</dt>
            <dd>Max {tour.maxGroupSize} guests</dd>
            <dt>Season</dt>
            <dd>{tour.season}</dd>
            <dt>Pickup</dt>
            <dd>{tour.locations.join(', ')}</dd>
            <dt>Meeting point</dt>
            <dd>{tour.meetingPoint}</dd>
          </dl>
          <h2>Next departures</h2>
          {upcoming.length === 0 ? (
            <p>No departures are scheduled right now. Contact us and we will find a date for you.</p>
          ) : (
            <ul className="departure-list">
              {upcoming.map((departure) => (
                <li key={departure.id}>
                  <span>{formatDeparture(departure.startsAt)}</span>
                  <span>{departure.seatsLeft > 0 ? `${departure.seatsLeft} seats left` : 'Sold out'}</span>
                </li>
              ))}
            </ul>
          )}
          <Link to={`/book/${tour.id}/`} className="button button--wide">
            Book<span className="visually-hidden"> {tour.title}</span>
          </Link>
        </aside>
      </div>
    </article>
  );
}
