import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';

import type { AdminTranslatedTourView, TourInput, TourTranslation } from '../../../shared/admin-types';
import { TourCard } from '../../components/TourCard';
import { ADMIN_BASE, CATEGORIES, LOCATIONS } from '../../../shared/taxonomy';
import { contentApi } from '../admin-client';
import { Field, FieldErrors, ImageUpload, lines, ProblemSummary, SaveBar, saveProblem, useContentMutation } from './content-parts';
import { TranslationCard } from './TranslationForms';
import { TOURS_KEY } from './ToursScreen';
import { VatRateSelect } from './VatRateSelect';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'maj', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];
const TIMES: { value: TourInput['timeOfDay']; label: string }[] = [
  { value: 'morning', label: 'Morgon' },
  { value: 'day', label: 'Dag' },
  { value: 'afternoon', label: 'Eftermiddag' },
  { value: 'evening', label: 'Kväll' },
  { value: 'night', label: 'Natt' },
];

const EMPTY: TourInput = {
  title: '',
  slug: '',
  shortDescription: '',
  description: '',
  highlights: [],
  included: [],
  whatToBring: [],
  categories: [],
  locations: ['Kiruna'],
  pickupPlaces: [],
  durationMinutes: 180,
  priceSek: 0,
  minAge: null,
  seasonMonths: [12, 1, 2, 3],
  season: '',
  timeOfDay: 'evening',
  meetingPoint: '',
  images: [],
  isActive: false,
  sortOrder: null,
};

function inputOf({ id: _id, updatedAt: _updatedAt, translations: _translations, ...input }: AdminTranslatedTourView): TourInput {
  return input;
}

const toggled = <T,>(list: T[], item: T, on: boolean): T[] => (on ? [...list.filter((value) => value !== item), item] : list.filter((value) => value !== item));

/** /tours/:id/ ("new" for a new tour): every field staff edit, the photos with their alt texts, and a preview. */
export function TourEditScreen() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const tour = useQuery({ queryKey: [...TOURS_KEY, id], queryFn: () => contentApi.tour(Number(id)), enabled: !isNew });
  if (!isNew && tour.isPending) return <p role="status">Laddar turen…</p>;
  if (tour.isError) return <ProblemSummary problem={saveProblem(tour.error)} />;
  return (
    <>
      <TourForm key={id} id={isNew ? undefined : Number(id)} initial={tour.data ? inputOf(tour.data) : EMPTY} />
      {tour.data && <TourTranslations tour={tour.data} />}
    </>
  );
}

/** The tour's words in Swedish and German, each saved on its own; a missing one is marked (guests read English). */
function TourTranslations({ tour }: { tour: AdminTranslatedTourView }) {
  const translate = useContentMutation([TOURS_KEY], ({ lang, words }: { lang: 'sv' | 'de'; words: TourTranslation }) => contentApi.translateTour(tour.id, lang, words));
  return (
    <TranslationCard
      heading="Översättningar"
      kind="tour"
      item={tour}
      title={tour.title}
      fields={[
        { name: 'title', label: 'Titel' },
        { name: 'shortDescription', label: 'Kort beskrivning', multiline: true },
        { name: 'description', label: 'Beskrivning', multiline: true },
        { name: 'highlights', label: 'Höjdpunkter (en rad per punkt)', multiline: true },
        { name: 'included', label: 'Ingår (en rad per punkt)', multiline: true },
        { name: 'whatToBring', label: 'Ta med (en rad per punkt)', multiline: true },
        { name: 'meetingPoint', label: 'Mötesplats' },
        { name: 'pickupPlaces', label: 'Upphämtning (en rad per plats)', multiline: true },
        { name: 'season', label: 'Säsong' },
        { name: 'imageAlt', label: 'Bildtext för huvudbilden' },
      ]}
      onSave={(lang, words: TourTranslation) => translate.mutateAsync({ lang, words })}
    />
  );
}

