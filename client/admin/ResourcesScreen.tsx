import { useQuery } from '@tanstack/react-query';
import { useState, type DragEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { SKILLS, type BoardDeparture, type BoardRow, type ResourceBoardView, type ResourceKindView, type ResourceView, type TourResourceNeedView } from '../../shared/resources';
import { ADMIN_BASE } from '../../shared/taxonomy';
import { shiftDay, todayInKiruna } from '../components/calendar-month';
import { adminRequest, contentApi } from './admin-client';
import { formatWhen } from './admin-format';
import { boardStep, boardTitle, mondayOf } from './board-days';
import { saveProblem, useContentMutation } from './content/content-parts';
import { TOURS_KEY } from './content/ToursScreen';
import { kirunaParts } from './kiruna-time';

const BOARD_KEY = ['admin', 'resource-board'] as const;
const PLAN_KEY = ['admin', 'resources'] as const;
const TYPE_WORDS: Record<ResourceKindView['type'], string> = { equipment: 'Utrustning', vehicle: 'Fordon', room: 'Rum', guide: 'Guider' };
const DRAG_TYPE = 'application/x-norrsken-resource';

type Plan = { kinds: ResourceKindView[]; items: ResourceView[]; needs: TourResourceNeedView[] };
type Dragged = { resourceId: number; fromDepartureId: number | null; name: string };

const timeOf = (iso: string) => kirunaParts(iso)[1];
const dayOf = (iso: string) => kirunaParts(iso)[0];

/** A departure's chip in the top row: a place to drop a guide or a vehicle on. */
function DepartureChip({ departure, unguided, onDrop }: { departure: BoardDeparture; unguided: boolean; onDrop: (departure: BoardDeparture, dragged: Dragged) => void }) {
  const [over, setOver] = useState(false);
  const accept = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    setOver(true);
  };
  return (
    <li
      className={`resource-chip resource-chip--departure${unguided ? ' resource-chip--conflict' : ''}${over ? ' resource-chip--over' : ''}`}
      data-departure-id={departure.id}
      onDragOver={accept}
      onDragEnter={accept}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const raw = event.dataTransfer.getData(DRAG_TYPE);
        if (!raw) return;
        event.preventDefault();
        onDrop(departure, JSON.parse(raw) as Dragged);
      }}
    >
      <strong>{timeOf(departure.startsAt)}</strong> {departure.tourTitle} <span>{`${departure.booked}/${departure.capacity}`}</span>
      {unguided && <span className="resource-flag"> · Saknar guide</span>}
    </li>
  );
}

