import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

import { LANGUAGES } from '../../shared/languages';

const catalog = (lang: string): Record<string, string> => JSON.parse(readFileSync(join(__dirname, `${lang}.json`), 'utf8'));
const english = catalog('en');

/** The names a message fills in: `{tour}`, `{count, plural, …}`. */
const placeholders = (message: string): string[] => [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]))].sort();

describe('The interface strings of every language', () => {
  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s has every English key and no other', (lang) => {
    const keys = Object.keys(catalog(lang));
    expect(Object.keys(english).filter((key) => !keys.includes(key))).toEqual([]);
    expect(keys.filter((key) => !(key in english))).toEqual([]);
  });

  it.each(LANGUAGES)('%s: every message is valid ICU, fills in what the English one does, and is not left empty', (lang) => {
    for (const [key, message] of Object.entries(catalog(lang))) {
      expect({ key, message: message.trim() === '' ? 'empty' : 'ok' }).toEqual({ key, message: 'ok' });
      expect(() => compileMessageOrThrow(message)).not.toThrow();
      expect({ key, placeholders: placeholders(message) }).toEqual({ key, placeholders: placeholders(english[key]) });
    }
  });
});
