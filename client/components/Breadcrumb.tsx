import { useT } from '../i18n/i18n';
import { Link } from '../i18n/links';

/** Home › Tours › the current page. */
export function Breadcrumb({ current }: { current: string }) {
  const t = useT();
  return (
    <nav aria-label={t('crumb.label')} className="breadcrumb">
      <ol>
        <li>
          <Link to="/">{t('nav.home')}</Link>
        </li>
        <li>
          <Link to="/tours/">{t('nav.tours')}</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
