import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import type { TourDateView as TourDate } from '../../shared/admin-types';
import { ADMIN_BASE } from '../../shared/taxonomy';
import { adminRequest } from './admin-client';
import { DEPARTURE_STATUS_LABELS } from './admin-format';
import { BOARD_VIEWS, boardSpan, boardStep, boardTitle, type BoardView } from './board-days';
import { ManifestLink } from './bookings/PassengerList';
import { saveProblem } from './content/content-parts';
import { kirunaParts } from './kiruna-time';
import { byKirunaDay, monthKey, shiftDay, todayInKiruna } from '../components/calendar-month';
import { DeparturesMonth, windowQuery } from './TourDatesRange';

const VIEW_NAMES: Record<BoardView, string> = { day: 'Dag', week: 'Vecka', month: 'Månad' };
/** How many departures a month's day lists before "+N till". */
const MONTH_DAY_LINES = 4;
const dayHeading = new Intl.DateTimeFormat('sv-SE', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a departure's line says beside its time and tour: booked of capacity, and what staff must see (cancelled, closed, below its minimum, full). */
function departureState(date: TourDate): string {
  const booked = `${date.booked ?? 0}/${date.capacity}`;
  if (date.status !== 'open') return `${booked} · ${DEPARTURE_STATUS_LABELS[date.status]}`;
  if (date.minimumStatus === 'flagged') return `${booked} · Under minsta antal`;
  if ((date.seatsLeft ?? 1) <= 0) return `${booked} · Fullbokad`;
  return booked;
}

/** A day's departures and guests, counted ("3 avgångar, 14 gäster"); cancelled departures do not count. */
function dayTotals(dates: TourDate[]): string {
  const running = dates.filter((date) => date.status !== 'cancelled');
  return `${plural(running.length, 'avgång', 'avgångar')}, ${plural(running.reduce((sum, date) => sum + (date.booked ?? 0), 0), 'gäst', 'gäster')}`;
}

/** One departure on the board: time, tour, seats and state, and its passenger list. */
function BoardDeparture({ date, title }: { date: TourDate; title: string }) {
  const time = kirunaParts(date.startsAt)[1];
  return (
    <li className={`board-departure board-departure--${date.status}${date.minimumStatus === 'flagged' ? ' board-departure--flagged' : ''}`}>
      <span className="board-departure__time">{time}</span> <span className="board-departure__tour">{title}</span>{' '}
      <span className="board-departure__state">{departureState(date)}</span> {(date.booked ?? 0) > 0 && <ManifestLink departureId={date.id} label={`${time} ${title}`} />}
    </li>
  );
}

/**
 * The planning board: every tour's departures on one screen, for a day, a week (Monday first)
 * or a month (?view=day|week|month&date=…), each with its seats, its state and its passenger
 * list; a day in the week or month opens that day.
 */
export function BoardScreen() {
  const [params, setParams] = useSearchParams();
  const [today] = useState(todayInKiruna);
  const view: BoardView = BOARD_VIEWS.includes(params.get('view') as BoardView) ? (params.get('view') as BoardView) : 'week';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : today;
  const span = boardSpan(view, day);
  const show = (next: BoardView, date: string) => setParams({ view: next, date }, { replace: false });
  // The tours by the titles staff pick them by everywhere in the admin.
  const titleOf = (date: TourDate) => date.tourTitle ?? '';
  const dates = useQuery({
    queryKey: ['admin', 'tour-dates', 'board', span.from, span.to],
    queryFn: async () => (await adminRequest<{ data: TourDate[] }>('GET', `tour-dates?${windowQuery({ ...span, view: 'list' })}`)).data,
    select: (all) => all.filter((date) => kirunaParts(date.startsAt)[0] >= span.from && kirunaParts(date.startsAt)[0] <= span.to),
  });
  const byDay = byKirunaDay(dates.data ?? []);
  const problem = saveProblem(dates.error)?.message;
  const openDay = (key: string) => show('day', key);

  return (
    <>
      <div className="board-controls">
        <div className="admin-actions" role="group" aria-label="Visning">
          {BOARD_VIEWS.map((option) => (
            <button key={option} type="button" className="chip" aria-pressed={view === option} onClick={() => show(option, day)}>
              {VIEW_NAMES[option]}
            </button>
          ))}
        </div>
        <div className="admin-actions" role="group" aria-label="Bläddra">
          <button type="button" className="chip" onClick={() => show(view, boardStep(view, day, -1))} aria-label={`Föregående ${VIEW_NAMES[view].toLowerCase()}`}>
            ‹
          </button>
          <button type="button" className="chip" onClick={() => show(view, today)}>
            Idag
          </button>
          <button type="button" className="chip" onClick={() => show(view, boardStep(view, day, 1))} aria-label={`Nästa ${VIEW_NAMES[view].toLowerCase()}`}>
            ›
          </button>
        </div>
      </div>
      <h2 className="board-title">{boardTitle(view, day)}</h2>
      {problem && <p className="error-message" role="alert">{problem}</p>}
      {!dates.data ? (
        <p role="status">Laddar avgångar…</p>
      ) : view === 'day' ? (
        <DayBoard dates={byDay.get(day) ?? []} titleOf={titleOf} />
      ) : view === 'week' ? (
        <div className="board-week">
          {Array.from({ length: 7 }, (_, index) => shiftDay(span.from, index)).map((key) => {
            const list = byDay.get(key) ?? [];
            return (
              <section key={key} className={`board-day${key === today ? ' board-day--today' : ''}`} aria-labelledby={`board-${key}`}>
                <h3 id={`board-${key}`}>
                  <button type="button" className="link-button" onClick={() => openDay(key)}>
                    {dayHeading.format(new Date(`${key}T12:00:00Z`))}
                  </button>
                </h3>
                <p className="board-day__totals">{list.length ? dayTotals(list) : 'Inga avgångar'}</p>
                <ul className="board-departures">
                  {list.map((date) => (
                    <BoardDeparture key={date.id} date={date} title={titleOf(date)} />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      ) : (
        <DeparturesMonth
          month={monthKey(day)}
          label={`Alla turers avgångar, ${boardTitle('month', day)}`}
          dates={dates.data}
          today={today}
          words={{ line: (date) => `${kirunaParts(date.startsAt)[1]} ${titleOf(date)} ${date.booked ?? 0}/${date.capacity}`, most: MONTH_DAY_LINES, after: dayTotals }}
          onDay={openDay}
        />
      )}
      <p className="hint">
        En turs avgångar ändras under <Link to={`${ADMIN_BASE}/tour-dates/`}>Turdatum</Link>.
      </p>
    </>
  );
}

/** A day's departures as a table: time, tour, seats and state, passenger list; and the day's totals. */
function DayBoard({ dates, titleOf }: { dates: TourDate[]; titleOf: (date: TourDate) => string }) {
  if (!dates.length) return <p>Inga avgångar den här dagen.</p>;
  return (
    <>
      <p className="board-day__totals">{dayTotals(dates)}</p>
      <div className="table-scroll">
        <table className="admin-table admin-table--cards">
          <caption className="visually-hidden">Dagens avgångar</caption>
          <thead>
            <tr>
              <th scope="col">Tid</th>
              <th scope="col">Tur</th>
              <th scope="col">Bokade</th>
              <th scope="col">Läge</th>
              <th scope="col">Gäster</th>
            </tr>
          </thead>
          <tbody>
            {dates.map((date) => (
              <tr key={date.id} className={`board-row--${date.status}`}>
                <td data-label="Tid">{kirunaParts(date.startsAt)[1]}</td>
                <td data-label="Tur">{titleOf(date)}</td>
                <td data-label="Bokade">{`${date.booked ?? 0} av ${date.capacity}`}</td>
                <td data-label="Läge">{departureState(date).split(' · ')[1] ?? DEPARTURE_STATUS_LABELS[date.status]}</td>
                <td data-label="Gäster">{(date.booked ?? 0) > 0 ? <ManifestLink departureId={date.id} label={`${kirunaParts(date.startsAt)[1]} ${titleOf(date)}`} /> : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
