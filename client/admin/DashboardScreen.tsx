import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

import type { ContactMessageView as ContactMessage, DashboardView as Dashboard, SalesView, TourDateView as TourDate } from '../../shared/admin-types';
import { auditActionText, auditTargetText, resellerActor } from '../../shared/staff-words';
import { ADMIN_BASE } from '../../shared/taxonomy';
import { adminRequest } from './admin-client';
import { DEPARTURE_STATUS_LABELS, formatKr, formatWhen } from './admin-format';
import { ManifestLink } from './bookings/PassengerList';
import { saveProblem, useContentMutation } from './content/content-parts';


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
              {/* A cancelled or closed date says so, not "0 bokade, 8 lediga" as if it were open. */}
              <span>{row.status === 'cancelled' ? <strong className="badge badge--warning">{DEPARTURE_STATUS_LABELS.cancelled}</strong> : row.status === 'closed' ? `Stängd · ${row.booked ?? 0} bokade` : `${row.booked ?? 0} bokade, ${row.seatsLeft ?? row.capacity} lediga`}</span>
              <ManifestLink departureId={row.id} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const DASHBOARD_KEY = ['admin', 'dashboard'] as const;

/** A period's confirmed sales, and per channel (the site, staff, each reseller) once more than one sold. */
function Sales({ title, sales }: { title: string; sales: SalesView }) {
  return (
    <>
      <dt>{title}</dt>
      <dd>
        {`${sales.bookings} bokningar · ${formatKr(sales.revenueSek)}`}
        {sales.byChannel.length > 1 && (
          <ul className="admin-list sales-channels">
            {sales.byChannel.map((line) => (
              <li key={line.channel}>{`${line.channel}: ${line.bookings} · ${formatKr(line.revenueSek)}`}</li>
            ))}
          </ul>
        )}
      </dd>
    </>
  );
}

