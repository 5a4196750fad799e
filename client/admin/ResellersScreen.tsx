import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';

import type { AdminTourView, ResellerView, WebhookView } from '../../shared/admin-types';
import { adminRequest, contentApi } from './admin-client';
import { formatWhen } from './admin-format';
import { FieldErrors, ProblemSummary, saveProblem, useContentMutation } from './content/content-parts';
import { TOURS_KEY } from './content/ToursScreen';

export const RESELLERS_KEY = ['admin', 'resellers'] as const;

const resellersApi = {
  list: () => adminRequest<ResellerView[]>('GET', 'resellers'),
  create: (input: { name: string; commissionPercent: number; tourIds: number[] | null; requestsPerMinute?: number; heldSeats?: number }) => adminRequest<ResellerView & { key: string }>('POST', 'resellers', { body: input }),
  revoke: (id: number) => adminRequest<ResellerView>('POST', `resellers/${id}/revoke`),
};

/** "Alla publicerade turer", or the titles of the tours it may sell. */
function toursLabel(tourIds: number[] | null, tours: AdminTourView[] | undefined): string {
  if (tourIds === null) return 'Alla publicerade turer';
  return tourIds.map((id) => tours?.find((tour) => tour.id === id)?.title ?? `Tur ${id}`).join(', ');
}

/** The new key, shown this once: the reseller cannot get it again, only a new one. */
function NewKey({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <section className="admin-card admin-card--wide reseller-key" aria-labelledby="reseller-key-title">
      <h2 id="reseller-key-title">Nyckel för {name}</h2>
      <p>
        <strong>Nyckeln visas bara nu.</strong> Skicka den till återförsäljaren på ett säkert sätt; de skickar den som <code>Authorization: Bearer</code> till <code>/octo/</code>. Tappas den bort: återkalla den och skapa en ny.
      </p>
      <p>
        <code className="reseller-key__value" data-testid="reseller-key">
          {secret}
        </code>
      </p>
      <div className="admin-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Kopiera nyckeln
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Klar
        </button>
      </div>
      {copied && <p role="status">Nyckeln är kopierad.</p>}
    </section>
  );
}

