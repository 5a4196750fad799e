import type { Lang } from '../../shared/languages';

/**
 * The interface strings at run time. The catalogs are compiled by Lingui at build time
 * (`?lingui` imports: a message is text, or a list of text and placeholders, plurals and
 * selects); saying one needs only this much of Lingui's runtime, which was 2 KB of every page's
 * first download. `messages.spec.ts` says every message of every catalog as `@lingui/core` says it.
 */
export type CompiledMessage = string | Token[];
type Token = string | [name: string, type?: string, format?: Record<string, CompiledMessage> | string];
export type Messages = Record<string, CompiledMessage>;
export type MessageValues = Record<string, string | number>;

export interface I18n {
  readonly locale: Lang;
  /** The message `id` with its values filled in; the id itself when the catalog has none. */
  _(id: string, values?: MessageValues): string;
  /** More of the language's messages (a page's namespace, loaded with it). */
  load(lang: Lang, messages: Messages): void;
}

const OCTOTHORPE = '\u0000#\u0000';

export function createI18n(locale: Lang, initial: Messages): I18n {
  const messages: Messages = { ...initial };
  const plurals = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  const say = (tokens: CompiledMessage, values: MessageValues, inPlural = false): string => {
    if (!Array.isArray(tokens)) return tokens;
    let text = '';
    for (const token of tokens) {
      if (typeof token === 'string') {
        text += token === '#' && inPlural ? OCTOTHORPE : token;
        continue;
      }
      const [name, type, format] = token;
      const value = values[name];
      if (type === 'plural' && typeof format === 'object') {
        const { offset, ...rules } = format;
        const count = Number(value) - Number(offset ?? 0);
        const chosen = rules[String(value)] ?? rules[plurals.select(count)] ?? rules.other;
        text += say(chosen ?? '', values, true).split(OCTOTHORPE).join(numbers.format(count));
      } else if (type === 'select' && typeof format === 'object') {
        text += say(format[String(value)] ?? format.other ?? '', values);
      } else if (type === 'number') {
        text += value == null ? '' : numbers.format(Number(value));
      } else if (value != null) {
        text += String(value);
      }
    }
    return text;
  };
  return {
    locale,
    _: (id, values = {}) => say(messages[id] ?? id, values),
    load: (_lang, more) => Object.assign(messages, more),
  };
}
