import './admin.css';

import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';

import { isApiError } from '../../shared/errors';
import { apiRequest } from '../api/http';
import { ADMIN_BASE } from '../../shared/taxonomy';
import { createAdminQueryClient } from './admin-client';
import { ADMIN_EMAIL_KEY, ADMIN_TOKEN_KEY, clearAdminSession } from './admin-session';

type GuardState = 'checking' | 'authorized' | 'unauthorized';

/** Whether the page is being left: the browser then cuts the check short, which says nothing about the token. */
let leaving = false;
if (typeof window !== 'undefined') {
  for (const event of ['beforeunload', 'pagehide']) window.addEventListener(event, () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
}

async function checkSession(): Promise<GuardState | undefined> {
  const token = localStorage.getItem(ADMIN_TOKEN_KEY);
  // No stored token: unauthorized at once, without asking the server.
  if (!token) return 'unauthorized';
  try {
    const body = await apiRequest<{ valid?: boolean }>('GET', '/api/admin/validate-token', { token, lang: 'sv' });
    if (body?.valid === true) return 'authorized';
  } catch {
    // A failed call counts as a failed check, unless the visitor is leaving the page.
    if (leaving) return undefined;
  }
  clearAdminSession();
  return 'unauthorized';
}

/** Spec section 4's admin guard: checking, then the page or the login page (replacing history). */
function useAdminGuard(): GuardState {
  const [state, setState] = useState<GuardState>('checking');
  useEffect(() => {
    let active = true;
    void checkSession().then((next) => active && next && setState(next));
    return () => {
      active = false;
    };
  }, []);
  return state;
}

/** The screens, in the nav's order: path under ADMIN_BASE and title. */
export const SECTIONS = [
  { path: 'dashboard', title: 'Översikt' },
  { path: 'board', title: 'Planering' },
  { path: 'resources', title: 'Resurser' },
  { path: 'bookings', title: 'Bokningar' },
  { path: 'tour-dates', title: 'Turdatum' },
  { path: 'sky', title: 'Himlen' },
  { path: 'tours', title: 'Turer' },
  { path: 'blog', title: 'Blogg' },
  { path: 'faq', title: 'Frågor och svar' },
  { path: 'stays', title: 'Boenden' },
  { path: 'chat-logs', title: 'Chattloggar' },
  { path: 'gift-cards', title: 'Presentkort' },
  { path: 'promo-codes', title: 'Rabattkoder' },
  { path: 'deposits', title: 'Handpenningar' },
  { path: 'ratings', title: 'Omdömen' },
  { path: 'accounts', title: 'Bokföring' },
  { path: 'resellers', title: 'Återförsäljare' },
  { path: 'privacy', title: 'Integritet' },
] as const;

function AdminNav() {
  return (
    <nav className="admin-nav" id="admin-menu" aria-label="Administration">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.path}>
            <NavLink to={`${ADMIN_BASE}/${section.path}/`}>{section.title}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Whether a key press is typing into a field, where "/" is a character and not a shortcut. */
const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Finds a booking from any screen: "/" or Ctrl+K (⌘K) puts the cursor here, Enter opens the
 * bookings with that search, Escape leaves.
 */
function BookingSearch() {
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.key === '/' && !typing(event.target)) || (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey));
      if (!shortcut) return;
      event.preventDefault();
      field.current?.focus();
      field.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(`${ADMIN_BASE}/bookings/${text ? `?${new URLSearchParams({ q: text })}` : ''}`);
  };
  return (
    <form className="admin-search no-print" role="search" aria-label="Sök bokning" onSubmit={submit}>
      <label htmlFor="admin-search" className="visually-hidden">
        Sök bokning
      </label>
      <input
        ref={field}
        id="admin-search"
        name="q"
        type="search"
        placeholder="Sök bokning (tryck /)"
        aria-keyshortcuts="/ Control+K Meta+K"
        onKeyDown={(event) => event.key === 'Escape' && event.currentTarget.blur()}
      />
    </form>
  );
}

/** The screen's title: the section the path is in (the dashboard at the admin's root). */
function sectionTitle(pathname: string): string {
  const first = pathname.slice(ADMIN_BASE.length).split('/').find(Boolean) ?? 'dashboard';
  return SECTIONS.find((section) => section.path === first)?.title ?? 'Översikt';
}

/**
 * The one guarded parent of every admin screen (child routes render in its Outlet): spec
 * section 4's guard, the nav, and the query client every screen's data goes through.
 */
export function AdminLayout() {
  const state = useAdminGuard();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [queries] = useState(() => createAdminQueryClient(() => navigate(`${ADMIN_BASE}/login/`, { replace: true })));
  if (state === 'checking') return <p className="page" role="status">Verifierar inloggning…</p>;
  if (state === 'unauthorized') return <Navigate to={`${ADMIN_BASE}/login/`} replace />;
  return (
    <QueryClientProvider client={queries}>
      {/* The screen first and the menu after it: on a phone the work is on the first screen; wider, the menu is a column on the left. */}
      <div className="admin-frame">
        <section className="page admin">
          <header className="admin-head">
            <h1>{sectionTitle(pathname)}</h1>
            <BookingSearch />
          </header>
          <Outlet />
        </section>
        <AdminNav />
      </div>
    </QueryClientProvider>
  );
}

export function AdminLoginPage() {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setProblem(undefined);
    try {
      const body = await apiRequest<{ token?: string; email?: string }>('POST', '/api/admin/login', { body: { email: form.get('email'), password: form.get('password') }, lang: 'sv' });
      if (body.token && body.email) {
        localStorage.setItem(ADMIN_TOKEN_KEY, body.token);
        localStorage.setItem(ADMIN_EMAIL_KEY, body.email);
        navigate(`${ADMIN_BASE}/dashboard/`, { replace: true });
        return;
      }
      setProblem('Fel e-postadress eller lösenord.');
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      setProblem(status === 429 ? (error as Error).message : status === 0 ? 'Något gick fel. Kontrollera anslutningen och försök igen.' : 'Fel e-postadress eller lösenord.');
    }
    setSending(false);
  };

  return (
    <section className="page page--narrow">
      <h1>Logga in</h1>
      <p>Personalens inloggning till Norrsken Arctic Tours.</p>
      <form className="contact-form admin-login" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="admin-email">E-post</label>
          <input id="admin-email" name="email" type="email" autoComplete="username" required />
        </div>
        <div className="field">
          <label htmlFor="admin-password">Lösenord</label>
          <input id="admin-password" name="password" type="password" autoComplete="current-password" required />
        </div>
        {problem && (
          <p className="error-message" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Loggar in…' : 'Logga in'}
        </button>
      </form>
    </section>
  );
}
