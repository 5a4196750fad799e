import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

import type { Lang } from '../../../shared/languages';

/** Says one of a catalog's messages (ICU, with plurals) with its values filled in. */
export type ServerTranslate<Id extends string> = ((id: Id, values?: Record<string, string | number>) => string) & { readonly lang: Lang };

/**
 * A server-side catalog in each language (the mails'), through the same Lingui core the site
 * uses: compiled once when loaded, so that a bad message fails at start-up and not in a mail.
 */
export function serverStrings<Catalog extends Record<string, string>>(catalogs: Record<Lang, Catalog>): (lang: Lang) => ServerTranslate<Extract<keyof Catalog, string>> {
  type Id = Extract<keyof Catalog, string>;
  const translators = new Map<Lang, ServerTranslate<Id>>();
  for (const [lang, catalog] of Object.entries(catalogs) as [Lang, Catalog][]) {
    const messages = Object.fromEntries(Object.entries(catalog).map(([id, message]) => [id, compileMessageOrThrow(message)]));
    const i18n = setupI18n({ locale: lang, messages: { [lang]: messages } });
    translators.set(lang, Object.assign((id: Id, values?: Record<string, string | number>) => i18n._(id, values), { lang }));
  }
  return (lang) => translators.get(lang) ?? translators.get('en')!;
}
