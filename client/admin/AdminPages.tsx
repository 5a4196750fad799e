import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, NavLink, useLocation, useNavigate } from 'react-router-dom';

import { ADMIN_BASE } from '../shared/taxonomy';
import { ADMIN_EMAIL_KEY, ADMIN_TOKEN_KEY, clearAdminSession } from './admin-session';
import { BookingsScreen } from './BookingsScreen';
import { ChatLogsScreen } from './ChatLogsScreen';
import { DashboardScreen } from './DashboardScreen';
import { PrivacyScreen } from './PrivacyScreen';
import { TourDatesScreen } from './TourDatesScreen';

type GuardState = 'checking' | 'authorized' | 'unauthorized';

async function checkSession(): Promise<GuardState> {
  const token = localStorage.getItem(ADMIN_TOKEN_KEY);
  // No stored token: unauthorized at once, without asking the server.
  if (!token) return 'unauthorized';
  try {
    const response = await fetch('/api/admin/validate-token', { headers: { Authorization: `Bearer ${token}` } });
    const body = response.ok ? ((await response.json()) as { valid?: boolean }) : undefined;
    if (body?.valid === true) return 'authorized';
  } catch {
    // A failed call counts as a failed check.
  }
  clearAdminSession();
  return 'unauthorized';
}

/** Spec section 4's admin guard: checking, then the page or the login page (replacing history). */
function useAdminGuard(): GuardState {
  const [state, setState] = useState<GuardState>('checking');
  useEffect(() => {
    let active = true;
    void checkSession().then((next) => active && setState(next));
    return () => {
      active = false;
    };
  }, []);
  return state;
}

const SECTIONS: Record<string, { title: string; Screen: () => React.JSX.Element }> = {
  dashboard: { title: 'Översikt', Screen: DashboardScreen },
  bookings: { title: 'Bokningar', Screen: BookingsScreen },
  'tour-dates': { title: 'Turdatum', Screen: TourDatesScreen },
  'chat-logs': { title: 'Chattloggar', Screen: ChatLogsScreen },
  privacy: { title: 'Integritet', Screen: PrivacyScreen },
};

function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Administration">
      <ul>
        {Object.entries(SECTIONS).map(([path, section]) => (
          <li key={path}>
            <NavLink to={`${ADMIN_BASE}/${path}/`}>{section.title}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AdminPage() {
  const state = useAdminGuard();
  const { pathname } = useLocation();
  const section = pathname.replace(ADMIN_BASE, '').replace(/\//g, '') || 'dashboard';
  if (state === 'checking') return <p className="page" role="status">Verifierar inloggning…</p>;
  if (state === 'unauthorized') return <Navigate to={`${ADMIN_BASE}/login/`} replace />;
  const { title, Screen } = SECTIONS[section] ?? SECTIONS.dashboard;
  return (
    <section className="page admin">
      <AdminNav />
      <h1>{title}</h1>
      <Screen />
    </section>
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
      const response = await fetch('/api/admin/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email: form.get('email'), password: form.get('password') }),
      });
      const body = (await response.json().catch(() => ({}))) as { token?: string; email?: string; message?: string };
      if (response.ok && body.token && body.email) {
        localStorage.setItem(ADMIN_TOKEN_KEY, body.token);
        localStorage.setItem(ADMIN_EMAIL_KEY, body.email);
        navigate(`${ADMIN_BASE}/dashboard/`, { replace: true });
        return;
      }
      setProblem(response.status === 429 && body.message ? body.message : 'Fel e-postadress eller lösenord.');
    } catch {
      setProblem('Något gick fel. Kontrollera anslutningen och försök igen.');
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
