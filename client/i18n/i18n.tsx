import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

import { langOfPath, localizedPath, type Lang } from '../../shared/languages';
import type { I18n } from './messages';
import type en from '../locales/en.json';
import type bookingEn from '../locales/booking/en.json';
import type browseEn from '../locales/browse/en.json';
import type guideEn from '../locales/guide/en.json';
import type pagesEn from '../locales/pages/en.json';
import type tripEn from '../locales/trip/en.json';
import type giftsEn from '../locales/gifts/en.json';
import type followupEn from '../locales/followup/en.json';

/** An interface string's id: a key of an English catalog, so that a typo does not compile. */
export type MessageId = keyof typeof en | keyof typeof browseEn | keyof typeof pagesEn | keyof typeof bookingEn | keyof typeof tripEn | keyof typeof giftsEn | keyof typeof followupEn | keyof typeof guideEn;
import type { MessageValues } from './messages';
export type { MessageValues } from './messages';
/** Says an interface string in the page's language. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

export const translator = (i18n: I18n): Translate => (id, values) => i18n._(id, values);

/**
 * The page's strings for its components. A page never changes language in place (the switcher
 * loads the page anew), so this is a plain context and not @lingui/react's provider, which
 * re-renders on a change of locale: 1 KB less on every first visit.
 */
const Strings = createContext<I18n | null>(null);

export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <Strings.Provider value={i18n}>{children}</Strings.Provider>;
}

/** The language of the strings in use: the page's, or Swedish where the admin borrows the site's fields. */
export function useStringsLang(): Lang {
  const i18n = useContext(Strings);
  return i18n?.locale ?? 'en';
}

/** The page's language, from its path. */
export function useLang(): Lang {
  return langOfPath(useLocation().pathname);
}

/** `t('nav.tours')`: the page's interface strings. */
export function useT(): Translate {
  const i18n = useContext(Strings);
  if (!i18n) throw new Error('useT needs a LanguageProvider above it');
  return useMemo(() => translator(i18n), [i18n]);
}

/** A path of the site in the page's language: `/tours/` is `/sv/tours/` on a Swedish page. */
export function useLocalPath(): (path: string) => string {
  const lang = useLang();
  return (path) => localizedPath(lang, path);
}
