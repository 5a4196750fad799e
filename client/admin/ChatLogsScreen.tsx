import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { ConversationRow, TranscriptView } from '../../shared/admin-types';
import { adminRequest } from './admin-client';
import { formatWhen } from './admin-format';
import { saveProblem } from './content/content-parts';

/** Conversations with the guide, searched by the URL's ?q=; ?id= opens one. */
export function ChatLogsScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const openId = params.get('id');
  const conversations = useQuery({ queryKey: ['admin', 'chat-logs', q], queryFn: () => adminRequest<{ data: ConversationRow[]; total: number }>('GET', `chat-logs?q=${encodeURIComponent(q)}`) });
  const opened = useQuery({ queryKey: ['admin', 'chat-log', openId], queryFn: () => adminRequest<TranscriptView>('GET', `chat-logs/${encodeURIComponent(openId ?? '')}`), enabled: Boolean(openId) });
  const list = conversations.data;
  const transcript = opened.data;
  const problem = saveProblem(conversations.error ?? opened.error)?.message;

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(text ? { q: text } : {});
  };

  return (
    <>
      <form className="admin-filters" role="search" onSubmit={onSearch}>
        <div className="field">
          <label htmlFor="chat-q">Sök i samtalen</label>
          <input id="chat-q" name="q" type="search" defaultValue={q} />
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
              <button type="button" className="link-button" onClick={() => setParams({ ...(q ? { q } : {}), id: conversation.id })}>
                {conversation.firstQuestion}
              </button>
              <span>{`${conversation.messageCount} meddelanden · ${formatWhen(conversation.updatedAt)}`}</span>
            </li>
          ))}
        </ul>
      )}
      {transcript && transcript.id === openId && (
        <section className="admin-card transcript" aria-labelledby="transcript-title">
          <h2 id="transcript-title">Samtal</h2>
          <ol>
            {transcript.messages.map((message, index) => (
              <li key={index} className={`transcript__${message.role}`}>
                <span className="transcript__who">{message.role === 'guest' ? 'Gäst' : 'AI-guide'}</span>
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
