import type { I18n, Messages } from './messages';

import type { Lang } from '../../shared/languages';

type Catalogs = Record<Lang, () => Promise<{ messages: Messages }>>;

/**
 * Each language's compiled strings: a browser loads only the page's language. The common
 * catalog comes with every page; a namespace's with the pages that use it (their route's lazy
 * load waits for it), so that long texts do not weigh on every first visit. The server has all.
 */
export const CATALOGS: Catalogs = {
  en: () => import('../locales/en.json?lingui'),
  sv: () => import('../locales/sv.json?lingui'),
  de: () => import('../locales/de.json?lingui'),
};

export const NAMESPACES = {
  browse: {
    en: () => import('../locales/browse/en.json?lingui'),
    sv: () => import('../locales/browse/sv.json?lingui'),
    de: () => import('../locales/browse/de.json?lingui'),
  },
  pages: {
    en: () => import('../locales/pages/en.json?lingui'),
    sv: () => import('../locales/pages/sv.json?lingui'),
    de: () => import('../locales/pages/de.json?lingui'),
  },
  booking: {
    en: () => import('../locales/booking/en.json?lingui'),
    sv: () => import('../locales/booking/sv.json?lingui'),
    de: () => import('../locales/booking/de.json?lingui'),
  },
  trip: {
    en: () => import('../locales/trip/en.json?lingui'),
    sv: () => import('../locales/trip/sv.json?lingui'),
    de: () => import('../locales/trip/de.json?lingui'),
  },
  /** Gift cards (their shop and printable page) and the choice of a deposit: what only those pages and that choice say. */
  gifts: {
    en: () => import('../locales/gifts/en.json?lingui'),
    sv: () => import('../locales/gifts/sv.json?lingui'),
    de: () => import('../locales/gifts/de.json?lingui'),
  },
  /** The pages our follow-up mails lead to: the waitlist (joining, the place in line, an offer) and a booking left half way. */
  followup: {
    en: () => import('../locales/followup/en.json?lingui'),
    sv: () => import('../locales/followup/sv.json?lingui'),
    de: () => import('../locales/followup/de.json?lingui'),
  },
  guide: {
    en: () => import('../locales/guide/en.json?lingui'),
    sv: () => import('../locales/guide/sv.json?lingui'),
    de: () => import('../locales/guide/de.json?lingui'),
  },
} satisfies Record<string, Catalogs>;

export type Namespace = keyof typeof NAMESPACES;

/** The browser's strings, once the page's language is known (none on the server, which has every catalog loaded). */
let browser: { i18n: I18n; lang: Lang } | undefined;

export function setBrowserStrings(i18n: I18n, lang: Lang): void {
  browser = { i18n, lang };
}

/** A lazy page's module, once its namespaces' strings are in too (on the server: at once). */
export async function withStrings<Module>(namespaces: Namespace[], load: Promise<Module>): Promise<Module> {
  if (!browser) return load;
  const { i18n, lang } = browser;
  const [module, ...catalogs] = await Promise.all([load, ...namespaces.map((namespace) => NAMESPACES[namespace][lang]())]);
  for (const { messages } of catalogs) i18n.load(lang, messages);
  return module;
}
