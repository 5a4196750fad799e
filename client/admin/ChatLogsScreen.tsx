import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { ConversationRow, TranscriptView } from '../../shared/admin-types';
import { adminRequest } from './admin-client';
import { formatWhen } from './admin-format';
import { saveProblem } from './content/content-parts';

/**
 * Conversations with the guide, searched by the URL's ?q= (?unanswered=true: only those with an
 * answer nothing of ours grounded, so staff see what the site does not tell yet); ?id= opens one.
 */
export function ChatLogsScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const onlyUnanswered = params.get('unanswered') === 'true';
  const openId = params.get('id');
  const conversations = useQuery({
    queryKey: ['admin', 'chat-logs', q, onlyUnanswered],
    queryFn: () => adminRequest<{ data: ConversationRow[]; total: number }>('GET', `chat-logs?q=${encodeURIComponent(q)}${onlyUnanswered ? '&unanswered=true' : ''}`),
  });
  const opened = useQuery({ queryKey: ['admin', 'chat-log', openId], queryFn: () => adminRequest<TranscriptView>('GET', `chat-logs/${encodeURIComponent(openId ?? '')}`), enabled: Boolean(openId) });
  const list = conversations.data;
  const transcript = opened.data;
  const problem = saveProblem(conversations.error ?? opened.error)?.message;

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = String(form.get('q') ?? '').trim();
    setParams({ ...(text ? { q: text } : {}), ...(form.get('unanswered') ? { unanswered: 'true' } : {}) });
  };

  return (
    <>
      <form className="admin-filters" role="search" onSubmit={onSearch}>
        <div className="field">
          <label htmlFor="chat-q">Sök i samtalen</label>
          <input id="chat-q" name="q" type="search" defaultValue={q} />
        </div>
        <div className="field field--check">
          <input id="chat-unanswered" name="unanswered" type="checkbox" defaultChecked={onlyUnanswered} />
          <label htmlFor="chat-unanswered">Bara obesvarade frågor</label>
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
              <button type="button" className="link-button" onClick={() => setParams({ ...(q ? { q } : {}), ...(onlyUnanswered ? { unanswered: 'true' } : {}), id: conversation.id })}>
                {conversation.firstQuestion}
              </button>
              <span>
                {`${conversation.messageCount} meddelanden · ${formatWhen(conversation.updatedAt)}`}
                {conversation.unansweredCount > 0 && <span className="badge badge--warning">{`${conversation.unansweredCount} obesvarad${conversation.unansweredCount === 1 ? '' : 'e'}`}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      {transcript && transcript.id === openId && (
        <section className="admin-card transcript" aria-labelledby="transcript-title">
          <h2 id="transcript-title">Samtal</h2>
          <ol>
            {transcript.messages.map((message, index) => (
              <li key={index} className={`transcript__${message.role}${message.unanswered ? ' transcript__unanswered' : ''}`}>
                <span className="transcript__who">
                  {message.role === 'guest' ? 'Gäst' : 'AI-guide'}
                  {message.unanswered && <span className="badge badge--warning">Kunde inte svara från vårt innehåll</span>}
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
