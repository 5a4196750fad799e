import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';

import { asApiError } from '../../shared/errors';
import { apiStream } from '../api/http';
import { formatHours, formatSek } from '../format';
import { readHistory, writeHistory, type GuideHistory, type GuideMessage } from './ai-storage';
import { COMPANY } from '../../shared/company';

const FAILED = `Sorry, I could not answer just now. Please try again, or call us on ${COMPANY.phone}.`;

interface DoneEvent {
  type: 'done';
  conversationId: string;
  reply: string;
  tours: GuideMessage['tours'];
}

/** Reads the guide's server-sent events: the reply grows as it arrives, then the final answer with its tours. */
async function readReply(body: ReadableStream<Uint8Array>, onPartial: (text: string) => void, onDone: (done: DoneEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    for (const event of events) {
      if (!event.startsWith('data: ')) continue;
      const data = JSON.parse(event.slice(6)) as { type: 'text'; text: string } | DoneEvent;
      if (data.type === 'text') onPartial((text += data.text));
      else onDone(data);
    }
  }
}

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
    const show = (reply: GuideMessage, conversationId = history.conversationId) => setHistory({ conversationId, messages: [...asked.messages, reply] });
    try {
      const stream = await apiStream('/api/chat/stream', { message: text, ...(history.conversationId ? { conversationId: history.conversationId } : {}) });
      await readReply(stream, (partial) => show({ role: 'guide', text: partial }), (done) => show({ role: 'guide', text: done.reply, tours: done.tours }, done.conversationId));
    } catch (error) {
      const failure = asApiError(error, FAILED);
      show({ role: 'guide', text: failure.status === 0 ? 'Sorry, I could not reach our server. Please check your connection and try again.' : failure.message });
    }
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