function NewResellerForm({ tours, onCreated }: { tours: AdminTourView[]; onCreated: (created: ResellerView & { key: string }) => void }) {
  const id = useId();
  const [onlySome, setOnlySome] = useState(false);
  const create = useContentMutation([RESELLERS_KEY], resellersApi.create, onCreated);
  const problem = saveProblem(create.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const perMinute = String(form.get('requestsPerMinute') ?? '').trim();
    const heldSeats = String(form.get('heldSeats') ?? '').trim();
    create.mutate({
      name: String(form.get('name') ?? ''),
      commissionPercent: Number(form.get('commissionPercent')),
      tourIds: onlySome ? form.getAll('tourIds').map(Number) : null,
      ...(perMinute ? { requestsPerMinute: Number(perMinute) } : {}),
      ...(heldSeats ? { heldSeats: Number(heldSeats) } : {}),
    });
  };

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Ny återförsäljare</h2>
      <p>Återförsäljaren säljer våra turer genom OCTO-gränssnittet och betalar oss netto: vårt pris minus provisionen.</p>
      <form className="admin-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-name`}>Namn</label>
          <input id={`${id}-name`} name="name" required maxLength={120} autoComplete="off" />
          <FieldErrors problem={problem} names={['name']} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-commission`}>Provision (%)</label>
          <input id={`${id}-commission`} name="commissionPercent" type="number" inputMode="numeric" min={0} max={100} step={1} required defaultValue={20} />
          <FieldErrors problem={problem} names={['commissionPercent']} />
        </div>
        <fieldset className="field">
          <legend>Turer den får sälja</legend>
          <label className="field--check">
            <input type="radio" name={`${id}-scope`} checked={!onlySome} onChange={() => setOnlySome(false)} /> Alla publicerade turer
          </label>
          <label className="field--check">
            <input type="radio" name={`${id}-scope`} checked={onlySome} onChange={() => setOnlySome(true)} /> Bara de här
          </label>
          {onlySome && (
            <ul className="reseller-tours">
              {tours.map((tour) => (
                <li key={tour.id}>
                  <label className="field--check">
                    <input type="checkbox" name="tourIds" value={tour.id} /> {tour.title}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <FieldErrors problem={problem} names={['tourIds']} />
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-rate`}>Anrop per minut</label>
          <small className="field-hint">Tomt: 120. Gränsen gäller nyckeln, på alla servrar tillsammans.</small>
          <input id={`${id}-rate`} name="requestsPerMinute" type="number" inputMode="numeric" min={10} max={6000} step={1} />
          <FieldErrors problem={problem} names={['requestsPerMinute']} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-held`}>Platser på obekräftade reservationer</label>
          <small className="field-hint">Tomt: 24. Så många platser får nyckelns reservationer hålla samtidigt innan de bekräftas.</small>
          <input id={`${id}-held`} name="heldSeats" type="number" inputMode="numeric" min={1} max={2000} step={1} />
          <FieldErrors problem={problem} names={['heldSeats']} />
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? 'Skapar…' : 'Skapa nyckel'}
          </button>
        </div>
        {problem && Object.keys(problem.fields).length === 0 && <ProblemSummary problem={problem} />}
      </form>
    </section>
  );
}

/** A reseller's webhooks (it registers them through the API): each URL with how its calls fare. */
function Webhooks({ webhooks }: { webhooks: WebhookView[] }) {
  if (webhooks.length === 0) return <>Inga</>;
  return (
    <ul className="reseller-webhooks">
      {webhooks.map((webhook) => (
        <li key={webhook.id}>
          <code>{webhook.url}</code>
          <span>{` ${webhook.delivered} levererade`}</span>
          {webhook.pending > 0 && <span>{`, ${webhook.pending} väntar`}</span>}
          {(webhook.failing > 0 || webhook.failed > 0) && (
            <strong className="reseller-webhooks__failing">{` · Svarar inte: ${webhook.failing} försöks igen, ${webhook.failed} gavs upp (${webhook.lastError ?? 'okänt fel'})`}</strong>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Resellers' access to the OCTO API: staff create a key (shown once), see who has one and
 * revoke it; a revoked key is refused at once, on every server.
 */
export function ResellersScreen() {
  const resellers = useQuery({ queryKey: RESELLERS_KEY, queryFn: resellersApi.list });
  const tours = useQuery({ queryKey: TOURS_KEY, queryFn: contentApi.tours });
  const revoke = useContentMutation([RESELLERS_KEY], resellersApi.revoke);
  const [created, setCreated] = useState<ResellerView & { key: string }>();

  if (resellers.isPending || tours.isPending) return <p role="status">Laddar återförsäljarna…</p>;
  if (resellers.isError || tours.isError) return <ProblemSummary problem={saveProblem(resellers.error ?? tours.error)} />;
  return (
    <div className="admin-grid">
      {created ? <NewKey name={created.name} secret={created.key} onDone={() => setCreated(undefined)} /> : <NewResellerForm tours={tours.data} onCreated={setCreated} />}
      <section className="admin-card admin-card--wide" aria-labelledby="resellers-title">
        <h2 id="resellers-title">Återförsäljare med nyckel</h2>
        <ProblemSummary problem={saveProblem(revoke.error)} />
        {resellers.data.length === 0 ? (
          <p>Ingen återförsäljare har en nyckel än.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Namn</th>
                  <th scope="col">Nyckel</th>
                  <th scope="col">Provision</th>
                  <th scope="col">Turer</th>
                  <th scope="col">Skapad</th>
                  <th scope="col">Webbhookar</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {resellers.data.map((reseller) => (
                  <tr key={reseller.id}>
                    <th scope="row">{reseller.name}</th>
                    <td>
                      <code>…{reseller.keyHint}</code>
                    </td>
                    <td>{reseller.commissionPercent} %</td>
                    <td>{toursLabel(reseller.tourIds, tours.data)}</td>
                    <td>{formatWhen(reseller.createdAt)}</td>
                    <td>
                      <Webhooks webhooks={reseller.webhooks} />
                    </td>
                    <td>
                      {reseller.revokedAt ? (
                        `Återkallad ${formatWhen(reseller.revokedAt)}`
                      ) : (
                        <button
                          type="button"
                          className="button button--danger"
                          disabled={revoke.isPending}
                          onClick={() => window.confirm(`Återkalla nyckeln för ${reseller.name}? Den slutar fungera direkt. Deras bokningar ligger kvar.`) && revoke.mutate(reseller.id)}
                        >
                          Återkalla<span className="visually-hidden">{` nyckeln för ${reseller.name}`}</span>
                        </button>
                      )}
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
