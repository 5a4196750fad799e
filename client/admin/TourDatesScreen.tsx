import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { TourDateView as TourDate } from '../../shared/admin-types';
import { MAX_GROUP_SIZE } from '../../shared/taxonomy';
import { adminRequest } from './admin-client';
import { formatKr, formatWhen, seriesOutcome, STATUS_LABELS } from './admin-format';
import { ManifestLink } from './bookings/PassengerList';
import { saveProblem, useContentMutation } from './content/content-parts';
import { kirunaTime } from './kiruna-time';
import { TourOptions, useSwedishBookingOptions, useTourOptions } from './tour-options';
import { monthKey, todayInKiruna } from '../components/calendar-month';
import { dateWindow, DateWindowControls, inWindow, TourDatesMonth, windowQuery, type DateWindow } from './TourDatesRange';
import { DateField, TimeField } from './content/date-fields';

/** The week as in Sweden, Monday first; the values are the API's (0 = Sunday … 6 = Saturday). */
const WEEKDAYS: [string, number][] = [
  ['Mån', 1],
  ['Tis', 2],
  ['Ons', 3],
  ['Tor', 4],
  ['Fre', 5],
  ['Lör', 6],
  ['Sön', 0],
];

/** Seats and an optional price per guest: the same two fields for one departure or a series. */
function CapacityAndPriceFields({ prefix }: { prefix: string }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${prefix}-capacity`}>Platser</label>
        <input id={`${prefix}-capacity`} name="capacity" type="number" min={1} max={MAX_GROUP_SIZE} defaultValue={MAX_GROUP_SIZE} required />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-price`}>Pris per gäst (valfritt)</label>
        <input id={`${prefix}-price`} name="priceSek" type="number" min={0} />
      </div>
    </>
  );
}

/** The capacity and, when given, the price from those fields. */
function capacityAndPrice(form: FormData): { capacity: number; priceSek?: number } {
  const price = String(form.get('priceSek') ?? '').trim();
  return { capacity: Number(form.get('capacity')), ...(price ? { priceSek: Number(price) } : {}) };
}

const TOUR_DATES_KEY = ['admin', 'tour-dates'] as const;

/**
 * A tour's departures (the tour in the URL's ?tourId=) in any window of dates (?from=&to=), as a
 * list or a month (?view=month): create one or a series, change, close or cancel.
 */
