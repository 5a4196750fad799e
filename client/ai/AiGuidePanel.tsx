import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';

import { formatHours, formatSek } from '../format';
import { readHistory, writeHistory, type GuideHistory, type GuideMessage } from './ai-storage';

const SUGGESTIONS = ['When is the best time to see the Northern Lights?', 'Which tours suit a family with children?', 'What should I wear in winter?'];
const MAX_LENGTH = 1000;

interface Props {
  onClose: () => void;
  onReset: () => void;
}

/** The AI travel guide's chat panel; loaded only when a guest opens it. */
export default function AiGuidePanel({ onClose, onReset }: Props) {
  const [history, setHistory] = useState<GuideHistory>(readHistory);
  const [draft, setDraft] = useState('');
  const [thinking, setThinking] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    writeHistory(history);
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [history]);

  const ask = async (question: string) => {
    const text = question.trim().slice(0, MAX_LENGTH);
    if (!text || thinking) return;
    const asked: GuideHistory = { ...history, messages: [...history.messages, { role: 'guest', text }] };
    setHistory(asked);
    setDraft('');
    setThinking(true);
    let reply: GuideMessage;
    let conversationId = history.conversationId;
    try {
      const response = await fetch('/api/chat', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ message: text, ...(conversationId ? { conversationId } : {}) }),
      });
      const body = (await response.json().catch(() => ({}))) as { reply?: string; tours?: GuideMessage['tours']; conversationId?: string; message?: string };
      if (response.ok && body.reply) {
        reply = { role: 'guide', text: body.reply, tours: body.tours ?? [] };
        conversationId = body.conversationId;
      } else {
        reply = { role: 'guide', text: body.message ?? 'Sorry, I could not answer just now. Please try again, or call us on +46 980 123 45.' };
      }
    } catch {
      reply = { role: 'guide', text: 'Sorry, I could not reach our server. Please check your connection and try again.' };
    }
    setHistory({ conversationId, messages: [...asked.messages, reply] });
    setThinking(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void ask(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void ask(draft);
    }
    if (event.key === 'Escape') onClose();
  };

  return (
    <section className="ai-panel" role="dialog" aria-modal="false" aria-labelledby="ai-panel-title">
      <header className="ai-panel__header">
        <h2 id="ai-panel-title">AI travel guide</h2>
        <div>
          <button type="button" className="ai-panel__action" onClick={onReset}>
            Start over
          </button>
          <button type="button" className="ai-panel__close" onClick={onClose} aria-label="Close the AI guide">
            ×
          </button>
        </div>
      </header>
      <ol className="ai-panel__messages" ref={list} aria-live="polite" aria-relevant="additions">
        <li className="ai-message ai-message--guide">
          <p>Hej! I'm Norrsken's travel guide. Ask me about tours, the Northern Lights, the weather or what to wear.</p>
          {history.messages.length === 0 && (
            <ul className="ai-suggestions" aria-label="Suggested questions">
              {SUGGESTIONS.map((suggestion) => (
                <li key={suggestion}>
                  <button type="button" onClick={() => void ask(suggestion)}>
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </li>
        {history.messages.map((message, index) => (
          <li key={index} className={`ai-message ai-message--${message.role}`}>
            <span className="visually-hidden">{message.role === 'guest' ? 'You:' : 'Guide:'}</span>
            {message.text.split('\n\n').map((paragraph, part) => (
              <p key={part}>{paragraph}</p>
            ))}
            {message.tours && message.tours.length > 0 && (
              <ul className="ai-tours">
                {message.tours.map((tour) => (
                  <li key={tour.slug}>
                    <Link to={`/tours/${tour.slug}/`} onClick={onClose}>
                      <strong>{tour.title}</strong>
                      <span>{`${formatSek(tour.priceSek)} · ${formatHours(tour.durationHours)}`}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
        {thinking && (
          <li className="ai-message ai-message--guide ai-typing" role="status">
            <span className="visually-hidden">The guide is typing…</span>
            <span aria-hidden="true">•••</span>
          </li>
        )}
      </ol>
      <form className="ai-panel__form" onSubmit={onSubmit}>
        <label htmlFor="ai-question" className="visually-hidden">
          Your question
        </label>
        <textarea
          id="ai-question"
          ref={input}
          rows={2}
          maxLength={MAX_LENGTH}
          value={draft}
          placeholder="Ask about tours, the aurora, what to wear…"
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button--small" disabled={thinking || draft.trim() === ''}>
          Send
        </button>
      </form>
    </section>
  );
}
