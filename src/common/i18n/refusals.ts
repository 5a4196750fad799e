import { isLang, preferredLanguage, type Lang } from '../../../shared/languages';
import de from './refusals/de.json';
import sv from './refusals/sv.json';

/**
 * The API's refusals to guests (seats gone, a hold expired, a limit reached) in Swedish and
 * German. The English message is the key, as the code throws it; `{count}` stands for a number
 * in it and any other `{name}` for a part that varies, carried over into the translation.
 */
const CATALOGS: Record<Exclude<Lang, 'en'>, Record<string, string>> = { sv, de };

interface Pattern {
  match: RegExp;
  names: string[];
  translations: Record<Exclude<Lang, 'en'>, string>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS: Pattern[] = Object.keys(sv).map((english) => {
  const names: string[] = [];
  const source = english
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return name === 'count' || name === 'max' || name === 'hours' ? '(\\d+)' : '(.+?)';
    })
    .join('');
  return { match: new RegExp(`^${source}$`), names, translations: { sv: CATALOGS.sv[english]!, de: CATALOGS.de[english]! } };
});

/** A refusal in `lang`, when it is one we have in that language; else as it was. */
export function refusalIn(lang: Lang, message: string): string {
  if (lang === 'en') return message;
  for (const pattern of PATTERNS) {
    const found = pattern.match.exec(message);
    if (!found) continue;
    const values = Object.fromEntries(pattern.names.map((name, index) => [name, found[index + 1]!]));
    return pattern.translations[lang].replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? '');
  }
  return message;
}

/**
 * The language a request asks its answers in: its `Accept-Language` (the site's pages send
 * their own language there), the first the site speaks; English when it names none of them.
 */
export function requestLanguage(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'en';
  const tags = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag, ...parameters] = part.trim().split(';');
      const q = Number(parameters.find((parameter) => parameter.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag!.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
  const lang = preferredLanguage(tags);
  return lang && isLang(lang) ? lang : 'en';
}
