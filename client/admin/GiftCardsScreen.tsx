import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';

import type { GiftCardEntryView, GiftCardView } from '../../shared/admin-types';
import { formatSekIn } from '../../shared/company';
import { adminRequest } from './admin-client';
import { formatWhen } from './admin-format';
import { FieldErrors, ProblemSummary, saveProblem, useContentMutation } from './content/content-parts';

export const GIFT_CARDS_KEY = ['admin', 'gift-cards'] as const;

interface IssueInput {
  amountSek: number;
  note: string;
  recipientName?: string;
  recipientEmail?: string;
  language: 'sv' | 'en' | 'de';
}

const giftCardsApi = {
  search: (q: string) => adminRequest<{ data: GiftCardView[] }>('GET', `gift-cards?q=${encodeURIComponent(q)}`),
  card: (id: number) => adminRequest<{ card: GiftCardView; entries: GiftCardEntryView[] }>('GET', `gift-cards/${id}`),
  issue: (input: IssueInput) => adminRequest<GiftCardView>('POST', 'gift-cards', { body: input }),
  void: ({ id, note }: { id: number; note: string }) => adminRequest<GiftCardView>('POST', `gift-cards/${id}/void`, { body: { note } }),
};

const sek = (amount: number) => formatSekIn('sv', amount);
const ENTRY_WORDS: Record<GiftCardEntryView['kind'], string> = { issue: 'Utfärdat', redeem: 'Använt', refund: 'Tillbaka på kortet', void: 'Makulerat' };

/** Active, voided or past its end, in staff's words. */
function cardState(card: GiftCardView): string {
  if (card.status === 'void') return `Makulerat ${card.voidedAt ? formatWhen(card.voidedAt) : ''}`.trim();
  if (card.status === 'pending') return 'Köpt, väntar på betalningen';
  if (card.expired) return 'Har gått ut';
  return card.balanceSek > 0 ? 'Giltigt' : 'Förbrukat';
}

function IssueForm({ onIssued }: { onIssued: (card: GiftCardView) => void }) {
  const id = useId();
  const issue = useContentMutation([GIFT_CARDS_KEY], giftCardsApi.issue, onIssued);
  const problem = saveProblem(issue.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    issue.mutate({
      amountSek: Number(text('amountSek')),
      note: text('note'),
      ...(text('recipientName') ? { recipientName: text('recipientName') } : {}),
      ...(text('recipientEmail') ? { recipientEmail: text('recipientEmail') } : {}),
      language: text('language') as IssueInput['language'],
    });
  };
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Ge ut ett presentkort</h2>
      <p>Till exempel som ersättning för en inställd tur. Kortet gäller ett år och betalar bokningar tills saldot är slut.</p>
      <form className="admin-form gift-card-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-amount`}>Värde (kr)</label>
          <input id={`${id}-amount`} name="amountSek" type="number" inputMode="numeric" min={50} max={100000} step={1} required />
          <FieldErrors problem={problem} names={['amountSek']} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-note`}>Anledning</label>
          <input id={`${id}-note`} name="note" required minLength={3} maxLength={500} autoComplete="off" />
          <FieldErrors problem={problem} names={['note']} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>Mottagarens namn</label>
          <input id={`${id}-name`} name="recipientName" maxLength={120} autoComplete="off" />
          <FieldErrors problem={problem} names={['recipientName']} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Mottagarens e-post</label>
          <input id={`${id}-email`} name="recipientEmail" type="email" maxLength={254} autoComplete="off" />
          <FieldErrors problem={problem} names={['recipientEmail']} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-language`}>Språk</label>
          <select id={`${id}-language`} name="language" defaultValue="sv">
            <option value="sv">Svenska</option>
            <option value="en">Engelska</option>
            <option value="de">Tyska</option>
          </select>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" disabled={issue.isPending}>
            {issue.isPending ? 'Ger ut…' : 'Ge ut presentkortet'}
          </button>
        </div>
        {problem && Object.keys(problem.fields).length === 0 && <ProblemSummary problem={problem} />}
      </form>
    </section>
  );
}

