import { useEffect, useRef, useState } from 'react';

import type { TourSummary } from '../../shared/api-types';
import { useFormat } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { Link } from '../i18n/links';
import { Picture } from './Picture';

export const MAIN_PLACEHOLDER = '/images/placeholder-main.svg';
export const TOUR_PLACEHOLDER = '/images/placeholder-tour.svg';

/** A tour image that swaps to the right placeholder when it fails to load (spec section 8). */
export function TourImage({
  tour,
  eager = false,
  sizes = '(min-width: 60rem) 22rem, 100vw',
}: {
  tour: Pick<TourSummary, 'image_url' | 'image_alt' | 'isMain' | 'image_variants'>;
  eager?: boolean;
  sizes?: string;
}) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const placeholder = tour.isMain ? MAIN_PLACEHOLDER : TOUR_PLACEHOLDER;
  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0 && !element.src.endsWith(placeholder)) setFailed(true);
  }, [placeholder]);
  const variants = failed ? undefined : tour.image_variants;
  return (
    <Picture variants={variants} sizes={sizes}>
      <img
        ref={image}
        className={tour.isMain ? 'tour-image tour-image--main' : 'tour-image'}
        src={failed ? placeholder : tour.image_url}
        alt={tour.image_alt}
        width={1200}
        height={800}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(true)}
      />
    </Picture>
  );
}

/** `headingLevel` follows the section the card sits in: 2 under the page title, 3 under a section heading. */
export function TourCard({ tour, eager = false, headingLevel = 2 }: { tour: TourSummary; eager?: boolean; headingLevel?: 2 | 3 }) {
  const t = useT();
  const format = useFormat();
  const href = `/tours/${tour.slug}/`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="tour-card">
      <Link to={href} className="tour-card__media" tabIndex={-1} aria-hidden="true">
        <TourImage tour={tour} eager={eager} />
      </Link>
      <div className="tour-card__body">
        <Heading className="tour-card__title">
          <Link to={href}>{tour.title}</Link>
        </Heading>
        <p className="tour-card__text">{tour.short_description}</p>
        <dl className="tour-card__facts">
          <div>
            <dt>{t('card.duration')}</dt>
            <dd>{format.hours(tour.duration)}</dd>
          </div>
          <div>
            <dt>{t('card.price')}</dt>
            <dd>{format.sek(tour.price)}</dd>
          </div>
        </dl>
        <p className="tour-card__pickup">{t('card.pickup', { places: tour.locations.join(', ') })}</p>
        <p className="tour-card__links">
          <Link to={href} className="button button--small">
            {t('card.details')}
            <span className="visually-hidden">: {tour.title}</span>
          </Link>
          <Link to={href} className="link-open">
            {t('card.open')}
            <span className="visually-hidden"> {tour.title}</span>
          </Link>
        </p>
      </div>
    </article>
  );
}
