
import { useFormat } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { Link } from '../i18n/links';
import { TourImage } from './TourCard';
import { POPULAR_TOURS, popularLabel, type PopularTourFacts } from './popular-tours';

export function PopularTourLinks() {
  const t = useT();
  return (
    <ul className="popular-links">
      {POPULAR_TOURS.map((slug) => (
        <li key={slug}>
          <Link to={`/tours/${slug}/`}>{t(popularLabel(slug))}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The home page's popular tours as picture cards with price and duration, in the spec's order;
 * a slug the catalogue no longer sells still gets its plain link. On a phone they scroll sideways.
 */
export function PopularTourCards({ tours }: { tours: PopularTourFacts[] }) {
  const t = useT();
  const format = useFormat();
  const bySlug = new Map(tours.map((tour) => [tour.slug, tour]));
  return (
    <ul className="popular-cards">
      {POPULAR_TOURS.map((slug) => {
        const tour = bySlug.get(slug);
        return (
          <li key={slug} className="popular-card">
            <Link to={`/tours/${slug}/`} className="popular-card__link">
              {tour && <TourImage tour={tour} sizes="(min-width: 60rem) 17rem, 70vw" />}
              <span className="popular-card__title">{t(popularLabel(slug))}</span>
              {tour && <span className="popular-card__facts">{t('card.from', { price: format.sek(tour.price), duration: format.hours(tour.duration) })}</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
