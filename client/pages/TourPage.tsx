import { useLoaderData } from 'react-router-dom';

import type { TourDetail } from '../../shared/api-types';
import { guestLimits } from '../../shared/questions';
import { Breadcrumb } from '../components/Breadcrumb';
import { Picture } from '../components/Picture';
import { SkyOutlook } from '../components/SkyOutlook';
import { TourImage } from '../components/TourCard';
import { TourLinks } from '../components/TourLinks';
import { useFormat } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { Link } from '../i18n/links';
import type { TourOffer } from '../json-ld';
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

/**
 * Price and the way to book, on the first screen: under the title, and on a phone also pinned to
 * the bottom of the screen while reading (`pinned`). "From" is the offer's price, as the search
 * engines' structured data and the home page's cards say it: the lowest of the main category's
 * (an adult's) on the upcoming dates; the other categories' prices follow it.
 */
function BookingBar({ tour, offer, pinned = false }: { tour: TourDetail; offer: TourOffer; pinned?: boolean }) {
  const t = useT();
  const format = useFormat();
  // Every category, a free one too: a parent reads here that a baby on a lap rides along.
  const categories = tour.priceCategories.length > 1 ? tour.priceCategories : [];
  return (
    <section className={pinned ? 'book-bar book-bar--pinned' : 'book-bar'} aria-label={pinned ? t('tour.bookThis') : t('tour.priceAvailability')}>
      <p className="book-bar__price">
        {t('tour.from')} <strong>{format.sek(offer.lowestSek)}</strong>
        {pinned ? '' : t('tour.perGuestDuration', { duration: format.hours(tour.duration) })}
      </p>
      {!pinned && categories.length > 0 && <p className="book-bar__categories">{categories.map((category) => `${category.name}: ${category.priceSek > 0 ? format.sek(category.priceSek) : t('tour.free')}`).join(' · ')}</p>}
      <Link to={`/book/${tour.id}/`} className="button book-bar__action">
        {t('tour.checkAvailability')}
        <span className="visually-hidden">{t('tour.forTour', { tour: tour.title })}</span>
      </Link>
    </section>
  );
}

export function TourPage() {
  const { tour, offer, related } = useLoaderData() as TourData;
  const t = useT();
  const format = useFormat();
  const limits = guestLimits(tour.questions);
  return (
    <article className="page tour-detail">
      <Breadcrumb current={tour.title} />
      <h1>{tour.title}</h1>
      <p className="lead">{tour.short_description}</p>
      <BookingBar tour={tour} offer={offer} />
      <Gallery tour={tour} />
      <div className="tour-detail__grid">
        <div className="tour-detail__main">
          {tour.description.split('\n\n').map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          <FactList title={t('tour.highlights')} items={tour.highlights} />
          <FactList title={t('tour.included')} items={tour.included} />
          <FactList title={t('tour.bring')} items={tour.whatToBring} />
        </div>
        <div className="tour-detail__side">
          {/* On a desktop the way to book stays at the top of the screen however far the guest has read (its column is as tall as the page's text). */}
          <div className="tour-detail__book">
            <Link to={`/book/${tour.id}/`} className="button button--wide">
              {t('tour.book')}
              <span className="visually-hidden">{` ${tour.title}`}</span>
            </Link>
          </div>
          <aside className="tour-detail__facts" aria-labelledby="facts-title">
            <h2 id="facts-title">{t('tour.glance')}</h2>
            <dl>
              <dt>{t('tour.price')}</dt>
              <dd>{t('tour.perGuest', { price: format.sek(tour.price) })}</dd>
              <dt>{t('tour.duration')}</dt>
              <dd>{format.hours(tour.duration)}</dd>
              <dt>{t('tour.groupSize')}</dt>
              <dd>{t('tour.maxGuests', { count: tour.maxGroupSize })}</dd>
              {tour.minAge !== null && (
                <>
                  <dt>{t('tour.minAge')}</dt>
                  <dd>{t('tour.years', { age: tour.minAge })}</dd>
                </>
              )}
              {tour.minGuests !== null && tour.minGuests > 1 && (
                <>
                  <dt>{t('tour.minimum')}</dt>
                  <dd>{t('tour.minimumText', { count: tour.minGuests })}</dd>
                </>
              )}
              {limits.length > 0 && (
                <>
                  <dt>{t('tour.limits')}</dt>
                  {limits.map((limit) => (
                    <dd key={limit.code}>{t('tour.limitUpTo', { label: limit.label, max: limit.max })}</dd>
                  ))}
                </>
              )}
              <dt>{t('tour.season')}</dt>
              <dd>{tour.season}</dd>
              <dt>{t('tour.pickup')}</dt>
              <dd>{tour.locations.join(', ')}</dd>
              <dt>{t('tour.meetingPoint')}</dt>
              <dd>{tour.meetingPoint}</dd>
            </dl>
            {tour.skyOutlook && <SkyOutlook outlook={tour.skyOutlook} />}
            <h2>{t('tour.nextDepartures')}</h2>
            {tour.departures.length === 0 ? (
              <p>{t('tour.noDepartures')}</p>
            ) : (
              <ul className="departure-list">
                {tour.departures.map((departure) => (
                  <li key={departure.id}>
                    {departure.seatsLeft > 0 ? (
                      // Straight into booking with this date chosen.
                      <Link to={`/book/${tour.id}/?departure=${departure.id}`}>{format.departure(departure.startsAt)}</Link>
                    ) : (
                      <span>{format.departure(departure.startsAt)}</span>
                    )}
                    <span className={departure.seatsLeft > 0 ? 'seats' : 'seats seats--none'}>
                      {departure.seatsLeft > 0 ? t('tour.seatsLeft', { count: departure.seatsLeft }) : t('tour.soldOut')}
                    </span>
                    {departure.seatsLeft === 0 && <Link to={`/waitlist/?tour=${tour.slug}&departure=${departure.id}`}>{t('tour.waitlist')}</Link>}
                  </li>
                ))}
              </ul>
            )}
            <p className="policy">{t('policy.text', { hours: tour.cancelFreeHours })}</p>
            {tour.checkoutMethod === 'stripe' && <Link to={`/gift-cards/?tour=${tour.slug}`}>{t('tour.giveGift')}</Link>}
          </aside>
        </div>
      </div>
      <TourLinks related={related} />
      <BookingBar tour={tour} offer={offer} pinned />
    </article>
  );
}
