import { useQuery } from '@tanstack/react-query';
import { useId, type FormEvent, type ReactElement } from 'react';

import type { AdminTourView, PromoCodeView } from '../../shared/admin-types';
import { formatKr } from '../../shared/company';
import { adminRequest, contentApi } from './admin-client';
import { TOURS_KEY } from './content/ToursScreen';
import { FieldErrors, ProblemSummary, saveProblem, useContentMutation } from './content/content-parts';

export const PROMO_CODES_KEY = ['admin', 'promo-codes'] as const;

type NewCode = Pick<PromoCodeView, 'code' | 'kind' | 'value' | 'minGuests'> & Partial<Pick<PromoCodeView, 'bookFrom' | 'bookUntil' | 'tourFrom' | 'tourUntil' | 'maxUses' | 'maxUsesPerEmail' | 'note'>> & { tourIds?: number[]; categories?: string[] };

const promoCodesApi = {
  list: () => adminRequest<{ data: PromoCodeView[] }>('GET', 'promo-codes'),
  create: (input: NewCode) => adminRequest<PromoCodeView>('POST', 'promo-codes', { body: input }),
  setPaused: ({ id, paused }: { id: number; paused: boolean }) => adminRequest<PromoCodeView>('POST', `promo-codes/${id}/${paused ? 'pause' : 'resume'}`),
};

/** "10 %" or "300 kr" off. */
const valueWords = (promo: Pick<PromoCodeView, 'kind' | 'value'>) => (promo.kind === 'percent' ? `${promo.value} %` : formatKr(promo.value));

/** From–to, either end open. */
const span = (from: string | null, until: string | null) => (from || until ? `${from ?? '…'} – ${until ?? '…'}` : 'Alla');

function CreateForm({ tours }: { tours: AdminTourView[] }) {
  const id = useId();
  const create = useContentMutation([PROMO_CODES_KEY], promoCodesApi.create);
  const problem = saveProblem(create.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const optional = <T,>(name: string, as: (value: string) => T) => (text(name) ? { [name]: as(text(name)) } : {});
    create.mutate({
      code: text('code'),
      kind: text('kind') as PromoCodeView['kind'],
      value: Number(text('value')),
      minGuests: Number(text('minGuests') || 1),
      ...(form.getAll('tourIds').length ? { tourIds: form.getAll('tourIds').map(Number) } : {}),
      ...(text('categories') ? { categories: text('categories').split(/[\s,]+/).filter(Boolean) } : {}),
      ...optional('bookFrom', String),
      ...optional('bookUntil', String),
      ...optional('tourFrom', String),
      ...optional('tourUntil', String),
      ...optional('maxUses', Number),
      ...optional('maxUsesPerEmail', Number),
      ...optional('note', String),
    });
  };
  const field = (name: string, label: string, input: ReactElement, hint?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {hint && <small className="field-hint">{hint}</small>}
      <FieldErrors problem={problem} names={[name]} />
    </div>
  );
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Ny rabattkod</h2>
      <p>För en partner eller ett nyhetsbrev. Gästen skriver koden när hen bokar; en bokning kan ha en kod.</p>
      <form className="admin-form promo-code-form" onSubmit={submit}>
        {field('code', 'Kod', <input id={`${id}-code`} name="code" required minLength={3} maxLength={40} autoComplete="off" className="gift-card-code" />, '3–30 bokstäver och siffror')}
        {field(
          'kind',
          'Typ',
          <select id={`${id}-kind`} name="kind" defaultValue="percent">
            <option value="percent">Procent av turens pris</option>
            <option value="amount">Kronor per bokning</option>
          </select>,
        )}
        {field('value', 'Värde', <input id={`${id}-value`} name="value" type="number" inputMode="numeric" min={1} max={100000} step={1} required />, 'Procent (1–100) eller kronor. Boenden rabatteras aldrig.')}
        {field('minGuests', 'Minsta sällskap', <input id={`${id}-minGuests`} name="minGuests" type="number" inputMode="numeric" min={1} max={50} step={1} defaultValue={1} />)}
        {field(
          'tourIds',
          'Turer',
          <select id={`${id}-tourIds`} name="tourIds" multiple size={Math.min(6, Math.max(2, tours.length))}>
            {tours.map((tour) => (
              <option key={tour.id} value={tour.id}>
                {tour.title}
              </option>
            ))}
          </select>,
          'Ingen vald: alla turer',
        )}
        {field('categories', 'Priskategorier', <input id={`${id}-categories`} name="categories" autoComplete="off" placeholder="adult, child" />, 'Tomt: alla kategorier')}
        {field('bookFrom', 'Bokas från', <input id={`${id}-bookFrom`} name="bookFrom" type="date" />)}
        {field('bookUntil', 'Bokas till och med', <input id={`${id}-bookUntil`} name="bookUntil" type="date" />)}
        {field('tourFrom', 'Turdag från', <input id={`${id}-tourFrom`} name="tourFrom" type="date" />)}
        {field('tourUntil', 'Turdag till och med', <input id={`${id}-tourUntil`} name="tourUntil" type="date" />)}
        {field('maxUses', 'Högst antal bokningar', <input id={`${id}-maxUses`} name="maxUses" type="number" inputMode="numeric" min={1} step={1} />, 'Tomt: obegränsat')}
        {field('maxUsesPerEmail', 'Högst per gäst (e-post)', <input id={`${id}-maxUsesPerEmail`} name="maxUsesPerEmail" type="number" inputMode="numeric" min={1} step={1} />)}
        {field('note', 'Anteckning', <input id={`${id}-note`} name="note" maxLength={200} autoComplete="off" placeholder="Nyhetsbrev december" />)}
        <div className="admin-actions">
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? 'Skapar…' : 'Skapa rabattkoden'}
          </button>
        </div>
        {create.isSuccess && <p role="status">{`Rabattkoden ${create.data.code} är skapad.`}</p>}
        {problem && Object.keys(problem.fields).length === 0 && <ProblemSummary problem={problem} />}
      </form>
    </section>
  );
}

