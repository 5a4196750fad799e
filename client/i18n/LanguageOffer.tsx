import { useState } from 'react';
import { useLocation } from 'react-router-dom';

import { LANGUAGE_NAMES, localizedPath, type Lang } from '../../shared/languages';
import { DECLINED_KEY } from './language-offer';

/** The offer to read a page in the visitor's own language, in that language (the page's catalog has only its own). */
const SUGGESTIONS: Record<Lang, { text: string; action: string; dismiss: string }> = {
  en: { text: 'This page is also in English.', action: 'Read it in English', dismiss: 'No thanks' },
  sv: { text: 'Den här sidan finns också på svenska.', action: 'Läs den på svenska', dismiss: 'Nej tack' },
  de: { text: 'Diese Seite gibt es auch auf Deutsch.', action: 'Auf Deutsch lesen', dismiss: 'Nein danke' },
};

/** The line that offers the page in `offer`, and the way to decline it for the visit (LanguageSuggestion decides whether to show it). */
export default function LanguageOffer({ offer }: { offer: Lang }) {
  const { pathname, search } = useLocation();
  const [declined, setDeclined] = useState(false);
  if (declined) return null;
  const words = SUGGESTIONS[offer];
  const decline = () => {
    sessionStorage.setItem(DECLINED_KEY, 'declined');
    setDeclined(true);
  };
  return (
    <aside className="language-offer" lang={offer} aria-label={LANGUAGE_NAMES[offer]}>
      <p>
        {words.text}{' '}
        <a href={`${localizedPath(offer, pathname)}${search}`} hrefLang={offer} onClick={() => sessionStorage.setItem(DECLINED_KEY, 'chosen')}>
          {words.action}
        </a>
      </p>
      <button type="button" onClick={decline}>
        {words.dismiss}
      </button>
    </aside>
  );
}