/** One row's cells for a day: the departures an item is on (draggable), or what each needs of a pool. */
function RowCells({ row, departures, onDragStart }: { row: BoardRow; departures: Map<number, BoardDeparture>; onDragStart: (event: DragEvent, dragged: Dragged) => void }) {
  if (!row.cells.length) return <span className="resource-empty">–</span>;
  return (
    <ul className="resource-chips">
      {row.cells.map((cell) => {
        const departure = departures.get(cell.departureId)!;
        const text = `${timeOf(departure.startsAt)} ${departure.tourTitle}${cell.need !== undefined ? ` · ${cell.need} av ${Math.max(0, cell.free ?? 0)}` : ''}`;
        return (
          <li
            key={cell.departureId}
            className={`resource-chip${cell.conflict ? ' resource-chip--conflict' : ''}`}
            draggable={row.resourceId !== null}
            onDragStart={row.resourceId !== null ? (event) => onDragStart(event, { resourceId: row.resourceId!, fromDepartureId: cell.departureId, name: row.label }) : undefined}
            title={cell.conflict ?? undefined}
          >
            {text}
            {cell.conflict && <span className="resource-flag">{` · ${cell.conflict}`}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The resource board (Swedish): a day or a week, the departures with guests on top, a row per
 * guide and vehicle and one per pool below, conflicts in red. Drag a guide or a vehicle (its
 * name, or its departure) onto a departure to put it there; the server checks it as any
 * assignment and says why when it refuses.
 */
function ResourceBoard() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'week' ? 'week' : 'day';
  const day = params.get('date') ?? todayInKiruna();
  const first = view === 'week' ? mondayOf(day) : day;
  const days = view === 'week' ? 7 : 1;
  const [notice, setNotice] = useState<string>();
  const board = useQuery({ queryKey: [...BOARD_KEY, first, days], queryFn: () => adminRequest<ResourceBoardView>('GET', `resource-board?date=${first}&days=${days}`) });
  const move = useContentMutation([BOARD_KEY], ({ departure, dragged }: { departure: BoardDeparture; dragged: Dragged }) =>
    adminRequest('POST', `departures/${departure.id}/crew`, { body: { resourceId: dragged.resourceId, ...(dragged.fromDepartureId ? { fromDepartureId: dragged.fromDepartureId } : {}) } }).then(() => ({ departure, dragged })),
    ({ departure, dragged }) => setNotice(`${dragged.name} är nu på ${departure.tourTitle} ${formatWhen(departure.startsAt)}.`),
  );
  const dates = Array.from({ length: days }, (_, index) => shiftDay(first, index));
  const data = board.data;
  const departures = new Map((data?.departures ?? []).map((departure) => [departure.id, departure]));
  const onDragStart = (event: DragEvent, dragged: Dragged) => {
    event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(dragged));
    event.dataTransfer.effectAllowed = 'move';
  };
  const go = (next: Record<string, string>) => setParams({ view, date: day, ...next });
  const problem = saveProblem(board.error ?? move.error)?.message;
  return (
    <section className="admin-card" aria-labelledby="resource-board-title">
      <h2 id="resource-board-title">{`Resursplan: ${boardTitle(view, day)}`}</h2>
      <div className="board-controls no-print">
        <button type="button" className="button button--small" onClick={() => go({ date: boardStep(view, day, -1) })}>
          Föregående
        </button>
        <button type="button" className="button button--small" onClick={() => go({ date: todayInKiruna() })}>
          I dag
        </button>
        <button type="button" className="button button--small" onClick={() => go({ date: boardStep(view, day, 1) })}>
          Nästa
        </button>
        <button type="button" className="button button--small" aria-pressed={view === 'day'} onClick={() => go({ view: 'day' })}>
          Dag
        </button>
        <button type="button" className="button button--small" aria-pressed={view === 'week'} onClick={() => go({ view: 'week' })}>
          Vecka
        </button>
      </div>
      <p className="admin-hint no-print">Dra en guide eller ett fordon till en avgång. Rött: något saknas eller krockar.</p>
      {notice && <p role="status">{notice}</p>}
      {problem && (
        <p className="error-message" role="alert">
          {problem}
        </p>
      )}
      {data && (
        <div className="resource-board-scroll">
          <table className="admin-table resource-board">
            <thead>
              <tr>
                <th scope="col">Resurs</th>
                {dates.map((date) => (
                  <th scope="col" key={date}>
                    {new Date(`${date}T12:00:00Z`).toLocaleDateString('sv-SE', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr className="resource-board-departures">
                <th scope="row">Avgångar</th>
                {dates.map((date) => (
                  <td key={date}>
                    <ul className="resource-chips">
                      {data.departures
                        .filter((departure) => dayOf(departure.startsAt) === date)
                        .map((departure) => (
                          <DepartureChip key={departure.id} departure={departure} unguided={data.unguided.includes(departure.id)} onDrop={(target, dragged) => move.mutate({ departure: target, dragged })} />
                        ))}
                    </ul>
                  </td>
                ))}
              </tr>
              {data.rows.map((row) => (
                <tr key={row.key} className={row.cells.some((cell) => cell.conflict) ? 'resource-row--conflict' : undefined}>
                  <th scope="row">
                    {row.resourceId !== null ? (
                      <span draggable onDragStart={(event) => onDragStart(event, { resourceId: row.resourceId!, fromDepartureId: null, name: row.label })} className="resource-name">
                        {row.label}
                      </span>
                    ) : (
                      row.label
                    )}
                    {row.type === 'guide' && row.resourceId !== null && (
                      <>
                        {' '}
                        <Link className="no-print" to={`${ADMIN_BASE}/resources/${row.resourceId}/day/?date=${first}`}>
                          Dagslista<span className="visually-hidden">{` för ${row.label}`}</span>
                        </Link>
                      </>
                    )}
                    {row.out.length > 0 && <span className="resource-out">{` Ledig ${row.out.map((out) => `${formatWhen(out.startsAt)}–${formatWhen(out.endsAt)}`).join(', ')}`}</span>}
                  </th>
                  {dates.map((date) => (
                    <td key={date}>
                      <RowCells row={{ ...row, cells: row.cells.filter((cell) => dayOf(departures.get(cell.departureId)!.startsAt) === date) }} departures={departures} onDragStart={onDragStart} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The items of each kind, with their time out of service; staff add items and take them out. */
function ResourceItems({ plan }: { plan: Plan }) {
  const [notice, setNotice] = useState<string>();
  const add = useContentMutation([PLAN_KEY, BOARD_KEY], (body: { kindId: number; name: string; skills: string[] }) => adminRequest('POST', 'resources', { body }), () => setNotice('Resursen är tillagd.'));
  const out = useContentMutation([PLAN_KEY, BOARD_KEY], ({ id, ...body }: { id: number; startsAt: string; endsAt: string; reason: string }) => adminRequest('POST', `resources/${id}/outages`, { body }), () => setNotice('Resursen är ur tjänst den tiden.'));
  const back = useContentMutation([PLAN_KEY, BOARD_KEY], (id: number) => adminRequest('DELETE', `resource-outages/${id}`), () => setNotice('Ledigheten är borttagen.'));
  const problem = saveProblem(add.error ?? out.error ?? back.error)?.message;
  const submitItem = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    add.mutate({ kindId: Number(form.get('kindId')), name: String(form.get('name')), skills: form.getAll('skills').map(String) });
  };
  const submitOutage = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const at = (name: string) => new Date(String(form.get(name))).toISOString();
    out.mutate({ id: Number(form.get('resourceId')), startsAt: at('startsAt'), endsAt: at('endsAt'), reason: String(form.get('reason') ?? '') });
  };
  return (
    <section className="admin-card" aria-labelledby="resource-items-title">
      <h2 id="resource-items-title">Resurser</h2>
      {notice && <p role="status">{notice}</p>}
      {problem && (
        <p className="error-message" role="alert">
          {problem}
        </p>
      )}
      {plan.kinds.map((kind) => (
        <div key={kind.id}>
          <h3>{`${kind.name} (${TYPE_WORDS[kind.type]}${kind.seatsEach ? `, ${kind.seatsEach} platser` : ''}, ${kind.turnaroundMinutes} min mellan turer)`}</h3>
          <ul className="resource-items">
            {plan.items
              .filter((item) => item.kindId === kind.id)
              .map((item) => (
                <li key={item.id}>
                  {item.name}
                  {!item.isActive && ' (ur bruk)'}
                  {item.skills.length > 0 && ` · ${item.skills.map((skill) => SKILLS[skill as keyof typeof SKILLS] ?? skill).join(', ')}`}
                  {item.outages.map((outage) => (
                    <span key={outage.id} className="resource-out">
                      {` · Ledig ${formatWhen(outage.startsAt)}–${formatWhen(outage.endsAt)}${outage.reason ? ` (${outage.reason})` : ''} `}
                      <button type="button" className="button button--small no-print" onClick={() => back.mutate(outage.id)} aria-label={`Ta bort ledigheten för ${item.name}`}>
                        Ta bort
                      </button>
                    </span>
                  ))}
                </li>
              ))}
          </ul>
        </div>
      ))}
      <form className="admin-form no-print" onSubmit={submitItem} aria-labelledby="new-resource-title">
        <h3 id="new-resource-title">Ny resurs</h3>
        <label>
          Typ
          <select name="kindId" required>
            {plan.kinds.map((kind) => (
              <option key={kind.id} value={kind.id}>
                {kind.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Namn
          <input name="name" required maxLength={80} />
        </label>
        <fieldset>
          <legend>Färdigheter (guider)</legend>
          {Object.entries(SKILLS).map(([code, label]) => (
            <label key={code} className="checkbox-label">
              <input type="checkbox" name="skills" value={code} /> {label}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button" disabled={add.isPending}>
          Lägg till
        </button>
      </form>
      <form className="admin-form no-print" onSubmit={submitOutage} aria-labelledby="new-outage-title">
        <h3 id="new-outage-title">Ur tjänst</h3>
        <label>
          Resurs
          <select name="resourceId" required>
            {plan.items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Från
          <input type="datetime-local" name="startsAt" required />
        </label>
        <label>
          Till
          <input type="datetime-local" name="endsAt" required />
        </label>
        <label>
          Anledning
          <input name="reason" maxLength={200} />
        </label>
        <button type="submit" className="button" disabled={out.isPending}>
          Ta ur tjänst
        </button>
      </form>
    </section>
  );
}

/** What each tour's departures need, as set (read here; set per tour through the API or below). */
function TourNeeds({ plan }: { plan: Plan }) {
  const tours = useQuery({ queryKey: TOURS_KEY, queryFn: contentApi.tours });
  const title = (tourId: number) => tours.data?.find((tour) => tour.id === tourId)?.title ?? `Tur ${tourId}`;
  const kindName = (kindId: number) => plan.kinds.find((kind) => kind.id === kindId)?.name ?? '';
  const byTour = [...new Set(plan.needs.map((need) => need.tourId))];
  return (
    <section className="admin-card" aria-labelledby="tour-needs-title">
      <h2 id="tour-needs-title">Vad turerna behöver</h2>
      <table className="admin-table admin-table--cards">
        <thead>
          <tr>
            <th scope="col">Tur</th>
            <th scope="col">Per avgång</th>
          </tr>
        </thead>
        <tbody>
          {byTour.map((tourId) => (
            <tr key={tourId}>
              <td data-label="Tur">{title(tourId)}</td>
              <td data-label="Per avgång">
                {plan.needs
                  .filter((need) => need.tourId === tourId)
                  .map((need) => {
                    const parts = [need.fixed ? `${need.fixed} st` : '', need.perUnits ? `1 per ${need.perUnits} ${need.categories ? need.categories.join('/') : 'gäster'}` : ''].filter(Boolean).join(' + ') || 'efter platserna';
                    const skills = need.skills?.length ? ` (${need.skills.map((skill) => SKILLS[skill as keyof typeof SKILLS] ?? skill).join(', ')})` : '';
                    return `${kindName(need.kindId)}: ${parts}${skills}`;
                  })
                  .join('; ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** What one tour's departures need, kind by kind, set all at once (and a new kind of resource). */
function NeedsEditor({ plan }: { plan: Plan }) {
  const tours = useQuery({ queryKey: TOURS_KEY, queryFn: contentApi.tours });
  const [tourId, setTourId] = useState<number>();
  const [notice, setNotice] = useState<string>();
  const save = useContentMutation([PLAN_KEY, BOARD_KEY], ({ id, needs }: { id: number; needs: unknown[] }) => adminRequest('PUT', `tours/${id}/resource-needs`, { body: { needs } }), () => setNotice('Turens behov är sparade.'));
  const addKind = useContentMutation([PLAN_KEY, BOARD_KEY], (body: Record<string, unknown>) => adminRequest('POST', 'resource-kinds', { body }), () => setNotice('Resurstypen är skapad.'));
  const problem = saveProblem(save.error ?? addKind.error)?.message;
  const chosen = tourId ?? tours.data?.[0]?.id;
  const kinds = plan.kinds.filter((kind) => kind.type !== 'room');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const number = (name: string) => (String(form.get(name) ?? '').trim() ? Number(form.get(name)) : null);
    const needs = kinds
      .filter((kind) => form.get(`need-${kind.id}`) === 'on')
      .map((kind) => {
        const categories = String(form.get(`categories-${kind.id}`) ?? '').split(',').map((code) => code.trim()).filter(Boolean);
        const skills = form.getAll(`skills-${kind.id}`).map(String);
        return { kindId: kind.id, fixed: number(`fixed-${kind.id}`) ?? 0, perUnits: number(`per-${kind.id}`), categories: categories.length ? categories : null, skills: skills.length ? skills : null };
      });
    if (chosen) save.mutate({ id: chosen, needs });
  };
  const submitKind = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const seats = String(form.get('seatsEach') ?? '').trim();
    addKind.mutate({ name: String(form.get('name')), type: String(form.get('type')), turnaroundMinutes: Number(form.get('turnaroundMinutes') || 30), ...(seats ? { seatsEach: Number(seats) } : {}) });
  };
  return (
    <section className="admin-card no-print" aria-labelledby="needs-editor-title">
      <h2 id="needs-editor-title">Ändra en turs behov</h2>
      {notice && <p role="status">{notice}</p>}
      {problem && (
        <p className="error-message" role="alert">
          {problem}
        </p>
      )}
      <label htmlFor="needs-tour">Tur</label>
      <select id="needs-tour" value={chosen ?? ''} onChange={(event) => setTourId(Number(event.currentTarget.value))}>
          {tours.data?.map((tour) => (
            <option key={tour.id} value={tour.id}>
              {tour.title}
            </option>
          ))}
      </select>
      {chosen && (
        <form key={chosen} className="admin-form" onSubmit={submit} aria-label="Turens behov">
          {kinds.map((kind) => {
            const need = plan.needs.find((one) => one.tourId === chosen && one.kindId === kind.id);
            return (
              <fieldset key={kind.id}>
                <legend>{kind.name}</legend>
                <label className="checkbox-label">
                  <input type="checkbox" name={`need-${kind.id}`} defaultChecked={Boolean(need)} /> Behövs
                </label>
                <label>
                  Fasta per avgång
                  <input type="number" name={`fixed-${kind.id}`} min={0} max={50} defaultValue={need?.fixed ?? 0} />
                </label>
                <label>
                  En per så många platser
                  <input type="number" name={`per-${kind.id}`} min={1} max={100} defaultValue={need?.perUnits ?? ''} />
                </label>
                <label>
                  Bara kategorierna (koder, kommaseparerade)
                  <input name={`categories-${kind.id}`} defaultValue={need?.categories?.join(', ') ?? ''} />
                </label>
                {kind.type === 'guide' &&
                  Object.entries(SKILLS).map(([code, label]) => (
                    <label key={code} className="checkbox-label">
                      <input type="checkbox" name={`skills-${kind.id}`} value={code} defaultChecked={need?.skills?.includes(code) ?? false} /> {label}
                    </label>
                  ))}
              </fieldset>
            );
          })}
          <button type="submit" className="button" disabled={save.isPending}>
            Spara behoven
          </button>
        </form>
      )}
      <form className="admin-form" onSubmit={submitKind} aria-labelledby="new-kind-title">
        <h3 id="new-kind-title">Ny resurstyp</h3>
        <label>
          Namn
          <input name="name" required maxLength={80} />
        </label>
        <label>
          Typ
          <select name="type" defaultValue="equipment">
            {Object.entries(TYPE_WORDS).map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Platser (fordon)
          <input type="number" name="seatsEach" min={1} max={100} />
        </label>
        <label>
          Minuter mellan turer
          <input type="number" name="turnaroundMinutes" min={0} max={1440} defaultValue={30} />
        </label>
        <button type="submit" className="button" disabled={addKind.isPending}>
          Skapa
        </button>
      </form>
    </section>
  );
}

export function ResourcesScreen() {
  const plan = useQuery({ queryKey: PLAN_KEY, queryFn: () => adminRequest<Plan>('GET', 'resources') });
  return (
    <>
      <ResourceBoard />
      {plan.data && <ResourceItems plan={plan.data} />}
      {plan.data && <TourNeeds plan={plan.data} />}
      {plan.data && <NeedsEditor plan={plan.data} />}
    </>
  );
}
