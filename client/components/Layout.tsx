import { useEffect, useState } from 'react';
import { Link as StaffLink, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom';

import { ADMIN_BASE } from '../../shared/taxonomy';
import { useT, type MessageId } from '../i18n/i18n';
import { LanguageSuggestion, LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { Link, NavLink } from '../i18n/links';

const NAV: { to: string; label: MessageId }[] = [
  { to: '/', label: 'nav.home' },
  { to: '/about/', label: 'nav.about' },
  { to: '/tours/', label: 'nav.tours' },
  { to: '/faq/', label: 'nav.faq' },
  { to: '/blog/', label: 'nav.blog' },
  { to: '/contact/', label: 'nav.contact' },
];

const FOOTER_CATEGORIES: { to: string; label: MessageId }[] = [
  { to: '/tours/northern-lights/', label: 'category.northernLights' },
  { to: '/tours/dog-sledding/', label: 'category.dogSledding' },
  { to: '/tours/snowmobile/', label: 'category.snowmobile' },
  { to: '/tours/reindeer-sledding/', label: 'category.reindeerSledding' },
];

/** Marks the document once React has hydrated it (browser tests and styles can rely on it). */
export function useHydratedMarker(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

function LogoutButton() {
  const navigate = useNavigate();
  // Staff only: its code comes when clicked, not with every guest's first page.
  const onClick = async () => {
    (await import('../admin/admin-session')).logout();
    navigate(`${ADMIN_BASE}/login/`, { replace: true });
  };
  return (
    <button type="button" className="nav-logout" onClick={onClick}>
      Logga ut
    </button>
  );
}

/**
 * The header: on a phone one line (brand, Tours, and a Menu button for the rest), closed
 * again on every navigation; on a wider screen the whole nav bar.
 */
export function SiteHeader() {
  const t = useT();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <div className="header-art" aria-hidden="true" />
      <nav className="site-nav" aria-label={t('nav.label')}>
        <Link to="/" className="brand">
          <img src="/images/logo.svg" alt="" width="36" height="36" />
          <span>Norrsken Arctic Tours</span>
        </Link>
        <Link to="/tours/" className="site-nav__quick">
          {t('nav.tours')}
        </Link>
        <button type="button" className="site-nav__menu" aria-expanded={menuOpen} aria-controls="site-menu" onClick={() => setMenuOpen((open) => !open)}>
          {t('nav.menu')}
        </button>
        <ul id="site-menu" className={menuOpen ? 'site-nav__list site-nav__list--open' : 'site-nav__list'}>
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'}>
                {t(item.label)}
              </NavLink>
            </li>
          ))}
          <li className="site-nav__languages">
            <LanguageSwitcher />
          </li>
        </ul>
      </nav>
    </header>
  );
}

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-site">
          <h2 id="footer-site">Norrsken Arctic Tours</h2>
          <ul>
            {NAV.slice(1).map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{t(item.label)}</Link>
              </li>
            ))}
            <li>
              <Link to="/gift-cards/">{t('nav.giftCards')}</Link>
            </li>
            <li>
              <Link to="/booking/">{t('nav.findBooking')}</Link>
            </li>
            <li>
              <Link to="/privacy/">{t('nav.privacy')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-tours">
          <h2 id="footer-tours">{t('footer.tours')}</h2>
          <ul>
            {FOOTER_CATEGORIES.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">{t('footer.follow')}</h2>
          <ul>
            <li>
              <a href="https://www.instagram.com/norrskenarctictours/" rel="noopener" target="_blank">
                Instagram
              </a>
            </li>
            <li>
              <a href="https://www.facebook.com/norrskenarctictours/" rel="noopener" target="_blank">
                Facebook
              </a>
            </li>
            <li>
              <a href="https://www.youtube.com/@norrskenarctictours" rel="noopener" target="_blank">
                YouTube
              </a>
            </li>
          </ul>
        </section>
      </div>
      <p className="copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

/** Header image, nav and footer around every page but the booking page. */
export function Layout() {
  useHydratedMarker();
  return (
    <>
      <SiteHeader />
      <LanguageSuggestion />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </>
  );
}

/**
 * The staff's own shell around every admin path: a slim header in Swedish (to the overview,
 * to the public site, and Logga ut once logged in), no public header or footer.
 */
export function AdminShell() {
  useHydratedMarker();
  const { pathname } = useLocation();
  const onLogin = pathname.startsWith(`${ADMIN_BASE}/login`);
  return (
    <div className="admin-shell" lang="sv">
      <a className="skip-link" href="#main">
        Hoppa till innehållet
      </a>
      <header className="admin-shell__header">
        <StaffLink to={onLogin ? `${ADMIN_BASE}/login/` : `${ADMIN_BASE}/dashboard/`} className="admin-shell__brand">
          <img src="/images/logo.svg" alt="" width="28" height="28" />
          <span>Norrsken · Administration</span>
        </StaffLink>
        <nav className="admin-shell__links" aria-label="Personal">
          {!onLogin && (
            <a href="#admin-menu" className="admin-shell__menu-link">
              Meny
            </a>
          )}
          <StaffLink to="/">Till webbplatsen</StaffLink>
          {!onLogin && <LogoutButton />}
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}

/** The booking page stands alone: no header, nav or footer (spec section 2). */
/** The guide app's shell: nothing of the site around it (the app has its own bar and main). */
export function GuideShell() {
  useHydratedMarker();
  return <Outlet />;
}

export function BareLayout() {
  useHydratedMarker();
  return (
    <>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <ScrollRestoration />
    </>
  );
}
