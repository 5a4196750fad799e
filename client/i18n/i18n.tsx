import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

import { langOfPath, localizedPath, type Lang } from '../../shared/languages';
import type en from '../locales/en.json';

/** An interface string's id: a key of the English catalog, so that a typo does not compile. */
export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number>;
/** Says an interface string in the page's language. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

export function createI18n(lang: Lang, messages: Messages): I18n {
  return setupI18n({ locale: lang, messages: { [lang]: messages } });
}

export const translator = (i18n: I18n): Translate => (id, values) => i18n._(id, values);

export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** The page's language, from its path. */
export function useLang(): Lang {
  return langOfPath(useLocation().pathname);
}

/** `t('nav.tours')`: the page's interface strings. */
export function useT(): Translate {
  const { i18n } = useLingui();
  return useMemo(() => translator(i18n), [i18n]);
}

/** A path of the site in the page's language: `/tours/` is `/sv/tours/` on a Swedish page. */
export function useLocalPath(): (path: string) => string {
  const lang = useLang();
  return (path) => localizedPath(lang, path);
}
