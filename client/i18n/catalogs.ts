import type { Messages } from '@lingui/core';

import type { Lang } from '../../shared/languages';

/** A language's catalog, compiled at build time: a browser loads only the page's language (the server has all three). */
export const CATALOGS: Record<Lang, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en.json?lingui'),
  sv: () => import('../locales/sv.json?lingui'),
  de: () => import('../locales/de.json?lingui'),
};