/**
 * Promo codes as staff handle them: created with their limits, paused and resumed, each with its
 * use (bookings held or confirmed with it now, and the discount the confirmed ones got); all in the
 * audit log.
 */
export function PromoCodesScreen() {
  const id = useId();
  const codes = useQuery({ queryKey: PROMO_CODES_KEY, queryFn: promoCodesApi.list });
  const tours = useQuery({ queryKey: TOURS_KEY, queryFn: contentApi.tours });
  const pausing = useContentMutation([PROMO_CODES_KEY], promoCodesApi.setPaused);
  const tourNames = new Map((tours.data ?? []).map((tour) => [tour.id, tour.title]));

  return (
    <div className="admin-grid">
      <CreateForm tours={tours.data ?? []} />
      <section className="admin-card admin-card--wide" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Rabattkoder</h2>
        {codes.isPending ? (
          <p role="status">Laddar rabattkoderna…</p>
        ) : codes.isError ? (
          <ProblemSummary problem={saveProblem(codes.error)} />
        ) : codes.data.data.length === 0 ? (
          <p>Inga rabattkoder ännu.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Kod</th>
                  <th scope="col">Rabatt</th>
                  <th scope="col">Gäller</th>
                  <th scope="col">Använd</th>
                  <th scope="col">Rabatt given</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {codes.data.data.map((promo) => (
                  <tr key={promo.id}>
                    <th scope="row">
                      <code>{promo.code}</code>
                      {promo.note && <small className="field-hint">{` ${promo.note}`}</small>}
                    </th>
                    <td>{`${valueWords(promo)}${promo.categories ? ` (${promo.categories.join(', ')})` : ''}${promo.minGuests > 1 ? `, minst ${promo.minGuests} gäster` : ''}`}</td>
                    <td>
                      {[
                        promo.tourIds ? promo.tourIds.map((tourId) => tourNames.get(tourId) ?? `tur ${tourId}`).join(', ') : 'Alla turer',
                        `bokas ${span(promo.bookFrom, promo.bookUntil)}`,
                        `turdag ${span(promo.tourFrom, promo.tourUntil)}`,
                      ].join(' · ')}
                    </td>
                    <td>{`${promo.uses}${promo.maxUses !== null ? ` av ${promo.maxUses}` : ''} (${promo.confirmed} bekräftade)${promo.maxUsesPerEmail !== null ? `, högst ${promo.maxUsesPerEmail} per gäst` : ''}`}</td>
                    <td>{formatKr(promo.discountSek)}</td>
                    <td>
                      {promo.paused ? 'Pausad' : 'Aktiv'}{' '}
                      <button type="button" className="link-button" disabled={pausing.isPending} onClick={() => pausing.mutate({ id: promo.id, paused: !promo.paused })}>
                        {promo.paused ? `Återuppta ${promo.code}` : `Pausa ${promo.code}`}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
