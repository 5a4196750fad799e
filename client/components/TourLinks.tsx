import { Link } from 'react-router-dom';

import type { TourSummary } from '../../shared/api-types';
import { PopularTourLinks } from './PopularTourLinks';
import { CATEGORIES, LOCATIONS } from '../../shared/taxonomy';
import { TourCard } from './TourCard';

/** Below a tour list or a tour: related tours, the popular tours and more to explore. */
export function TourLinks({ related }: { related: TourSummary[] }) {
  return (
    <>
      {related.length > 0 && (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">You might also like</h2>
          <div className="card-grid">
            {related.map((tour) => (
              <TourCard key={tour.id} tour={tour} headingLevel={3} />
            ))}
          </div>
        </section>
      )}
      <section className="link-block" aria-labelledby="popular-title">
        <h2 id="popular-title">Popular tours</h2>
        <PopularTourLinks />
      </section>
      <nav className="link-block" aria-labelledby="explore-title">
        <h2 id="explore-title">Explore more</h2>
        <ul className="explore-links">
          {LOCATIONS.map((location) => (
            <li key={location.slug}>
              <Link to={`/tours/?location=${location.name}`}>{`Tours from ${location.name}`}</Link>
            </li>
          ))}
          {CATEGORIES.map((category) => (
            <li key={category.slug}>
              <Link to={`/tours/${category.slug}/`}>{`${category.name} tours`}</Link>
            </li>
          ))}
          <li>
            <Link to="/faq/">Aurora River Camp or Abisko?</Link>
          </li>
          <li>
            <Link to="/blog/">Stories from the Arctic</Link>
          </li>
        </ul>
      </nav>
    </>
  );
}
