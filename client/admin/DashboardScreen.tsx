import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import type { ContactMessageView as ContactMessage, DashboardView as Dashboard, TourDateView as TourDate } from '../api/admin-types';
import { ADMIN_BASE } from '../shared/taxonomy';
import { formatKr, formatWhen, useAdminApi } from './admin-api';


interface AuditEntry {
  id: number;
  adminEmail: string;
  action: string;
  target: string;
  createdAt: string;
}

function Departures({ title, rows }: { title: string; rows: TourDate[] }) {
  return (
    <section className="admin-card" aria-labelledby={`${title}-title`}>
      <h2 id={`${title}-title`}>{title}</h2>
      {rows.length === 0 ? (
        <p>Inga avgångar.</p>
      ) : (
        <ul className="admin-list">
          {rows.map((row) => (
            <li key={row.id}>
              <span>{`${formatWhen(row.startsAt)} · ${row.tourTitle ?? ''}`}</span>
              <span>{`${row.booked ?? 0} bokade, ${row.seatsLeft ?? row.capacity} lediga`}</span>
              <Link to={`${ADMIN_BASE}/bookings/?departureId=${row.id}`}>Passagerarlista</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function DashboardScreen() {
  const api = useAdminApi();
  const [data, setData] = useState<Dashboard>();
  const [messages, setMessages] = useState<ContactMessage[]>([]);
  const [changes, setChanges] = useState<AuditEntry[]>([]);
  const [problem, setProblem] = useState<string>();

  const load = useCallback(() => {
    Promise.all([api<Dashboard>('dashboard'), api<{ data: ContactMessage[] }>('contact-messages?unhandled=true'), api<{ data: AuditEntry[] }>('audit-log?limit=15')])
      .then(([dashboard, contact, audit]) => {
        setData(dashboard);
        setMessages(contact.data);
        setChanges(audit.data);
      })
      .catch((error: Error) => setProblem(error.message));
  }, [api]);
  useEffect(load, [load]);

  const retry = async (path: string) => {
    try {
      await api(path, { method: 'POST' });
      load();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  const markHandled = async (id: number) => {
    try {
      await api(`contact-messages/${id}`, { method: 'PATCH', body: { handled: true } });
      setMessages((current) => current.filter((message) => message.id !== id));
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  if (problem) return <p className="error-message" role="alert">{problem}</p>;
  if (!data) return <p role="status">Laddar översikten…</p>;
  return (
    <div className="admin-grid">
      <Departures title="Idag" rows={data.today} />
      <Departures title="Imorgon" rows={data.tomorrow} />
      <section className="admin-card" aria-labelledby="sales-title">
        <h2 id="sales-title">Försäljning</h2>
        <dl className="admin-stats">
          <dt>Denna vecka</dt>
          <dd>{`${data.week.bookings} bokningar · ${formatKr(data.week.revenueSek)}`}</dd>
          <dt>Säsongen</dt>
          <dd>{`${data.season.bookings} bokningar · ${formatKr(data.season.revenueSek)}`}</dd>
        </dl>
      </section>
      {(data.failedMails.length > 0 || data.failedRefunds.length > 0 || data.attention.length > 0) && (
        <section className="admin-card admin-card--wide" aria-labelledby="action-title">
          <h2 id="action-title">Behöver åtgärd</h2>
          <ul className="admin-list">
            {data.failedMails.map((mail) => (
              <li key={`mail-${mail.id}`}>
                <span>{`Mejlet "${mail.subject}" till ${mail.recipient} gick inte fram (${mail.attempts} försök: ${mail.lastError ?? 'okänt fel'})`}</span>
                <button type="button" className="button button--small" onClick={() => void retry(`outbox/mails/${mail.id}/retry`)}>
                  Skicka igen
                </button>
              </li>
            ))}
            {data.failedRefunds.map((refund) => (
              <li key={`refund-${refund.id}`}>
                <span>{`Återbetalningen av ${formatKr(refund.amountSek)} för ${refund.bookingReference} misslyckades (${refund.lastError ?? 'okänt fel'})`}</span>
                <button type="button" className="button button--small" onClick={() => void retry(`refunds/${refund.id}/retry`)}>
                  Försök igen
                </button>
              </li>
            ))}
            {data.attention.map((booking) => (
              <li key={`attention-${booking.reference}`}>
                <Link to={`${ADMIN_BASE}/bookings/?q=${booking.reference}`}>{`${booking.reference} · ${booking.name}`}</Link>
                <span>{booking.attention}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="admin-card" aria-labelledby="holds-title">
        <h2 id="holds-title">Reservationer som snart går ut</h2>
        {data.expiringHolds.length === 0 ? (
          <p>Inga just nu.</p>
        ) : (
          <ul className="admin-list">
            {data.expiringHolds.map((hold) => (
              <li key={hold.reference}>{`${hold.reference} · ${hold.name} · ${hold.guests} gäster · till ${formatWhen(hold.holdExpiresAt)}`}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-card admin-card--wide" aria-labelledby="messages-title">
        <h2 id="messages-title">{`Olästa kontaktmeddelanden (${messages.length})`}</h2>
        {messages.length === 0 ? (
          <p>Inga olästa meddelanden.</p>
        ) : (
          <ul className="admin-messages">
            {messages.map((message) => (
              <li key={message.id}>
                <p>
                  <strong>{message.name}</strong> <a href={`mailto:${message.email}`}>{message.email}</a> · {formatWhen(message.createdAt)}
                </p>
                <p className="admin-message-text">{message.message}</p>
                <button type="button" className="button button--small" onClick={() => void markHandled(message.id)}>
                  Markera som hanterat
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-card admin-card--wide" aria-labelledby="chats-title">
        <h2 id="chats-title">Senaste samtal med AI-guiden</h2>
        {data.recentConversations.length === 0 ? (
          <p>Inga samtal ännu.</p>
        ) : (
          <ul className="admin-list">
            {data.recentConversations.map((conversation) => (
              <li key={conversation.id}>
                <Link to={`${ADMIN_BASE}/chat-logs/?id=${conversation.id}`}>{conversation.firstQuestion}</Link>
                <span>{`${conversation.messageCount} meddelanden · ${formatWhen(conversation.updatedAt)}`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-card admin-card--wide" aria-labelledby="failed-logins-title">
        <h2 id="failed-logins-title">{`Misslyckade inloggningar senaste dygnet (${data.failedLogins.lastDay})`}</h2>
        {data.failedLogins.latest.length === 0 ? (
          <p>Inga misslyckade inloggningar.</p>
        ) : (
          <ul className="admin-list failed-logins">
            {data.failedLogins.latest.map((failure) => (
              <li key={`${failure.at}-${failure.email}-${failure.address}`}>
                <span>{failure.email}</span>
                <span>{`från ${failure.address} · ${formatWhen(failure.at)}`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-card admin-card--wide" aria-labelledby="audit-title">
        <h2 id="audit-title">Senaste ändringar</h2>
        {changes.length === 0 ? (
          <p>Inga ändringar ännu.</p>
        ) : (
          <ul className="admin-list audit-log">
            {changes.map((entry) => (
              <li key={entry.id}>
                <span>{`${entry.action} · ${entry.target}`}</span>
                <span>{`${entry.adminEmail} · ${formatWhen(entry.createdAt)}`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
