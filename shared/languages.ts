/**
 * The languages the public site speaks: English on the spec's routes, Swedish under /sv/ and
 * German under /de/ (the same pages, the path after the prefix unchanged). The admin is Swedish
 * and has no prefix.
 */
export const LANGUAGES = ['en', 'sv', 'de'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', sv: 'Svenska', de: 'Deutsch' };

/** Each language's name as the Swedish admin and staff's mails say it ("på engelska"). */
export const LANGUAGE_NAMES_SV: Record<Lang, string> = { en: 'engelska', sv: 'svenska', de: 'tyska' };

/** The Intl locale each language's dates and numbers are written in (English as the spec writes it, the British way). */
export const INTL_LOCALES: Record<Lang, string> = { en: 'en-GB', sv: 'sv-SE', de: 'de-DE' };

const PREFIX = /^\/(sv|de)(?=\/|$)/;

export const isLang = (value: unknown): value is Lang => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The language of a page from its path: /sv/… Swedish, /de/… German, every other path English. */
export function langOfPath(pathname: string): Lang {
  return (PREFIX.exec(pathname)?.[1] as Lang | undefined) ?? 'en';
}

/** The path without its language prefix: the English page's path, as the spec names it. */
export function basePath(pathname: string): string {
  return pathname.replace(PREFIX, '') || '/';
}

/** The same page in `lang`: `/tours/` is `/sv/tours/` in Swedish. */
export function localizedPath(lang: Lang, path: string): string {
  const base = basePath(path);
  return lang === 'en' ? base : `/${lang}${base}`;
}

/** The first of a list of language tags ("de-AT", "sv", a browser's or a reseller's, best first) that the site speaks. */
export function preferredLanguage(tags: readonly string[]): Lang | undefined {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLang(primary)) return primary;
  }
  return undefined;
}