/** One card: what it holds, every change of its balance, and voiding it. */
function CardDetail({ cardId, onClose }: { cardId: number; onClose: () => void }) {
  const id = useId();
  const detail = useQuery({ queryKey: [...GIFT_CARDS_KEY, cardId], queryFn: () => giftCardsApi.card(cardId) });
  const voiding = useContentMutation([GIFT_CARDS_KEY], giftCardsApi.void);
  const problem = saveProblem(voiding.error);
  if (detail.isPending) return <p role="status">Laddar presentkortet…</p>;
  if (detail.isError) return <ProblemSummary problem={saveProblem(detail.error)} />;
  const { card, entries } = detail.data;
  const submitVoid = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim();
    if (window.confirm(`Makulera ${card.code}? Saldot ${sek(card.balanceSek)} försvinner och kortet kan inte användas igen.`)) voiding.mutate({ id: card.id, note });
  };
  return (
    <section className="admin-card admin-card--wide" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        Presentkort <code data-testid="gift-card-code">{card.code}</code>
      </h2>
      <dl className="admin-stats">
        <dt>Saldo</dt>
        <dd>{`${sek(card.balanceSek)} av ${sek(card.initialSek)}`}</dd>
        <dt>Gäller för</dt>
        <dd>{card.tour ? `${card.tour.title}, ${card.tour.guests} gäster (enfunktionsvoucher, moms vid köpet)` : 'Alla turer (flerfunktionsvoucher)'}</dd>
        <dt>Status</dt>
        <dd>{cardState(card)}</dd>
        <dt>Gäller till</dt>
        <dd>{formatWhen(card.expiresAt)}</dd>
        <dt>Mottagare</dt>
        <dd>{[card.recipientName, card.recipientEmail].filter(Boolean).join(', ') || '–'}</dd>
        <dt>Köpare</dt>
        <dd>{card.origin === 'staff' ? `Utfärdat av ${card.issuedBy ?? 'personal'}` : [card.buyerName, card.buyerEmail].filter(Boolean).join(', ') || '–'}</dd>
        {card.note && (
          <>
            <dt>Anteckning</dt>
            <dd>{card.note}</dd>
          </>
        )}
      </dl>
      <p>
        <a href={card.printUrl} target="_blank" rel="noopener">
          Kortets sida, att skriva ut eller skicka
        </a>
      </p>
      <h3>Historik</h3>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">När</th>
              <th scope="col">Händelse</th>
              <th scope="col">Belopp</th>
              <th scope="col">Saldo efter</th>
              <th scope="col">Bokning</th>
              <th scope="col">Av</th>
              <th scope="col">Anteckning</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatWhen(entry.createdAt)}</td>
                <th scope="row">{ENTRY_WORDS[entry.kind]}</th>
                <td>{sek(entry.amountSek)}</td>
                <td>{sek(entry.balanceAfterSek)}</td>
                <td>{entry.bookingReference ?? '–'}</td>
                <td>{entry.actor === 'guest' ? 'Gästen' : entry.actor === 'system' ? 'Systemet' : (entry.actor ?? '–')}</td>
                <td>{entry.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {card.status !== 'void' && (
        <form className="admin-form" onSubmit={submitVoid}>
          <div className="field">
            <label htmlFor={`${id}-void-note`}>Varför makuleras kortet?</label>
            <input id={`${id}-void-note`} name="note" required minLength={3} maxLength={500} autoComplete="off" />
            <FieldErrors problem={problem} names={['note']} />
          </div>
          <div className="admin-actions">
            <button type="submit" className="button button--danger" disabled={voiding.isPending}>
              Makulera kortet
            </button>
          </div>
          {problem && Object.keys(problem.fields).length === 0 && <ProblemSummary problem={problem} />}
        </form>
      )}
      <div className="admin-actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Stäng
        </button>
      </div>
    </section>
  );
}

/**
 * Gift cards as staff handle them: found by code or email, issued by hand (shown with its code
 * at once), each with its balance and history, voided with a reason; all in the audit log.
 */
export function GiftCardsScreen() {
  const id = useId();
  const [query, setQuery] = useState('');
  const searched = useDeferredValue(query.trim());
  const cards = useQuery({ queryKey: [...GIFT_CARDS_KEY, 'search', searched], queryFn: () => giftCardsApi.search(searched) });
  const [openId, setOpenId] = useState<number>();

  return (
    <div className="admin-grid">
      <IssueForm onIssued={(card) => setOpenId(card.id)} />
      {openId !== undefined && <CardDetail key={openId} cardId={openId} onClose={() => setOpenId(undefined)} />}
      <section className="admin-card admin-card--wide" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Presentkort</h2>
        <div className="field">
          <label htmlFor={`${id}-search`}>Sök på kod eller e-post</label>
          <input id={`${id}-search`} type="search" value={query} onChange={(event) => setQuery(event.currentTarget.value)} autoComplete="off" />
          <small className="field-hint">Tomt: alla kort med saldo kvar.</small>
        </div>
        {cards.isPending ? (
          <p role="status">Laddar presentkorten…</p>
        ) : cards.isError ? (
          <ProblemSummary problem={saveProblem(cards.error)} />
        ) : cards.data.data.length === 0 ? (
          <p>Inga presentkort hittades.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Kod</th>
                  <th scope="col">Saldo</th>
                  <th scope="col">Värde</th>
                  <th scope="col">Gäller till</th>
                  <th scope="col">Mottagare</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {cards.data.data.map((card) => (
                  <tr key={card.id}>
                    <th scope="row">
                      <button type="button" className="link-button" onClick={() => setOpenId(card.id)}>
                        <code>{card.code}</code>
                      </button>
                    </th>
                    <td>{sek(card.balanceSek)}</td>
                    <td>{sek(card.initialSek)}</td>
                    <td>{formatWhen(card.expiresAt)}</td>
                    <td>{card.recipientName ?? card.recipientEmail ?? '–'}</td>
                    <td>{cardState(card)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