function TourForm({ id, initial }: { id?: number; initial: TourInput }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<TourInput>(initial);
  // A new tour's first save moves to its own address; the notice comes along.
  const [saved, setSaved] = useState(Boolean((useLocation().state as { saved?: boolean } | null)?.saved));
  const set = (patch: Partial<TourInput>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const save = useContentMutation([TOURS_KEY], (input: TourInput) => (id ? contentApi.updateTour(id, input) : contentApi.createTour(input)), (tour) => {
    setSaved(true);
    if (!id) navigate(`${ADMIN_BASE}/tours/${tour.id}/`, { replace: true, state: { saved: true } });
  });
  const problem = saveProblem(save.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  const text = (name: keyof TourInput, label: string, options: { long?: boolean; hint?: string } = {}) => {
    const fieldId = `tour-${name}`;
    const value = String(draft[name] ?? '');
    return (
      <Field id={fieldId} label={label} hint={options.hint}>
        {options.long ? (
          <textarea id={fieldId} rows={5} value={value} onChange={(event) => set({ [name]: event.target.value })} />
        ) : (
          <input id={fieldId} value={value} onChange={(event) => set({ [name]: event.target.value })} />
        )}
        <FieldErrors problem={problem} names={[name]} />
      </Field>
    );
  };
  const list = (name: 'highlights' | 'included' | 'whatToBring' | 'pickupPlaces', label: string) => (
    <Field id={`tour-${name}`} label={label} hint="En rad per punkt.">
      <textarea id={`tour-${name}`} rows={4} defaultValue={draft[name].join('\n')} onChange={(event) => set({ [name]: lines(event.target.value) })} />
      <FieldErrors problem={problem} names={[name]} />
    </Field>
  );
  const number = (name: 'priceSek' | 'durationMinutes', label: string) => (
    <Field id={`tour-${name}`} label={label}>
      <input id={`tour-${name}`} type="number" inputMode="numeric" min={0} value={draft[name]} onChange={(event) => set({ [name]: Number(event.target.value) })} />
      <FieldErrors problem={problem} names={[name]} />
    </Field>
  );

  return (
    <div className="content-editor">
      <p>
        <Link to={`${ADMIN_BASE}/tours/`}>← Alla turer</Link>
        {id && (
          <>
            {' · '}
            <Link to={`${ADMIN_BASE}/tours/${id}/options/`}>Priser, frågor och upphämtning</Link>
          </>
        )}
      </p>
      <form className="contact-form content-form" onSubmit={onSubmit} noValidate>
        <SaveBar pending={save.isPending} saved={saved ? 'Sparat. Ändringen syns på webbplatsen nu.' : undefined} problem={problem} />
        {text('title', 'Titel')}
        {text('slug', 'Adress (slug)', { hint: 'Små bokstäver, siffror och bindestreck. Byter du den skickas den gamla adressen vidare.' })}
        {text('shortDescription', 'Kort beskrivning', { long: true })}
        {text('description', 'Beskrivning', { long: true })}
        {number('priceSek', 'Pris per gäst (kr)')}
        {number('durationMinutes', 'Längd (minuter)')}
        <Field id="tour-vatRate" label="Moms" hint="Priskategorier utan egen momssats säljs med turens.">
          <VatRateSelect id="tour-vatRate" value={draft.vatRate ?? 25} onChange={(rate) => set({ vatRate: rate ?? 25 })} />
          <FieldErrors problem={problem} names={['vatRate']} />
        </Field>
        <Field id="tour-minAge" label="Minimiålder (tomt: ingen)">
          <input id="tour-minAge" type="number" min={0} value={draft.minAge ?? ''} onChange={(event) => set({ minAge: event.target.value === '' ? null : Number(event.target.value) })} />
          <FieldErrors problem={problem} names={['minAge']} />
        </Field>
        {list('highlights', 'Höjdpunkter')}
        {list('included', 'Ingår')}
        {list('whatToBring', 'Ta med')}
        {list('pickupPlaces', 'Upphämtning')}
        {text('meetingPoint', 'Mötesplats')}
        {text('season', 'Säsong i text', { hint: 'Till exempel "September to April".' })}
        <fieldset>
          <legend>Säsongsmånader</legend>
          {MONTHS.map((label, index) => (
            <label key={label} className="checkbox">
              <input type="checkbox" checked={draft.seasonMonths.includes(index + 1)} onChange={(event) => set({ seasonMonths: toggled(draft.seasonMonths, index + 1, event.target.checked).sort((a, b) => a - b) })} />
              {label}
            </label>
          ))}
          <FieldErrors problem={problem} names={['seasonMonths']} />
        </fieldset>
        <Field id="tour-timeOfDay" label="Tid på dygnet">
          <select id="tour-timeOfDay" value={draft.timeOfDay} onChange={(event) => set({ timeOfDay: event.target.value as TourInput['timeOfDay'] })}>
            {TIMES.map((time) => (
              <option key={time.value} value={time.value}>
                {time.label}
              </option>
            ))}
          </select>
        </Field>
        <fieldset>
          <legend>Platser</legend>
          {LOCATIONS.map((location) => (
            <label key={location.name} className="checkbox">
              <input type="checkbox" checked={draft.locations.includes(location.name)} onChange={(event) => set({ locations: toggled(draft.locations, location.name, event.target.checked) })} />
              {location.name}
            </label>
          ))}
          <FieldErrors problem={problem} names={['locations']} />
        </fieldset>
        <fieldset>
          <legend>Kategorier</legend>
          {CATEGORIES.map((category) => (
            <label key={category.name} className="checkbox">
              <input type="checkbox" checked={draft.categories.includes(category.name)} onChange={(event) => set({ categories: toggled(draft.categories, category.name, event.target.checked) })} />
              {category.name}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Bilder (den första är huvudbilden)</legend>
          {draft.images.map((image, index) => (
            <div key={image.url} className="content-image">
              <img src={image.url} alt="" width={160} height={Math.round((160 * image.height) / image.width)} />
              <Field id={`tour-image-${index}-alt`} label={`Alt-text för bild ${index + 1}`} hint="Vad bilden visar, för den som inte ser den.">
                <input
                  id={`tour-image-${index}-alt`}
                  value={image.alt}
                  required
                  onChange={(event) => set({ images: draft.images.map((item, at) => (at === index ? { ...item, alt: event.target.value } : item)) })}
                />
                <FieldErrors problem={problem} names={[`images.${index}`]} />
              </Field>
              {index > 0 && (
                <button type="button" className="button button--small" onClick={() => set({ images: [image, ...draft.images.filter((_, at) => at !== index)] })}>
                  Gör till huvudbild
                </button>
              )}
              <button type="button" className="button button--small" onClick={() => set({ images: draft.images.filter((_, at) => at !== index) })}>
                Ta bort bilden
              </button>
            </div>
          ))}
          <FieldErrors problem={problem} names={['images']} />
          <ImageUpload label="Ladda upp en bild" onUploaded={(image) => set({ images: [...draft.images, { ...image, alt: '', variants: image.variants ?? undefined }] })} />
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" checked={draft.isActive} onChange={(event) => set({ isActive: event.target.checked })} />
          Publicerad på webbplatsen
        </label>
      </form>
      <TourPreview draft={draft} />
    </div>
  );
}

/** How the tour's card will look on the site, before it is published. */
function TourPreview({ draft }: { draft: TourInput }) {
  const main = draft.images[0];
  return (
    <section className="content-preview" aria-labelledby="tour-preview-title">
      <h2 id="tour-preview-title">Förhandsvisning</h2>
      <div className="tour-grid">
        <TourCard
          tour={{
            id: 0,
            slug: draft.slug || 'ny-tur',
            title: draft.title || 'Titel saknas',
            short_description: draft.shortDescription,
            image_url: main?.url ?? '/images/placeholder-tour.svg',
            image_alt: main?.alt ?? '',
            image_variants: main?.variants ?? undefined,
            isMain: false,
            duration: Math.round((draft.durationMinutes / 60) * 10) / 10,
            price: draft.priceSek,
            locations: draft.pickupPlaces,
            sort_order: draft.sortOrder,
            categories: draft.categories,
            operatesFrom: draft.locations,
          }}
        />
      </div>
      <p>{draft.description}</p>
    </section>
  );
}
