import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

import { LANGUAGE_NAMES, LANGUAGES, localizedPath, preferredLanguage, type Lang } from '../../shared/languages';
import { useLang, useT } from './i18n';

/**
 * The same page in each language. A whole new page is loaded (the new language's strings come
 * with it, as on a first visit), and the query (a filter, a booking) is kept.
 */
export function LanguageSwitcher() {
  const t = useT();
  const lang = useLang();
  const { pathname, search } = useLocation();
  return (
    <ul className="language-switcher" aria-label={t('language.label')}>
      {LANGUAGES.map((other) => (
        <li key={other}>
          <a href={`${localizedPath(other, pathname)}${search}`} hrefLang={other} lang={other} aria-current={other === lang ? 'true' : undefined}>
            {LANGUAGE_NAMES[other]}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The offer to read a page in the visitor's own language, in that language (the page's catalog has only its own). */
const SUGGESTIONS: Record<Lang, { text: string; action: string; dismiss: string }> = {
  en: { text: 'This page is also in English.', action: 'Read it in English', dismiss: 'No thanks' },
  sv: { text: 'Den här sidan finns också på svenska.', action: 'Läs den på svenska', dismiss: 'Nej tack' },
  de: { text: 'Diese Seite gibt es auch auf Deutsch.', action: 'Auf Deutsch lesen', dismiss: 'Nein danke' },
};

/** Remembered for the visit once declined or once a language is chosen: the offer is made once. */
const DECLINED_KEY = 'norrsken_language_offer';

/**
 * A suggestion, never a redirect: when the browser prefers another language the site speaks,
 * a line offers the page in it. Shown after the page has loaded (cached pages are the same for
 * everyone), and not again in the visit once declined.
 */
export function LanguageSuggestion() {
  const lang = useLang();
  const { pathname, search } = useLocation();
  const [declined, setDeclined] = useState(false);
  // Nothing on the server or while hydrating (the page is the same for everyone); then the browser's own preference.
  const offer = useSyncExternalStore(noChanges, () => offerFor(lang), () => undefined);
  if (!offer || declined) return null;
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

const noChanges = () => () => undefined;

/** The language to offer on a page in `lang`: the browser's preferred one if the site speaks it, unless this visit declined. */
function offerFor(lang: Lang): Lang | undefined {
  if (sessionStorage.getItem(DECLINED_KEY)) return undefined;
  const preferred = preferredLanguage(navigator.languages ?? [navigator.language]);
  return preferred !== lang ? preferred : undefined;
}
