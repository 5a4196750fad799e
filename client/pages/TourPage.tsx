import { Link, useLoaderData } from 'react-router-dom';

import type { TourDetail } from '../../shared/api-types';
import { Breadcrumb } from '../components/Breadcrumb';
import { Picture } from '../components/Picture';
import { TourImage } from '../components/TourCard';
import { TourLinks } from '../components/TourLinks';
import { formatDeparture, formatHours, formatSek } from '../format';
import type { TourData } from './tour-page-data';

function Gallery({ tour }: { tour: TourDetail }) {
  const [main, ...more] = tour.images;
  return (
    <div className="gallery">
      <div className="gallery__main">
        <TourImage
          tour={{ image_url: main?.url ?? tour.image_url, image_alt: main?.alt ?? tour.image_alt, isMain: tour.isMain, image_variants: main?.variants }}
          sizes="(min-width: 60rem) 40rem, 100vw"
          eager
        />
      </div>
      {more.map((image) => (
        <Picture key={image.url} variants={image.variants} sizes="(min-width: 60rem) 20rem, 50vw">
          <img className="gallery__more" src={image.url} alt={image.alt} width={image.width} height={image.height} loading="lazy" decoding="async" />
        </Picture>
      ))}
    </div>
  );
}

function FactList({ title, items }: { title: string; items: string[] }) {
  return (
    <>
      <h2>{title}</h2>
      <ul className="tick-list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

/** The lowest price a guest pays on the tour (a free infant aside): what "From" means. */
const fromPrice = (tour: TourDetail) => Math.min(tour.price, ...tour.priceCategories.map((category) => category.priceSek).filter((price) => price > 0));

/**
 * Price and the way to book, on the first screen: under the title, and on a phone also pinned to
 * the bottom of the screen while reading (`pinned`).
 */
function BookingBar({ tour, pinned = false }: { tour: TourDetail; pinned?: boolean }) {
  const categories = tour.priceCategories.length > 1 ? tour.priceCategories.filter((category) => category.priceSek > 0) : [];
  return (
    <section className={pinned ? 'book-bar book-bar--pinned' : 'book-bar'} aria-label={pinned ? 'Book this tour' : 'Price and availability'}>
      <p className="book-bar__price">
        From <strong>{formatSek(fromPrice(tour))}</strong>
        {pinned ? '' : ` per guest · ${formatHours(tour.duration)}`}
      </p>
      {!pinned && categories.length > 0 && <p className="book-bar__categories">{categories.map((category) => `${category.name}: ${formatSek(category.priceSek)}`).join(' · ')}</p>}
      <Link to={`/book/${tour.id}/`} className="button book-bar__action">
        Check availability<span className="visually-hidden">{` for ${tour.title}`}</span>
      </Link>
    </section>
  );
}

export function TourPage() {
  const { tour, related } = useLoaderData() as TourData;
  return (
    <article className="page tour-detail">
      <Breadcrumb current={tour.title} />
      <h1>{tour.title}</h1>
      <p className="lead">{tour.short_description}</p>
      <BookingBar tour={tour} />
      <Gallery tour={tour} />
      <div className="tour-detail__grid">
        <div className="tour-detail__main">
          {tour.description.split('\n\n').map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          <FactList title="Highlights" items={tour.highlights} />
          <FactList title="What's included" items={tour.included} />
          <FactList title="What to bring" items={tour.whatToBring} />
        </div>
        <aside className="tour-detail__facts" aria-labelledby="facts-title">
          <h2 id="facts-title">At a glance</h2>
          <dl>
            <dt>Price</dt>
            <dd>{`${formatSek(tour.price)} per guest`}</dd>
            <dt>Duration</dt>
            <dd>{formatHours(tour.duration)}</dd>
            <dt>Group size</dt>
            <dd>{`Max ${tour.maxGroupSize} guests`}</dd>
            {tour.minAge !== null && (
              <>
                <dt>Minimum age</dt>
                <dd>{`${tour.minAge} years`}</dd>
              </>
            )}
            <dt>Season</dt>
            <dd>{tour.season}</dd>
            <dt>Pickup</dt>
            <dd>{tour.locations.join(', ')}</dd>
            <dt>Meeting point</dt>
            <dd>{tour.meetingPoint}</dd>
          </dl>
          <h2>Next departures</h2>
          {tour.departures.length === 0 ? (
            <p>No departures are scheduled right now. Contact us and we will find a date for you.</p>
          ) : (
            <ul className="departure-list">
              {tour.departures.map((departure) => (
                <li key={departure.id}>
                  {departure.seatsLeft > 0 ? (
                    // Straight into booking with this date chosen.
                    <Link to={`/book/${tour.id}/?departure=${departure.id}`}>{formatDeparture(departure.startsAt)}</Link>
                  ) : (
                    <span>{formatDeparture(departure.startsAt)}</span>
                  )}
                  <span className={departure.seatsLeft > 0 ? 'seats' : 'seats seats--none'}>
                    {departure.seatsLeft > 0 ? `${departure.seatsLeft} seats left` : 'Sold out'}
                  </span>
                  {departure.minimum && departure.seatsLeft > 0 && (
                    <span className="minimum-note">{`Needs ${departure.minimum.needed} more ${departure.minimum.needed === 1 ? 'guest' : 'guests'} to run, decided by ${formatDeparture(departure.minimum.decidedAt)}`}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Link to={`/book/${tour.id}/`} className="button button--wide">
            Book<span className="visually-hidden">{` ${tour.title}`}</span>
          </Link>
          <p className="policy">{tour.cancellationPolicy}</p>
        </aside>
      </div>
      <TourLinks related={related} />
      <BookingBar tour={tour} pinned />
    </article>
  );
}
