import { useState, type FormEvent } from 'react';

import { Field, FieldErrors, ProblemSummary, saveProblem } from './content-parts';

const LANGUAGE_NAMES = { sv: 'Svenska', de: 'Tyska' } as const;
type Lang = keyof typeof LANGUAGE_NAMES;

interface TranslatedItem<Words> {
  id: number;
  translations: Record<Lang, Words | null>;
}

interface Props<Words extends { [Key in keyof Words]: string }> {
  /** What the content is called in the admin (`faq`, `stay`): the fields' ids. */
  kind: string;
  item: TranslatedItem<Words>;
  /** The item's English name, for the forms' accessible names. */
  title: string;
  fields: { name: keyof Words & string; label: string; multiline?: boolean }[];
  onSave: (lang: Lang, words: Words) => Promise<unknown>;
}

/** One language's fields of an item, saved together; all emptied removes the translation. */
function TranslationForm<Words extends { [Key in keyof Words]: string }>({ kind, item, title, fields, lang, onSave }: Omit<Props<Words>, 'onSave'> & { lang: Lang; onSave: (words: Words) => Promise<unknown> }) {
  const [problem, setProblem] = useState<ReturnType<typeof saveProblem>>();
  const [saved, setSaved] = useState(false);
  const words = item.translations[lang];
  const name = LANGUAGE_NAMES[lang];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setProblem(undefined);
    onSave(Object.fromEntries(fields.map((field) => [field.name, String(data.get(field.name) ?? '')])) as Words).then(
      () => setSaved(true),
      (error: unknown) => setProblem(saveProblem(error)),
    );
  };
  return (
    <form className="content-form translation-form" lang={lang} onSubmit={submit} onChange={() => setSaved(false)} noValidate aria-label={`${name}: ${title}`}>
      <h3>
        {name}
        {!words && <span className="translation-missing"> · saknas, gästerna läser engelska</span>}
      </h3>
      {fields.map((field) => {
        const id = `${kind}-${item.id}-${lang}-${field.name}`;
        return (
          <Field key={field.name} id={id} label={`${field.label} (${name.toLowerCase()})`}>
            {field.multiline ? <textarea id={id} name={field.name} rows={3} defaultValue={words?.[field.name]} /> : <input id={id} name={field.name} defaultValue={words?.[field.name]} />}
            <FieldErrors problem={problem} names={[field.name]} />
          </Field>
        );
      })}
      <ProblemSummary problem={problem} />
      {saved && <p role="status">Sparat.</p>}
      <button type="submit" className="button button--small">
        {`Spara ${name.toLowerCase()}`}
      </button>
    </form>
  );
}

/**
 * An item's Swedish and German, under its English: folded when both are there, open and marked
 * "saknas" while one is missing (guests then read the English).
 */
export function TranslationForms<Words extends { [Key in keyof Words]: string }>({ onSave, ...props }: Props<Words>) {
  const languages = Object.keys(LANGUAGE_NAMES) as Lang[];
  const summary = languages.map((lang) => `${LANGUAGE_NAMES[lang].toLowerCase()} ${props.item.translations[lang] ? 'klar' : 'saknas'}`).join(', ');
  return (
    <details className="translations" open={languages.some((lang) => !props.item.translations[lang])}>
      <summary>{`Översättningar: ${summary}`}</summary>
      {languages.map((lang) => (
        <TranslationForm key={lang} {...props} lang={lang} onSave={(words: Words) => onSave(lang, words)} />
      ))}
    </details>
  );
}

/** The same, as a card of its own under a heading (an editor's Översättningar). */
export function TranslationCard<Words extends { [Key in keyof Words]: string }>({ heading, ...props }: Props<Words> & { heading: string }) {
  const headingId = `${props.kind}-translations-title`;
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <TranslationForms {...props} />
    </section>
  );
}