export function DashboardScreen() {
  const overview = useQuery({
    queryKey: DASHBOARD_KEY,
    // The day's figures (check-ins from the guides' phones among them) as they change.
    refetchInterval: 60_000,
    queryFn: () =>
      Promise.all([
        adminRequest<Dashboard>('GET', 'dashboard'),
        adminRequest<{ data: ContactMessage[] }>('GET', 'contact-messages?unhandled=true'),
        adminRequest<{ data: AuditEntry[] }>('GET', 'audit-log?limit=15'),
      ]),
  });
  const retry = useContentMutation([DASHBOARD_KEY], (path: string) => adminRequest('POST', path));
  const handled = useContentMutation([DASHBOARD_KEY], (id: number) => adminRequest('PATCH', `contact-messages/${id}`, { body: { handled: true } }));
  const decide = useContentMutation([DASHBOARD_KEY], ({ id, decision }: { id: number; decision: 'run' | 'cancel' }) => adminRequest('POST', `tour-dates/${id}/minimum`, { body: { decision } }));
  const retryAt = (path: string) => retry.mutate(path);
  const markHandled = (id: number) => handled.mutate(id);
  const failure = overview.error ?? retry.error ?? handled.error ?? decide.error;
  const problem = failure ? saveProblem(failure)?.message : undefined;
  const [data, contact, audit] = overview.data ?? [];
  const messages = contact?.data ?? [];
  const changes = audit?.data ?? [];

  if (problem) return <p className="error-message" role="alert">{problem}</p>;
  if (!data) return <p role="status">Laddar översikten…</p>;
  return (
    <div className="admin-grid">
      {data.attendanceToday.expected > 0 && (
        <section className="admin-card" aria-labelledby="attendance-title">
          <h2 id="attendance-title">Närvaro i dag</h2>
          <p>{`${data.attendanceToday.checkedIn} av ${data.attendanceToday.expected} gäster incheckade · ${data.attendanceToday.noShows} kom inte · ${Math.max(0, data.attendanceToday.expected - data.attendanceToday.checkedIn - data.attendanceToday.noShows)} väntas`}</p>
        </section>
      )}
      {data.unguided.length > 0 && (
        <section className="admin-card admin-card--wide" aria-labelledby="unguided-title">
          <h2 id="unguided-title">Saknar guide (inom 48 timmar)</h2>
          <ul className="admin-list">
            {data.unguided.map((departure) => (
              <li key={departure.id}>
                <span>{`${formatWhen(departure.startsAt)} · ${departure.tourTitle}`}</span>
                <span>{`${departure.guides} av ${departure.guidesNeeded} guider`}</span>
                <Link to={`${ADMIN_BASE}/bookings/?departureId=${departure.id}`}>
                  Sätt på en guide<span className="visually-hidden">{` för ${departure.tourTitle} ${formatWhen(departure.startsAt)}`}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.belowMinimum.length > 0 && (
        <section className="admin-card admin-card--wide" aria-labelledby="minimum-title">
          <h2 id="minimum-title">Under minsta antal: kör eller ställ in</h2>
          <ul className="admin-list">
            {data.belowMinimum.map((departure) => (
              <li key={departure.id}>
                <span>{`${formatWhen(departure.startsAt)} · ${departure.tourTitle}`}</span>
                <span>{`${departure.booked} av minst ${departure.minGuests} bokade`}</span>
                <button type="button" className="link-button" disabled={decide.isPending} onClick={() => decide.mutate({ id: departure.id, decision: 'run' })}>
                  Kör ändå
                </button>
                <button
                  type="button"
                  className="link-button"
                  disabled={decide.isPending}
                  onClick={() => {
                    if (window.confirm(`Ställa in ${departure.tourTitle} ${formatWhen(departure.startsAt)}? Alla bokningar avbokas och återbetalas, och gästerna får ett mejl.`)) {
                      decide.mutate({ id: departure.id, decision: 'cancel' });
                    }
                  }}
                >
                  Ställ in
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Departures title="Idag" rows={data.today} />
      <Departures title="Imorgon" rows={data.tomorrow} />
      <section className="admin-card" aria-labelledby="sales-title">
        <h2 id="sales-title">Försäljning</h2>
        <dl className="admin-stats">
          <Sales title="Denna vecka" sales={data.week} />
          <Sales title="Säsongen" sales={data.season} />
        </dl>
        <p className="field-hint">Gästens pris; en återförsäljare betalar oss netto, efter sin provision.</p>
      </section>
      {(data.failedMails.length > 0 || data.failedRefunds.length > 0 || data.attention.length > 0 || data.failingWebhooks.length > 0) && (
        <section className="admin-card admin-card--wide" aria-labelledby="action-title">
          <h2 id="action-title">Behöver åtgärd</h2>
          <ul className="admin-list">
            {data.failedMails.map((mail) => (
              <li key={`mail-${mail.id}`}>
                <span>{`Mejlet "${mail.subject}" till ${mail.recipient} gick inte fram (${mail.attempts} försök: ${mail.lastError ?? 'okänt fel'})`}</span>
                <button type="button" className="button button--small" onClick={() => retryAt(`outbox/mails/${mail.id}/retry`)}>
                  Skicka igen
                </button>
              </li>
            ))}
            {data.failedRefunds.map((refund) => (
              <li key={`refund-${refund.id}`}>
                <span>{`Återbetalningen av ${formatKr(refund.amountSek)} för ${refund.bookingReference} misslyckades (${refund.lastError ?? 'okänt fel'})`}</span>
                <button type="button" className="button button--small" onClick={() => retryAt(`refunds/${refund.id}/retry`)}>
                  Försök igen
                </button>
              </li>
            ))}
            {data.failingWebhooks.map((webhook) => (
              <li key={`webhook-${webhook.url}`}>
                <Link to={`${ADMIN_BASE}/resellers/`}>{`Webbhooken till ${webhook.reseller}`}</Link>
                <span>{`${webhook.url} svarar inte: ${webhook.failing} anrop försöks igen, ${webhook.failed} gavs upp (${webhook.lastError ?? 'okänt fel'}). Hör av er till återförsäljaren.`}</span>
                {webhook.failed > 0 && (
                  <button type="button" className="button button--small" onClick={() => retryAt(`resellers/webhooks/${webhook.webhookId}/retry`)}>
                    Försök igen<span className="visually-hidden">{` med webbhooken till ${webhook.reseller}`}</span>
                  </button>
                )}
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
      <section className="admin-card admin-card--wide" aria-labelledby="guest-changes-title">
        <h2 id="guest-changes-title">Gästernas ändringar och avbokningar (7 dagar)</h2>
        {data.guestChanges.length === 0 ? (
          <p>Inga.</p>
        ) : (
          <ul className="admin-list">
            {data.guestChanges.map((change) => (
              <li key={`${change.reference}-${change.at}`}>
                <Link to={`${ADMIN_BASE}/bookings/?q=${change.reference}`}>{`${change.reference} · ${change.name}`}</Link>
                <span>{`${change.change === 'changed' ? 'Ändrad' : 'Avbokad'} ${formatWhen(change.at)} · ${change.tourTitle}, ${formatWhen(change.startsAt)}${change.detail ? ` · ${change.detail}` : ''}`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
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
                <button type="button" className="button button--small" onClick={() => markHandled(message.id)}>
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
                <span>{`${auditActionText(entry.action)} · ${auditTargetText(entry.target)}`}</span>
                <span>{`${resellerActor(entry.adminEmail) ?? entry.adminEmail} · ${formatWhen(entry.createdAt)}`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
