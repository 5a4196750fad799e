import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { adminRequest } from './admin-client';
import { saveProblem } from './content/content-parts';

interface Erasure {
  bookingsAnonymised: number;
  contactMessagesDeleted: number;
  chatConversationsDeleted: number;
  mailsDeleted: number;
  giftCardsForgotten: number;
  waitlistEntriesDeleted: number;
  ratingsDeleted: number;
}

/** A guest's privacy requests: a copy of everything held about them, or erasure. */
export function PrivacyScreen() {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: (work: () => Promise<string>) => work() });
  const busy = request.isPending;
  const notice = request.data;
  const problem = saveProblem(request.error)?.message;
  const run = (work: () => Promise<string>) => request.mutate(work);

  const exportData = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      const held = await adminRequest<unknown>('GET', `privacy/export?email=${encodeURIComponent(email)}`);
      const blob = new Blob([JSON.stringify(held, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `gastdata-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(link.href);
      return `Uppgifterna om ${email} är nedladdade. Skicka filen till gästen.`;
    });
  };

  const erase = () => {
    if (!window.confirm(`Radera allt om ${email}? Bokningarna anonymiseras och meddelanden, samtal och mejl tas bort. Det går inte att ångra.`)) return;
    run(async () => {
      const result = await adminRequest<Erasure>('POST', 'privacy/erase', { body: { email } });
      return `Klart: ${result.bookingsAnonymised} bokningar anonymiserade, ${result.contactMessagesDeleted} meddelanden, ${result.chatConversationsDeleted} samtal och ${result.mailsDeleted} mejl raderade; ${result.giftCardsForgotten} presentkort utan gästens uppgifter (saldot finns kvar); ${result.waitlistEntriesDeleted} platser i väntelistor och ${result.ratingsDeleted} omdömen raderade.`;
    });
  };

  return (
    <div className="admin-grid">
      <section className="admin-card admin-card--wide" aria-labelledby="privacy-title">
        <h2 id="privacy-title">Gästens begäran om sina uppgifter</h2>
        <p>Ange e-postadressen gästen bokade eller skrev med. Båda åtgärderna hamnar i ändringsloggen.</p>
        <form className="admin-form" onSubmit={exportData}>
          <div className="field">
            <label htmlFor="privacy-email">E-postadress</label>
            <input id="privacy-email" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
          </div>
          <div className="admin-actions">
            <button type="submit" className="button" disabled={busy}>
              Exportera uppgifter
            </button>
            <button type="button" className="button button--danger" disabled={busy || !email} onClick={erase}>
              Radera uppgifter
            </button>
          </div>
        </form>
        {notice && <p role="status">{notice}</p>}
        {problem && (
          <p role="alert" className="error-message">
            {problem}
          </p>
        )}
      </section>
    </div>
  );
}
