import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { Lang } from '../../shared/languages';
import { createI18n, type CompiledMessage, type MessageValues } from './messages';

const LOCALES = join(__dirname, '..', 'locales');
const catalogFiles = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? catalogFiles(join(dir, name)) : name.endsWith('.json') ? [join(dir, name)] : []));

/** Every placeholder a compiled message names, and whether it is counted (a plural or a number). */
function placeholders(message: CompiledMessage, found = new Map<string, boolean>()): Map<string, boolean> {
  if (!Array.isArray(message)) return found;
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    found.set(name, found.get(name) || type === 'plural' || type === 'number');
    if (format && typeof format === 'object') for (const branch of Object.values(format)) placeholders(branch, found);
  }
  return found;
}

describe('the interface strings at run time', () => {
  const catalogs = catalogFiles(LOCALES).map((file) => ({ file, lang: file.match(/(en|sv|de)\.json$/)![1] as Lang, source: JSON.parse(readFileSync(file, 'utf8')) as Record<string, string> }));

  it('says every message of every catalog as Lingui does, for counts of 0, 1, 2, 5 and 1 234 and for text', () => {
    let said = 0;
    for (const { file, lang, source } of catalogs) {
      const compiled = Object.fromEntries(Object.entries(source).map(([id, text]) => [id, compileMessage(text) as CompiledMessage]));
      const ours = createI18n(lang, compiled);
      const lingui = setupI18n({ locale: lang, messages: { [lang]: compiled as never } });
      for (const [id, message] of Object.entries(compiled)) {
        const names = placeholders(message);
        for (const count of [0, 1, 2, 5, 1234]) {
          const values: MessageValues = Object.fromEntries([...names].map(([name, counted]) => [name, counted ? count : `«${name}»`]));
          expect({ file, id, count, text: ours._(id, values) }).toEqual({ file, id, count, text: lingui._(id, values) });
          said++;
        }
      }
    }
    expect(said).toBeGreaterThan(2000);
  });

  it('says the id of a message the catalog does not have, and takes more messages when a page loads them', () => {
    const i18n = createI18n('sv', { hello: ['Hej ', ['name']] });
    expect(i18n._('missing.id')).toBe('missing.id');
    expect(i18n._('hello', { name: 'Anna' })).toBe('Hej Anna');
    i18n.load('sv', { bye: 'Hej då' });
    expect(i18n._('bye')).toBe('Hej då');
    expect(i18n.locale).toBe('sv');
  });
});
