import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

import { ADMIN_EMAIL_KEY, ADMIN_TOKEN_KEY } from '../components/Layout';
import { ADMIN_BASE } from '../shared/taxonomy';

type GuardState = 'checking' | 'authorized' | 'unauthorized';

function clearSession(): void {
  localStorage.removeItem(ADMIN_TOKEN_KEY);
  localStorage.removeItem(ADMIN_EMAIL_KEY);
}

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
  clearSession();
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

const TITLES: Record<string, string> = {
  dashboard: 'Översikt',
  bookings: 'Bokningar',
  'tour-dates': 'Turdatum',
  'chat-logs': 'Chattloggar',
};

export function AdminPage() {
  const state = useAdminGuard();
  const { pathname } = useLocation();
  const section = pathname.replace(ADMIN_BASE, '').replace(/\//g, '') || 'dashboard';
  if (state === 'checking') return <p className="page" role="status">Verifierar inloggning…</p>;
  if (state === 'unauthorized') return <Navigate to={`${ADMIN_BASE}/login/`} replace />;
  return (
    <section className="page">
      <h1>{TITLES[section] ?? 'Administration'}</h1>
    </section>
  );
}

export function AdminLoginPage() {
  return (
    <section className="page page--narrow">
      <h1>Logga in</h1>
      <p>Personalens inloggning till Norrsken Arctic Tours.</p>
    </section>
  );
}
