import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';

import type { AdminPickupPointView, TourBookingOptions } from '../../../shared/admin-types';
import type { PriceCategoryRule } from '../../../shared/pricing';
import type { QuestionKind, QuestionView } from '../../../shared/questions';
import { ADMIN_BASE } from '../../../shared/taxonomy';
import { contentApi } from '../admin-client';
import { ProblemSummary, saveProblem, useContentMutation } from './content-parts';
import { TOURS_KEY } from './ToursScreen';
import { PickupPointsEditor } from './PickupPointsEditor';
import { TranslationCard } from './TranslationForms';
import { VatRateSelect } from './VatRateSelect';

const NEW_CATEGORY: PriceCategoryRule = { code: '', name: '', priceSek: 0, ageMin: null, ageMax: null, seatsPerUnit: 1, guestsPerUnit: 1, minPerBooking: 0, maxPerBooking: null, isAdult: false, needsAdult: true, isDefault: false, bundleOf: null };
const NEW_QUESTION: QuestionView = { code: '', label: '', kind: 'text', unit: null, choices: null, perGuest: false, askedAt: 'booking', required: true, min: null, max: null };
const KINDS: { value: QuestionKind; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Tal' },
  { value: 'choice', label: 'Val' },
  { value: 'yesno', label: 'Ja/nej' },
];

/** A number field whose empty value is null. */
const orNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** /tours/:id/options/: what the tour sells and asks (price categories, questions, pickups, minimum and cutoffs), saved in one go. */
/** Each number and checkbox column of the categories table by its heading: a field's accessible name is its column's and its row's. */
const COLUMN_NAMES = {
  priceSek: 'Pris (kr)',
  ageMin: 'Ålder från',
  ageMax: 'Ålder till',
  seatsPerUnit: 'Platser',
  guestsPerUnit: 'Gäster',
  minPerBooking: 'Min',
  maxPerBooking: 'Max',
  isAdult: 'Vuxen',
  needsAdult: 'Med vuxen',
  isDefault: 'Standard',
} as const;

export function TourOptionsScreen() {
  const id = Number(useParams().id);
  const options = useQuery({ queryKey: [...TOURS_KEY, id, 'options'], queryFn: () => contentApi.bookingOptions(id) });
  const points = useQuery({ queryKey: ['admin', 'pickup-points'], queryFn: () => contentApi.pickupPoints() });
  if (options.isPending || points.isPending) return <p role="status">Laddar…</p>;
  if (options.isError || points.isError) return <ProblemSummary problem={saveProblem(options.error ?? points.error)} />;
  return (
    <>
      <OptionsForm id={id} initial={options.data} points={points.data} />
      <OptionTranslations id={id} />
      <PickupPointsEditor points={points.data} />
      <PickupTranslations />
    </>
  );
}

/** Every pickup point's name and address in Swedish and German (shared by the tours that offer it). */
function PickupTranslations() {
  const words = useQuery({ queryKey: ['admin', 'pickup-points', 'words'], queryFn: () => contentApi.pickupWords() });
  const translate = useContentMutation([['admin', 'pickup-points']], ({ lang, values }: { lang: 'sv' | 'de'; values: Record<string, string> }) => contentApi.translatePickupWords(lang, values));
  if (!words.data || words.data.fields.length === 0) return null;
  return (
    <TranslationCard
      heading="Upphämtningsplatser på svenska och tyska"
      key={words.data.fields.map((field) => field.name).join()}
      kind="pickups"
      item={words.data}
      title="upphämtningsplatser"
      fields={words.data.fields}
      onSave={(lang, values: Record<string, string>) => translate.mutateAsync({ lang, values })}
    />
  );
}

