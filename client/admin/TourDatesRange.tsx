import type { FormEvent } from 'react';

import type { TourDateView as TourDate } from '../../shared/admin-types';
import { byKirunaDay, calendarMonth, dayKey, monthKey, shiftDay, shiftMonth } from '../components/calendar-month';
import { kirunaParts } from './kiruna-time';
import { DateField } from './content/date-fields';

/** The window the tour-dates screen lists, from the URL: `from`/`to` as Kiruna dates (to inclusive), else the next 60 days. */
export interface DateWindow {
  from: string;
  to: string;
  view: 'list' | 'month';
}

export const DEFAULT_DAYS = 60;
/** As the API allows: a window of at most this many days. */
export const MAX_DAYS = 400;

export function dateWindow(params: URLSearchParams, today: string): DateWindow {
  const from = /^\d{4}-\d{2}-\d{2}$/.test(params.get('from') ?? '') ? params.get('from')! : today;
  const to = /^\d{4}-\d{2}-\d{2}$/.test(params.get('to') ?? '') && params.get('to')! >= from ? params.get('to')! : shiftDay(from, DEFAULT_DAYS - 1);
  return { from, to, view: params.get('view') === 'month' ? 'month' : 'list' };
}

/** The API's query for a window: from the first day's start to the day after the last (dates the API reads as UTC midnights, a day either side kept by the caller). */
export const windowQuery = (window: DateWindow): string => `from=${shiftDay(window.from, -1)}&to=${shiftDay(window.to, 2)}`;

/** Only the departures inside the window's Kiruna days. */
export const inWindow = (dates: TourDate[], window: DateWindow): TourDate[] => dates.filter((date) => dayKey(date.startsAt) >= window.from && dayKey(date.startsAt) <= window.to);

const monthTitle = new Intl.DateTimeFormat('sv-SE', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Any window of dates (at most MAX_DAYS), this month or the next 60 days in one click, and the list or a month view. */
export function DateWindowControls({ window, today, onChange }: { window: DateWindow; today: string; onChange: (window: DateWindow) => void }) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = String(form.get('from') || today);
    const to = String(form.get('to') || shiftDay(from, DEFAULT_DAYS - 1));
    onChange({ ...window, from, to: to < from ? from : to > shiftDay(from, MAX_DAYS - 1) ? shiftDay(from, MAX_DAYS - 1) : to });
  };
  const month = monthKey(window.from);
  const monthWindow = (key: string): DateWindow => ({ view: 'month', from: `${key}-01`, to: shiftDay(`${shiftMonth(key, 1)}-01`, -1) });
  return (
    <div className="admin-date-window">
      <form className="admin-filters" onSubmit={onSubmit} aria-label="Visa avgångar" key={`${window.from}-${window.to}`}>
        <div className="field">
          <label htmlFor="window-from">Visa från</label>
          <DateField id="window-from" name="from" defaultValue={window.from} />
        </div>
        <div className="field">
          <label htmlFor="window-to">Visa till och med</label>
          <DateField id="window-to" name="to" defaultValue={window.to} />
        </div>
        <button type="submit" className="button button--small">
          Visa
        </button>
        <button type="button" className="button button--small button--secondary" onClick={() => onChange({ view: window.view, from: today, to: shiftDay(today, DEFAULT_DAYS - 1) })}>
          Kommande 60 dagar
        </button>
      </form>
      <div className="admin-actions" role="group" aria-label="Visning">
        <button type="button" className="chip" aria-pressed={window.view === 'list'} onClick={() => onChange({ ...window, view: 'list' })}>
          Lista
        </button>
        <button type="button" className="chip" aria-pressed={window.view === 'month'} onClick={() => onChange(monthWindow(month))}>
          Månad
        </button>
        {window.view === 'month' && (
          <>
            <button type="button" className="chip" onClick={() => onChange(monthWindow(shiftMonth(month, -1)))} aria-label="Föregående månad">
              ‹
            </button>
            <span className="admin-date-window__month">{monthTitle.format(new Date(`${month}-01T00:00:00Z`))}</span>
            <button type="button" className="chip" onClick={() => onChange(monthWindow(shiftMonth(month, 1)))} aria-label="Nästa månad">
              ›
            </button>
          </>
        )}
      </div>
    </div>
  );
}

const WEEKDAYS = ['Mån', 'Tis', 'Ons', 'Tor', 'Fre', 'Lör', 'Sön'];

/** How a month's day lists departures: a line each (the first `most`, then "+N till"), and what follows them (the board's totals). */
export interface MonthDayWords {
  line: (date: TourDate) => string;
  most?: number;
  after?: (dates: TourDate[]) => string;
}

/**
 * A month of departures, Monday first: each day its departures' lines; a day with any opens
 * them (`onDay`). One tour's in Turdatum, every tour's on the planning board.
 */
export function DeparturesMonth({ month, label, dates, words, today, onDay }: { month: string; label: string; dates: TourDate[]; words: MonthDayWords; today?: string; onDay: (day: string) => void }) {
  const byDay = byKirunaDay(dates);
  const most = words.most ?? Number.POSITIVE_INFINITY;
  return (
    <table className="admin-month" aria-label={label}>
      <thead>
        <tr>
          {WEEKDAYS.map((day) => (
            <th key={day} scope="col">
              {day}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {calendarMonth(month).map((week, row) => (
          <tr key={row}>
            {week.map((day, column) => {
              if (!day) return <td key={column} />;
              const departures = byDay.get(day.key) ?? [];
              return (
                <td key={column} className={`admin-month__day${departures.length ? ' admin-month__day--has' : ''}${day.key === today ? ' board-day--today' : ''}`}>
                  <span className="admin-month__date">{day.date.getUTCDate()}</span>
                  {departures.length > 0 && (
                    <button type="button" className="admin-month__open" onClick={() => onDay(day.key)}>
                      {departures.slice(0, most).map((date) => (
                        <span key={date.id} className={`admin-month__departure admin-month__departure--${date.status}`}>
                          {words.line(date)}
                        </span>
                      ))}
                      {departures.length > most && <span className="admin-month__more">{`+${departures.length - most} till`}</span>}
                      {words.after && <span className="admin-month__totals">{words.after(departures)}</span>}
                      <span className="visually-hidden">{`: visa avgångarna ${day.key}`}</span>
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A month of one tour's departures: each its time with booked and capacity. */
export function TourDatesMonth({ month, dates, onDay }: { month: string; dates: TourDate[]; onDay: (day: string) => void }) {
  return (
    <DeparturesMonth
      month={month}
      label={`Avgångar ${monthTitle.format(new Date(`${month}-01T00:00:00Z`))}`}
      dates={dates}
      words={{ line: (date) => `${kirunaParts(date.startsAt)[1]} ${date.booked ?? 0}/${date.capacity}${date.waiting ? ` · kö ${date.waiting}` : ''}` }}
      onDay={onDay}
    />
  );
}
