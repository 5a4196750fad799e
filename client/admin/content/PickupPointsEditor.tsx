import { useState, type FormEvent } from 'react';

import type { AdminPickupPointView, PickupPointInput } from '../../../shared/admin-types';
import { contentApi } from '../admin-client';
import { ProblemSummary, saveProblem, useContentMutation } from './content-parts';

const POINTS_KEY = ['admin', 'pickup-points'] as const;

/** The fields of a pickup point as a form sends them. */
function readPoint(form: HTMLFormElement): PickupPointInput {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return { location: text('location'), name: text('name'), address: text('address'), minutesBefore: Number(text('minutesBefore')), isActive: data.get('isActive') === 'on' };
}

/** One pickup point's fields (a new one's empty), labelled for the row they stand in. */
function PointFields({ point, row, locations }: { point?: AdminPickupPointView; row: string; locations: string[] }) {
  return (
    <>
      <label>
        Plats{' '}
        <select name="location" defaultValue={point?.location ?? locations[0]} aria-label={`Plats, ${row}`}>
          {locations.map((location) => (
            <option key={location}>{location}</option>
          ))}
        </select>
      </label>
      <label>
        Namn <input name="name" required maxLength={120} defaultValue={point?.name} aria-label={`Namn, ${row}`} />
      </label>
      <label>
        Adress <input name="address" maxLength={200} defaultValue={point?.address} aria-label={`Adress, ${row}`} />
      </label>
      <label>
        Minuter före start <input name="minutesBefore" type="number" min={0} max={240} required defaultValue={point?.minutesBefore ?? 20} size={4} aria-label={`Minuter före start, ${row}`} />
      </label>
      <label className="checkbox-line">
        <input name="isActive" type="checkbox" defaultChecked={point?.isActive ?? true} aria-label={`Aktiv, ${row}`} /> Aktiv
      </label>
    </>
  );
}

/**
 * Every pickup point, shared by the tours that offer it: added and changed here (a tour ticks
 * the ones it offers above). Each change is audited by the server, and a guest's pickup time
 * follows the minutes before the start.
 */
export function PickupPointsEditor({ points }: { points: AdminPickupPointView[] }) {
  const [notice, setNotice] = useState<string>();
  const create = useContentMutation([POINTS_KEY], (input: PickupPointInput) => contentApi.createPickupPoint(input), (created) => setNotice(`${created.name} är tillagd.`));
  const update = useContentMutation([POINTS_KEY], ({ id, input }: { id: number; input: PickupPointInput }) => contentApi.updatePickupPoint(id, input), (changed) => setNotice(`${changed.name} är sparad.`));
  const locations = [...new Set(points.map((point) => point.location))].sort();
  const problem = saveProblem(create.error ?? update.error);
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    create.mutate(readPoint(form), { onSuccess: () => form.reset() });
  };
  return (
    <section className="admin-card" aria-labelledby="pickup-points-title">
      <h2 id="pickup-points-title">Upphämtningsplatser</h2>
      <p className="hint">Platserna delas av turerna som erbjuder dem. Gästens upphämtningstid är avgångens starttid minus minuterna här.</p>
      {notice && (
        <p role="status" className="admin-notice">
          {notice}
        </p>
      )}
      <ProblemSummary problem={problem} />
      <ul className="pickup-points">
        {points.map((point) => (
          <li key={point.id}>
            <form
              className="field-row"
              aria-label={point.name}
              onSubmit={(event) => {
                event.preventDefault();
                update.mutate({ id: point.id, input: readPoint(event.currentTarget) });
              }}
            >
              <PointFields point={point} row={point.name} locations={locations} />
              <button type="submit" className="button button--small button--secondary">
                Spara<span className="visually-hidden">{` ${point.name}`}</span>
              </button>
            </form>
          </li>
        ))}
      </ul>
      <form className="field-row" aria-label="Ny upphämtningsplats" onSubmit={add}>
        <PointFields row="ny plats" locations={locations} />
        <button type="submit" className="button button--small" disabled={create.isPending}>
          Lägg till upphämtningsplats
        </button>
      </form>
    </section>
  );
}
