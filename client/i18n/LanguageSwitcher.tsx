import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

import { noChanges } from '../components/after-hydration';
import { LANGUAGE_NAMES, LANGUAGES, localizedPath, preferredLanguage, type Lang } from '../../shared/languages';
import { DECLINED_KEY } from './language-offer';
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

/** The offer's words and buttons: loaded only for a visitor who gets one. */
const LanguageOffer = lazy(() => import('./LanguageOffer'));

/**
 * A suggestion, never a redirect: when the browser prefers another language the site speaks,
 * a line offers the page in it. Shown after the page has loaded (cached pages are the same for
 * everyone), and not again in the visit once declined.
 */
export function LanguageSuggestion() {
  const lang = useLang();
  // Nothing on the server or while hydrating (the page is the same for everyone); then the browser's own preference.
  const offer = useSyncExternalStore(noChanges, () => offerFor(lang), () => undefined);
  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <LanguageOffer offer={offer} />
    </Suspense>
  );
}


/** The language to offer on a page in `lang`: the browser's preferred one if the site speaks it, unless this visit declined. */
function offerFor(lang: Lang): Lang | undefined {
  if (sessionStorage.getItem(DECLINED_KEY)) return undefined;
  const preferred = preferredLanguage(navigator.languages ?? [navigator.language]);
  return preferred !== lang ? preferred : undefined;
}
