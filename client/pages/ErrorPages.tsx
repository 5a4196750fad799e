import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError, useSearchParams } from 'react-router-dom';

export function NotFoundPage() {
  // The spec: a `notfound` query parameter (where a stale link came from) goes to the console only, never onto the page.
  const notFound = useSearchParams()[0].get('notfound');
  useEffect(() => {
    if (notFound !== null) console.info('notfound:', notFound);
  }, [notFound]);
  return (
    <section className="page page--narrow not-found">
      <h1>404 - Page Not Found</h1>
      <p>Sorry, the page you're looking for doesn't exist.</p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
      <nav aria-label="Popular pages">
        <ul className="link-list">
          <li>
            <Link to="/tours/">Tours</Link>
          </li>
          <li>
            <Link to="/about/">About</Link>
          </li>
          <li>
            <Link to="/blog/">Blog</Link>
          </li>
          <li>
            <Link to="/contact/">Contact</Link>
          </li>
        </ul>
      </nav>
    </section>
  );
}

/** Route errors: a 404 renders the 404 page, anything else the router's error title. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="page page--narrow">
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong on our side. Please try again, or call us during business hours.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