/** The categories' names and the questions' labels in Swedish and German (after a save, the new ones are listed; a missing one reads English). */
function OptionTranslations({ id }: { id: number }) {
  const words = useQuery({ queryKey: [...TOURS_KEY, id, 'option-words'], queryFn: () => contentApi.optionWords(id) });
  const translate = useContentMutation([TOURS_KEY], ({ lang, values }: { lang: 'sv' | 'de'; values: Record<string, string> }) => contentApi.translateOptionWords(id, lang, values));
  if (!words.data || words.data.fields.length === 0) return null;
  const view = words.data;
  return (
    <TranslationCard
      heading="Namn och frågor på svenska och tyska"
      // A saved change of categories or questions brings new fields: new forms.
      key={view.fields.map((field) => field.name).join()}
      kind="tour-options"
      item={view}
      title="priskategorier och frågor"
      fields={view.fields}
      onSave={(lang, values: Record<string, string>) => translate.mutateAsync({ lang, values })}
    />
  );
}

function OptionsForm({ id, initial, points }: { id: number; initial: TourBookingOptions; points: AdminPickupPointView[] }) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(false);
  const save = useContentMutation([TOURS_KEY], (input: TourBookingOptions) => contentApi.saveBookingOptions(id, input), (after) => {
    setDraft(after);
    setSaved(true);
  });
  const set = (patch: Partial<TourBookingOptions>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const setCategory = (index: number, patch: Partial<PriceCategoryRule>) =>
    set({ priceCategories: draft.priceCategories.map((category, at) => (at === index ? { ...category, ...patch } : patch.isDefault ? { ...category, isDefault: false } : category)) });
  const setQuestion = (index: number, patch: Partial<QuestionView>) => set({ questions: draft.questions.map((question, at) => (at === index ? { ...question, ...patch } : question)) });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  const problem = saveProblem(save.error);

  return (
    <section className="content-edit">
      <p>
        <Link to={`${ADMIN_BASE}/tours/${id}/`}>← Tillbaka till turen</Link>
      </p>
      <h1>Priser, frågor och upphämtning</h1>
      <form className="content-form options-form" onSubmit={onSubmit} noValidate>
        <ProblemSummary problem={problem} />
        <fieldset>
          <legend>Priskategorier</legend>
          <p className="hint">Standardkategorin är turens pris och gäller när en bokning anger "guests". Platser per enhet: 0 för ett barn i knät, 4 för en familj. Ersätter: vilka en biljett för ett sällskap gäller, till exempel adult2.child2 (två vuxna, två barn); bokningssidan, telefonbokningen och AI-guiden erbjuder den när den blir billigare.</p>
          <div className="table-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Kod</th>
                  <th scope="col">Namn</th>
                  <th scope="col">Pris (kr)</th>
                  <th scope="col">Ålder från</th>
                  <th scope="col">Ålder till</th>
                  <th scope="col">Platser</th>
                  <th scope="col">Gäster</th>
                  <th scope="col">Min</th>
                  <th scope="col">Max</th>
                  <th scope="col">Vuxen</th>
                  <th scope="col">Med vuxen</th>
                  <th scope="col">Standard</th>
                  <th scope="col">Ersätter</th>
                  <th scope="col">Moms</th>
                  <th scope="col">
                    <span className="visually-hidden">Ta bort</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {draft.priceCategories.map((category, index) => (
                  <tr key={index}>
                    <td>
                      <input aria-label={`Kod, rad ${index + 1}`} value={category.code} onChange={(event) => setCategory(index, { code: event.currentTarget.value })} size={8} />
                    </td>
                    <td>
                      <input aria-label={`Namn, rad ${index + 1}`} value={category.name} onChange={(event) => setCategory(index, { name: event.currentTarget.value })} />
                    </td>
                    {(['priceSek', 'ageMin', 'ageMax', 'seatsPerUnit', 'guestsPerUnit', 'minPerBooking', 'maxPerBooking'] as const).map((field) => (
                      <td key={field}>
                        <input
                          aria-label={`${COLUMN_NAMES[field]}, rad ${index + 1}`}
                          type="number"
                          inputMode="numeric"
                          value={category[field] ?? ''}
                          onChange={(event) => setCategory(index, { [field]: ['ageMin', 'ageMax', 'maxPerBooking'].includes(field) ? orNull(event.currentTarget.value) : Number(event.currentTarget.value) })}
                          size={5}
                        />
                      </td>
                    ))}
                    {(['isAdult', 'needsAdult', 'isDefault'] as const).map((field) => (
                      <td key={field}>
                        <input aria-label={`${COLUMN_NAMES[field]}, rad ${index + 1}`} type="checkbox" checked={category[field]} onChange={(event) => setCategory(index, { [field]: event.currentTarget.checked })} />
                      </td>
                    ))}
                    <td>
                      <input aria-label={`Ersätter, rad ${index + 1}`} value={category.bundleOf ?? ''} onChange={(event) => setCategory(index, { bundleOf: event.currentTarget.value.trim() || null })} size={12} />
                    </td>
                    <td>
                      <VatRateSelect id={`category-vat-${index}`} aria-label={`Moms, rad ${index + 1}`} value={category.vatRate ?? null} onChange={(rate) => setCategory(index, { vatRate: rate })} inherit="Turens" />
                    </td>
                    <td>
                      <button type="button" className="link-button" onClick={() => set({ priceCategories: draft.priceCategories.filter((_, at) => at !== index) })}>
                        Ta bort
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" className="button button--small" onClick={() => set({ priceCategories: [...draft.priceCategories, NEW_CATEGORY] })}>
            Lägg till priskategori
          </button>
        </fieldset>

        <fieldset>
          <legend>Frågor till gästerna</legend>
          {draft.questions.length === 0 && <p>Inga frågor.</p>}
          {draft.questions.map((question, index) => (
            <div className="field-row option-question" key={index}>
              <label>
                Kod <input value={question.code} onChange={(event) => setQuestion(index, { code: event.currentTarget.value })} size={10} />
              </label>
              <label>
                Fråga <input value={question.label} onChange={(event) => setQuestion(index, { label: event.currentTarget.value })} />
              </label>
              <label>
                Typ{' '}
                <select value={question.kind} onChange={(event) => setQuestion(index, { kind: event.currentTarget.value as QuestionKind })}>
                  {KINDS.map((kind) => (
                    <option key={kind.value} value={kind.value}>
                      {kind.label}
                    </option>
                  ))}
                </select>
              </label>
              {question.kind === 'number' && (
                <>
                  <label>
                    Enhet <input value={question.unit ?? ''} onChange={(event) => setQuestion(index, { unit: event.currentTarget.value || null })} size={4} />
                  </label>
                  <label>
                    Min <input type="number" value={question.min ?? ''} onChange={(event) => setQuestion(index, { min: orNull(event.currentTarget.value) })} size={5} />
                  </label>
                  <label>
                    Max <input type="number" value={question.max ?? ''} onChange={(event) => setQuestion(index, { max: orNull(event.currentTarget.value) })} size={5} />
                  </label>
                </>
              )}
              {question.kind === 'choice' && (
                <label>
                  Alternativ (kommaseparerade){' '}
                  <input value={(question.choices ?? []).join(', ')} onChange={(event) => setQuestion(index, { choices: event.currentTarget.value.split(',').map((choice) => choice.trim()).filter(Boolean) })} />
                </label>
              )}
              {question.kind === 'yesno' && (
                <label>
                  <input type="checkbox" checked={question.min === 1} onChange={(event) => setQuestion(index, { min: event.currentTarget.checked ? 1 : null })} /> Måste vara ja
                </label>
              )}
              <label>
                <input type="checkbox" checked={question.perGuest} onChange={(event) => setQuestion(index, { perGuest: event.currentTarget.checked })} /> Per gäst
              </label>
              <label>
                <input type="checkbox" checked={question.required} onChange={(event) => setQuestion(index, { required: event.currentTarget.checked })} /> Obligatorisk
              </label>
              <label>
                Frågas{' '}
                <select value={question.askedAt} onChange={(event) => setQuestion(index, { askedAt: event.currentTarget.value as QuestionView['askedAt'] })}>
                  <option value="booking">vid bokning</option>
                  <option value="before">före turen</option>
                </select>
              </label>
              <button type="button" className="link-button" onClick={() => set({ questions: draft.questions.filter((_, at) => at !== index) })}>
                Ta bort
              </button>
            </div>
          ))}
          <button type="button" className="button button--small" onClick={() => set({ questions: [...draft.questions, NEW_QUESTION] })}>
            Lägg till fråga
          </button>
        </fieldset>

        <fieldset>
          <legend>Upphämtning</legend>
          {points.map((point) => (
            <label key={point.id} className="checkbox-line">
              <input
                type="checkbox"
                checked={draft.pickupPointIds.includes(point.id)}
                onChange={(event) => set({ pickupPointIds: event.currentTarget.checked ? [...draft.pickupPointIds, point.id] : draft.pickupPointIds.filter((chosen) => chosen !== point.id) })}
              />{' '}
              {`${point.location}: ${point.name}, ${point.minutesBefore} min före start${point.isActive ? '' : ' (inaktiv)'}`}
            </label>
          ))}
        </fieldset>

        <fieldset>
          <legend>Minsta antal och tidsgränser</legend>
          <div className="field-row option-limits">
            <label>
              Minsta antal gäster (tomt: körs alltid){' '}
              <input type="number" min={1} value={draft.minGuests ?? ''} onChange={(event) => set({ minGuests: orNull(event.currentTarget.value) })} size={4} />
            </label>
            <label>
              Beslut, timmar före start <input type="number" min={1} value={draft.decisionHours} onChange={(event) => set({ decisionHours: Number(event.currentTarget.value) })} size={4} />
            </label>
            <label>
              Byte av upphämtning till, timmar före <input type="number" min={0} value={draft.pickupCutoffHours} onChange={(event) => set({ pickupCutoffHours: Number(event.currentTarget.value) })} size={4} />
            </label>
            <label>
              Svar senast, timmar före <input type="number" min={0} value={draft.answersDueHours} onChange={(event) => set({ answersDueHours: Number(event.currentTarget.value) })} size={4} />
            </label>
          </div>
        </fieldset>

        <fieldset>
          <legend>Handpenning</legend>
          <p className="hint">Gästen kan betala en del med kort nu och resten senast ett antal dagar före start (påminns, och resten betalas från bokningssidan). Handpenningen behålls om gästen avbokar. Ange andel eller belopp, inte båda; tomt: hela priset vid bokning.</p>
          <div className="field-row option-limits">
            <label>
              Andel, procent{' '}
              <input type="number" min={1} max={99} value={draft.depositPercent ?? ''} onChange={(event) => set({ depositPercent: orNull(event.currentTarget.value), ...(event.currentTarget.value ? { depositSek: null } : {}) })} size={4} />
            </label>
            <label>
              Belopp per bokning, kr{' '}
              <input type="number" min={1} value={draft.depositSek ?? ''} onChange={(event) => set({ depositSek: orNull(event.currentTarget.value), ...(event.currentTarget.value ? { depositPercent: null } : {}) })} size={6} />
            </label>
            <label>
              Resten senast, dagar före start <input type="number" min={1} max={365} value={draft.balanceDueDays ?? 30} onChange={(event) => set({ balanceDueDays: Number(event.currentTarget.value) })} size={4} />
            </label>
          </div>
        </fieldset>

        {saved && <p role="status">Sparat. Nya bokningar får detta; gjorda bokningar behåller sitt.</p>}
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Sparar…' : 'Spara'}
        </button>
      </form>
    </section>
  );
}
