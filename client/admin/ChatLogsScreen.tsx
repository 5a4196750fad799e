import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import type { ConversationBooking, ConversationRow, GuideSpendView, TranscriptView } from '../../shared/admin-types';
import { LANGUAGE_NAMES_SV, isLang } from '../../shared/languages';
import { ADMIN_BASE } from '../../shared/taxonomy';
import { adminRequest } from './admin-client';
import { formatWhen, STATUS_LABELS } from './admin-format';
import { saveProblem } from './content/content-parts';

/** The booking a conversation led to: its reference (to the booking) and where it stands. */
function BookingBadge({ booking }: { booking: ConversationBooking }) {
  return (
    <Link className="badge badge--success" to={`${ADMIN_BASE}/bookings/?q=${encodeURIComponent(booking.reference)}`}>
      {`Bokning ${booking.reference}${booking.status ? ` · ${(STATUS_LABELS[booking.status] ?? booking.status).toLowerCase()}` : ''}`}
    </Link>
  );
}

const count = new Intl.NumberFormat('sv-SE');

/** What the guide spent with the outside model today and this minute, against its budget (nothing without an outside model). */
function GuideSpend() {
  const spend = useQuery({ queryKey: ['admin', 'chat-logs', 'spend'], queryFn: () => adminRequest<GuideSpendView>('GET', 'chat-logs/spend') }).data;
  if (!spend?.limits) return null;
  const todayDate = new Date().toISOString().slice(0, 10);
  const today = spend.days.find((day) => day.date === todayDate) ?? { calls: 0, tokens: 0 };
  return (
    <section className="admin-card" aria-labelledby="spend-title">
      <h2 id="spend-title">AI-guidens förbrukning</h2>
      <dl className="admin-stats">
        <dt>Idag (UTC)</dt>
        <dd>{`${count.format(today.calls)} av ${count.format(spend.limits.callsPerDay)} anrop · ${count.format(today.tokens)} av ${count.format(spend.limits.tokensPerDay)} tokens`}</dd>
        <dt>Den här minuten</dt>
        <dd>{`${count.format(spend.thisMinute.calls)} av ${count.format(spend.limits.callsPerMinute)} anrop · ${count.format(spend.thisMinute.tokens)} av ${count.format(spend.limits.tokensPerMinute)} tokens`}</dd>
        {spend.days
          .filter((day) => day.date !== todayDate)
          .map((day) => (
            <div key={day.date}>
              <dt>{day.date}</dt>
              <dd>{`${count.format(day.calls)} anrop · ${count.format(day.tokens)} tokens`}</dd>
            </div>
          ))}
      </dl>
      <p className="muted">När budgeten är slut svarar den inbyggda guiden tills nästa minut eller dag.</p>
    </section>
  );
}

/** The conversation's language as the Swedish admin says it ("engelska"). */
const languageName = (language: string) => (isLang(language) ? LANGUAGE_NAMES_SV[language] : language);

/** Why the guide's answer is marked, as staff read it. */
const MISSED: Record<NonNullable<TranscriptView['messages'][number]['unansweredReason']>, string> = {
  'no-content': 'Kunde inte svara från vårt innehåll',
  repeated: 'Samma svar igen',
  unhelped: 'Gästen fick inte hjälp',
};

/**
 * Conversations with the guide, searched by the URL's ?q= (?unanswered=true: only those where the
 * guide could not help (nothing of ours grounded an answer, it said the same again, or the guest
 * said it missed), so staff see what the site does not tell yet; ?booked=true:
 * only those in which the guide held seats); ?id= opens one.
 */
export function ChatLogsScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const onlyUnanswered = params.get('unanswered') === 'true';
  const onlyBooked = params.get('booked') === 'true';
  const openId = params.get('id');
  const filters = { ...(q ? { q } : {}), ...(onlyUnanswered ? { unanswered: 'true' } : {}), ...(onlyBooked ? { booked: 'true' } : {}) };
  const conversations = useQuery({
    queryKey: ['admin', 'chat-logs', q, onlyUnanswered, onlyBooked],
    queryFn: () => adminRequest<{ data: ConversationRow[]; total: number }>('GET', `chat-logs?q=${encodeURIComponent(q)}${onlyUnanswered ? '&unanswered=true' : ''}${onlyBooked ? '&booked=true' : ''}`),
  });
  const opened = useQuery({ queryKey: ['admin', 'chat-log', openId], queryFn: () => adminRequest<TranscriptView>('GET', `chat-logs/${encodeURIComponent(openId ?? '')}`), enabled: Boolean(openId) });
  const list = conversations.data;
  const transcript = opened.data;
  const problem = saveProblem(conversations.error ?? opened.error)?.message;

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = String(form.get('q') ?? '').trim();
    setParams({ ...(text ? { q: text } : {}), ...(form.get('unanswered') ? { unanswered: 'true' } : {}), ...(form.get('booked') ? { booked: 'true' } : {}) });
  };

  return (
    <>
      <GuideSpend />
      <form className="admin-filters" role="search" onSubmit={onSearch}>
        <div className="field">
          <label htmlFor="chat-q">Sök i samtalen</label>
          <input id="chat-q" name="q" type="search" defaultValue={q} />
        </div>
        <div className="field field--check">
          <input id="chat-unanswered" name="unanswered" type="checkbox" defaultChecked={onlyUnanswered} />
          <label htmlFor="chat-unanswered">Bara samtal där guiden inte kunde hjälpa</label>
        </div>
        <div className="field field--check">
          <input id="chat-booked" name="booked" type="checkbox" defaultChecked={onlyBooked} />
          <label htmlFor="chat-booked">Bara samtal som ledde till bokning</label>
        </div>
        <button type="submit" className="button button--small">
          Sök
        </button>
      </form>
      {problem && <p className="error-message" role="alert">{problem}</p>}
      {!list ? (
        <p role="status">Laddar samtal…</p>
      ) : list.data.length === 0 ? (
        <p>Inga samtal hittades.</p>
      ) : (
        <ul className="admin-list">
          {list.data.map((conversation) => (
            <li key={conversation.id}>
              <button type="button" className="link-button" onClick={() => setParams({ ...filters, id: conversation.id })}>
                {conversation.firstQuestion}
              </button>
              <span>
                {`${conversation.messageCount} meddelanden · ${languageName(conversation.language)} · ${formatWhen(conversation.updatedAt)}`}
                {conversation.booking && <BookingBadge booking={conversation.booking} />}
                {conversation.unansweredCount > 0 && <span className="badge badge--warning">{`${conversation.unansweredCount} svar utan hjälp`}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      {transcript && transcript.id === openId && (
        <section className="admin-card transcript" aria-labelledby="transcript-title">
          <h2 id="transcript-title">Samtal</h2>
          <p>
            {`På ${languageName(transcript.language)}`}
            {transcript.booking && (
              <>
                {' · ledde till '}
                <BookingBadge booking={transcript.booking} />
              </>
            )}
          </p>
          <ol>
            {transcript.messages.map((message, index) => (
              <li key={index} className={`transcript__${message.role}${message.unanswered ? ' transcript__unanswered' : ''}`}>
                <span className="transcript__who">
                  {message.role === 'guest' ? 'Gäst' : 'AI-guide'}
                  {message.unanswered && <span className="badge badge--warning">{MISSED[message.unansweredReason ?? 'no-content']}</span>}
                </span>
                <p>{message.content}</p>
                {message.tours.length > 0 && <p className="transcript__tours">{`Föreslagna turer: ${message.tours.map((tour) => tour.title).join(', ')}`}</p>}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
