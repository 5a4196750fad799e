import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

import { asApiError } from '../../shared/errors';
import { apiStream } from '../api/http';
import { useFormat } from '../i18n/format';
import { useLang, useT, type MessageId } from '../i18n/i18n';
import { Link } from '../i18n/links';
import { readHistory, writeHistory, type GuideHistory, type GuideMessage } from './ai-storage';
import { COMPANY } from '../../shared/company';

interface DoneEvent {
  type: 'done';
  conversationId: string;
  reply: string;
  tours: GuideMessage['tours'];
  action?: GuideMessage['action'];
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

const SUGGESTIONS: MessageId[] = ['ai.suggestion.aurora', 'ai.suggestion.family', 'ai.suggestion.wear'];
const MAX_LENGTH = 1000;

interface Props {
  onClose: () => void;
  onReset: () => void;
}

/** The AI travel guide's chat panel; loaded only when a guest opens it. */
export default function AiGuidePanel({ onClose, onReset }: Props) {
  const t = useT();
  const lang = useLang();
  const format = useFormat();
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
    // A question just asked: at the bottom. A reply (as it streams, too): from the question above it, so a long one reads from its start.
    // The welcome is the list's first item, so message i is item i + 1 (the typing dots, while shown, come after them all).
    const { messages } = history;
    const replied = messages.length > 1 && messages.at(-1)?.role === 'guide';
    (replied ? list.current?.children[messages.length - 1] : list.current?.lastElementChild)?.scrollIntoView({ block: replied ? 'start' : 'end' });
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
      const stream = await apiStream('/api/chat/stream', { message: text, lang, ...(history.conversationId ? { conversationId: history.conversationId } : {}) });
      await readReply(
        stream,
        (partial) => show({ role: 'guide', text: partial }),
        (done) => show({ role: 'guide', text: done.reply, tours: done.tours, ...(done.action ? { action: done.action } : {}) }, done.conversationId),
      );
    } catch (error) {
      const failure = asApiError(error, t('ai.failed', { phone: COMPANY.phone }));
      show({ role: 'guide', text: failure.status === 0 ? t('ai.offline') : failure.message });
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
        <h2 id="ai-panel-title">{t('ai.title')}</h2>
        <div>
          <button type="button" className="ai-panel__action" onClick={onReset}>
            {t('ai.startOver')}
          </button>
          <button type="button" className="ai-panel__close" onClick={onClose} aria-label={t('ai.close')}>
            ×
          </button>
        </div>
      </header>
      <ol className="ai-panel__messages" ref={list} aria-live="polite" aria-relevant="additions">
        <li className="ai-message ai-message--guide">
          <p>{t('ai.welcome')}</p>
          {history.messages.length === 0 && (
            <ul className="ai-suggestions" aria-label={t('ai.suggested')}>
              {SUGGESTIONS.map((suggestion) => (
                <li key={suggestion}>
                  <button type="button" onClick={() => void ask(t(suggestion))}>
                    {t(suggestion)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </li>
        {history.messages.map((message, index) => (
          <li key={index} className={`ai-message ai-message--${message.role}`}>
            <span className="visually-hidden">{message.role === 'guest' ? t('ai.you') : t('ai.guide')}</span>
            {message.text.split('\n\n').map((paragraph, part) => (
              <p key={part}>{paragraph}</p>
            ))}
            {message.tours && message.tours.length > 0 && (
              <ul className="ai-tours">
                {message.tours.map((tour) => (
                  <li key={tour.slug}>
                    <Link to={`/tours/${tour.slug}/`} onClick={onClose}>
                      <strong>{tour.title}</strong>
                      <span>{`${format.sek(tour.priceSek)} · ${format.hours(tour.durationHours)}`}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {message.action && (
              <p>
                <Link className="button button--small ai-action" to={message.action.href} onClick={onClose}>
                  {message.action.label}
                </Link>
              </p>
            )}
          </li>
        ))}
        {thinking && (
          <li className="ai-message ai-message--guide ai-typing" role="status">
            <span className="visually-hidden">{t('ai.typing')}</span>
            <span aria-hidden="true">•••</span>
          </li>
        )}
      </ol>
      <form className="ai-panel__form" onSubmit={onSubmit}>
        <label htmlFor="ai-question" className="visually-hidden">
          {t('ai.question')}
        </label>
        <textarea
          id="ai-question"
          ref={input}
          rows={2}
          maxLength={MAX_LENGTH}
          value={draft}
          placeholder={t('ai.placeholder')}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button--small" disabled={thinking || draft.trim() === ''}>
          {t('ai.send')}
        </button>
      </form>
    </section>
  );
}
