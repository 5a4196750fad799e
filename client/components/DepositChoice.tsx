import { useEffect } from 'react';

import { depositPlan, type DepositTerms } from '../../shared/deposits';
import type { Lang } from '../../shared/languages';
import { useFormat } from '../i18n/format';
import { useLang } from '../i18n/i18n';

/** Its words, in its own chunk (as the promo code field's refusals ride in theirs): the booking page's first render carries none of them. */
const WORDS: Record<Lang, { legend: string; full: (amount: string) => string; deposit: (deposit: string, balance: string, by: string) => string; terms: string }> = {
  en: {
    legend: "How much to pay now",
    full: (amount: string) => `Pay the whole price now (${amount})`,
    deposit: (deposit: string, balance: string, by: string) => `Pay a deposit of ${deposit} now, and the balance of ${balance} by ${by}`,
    terms: "The deposit is not refunded if you cancel; the rest follows the cancellation policy. We remind you of the balance, which you pay by card on your booking page.",
  },
  sv: {
    legend: "Hur mycket du betalar nu",
    full: (amount: string) => `Betala hela priset nu (${amount})`,
    deposit: (deposit: string, balance: string, by: string) => `Betala ${deposit} i handpenning nu, och resten, ${balance}, senast ${by}`,
    terms: "Handpenningen återbetalas inte om du avbokar; resten följer avbokningsvillkoren. Vi påminner dig om resten, som du betalar med kort på din bokningssida.",
  },
  de: {
    legend: "Wie viel Sie jetzt zahlen",
    full: (amount: string) => `Jetzt den ganzen Preis bezahlen (${amount})`,
    deposit: (deposit: string, balance: string, by: string) => `Jetzt eine Anzahlung von ${deposit} leisten, den Rest von ${balance} bis ${by}`,
    terms: "Die Anzahlung wird bei einer Stornierung nicht erstattet; der Rest folgt den Stornobedingungen. Wir erinnern Sie an den Restbetrag, den Sie per Karte auf Ihrer Buchungsseite bezahlen.",
  },
};


/**
 * The whole price now, or the tour's deposit now and the balance by its day (shared/deposits.ts,
 * as the server will charge it), with what the deposit means if the guest cancels, before paying.
 * Shown only where the tour asks a deposit and the balance's day is still ahead; a choice of the
 * deposit falls back to the whole price when the date or party no longer allows one.
 */
export default function DepositChoice({ terms, totalSek, startsAt, chosen, onChoose }: { terms: DepositTerms; totalSek: number; startsAt: string; chosen: boolean; onChoose: (deposit: boolean) => void }) {
  const say = WORDS[useLang()];
  const format = useFormat();
  const plan = depositPlan(terms, totalSek, startsAt, new Date());
  useEffect(() => {
    if (!plan && chosen) onChoose(false);
  }, [plan, chosen, onChoose]);
  if (!plan) return null;
  return (
    <fieldset className="deposit-choice">
      <legend>{say.legend}</legend>
      <label>
        <input type="radio" name="payNow" value="full" checked={!chosen} onChange={() => onChoose(false)} /> {say.full(format.sek(totalSek))}
      </label>
      <label>
        <input type="radio" name="payNow" value="deposit" checked={chosen} onChange={() => onChoose(true)} />{' '}
        {say.deposit(format.sek(plan.depositSek), format.sek(plan.balanceSek), format.departure(plan.balanceDueAt.toISOString()))}
      </label>
      <p className="policy">{say.terms}</p>
    </fieldset>
  );
}
