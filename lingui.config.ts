import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

/**
 * The public site's interface strings: one catalog per language in client/locales/, keyed by id
 * (`nav.tours`), ICU messages (plurals: `{count, plural, one {# seat} other {# seats}}`). Vite
 * compiles a catalog when a page imports it (`?lingui`), and the build fails on a key missing
 * in any language.
 */
const config: LinguiConfig = {
  locales: ['en', 'sv', 'de'],
  sourceLocale: 'en',
  catalogs: [{ path: '<rootDir>/client/locales/{locale}', include: ['<rootDir>/client'] }],
  format: formatter({ style: 'minimal' }),
};

export default config;
