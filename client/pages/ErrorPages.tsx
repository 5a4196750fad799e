import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError, useSearchParams } from 'react-router-dom';

import { useT } from '../i18n/i18n';
import { Link } from '../i18n/links';

export function NotFoundPage() {
  const t = useT();
  // The spec: a `notfound` query parameter (where a stale link came from) goes to the console only, never onto the page.
  const notFound = useSearchParams()[0].get('notfound');
  useEffect(() => {
    if (notFound !== null) console.info('notfound:', notFound);
  }, [notFound]);
  return (
    <section className="page page--narrow not-found">
      <h1>{t('error.notFoundTitle')}</h1>
      <p>{t('error.notFoundText')}</p>
      <p>
        <Link to="/" className="button">
          {t('error.home')}
        </Link>
      </p>
      <nav aria-label={t('error.popular')}>
        <ul className="link-list">
          <li>
            <Link to="/tours/">{t('nav.tours')}</Link>
          </li>
          <li>
            <Link to="/about/">{t('nav.about')}</Link>
          </li>
          <li>
            <Link to="/blog/">{t('nav.blog')}</Link>
          </li>
          <li>
            <Link to="/contact/">{t('nav.contact')}</Link>
          </li>
        </ul>
      </nav>
    </section>
  );
}

/** Route errors: a 404 renders the 404 page, anything else the router's error title. */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="page page--narrow">
      <h1>{t('error.title')}</h1>
      <p>{t('error.text')}</p>
      <p>
        <Link to="/">{t('error.home')}</Link>
      </p>
    </section>
  );
}
