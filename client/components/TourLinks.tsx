
import type { TourSummary } from '../../shared/api-types';
import { PopularTourLinks } from './PopularTourLinks';
import { CATEGORIES, LOCATIONS } from '../../shared/taxonomy';
import { TourCard } from './TourCard';
import { useT, type MessageId } from '../i18n/i18n';
import { Link } from '../i18n/links';

/** Below a tour list or a tour: related tours, the popular tours and more to explore. */
export function TourLinks({ related }: { related: TourSummary[] }) {
  const t = useT();
  return (
    <>
      {related.length > 0 && (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">{t('links.related')}</h2>
          <div className="card-grid">
            {related.map((tour) => (
              <TourCard key={tour.id} tour={tour} headingLevel={3} />
            ))}
          </div>
        </section>
      )}
      <section className="link-block" aria-labelledby="popular-title">
        <h2 id="popular-title">{t('links.popular')}</h2>
        <PopularTourLinks />
      </section>
      <nav className="link-block" aria-labelledby="explore-title">
        <h2 id="explore-title">{t('links.explore')}</h2>
        <ul className="explore-links">
          {LOCATIONS.map((location) => (
            <li key={location.slug}>
              <Link to={`/tours/?location=${location.name}`}>{t('links.toursFrom', { place: location.name })}</Link>
            </li>
          ))}
          {CATEGORIES.map((category) => (
            <li key={category.slug}>
              <Link to={`/tours/${category.slug}/`}>{t('links.categoryTours', { category: t(`cat.${category.name}` as MessageId) })}</Link>
            </li>
          ))}
          <li>
            <Link to="/faq/">{t('links.faq')}</Link>
          </li>
          <li>
            <Link to="/blog/">{t('links.blog')}</Link>
          </li>
        </ul>
      </nav>
    </>
  );
}
