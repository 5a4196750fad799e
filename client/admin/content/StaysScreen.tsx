import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import type { AdminStayView, StayInput, StayTranslation } from '../../../shared/admin-types';
import { contentApi } from '../admin-client';
import { formatKr } from '../admin-format';
import { Field, FieldErrors, ImageUpload, ProblemSummary, saveProblem, useContentMutation } from './content-parts';
import { TranslationForms } from './TranslationForms';
import { VatRateSelect } from './VatRateSelect';

export const STAYS_KEY = ['admin', 'stays'] as const;

/** One stay's texts, prices and picture. */
function StayForm({ stay }: { stay: AdminStayView }) {
  const [draft, setDraft] = useState<StayInput>(() => {
    const { id: _id, translations: _translations, ...input } = stay;
    return input;
  });
  const [saved, setSaved] = useState(false);
  const save = useContentMutation([STAYS_KEY], (input: StayInput) => contentApi.updateStay(stay.id, input), () => setSaved(true));
  const problem = saveProblem(save.error);
  const set = (patch: Partial<StayInput>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const prefix = `stay-${stay.id}`;
  const text = (name: 'name' | 'description' | 'partnerUrl' | 'imageAlt', label: string, long = false) => (
    <Field id={`${prefix}-${name}`} label={label}>
      {long ? (
        <textarea id={`${prefix}-${name}`} rows={4} value={draft[name] ?? ''} onChange={(event) => set({ [name]: event.target.value })} />
      ) : (
        <input id={`${prefix}-${name}`} value={draft[name] ?? ''} onChange={(event) => set({ [name]: name === 'partnerUrl' && event.target.value === '' ? null : event.target.value })} />
      )}
      <FieldErrors problem={problem} names={[name]} />
    </Field>
  );
  const number = (name: 'nights' | 'priceSek' | 'maxGuests', label: string) => (
    <Field id={`${prefix}-${name}`} label={label}>
      <input id={`${prefix}-${name}`} type="number" min={0} value={draft[name]} onChange={(event) => set({ [name]: Number(event.target.value) })} />
      <FieldErrors problem={problem} names={[name]} />
    </Field>
  );
  return (
    <form
      className="contact-form content-form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      {text('name', 'Namn')}
      {text('description', 'Beskrivning', true)}
      <div className="field-row">
        {number('nights', 'Nätter')}
        {number('priceSek', 'Pris (kr)')}
        {number('maxGuests', 'Högst antal gäster')}
      </div>
      <Field id={`${prefix}-vatRate`} label="Moms">
        <VatRateSelect id={`${prefix}-vatRate`} value={draft.vatRate ?? 12} onChange={(rate) => set({ vatRate: rate ?? 12 })} />
        <FieldErrors problem={problem} names={['vatRate']} />
      </Field>
      {text('partnerUrl', 'Partnerns webbplats (https://…)')}
      <img src={draft.imageUrl} alt="" width={160} height={107} />
      <ImageUpload label="Byt bild" onUploaded={(image) => set({ imageUrl: image.url, imageVariants: image.variants ?? null })} />
      {text('imageAlt', 'Bildens alt-text')}
      <label className="checkbox">
        <input type="checkbox" checked={draft.isActive} onChange={(event) => set({ isActive: event.target.checked })} />
        Säljs på webbplatsen
      </label>
      <ProblemSummary problem={problem} />
      {saved && <p role="status">Sparat.</p>}
      <button type="submit" className="button button--small" disabled={save.isPending}>
        Spara
      </button>
    </form>
  );
}

/** The stays sold with tours. */
export function StaysScreen() {
  const stays = useQuery({ queryKey: STAYS_KEY, queryFn: contentApi.stays });
  const translate = useContentMutation([STAYS_KEY], ({ id, lang, words }: { id: number; lang: 'sv' | 'de'; words: StayTranslation }) => contentApi.translateStay(id, lang, words));
  if (stays.isPending) return <p role="status">Laddar boendena…</p>;
  if (stays.isError) return <ProblemSummary problem={saveProblem(stays.error)} />;
  return (
    <>
      {stays.data.map((stay) => (
        <section key={stay.id} className="admin-card" aria-labelledby={`stay-${stay.id}-title`}>
          <h2 id={`stay-${stay.id}-title`}>{`${stay.name} · ${formatKr(stay.priceSek)}`}</h2>
          <StayForm stay={stay} />
          <TranslationForms
            kind="stay"
            item={stay}
            title={stay.name}
            fields={[
              { name: 'name', label: 'Namn' },
              { name: 'description', label: 'Beskrivning', multiline: true },
            ]}
            onSave={(lang, words: StayTranslation) => translate.mutateAsync({ id: stay.id, lang, words })}
          />
        </section>
      ))}
    </>
  );
}
