import { useState } from 'react';

import { asApiError } from '../../shared/errors';
import type { BookingQuote } from '../../shared/pricing';
import { promoLabel, withPromo, type PromoTerms } from '../../shared/promo-codes';
import { useLang, useT } from '../i18n/i18n';

/** An applied code as the booking page uses it: its terms, its discount line's words, and the price with it (the rule rides in this chunk, not the page's). */
export interface AppliedPromo {
  terms: PromoTerms;
  label: string;
  price: (quote: BookingQuote) => BookingQuote;
}

/**
 * A promo code, checked with the server for the date and party chosen so far (each try counts
 * against the address); once applied its terms price the party as it changes, and the booking
 * sends it, where it is checked again.
 */
export default function PromoCodeField({ applied, discounted, onApply, ask }: { applied?: AppliedPromo; discounted: boolean; onApply: (promo: AppliedPromo | undefined) => void; ask: (code: string) => Promise<PromoTerms> | string }) {
  const t = useT();
  const lang = useLang();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    const asked = ask(code.trim());
    if (typeof asked === 'string') return setProblem(asked);
    setBusy(true);
    try {
      const terms = await asked;
      onApply({ terms, label: promoLabel(terms, lang), price: (quote) => withPromo(quote, terms) });
      setProblem(undefined);
    } catch (error) {
      setProblem(asApiError(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field promo-code">
      <label htmlFor="promoCode">{t('book.promo')}</label>
      <div className="promo-code__row">
        <input
          id="promoCode"
          className="gift-card-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          aria-describedby={problem ? 'promoCode-error' : undefined}
          aria-invalid={Boolean(problem)}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            if (applied) onApply(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <button type="button" className="button button--secondary" disabled={busy || !code.trim()} onClick={() => void apply()}>
          {t('book.promoApply')}
        </button>
      </div>
      {problem && (
        <span className="field-error" id="promoCode-error">
          {problem}
        </span>
      )}
      <p className="promo-code__status" role="status">
        {applied ? t(discounted ? 'book.promoApplied' : 'book.promoNotNow', { code: applied.terms.code }) : ''}
      </p>
    </div>
  );
}
