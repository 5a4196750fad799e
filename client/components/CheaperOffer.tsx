import { cheaperParty } from '../../shared/cheaper-party';
import type { PartyItem, PriceCategoryRule } from '../../shared/pricing';
import { useFormat } from '../i18n/format';
import { useT } from '../i18n/i18n';

/**
 * "Cheaper as Family (2 adults, 2 children): 5 265 SEK instead of 5 850 SEK" and the one tap
 * that switches the party to it, when the rule finds the same guests for less; nothing else.
 * Loaded after the booking page's first render.
 */
export default function CheaperOffer({ categories, party, was, onSwitch }: { categories: PriceCategoryRule[]; party: PartyItem[]; was: number; onSwitch: (party: PartyItem[]) => void }) {
  const t = useT();
  const format = useFormat();
  const cheaper = cheaperParty(categories, party);
  if (!cheaper) return null;
  const name = cheaper.bundle.name;
  return (
    <div className="cheaper-offer" role="status">
      <p>{t('book.cheaper', { name, total: format.sek(cheaper.tourAmountSek), was: format.sek(was) })}</p>
      <button type="button" className="button button--small" onClick={() => onSwitch(cheaper.party)}>
        {t('book.cheaperSwitch', { name, saving: format.sek(cheaper.savingSek) })}
      </button>
    </div>
  );
}