export function TourDatesScreen() {
  const [params, setParams] = useSearchParams();
  const [today] = useState(todayInKiruna);
  const tourOptions = useTourOptions();
  const tours = tourOptions.data ?? [];
  const tourId = Number(params.get('tourId')) || tours[0]?.id;
  const shownWindow = dateWindow(params, today);
  const show = (next: { tourId?: number; window?: DateWindow }) => {
    const shown = next.window ?? shownWindow;
    setParams({ tourId: String(next.tourId ?? tourId ?? ''), from: shown.from, to: shown.to, ...(shown.view === 'month' ? { view: 'month' } : {}) }, { replace: true });
  };
  const setTourId = (id: number) => show({ tourId: id });
  // The tour's categories besides the default (whose price is the date's price): each may have a season price.
  const otherCategories = useSwedishBookingOptions(tourId)?.priceCategories.filter((category) => !category.isDefault) ?? [];
  const dates = useQuery({
    queryKey: [...TOUR_DATES_KEY, tourId, shownWindow.from, shownWindow.to],
    queryFn: async () => (await adminRequest<{ data: TourDate[] }>('GET', `tour-dates?tourId=${tourId}&${windowQuery(shownWindow)}`)).data,
    enabled: Boolean(tourId),
    select: (all) => inWindow(all, shownWindow),
  });
  const change = useContentMutation([TOUR_DATES_KEY], (work: () => Promise<string>) => work());
  const run = (work: () => Promise<string>) => change.mutate(work);
  const notice = change.isSuccess ? change.data : undefined;
  const problem = tourOptions.isError ? 'Kunde inte hämta turerna.' : saveProblem(change.error ?? dates.error)?.message;

  const createOne = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    run(async () => {
      const created = await adminRequest<TourDate>('POST', 'tour-dates', {
        body: { tourId, startsAt: kirunaTime(String(form.get('date')), String(form.get('time'))), ...capacityAndPrice(form) },
      });
      return `Avgång skapad: ${formatWhen(created.startsAt)}.`;
    });
  };

  const createSeries = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    run(async () => {
      const created = await adminRequest<{ data: TourDate[]; existing: number; past: number }>('POST', 'tour-dates/recurring', {
        body: {
          tourId,
          weekdays: form.getAll('weekdays').map(Number),
          time: String(form.get('time')),
          fromDate: String(form.get('fromDate')),
          toDate: String(form.get('toDate')),
          ...capacityAndPrice(form),
        },
      });
      return seriesOutcome(created.data.length, created.existing, created.past);
    });
  };

  const update = (date: TourDate, changes: Partial<Pick<TourDate, 'capacity' | 'priceSek' | 'status' | 'categoryPrices' | 'minGuests'>>, question?: string) => {
    if (question && !window.confirm(question)) return;
    run(async () => {
      const result = await adminRequest<{ affectedBookings: string[] }>('PATCH', `tour-dates/${date.id}`, { body: changes });
      return result.affectedBookings.length ? `Ändrat. Avbokade och mejlade: ${result.affectedBookings.join(', ')}.` : 'Ändrat.';
    });
  };

  return (
    <>
      <div className="field admin-tour-select">
        <label htmlFor="tour-select">Tur</label>
        <select id="tour-select" value={tourId ?? ''} onChange={(event) => setTourId(Number(event.currentTarget.value))}>
          <TourOptions tours={tours} />
        </select>
      </div>
      {problem && <p className="error-message" role="alert">{problem}</p>}
      {notice && <p role="status" className="admin-notice">{notice}</p>}

      {/* Folded until wanted: the dates themselves are what staff come here for on most visits. */}
      <details className="admin-create">
        <summary>Lägg till avgångar (en eller en återkommande serie)</summary>
        <div className="admin-grid">
          <form className="admin-card" onSubmit={createOne} aria-labelledby="one-title">
            <h2 id="one-title">Ny avgång</h2>
            <div className="field">
              <label htmlFor="one-date">Datum</label>
              <DateField id="one-date" name="date" required />
            </div>
            <div className="field">
              <label htmlFor="one-time">Tid (Kiruna)</label>
              <TimeField id="one-time" name="time" required defaultValue="20:00" />
            </div>
            <CapacityAndPriceFields prefix="one" />
            <button type="submit" className="button button--small">
              Skapa avgång
            </button>
          </form>

          <form className="admin-card" onSubmit={createSeries} aria-labelledby="series-title">
            <h2 id="series-title">Återkommande avgångar</h2>
            <fieldset className="weekday-picker">
              <legend>Veckodagar</legend>
              {WEEKDAYS.map(([label, day]) => (
                <label key={label}>
                  <input type="checkbox" name="weekdays" value={day} /> {label}
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor="series-time">Tid (Kiruna)</label>
              <TimeField id="series-time" name="time" required defaultValue="20:00" />
            </div>
            <div className="field">
              <label htmlFor="series-from">Från och med</label>
              <DateField id="series-from" name="fromDate" required />
            </div>
            <div className="field">
              <label htmlFor="series-to">Till och med</label>
              <DateField id="series-to" name="toDate" required />
            </div>
            <CapacityAndPriceFields prefix="series" />
            <button type="submit" className="button button--small">
              Skapa serie
            </button>
          </form>
        </div>
      </details>

      <h2>{`Avgångar ${shownWindow.from} – ${shownWindow.to}`}</h2>
      <DateWindowControls window={shownWindow} today={today} onChange={(next) => show({ window: next })} />
      {dates.data && shownWindow.view === 'month' && (
        <TourDatesMonth month={monthKey(shownWindow.from)} dates={dates.data} onDay={(day) => show({ window: { view: 'list', from: day, to: day } })} />
      )}
      {shownWindow.view === 'month' ? null : !dates.data ? (
        <p role="status">Laddar avgångar…</p>
      ) : dates.data.length === 0 ? (
        <p>Inga avgångar.</p>
      ) : (
        <ul className="tour-date-list">
          {dates.data.map((date) => (
            <li key={date.id} className={`tour-date tour-date--${date.status}`}>
              <div>
                <strong>{formatWhen(date.startsAt)}</strong>
                <span>{` · ${STATUS_LABELS[date.status]} · ${date.booked ?? 0}/${date.capacity} bokade${date.waiting ? ` · ${date.waiting} i kö` : ''} · ${date.priceSek === null ? 'turens pris' : formatKr(date.priceSek)}`}</span>{' '}
                <ManifestLink departureId={date.id} label={formatWhen(date.startsAt)} />
              </div>
              <div className="admin-actions">
                <label htmlFor={`capacity-${date.id}`} className="visually-hidden">{`Platser ${formatWhen(date.startsAt)}`}</label>
                <select id={`capacity-${date.id}`} value={date.capacity} onChange={(event) => update(date, { capacity: Number(event.currentTarget.value) })}>
                  {Array.from({ length: MAX_GROUP_SIZE }, (_, index) => index + 1).map((count) => (
                    <option key={count} value={count} disabled={count < (date.booked ?? 0)}>{`${count} platser`}</option>
                  ))}
                </select>
                <form
                  className="price-edit"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const value = String(new FormData(event.currentTarget).get('priceSek') ?? '').trim();
                    update(date, { priceSek: value === '' ? null : Number(value) });
                  }}
                >
                  <label htmlFor={`price-${date.id}`} className="visually-hidden">{`Pris ${formatWhen(date.startsAt)}`}</label>
                  <input id={`price-${date.id}`} name="priceSek" type="number" min={0} placeholder="Turens pris" defaultValue={date.priceSek ?? ''} key={date.priceSek ?? 'tour'} />
                  <button type="submit" className="button button--small button--secondary">
                    Spara pris
                  </button>
                </form>
                <form
                  className="price-edit"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const form = new FormData(event.currentTarget);
                    // Season prices of the tour's other categories, each in its own field; empty: the category's own price.
                    const prices = otherCategories.flatMap(({ code }) => {
                      const value = String(form.get(`season-${code}`) ?? '').trim();
                      return value === '' ? [] : [[code, Number(value)] as const];
                    });
                    const minimum = String(form.get('minGuests') ?? '').trim();
                    update(date, { categoryPrices: prices.length ? Object.fromEntries(prices) : null, minGuests: minimum === '' ? null : Number(minimum) });
                  }}
                >
                  {otherCategories.length > 0 && <span className="season-prices__title">Säsongspriser</span>}
                  {otherCategories.map((category) => (
                    <label key={category.code} className="season-price">
                      <span aria-hidden="true">{category.name}</span>
                      <input
                        name={`season-${category.code}`}
                        type="number"
                        min={0}
                        aria-label={`Säsongspris ${category.name}, ${formatWhen(date.startsAt)}`}
                        placeholder={String(category.priceSek)}
                        defaultValue={date.categoryPrices?.[category.code] ?? ''}
                        key={`${category.code}-${date.categoryPrices?.[category.code] ?? 'own'}`}
                      />
                    </label>
                  ))}
                  <label htmlFor={`min-guests-${date.id}`}>Minsta antal</label>
                  <input id={`min-guests-${date.id}`} name="minGuests" type="number" min={0} max={MAX_GROUP_SIZE} placeholder="Turens" defaultValue={date.minGuests ?? ''} key={`min-${date.minGuests ?? 'tour'}`} size={3} />
                  <button type="submit" className="button button--small button--secondary">
                    Spara
                  </button>
                </form>
                {date.status === 'open' && (
                  <button type="button" className="button button--small button--secondary" onClick={() => update(date, { status: 'closed' }, 'Stäng avgången för nya bokningar?')}>
                    Stäng
                  </button>
                )}
                {date.status === 'closed' && (
                  <button type="button" className="button button--small button--secondary" onClick={() => update(date, { status: 'open' })}>
                    Öppna
                  </button>
                )}
                {date.status !== 'cancelled' && (
                  <button
                    type="button"
                    className="button button--small button--danger"
                    onClick={() => update(date, { status: 'cancelled' }, `Ställ in avgången? ${date.booked ?? 0} bokade gäster avbokas och får ett mejl.`)}
                  >
                    Ställ in
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
