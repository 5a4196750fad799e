import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

/**
 * The public site's interface strings: catalogs per language in client/locales/ (and pages/), keyed by id
 * (`nav.tours`), ICU messages (plurals: `{count, plural, one {# seat} other {# seats}}`). Vite
 * compiles a catalog when a page imports it (`?lingui`), and the build fails on a key missing
 * in any language.
 */
const config: LinguiConfig = {
  locales: ['en', 'sv', 'de'],
  sourceLocale: 'en',
  // The strings most pages need, loaded with every page; and those of the pages with much text of their own, loaded with them.
  catalogs: [
    { path: '<rootDir>/client/locales/{locale}', include: ['<rootDir>/client'] },
    // The tour, FAQ and blog pages' and the home page's own strings, loaded with those pages.
    { path: '<rootDir>/client/locales/browse/{locale}', include: ['<rootDir>/client/pages', '<rootDir>/client/components'] },
    { path: '<rootDir>/client/locales/pages/{locale}', include: ['<rootDir>/client/pages'] },
    { path: '<rootDir>/client/locales/booking/{locale}', include: ['<rootDir>/client/pages', '<rootDir>/client/components'] },
    { path: '<rootDir>/client/locales/trip/{locale}', include: ['<rootDir>/client/pages', '<rootDir>/client/components'] },
    { path: '<rootDir>/client/locales/gifts/{locale}', include: ['<rootDir>/client/pages', '<rootDir>/client/components'] },
    { path: '<rootDir>/client/locales/followup/{locale}', include: ['<rootDir>/client/pages'] },
    // The AI guide's panel, loaded when a guest opens it.
    { path: '<rootDir>/client/locales/guide/{locale}', include: ['<rootDir>/client/ai'] },
  ],
  format: formatter({ style: 'minimal' }),
};

export default config;
