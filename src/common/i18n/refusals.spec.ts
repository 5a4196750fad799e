import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { refusalIn, requestLanguage } from './refusals';
import de from './refusals/de.json';
import sv from './refusals/sv.json';

/** Every .ts file of the server, as one text: where the English refusals are thrown. */
function serverSource(dir = join(__dirname, '../..')): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? serverSource(path) : path.endsWith('.ts') && !path.endsWith('.spec.ts') ? readFileSync(path, 'utf8') : ''))
    .join('\n');
}

describe(refusalIn.name, () => {
  it('says a refusal in Swedish or German, its numbers and names carried over', () => {
    expect(refusalIn('sv', 'Only 3 seats left on this departure.')).toBe('Bara 3 platser kvar på den här avgången.');
    expect(refusalIn('sv', 'Only 1 seat left on this departure.')).toBe('Bara 1 plats kvar på den här avgången.');
    expect(refusalIn('de', 'There is no booking with reference NAT-ABCDE-FGHJK.')).toBe('Es gibt keine Buchung mit der Nummer NAT-ABCDE-FGHJK.');
    expect(refusalIn('de', 'Answers can be given until 24 hours before the start. Please call us on +46 980 123 45.')).toBe('Antworten sind bis 24 Stunden vor Beginn möglich. Bitte rufen Sie uns an: +46 980 123 45.');
    // A guest answering a weather offer (the sky board's move) a second time.
    expect(refusalIn('sv', 'You have already answered this offer. To change anything, call us on +46 980 123 45.')).toBe('Du har redan svarat på det här erbjudandet. Ring oss på +46 980 123 45 om du vill ändra något.');
  });

  it('leaves English, and any message it has no translation of, as it is', () => {
    expect(refusalIn('en', 'Only 3 seats left on this departure.')).toBe('Only 3 seats left on this departure.');
    expect(refusalIn('sv', 'name is required')).toBe('name is required');
    expect(refusalIn('sv', 'Only many seats left on this departure.')).toBe('Only many seats left on this departure.');
  });

  it('has every English refusal in both languages, with the same parts that vary, and each is one the code still throws', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(sv).sort());
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    const source = serverSource();
    for (const english of Object.keys(sv)) {
      expect({ english, sv: names(sv[english as keyof typeof sv]), de: names(de[english as keyof typeof de]) }).toEqual({ english, sv: names(english), de: names(english) });
      // The longest fixed words of the message are in the source, so rewording one there fails here.
      const longest = english.split(/\{\w+\}( seats?)?|\d+ seats?|"/).filter((part): part is string => typeof part === 'string').sort((a, b) => b.length - a.length)[0]!.trim();
      expect({ english, inSource: source.includes(longest) }).toEqual({ english, inSource: true });
    }
  });
});

describe(requestLanguage.name, () => {
  it.each([
    [undefined, 'en'],
    ['sv', 'sv'],
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['fr;q=0.9,sv;q=0.5', 'sv'],
    ['en-US,sv;q=0.5', 'en'],
    ['sv;q=0', 'en'],
  ])('reads %s as %s', (header, lang) => {
    expect(requestLanguage(header)).toBe(lang);
  });
});
