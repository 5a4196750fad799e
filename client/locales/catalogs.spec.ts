import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

import { COMPANY } from '../../shared/company';
import { LANGUAGES } from '../../shared/languages';
import { CATEGORIES } from '../../shared/taxonomy';
import { POPULAR_TOURS, popularLabel } from '../components/popular-tours';

/** The site's common catalog, each namespace's (a folder of its own), and the server's mail strings. */
const NAMESPACES = ['', 'browse/', 'pages/', 'booking/', 'trip/', 'gifts/', 'guide/', '../../src/bookings/notifications/mail-strings/', '../../src/chat/guide/guide-strings/', '../../src/sky/sky-strings/', '../../src/gift-cards/mail-strings/'];
const read = (namespace: string, lang: string): Record<string, string> => JSON.parse(readFileSync(join(__dirname, `${namespace}${lang}.json`), 'utf8'));
const SITE = NAMESPACES.slice(0, 6);
const catalog = (lang: string, namespaces = NAMESPACES): Record<string, string> => Object.assign({}, ...namespaces.map((namespace) => read(namespace, lang)));
const english = catalog('en', SITE);

/** The names a message fills in: `{tour}`, `{count, plural, …}` and those inside its branches (read from the compiled message, so a branch's words are not taken for one). */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const visit = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      names.add(String(part[0]));
      if (part[2] && typeof part[2] === 'object') Object.values(part[2] as Record<string, unknown>).forEach(visit);
    }
  };
  visit(compileMessageOrThrow(message));
  return [...names].sort();
}

describe('The interface strings of every language', () => {
  it.each(LANGUAGES.filter((lang) => lang !== 'en').flatMap((lang) => NAMESPACES.map((namespace) => [lang, namespace])))('%s has every English key and no other (namespace "%s")', (lang, namespace) => {
    const keys = Object.keys(read(namespace, lang));
    const englishKeys = Object.keys(read(namespace, 'en'));
    expect(englishKeys.filter((key) => !keys.includes(key))).toEqual([]);
    expect(keys.filter((key) => !englishKeys.includes(key))).toEqual([]);
  });

  it.each(LANGUAGES.flatMap((lang) => NAMESPACES.map((namespace) => [lang, namespace])))('%s: every message is valid ICU, fills in what the English one does, and is not left empty (namespace "%s")', (lang, namespace) => {
    const own = read(namespace, 'en');
    for (const [key, message] of Object.entries(read(namespace, lang))) {
      expect({ key, message: message.trim() === '' ? 'empty' : 'ok' }).toEqual({ key, message: 'ok' });
      expect(() => compileMessageOrThrow(message)).not.toThrow();
      expect({ key, placeholders: placeholders(message) }).toEqual({ key, placeholders: placeholders(own[key]) });
    }
  });

  it('names every category, every day of the office hours and every popular tour (their keys are made from the data)', () => {
    expect(CATEGORIES.map(({ name }) => `cat.${name}`).filter((key) => !(key in english))).toEqual([]);
    expect(COMPANY.hours.map(({ days }) => `days.${days}`).filter((key) => !(key in english))).toEqual([]);
    expect(POPULAR_TOURS.map(popularLabel).filter((key) => !(key in english))).toEqual([]);
  });
});
