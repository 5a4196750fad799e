import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import type { AdminFaqView, FaqInput, FaqTranslation } from '../../../shared/admin-types';
import { contentApi } from '../admin-client';
import { Field, FieldErrors, ProblemSummary, saveProblem, useContentMutation } from './content-parts';
import { TranslationForms } from './TranslationForms';

export const FAQ_KEY = ['admin', 'faq'] as const;

const TOPICS: { value: string; label: string }[] = [
  { value: 'comparison', label: 'Jämförelser' },
  { value: 'northern-lights', label: 'Norrsken' },
  { value: 'practical', label: 'Praktiskt' },
  { value: 'booking', label: 'Bokning' },
];

function readFaq(form: HTMLFormElement): FaqInput {
  const data = new FormData(form);
  return { question: String(data.get('question') ?? ''), answer: String(data.get('answer') ?? ''), topic: String(data.get('topic') ?? ''), sortOrder: Number(data.get('sortOrder') ?? 0) };
}

/** One question's fields: the same for a new entry and an edit. */
function FaqForm({ item, submitLabel, onSave, onDelete }: { item?: AdminFaqView; submitLabel: string; onSave: (input: FaqInput) => Promise<unknown>; onDelete?: () => void }) {
  const [problem, setProblem] = useState<ReturnType<typeof saveProblem>>();
  const [saved, setSaved] = useState(false);
  const prefix = `faq-${item?.id ?? 'new'}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setProblem(undefined);
    onSave(readFaq(form)).then(
      () => {
        setSaved(true);
        if (!item) form.reset();
      },
      (error: unknown) => setProblem(saveProblem(error)),
    );
  };
  return (
    <form className="contact-form content-form" onSubmit={submit} onChange={() => setSaved(false)} noValidate>
      <Field id={`${prefix}-question`} label="Fråga">
        <input id={`${prefix}-question`} name="question" defaultValue={item?.question} />
        <FieldErrors problem={problem} names={['question']} />
      </Field>
      <Field id={`${prefix}-answer`} label="Svar">
        <textarea id={`${prefix}-answer`} name="answer" rows={3} defaultValue={item?.answer} />
        <FieldErrors problem={problem} names={['answer']} />
      </Field>
      <div className="field-row">
        <Field id={`${prefix}-topic`} label="Ämne">
          <select id={`${prefix}-topic`} name="topic" defaultValue={item?.topic ?? 'practical'}>
            {TOPICS.map((topic) => (
              <option key={topic.value} value={topic.value}>
                {topic.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${prefix}-order`} label="Ordning">
          <input id={`${prefix}-order`} name="sortOrder" type="number" min={0} defaultValue={item?.sortOrder ?? 0} />
          <FieldErrors problem={problem} names={['sortOrder']} />
        </Field>
      </div>
      <ProblemSummary problem={problem} />
      {saved && <p role="status">Sparat.</p>}
      <button type="submit" className="button button--small">
        {submitLabel}
      </button>
      {onDelete && (
        <button type="button" className="button button--small" onClick={onDelete}>
          Ta bort
        </button>
      )}
    </form>
  );
}

/** The FAQ in the order the site shows it: edit in place, add, remove. */
export function FaqScreen() {
  const faq = useQuery({ queryKey: FAQ_KEY, queryFn: contentApi.faq });
  const create = useContentMutation([FAQ_KEY], contentApi.createFaq);
  const update = useContentMutation([FAQ_KEY], ({ id, input }: { id: number; input: FaqInput }) => contentApi.updateFaq(id, input));
  const remove = useContentMutation([FAQ_KEY], contentApi.deleteFaq);
  const translate = useContentMutation([FAQ_KEY], ({ id, lang, words }: { id: number; lang: 'sv' | 'de'; words: FaqTranslation }) => contentApi.translateFaq(id, lang, words));
  if (faq.isPending) return <p role="status">Laddar frågorna…</p>;
  if (faq.isError) return <ProblemSummary problem={saveProblem(faq.error)} />;
  return (
    <>
      <section className="admin-card" aria-labelledby="faq-new">
        <h2 id="faq-new">Ny fråga</h2>
        <FaqForm submitLabel="Lägg till" onSave={(input) => create.mutateAsync(input)} />
      </section>
      <ProblemSummary problem={saveProblem(remove.error)} />
      {faq.data.map((item) => (
        <section key={item.id} className="admin-card" aria-label={item.question}>
          <FaqForm
            item={item}
            submitLabel="Spara"
            onSave={(input) => update.mutateAsync({ id: item.id, input })}
            onDelete={() => window.confirm(`Ta bort "${item.question}"?`) && remove.mutate(item.id)}
          />
          <TranslationForms
            kind="faq"
            item={item}
            title={item.question}
            fields={[
              { name: 'question', label: 'Fråga' },
              { name: 'answer', label: 'Svar', multiline: true },
            ]}
            onSave={(lang, words: FaqTranslation) => translate.mutateAsync({ id: item.id, lang, words })}
          />
        </section>
      ))}
    </>
  );
}
