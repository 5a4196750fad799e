import { Link } from 'react-router-dom';

/** Home › Tours › the current page. */
export function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/tours/">Tours</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
