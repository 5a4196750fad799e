import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { ADMIN_BASE } from '../shared/taxonomy';
import { ADMIN_TOKEN_KEY, clearAdminSession } from './admin-session';

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calls the staff API with the stored token; a 401 ends the session and goes to the login. */
export function useAdminApi() {
  const navigate = useNavigate();
  return useCallback(
    async <T,>(path: string, init: { method?: string; body?: unknown; raw?: boolean } = {}): Promise<T> => {
      const response = await fetch(`/api/admin/${path}`, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${localStorage.getItem(ADMIN_TOKEN_KEY) ?? ''}`,
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (response.status === 401) {
        clearAdminSession();
        navigate(`${ADMIN_BASE}/login/`, { replace: true });
        throw new AdminApiError(401, 'Logga in igen.');
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        throw new AdminApiError(response.status, body.message ?? 'Något gick fel. Försök igen.');
      }
      return (init.raw ? response.blob() : response.json()) as Promise<T>;
    },
    [navigate],
  );
}

const dateTime = new Intl.DateTimeFormat('sv-SE', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Stockholm' });
export const formatWhen = (iso: string): string => dateTime.format(new Date(iso));
export const formatKr = (amount: number): string => `${new Intl.NumberFormat('sv-SE').format(amount)} kr`;

export const STATUS_LABELS: Record<string, string> = {
  held: 'Reserverad',
  confirmed: 'Bekräftad',
  cancelled: 'Avbokad',
  expired: 'Utgången',
  open: 'Öppen',
  closed: 'Stängd',
};

export const PAYMENT_LABELS: Record<string, string> = {
  unpaid: 'Ej betald',
  due_on_arrival: 'Betalas på plats',
  paid: 'Betald',
  refund_pending: 'Återbetalas',
  refunded: 'Återbetald',
};

export const ATTENDANCE_LABELS: Record<string, string> = {
  checked_in: 'Incheckad',
  no_show: 'Uteblev',
};

export const REFUND_STATUS_LABELS: Record<string, string> = {
  pending: 'pågår',
  succeeded: 'klar',
  failed: 'misslyckades',
};
