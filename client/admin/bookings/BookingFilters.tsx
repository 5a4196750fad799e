import { useEffect, useState, type FormEvent } from 'react';

import type { TourSummary } from '../../../shared/api-types';
import { BOOKING_SOURCES, channelLabel } from '../../../shared/booking-channel';
import { STATUS_LABELS } from '../admin-format';
import { TourOptions } from '../tour-options';
import { DateField, isDateText } from '../content/date-fields';

/** The filter fields, each read from and written to the address's search params. */
export const FILTER_FIELDS = ['status', 'tourId', 'channel', 'from', 'to', 'q'] as const;

/** How long the search waits after the last key before it asks the server. */
const TYPING_PAUSE_MS = 250;

/** The address's filters with one changed (an empty value removes it), from the first page. */
function withFilter(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.trim()) next.set(key, value.trim());
  else next.delete(key);
  next.delete('page');
  return next;
}

const CHANNEL_NAMES: Record<string, string> = Object.fromEntries(BOOKING_SOURCES.map((source) => [source, source === 'reseller' ? 'Återförsäljare' : channelLabel(source)]));

/**
 * Search, status, tour, channel and dates, as the address has them: a choice applies at once, the
 * search when typing pauses (or at Enter); Exportera CSV downloads what they find.
 */
export function BookingFilters({ params, tours, onFilter, onExport }: { params: URLSearchParams; tours: TourSummary[]; onFilter: (next: URLSearchParams) => void; onExport: () => void }) {
  const searched = params.get('q') ?? '';
  // What is typed, for the search the address had then: a search made elsewhere (the box on every screen) replaces it.
  const [draft, setDraft] = useState({ of: searched, text: searched });
  const text = draft.of === searched ? draft.text : searched;
  const setText = (typed: string) => setDraft({ of: searched, text: typed });
  useEffect(() => {
    if (text.trim() === searched) return;
    const timer = setTimeout(() => onFilter(withFilter(params, 'q', text)), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, searched, params, onFilter]);

  // Dates as typed: a whole date (or none) filters at once, half of one waits.
  const chosen = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const [typedDates, setTypedDates] = useState({ of: `${chosen.from}|${chosen.to}`, ...chosen });
  const dates = typedDates.of === `${chosen.from}|${chosen.to}` ? typedDates : chosen;
  const pickDate = (key: 'from' | 'to') => (value: string) => {
    setTypedDates({ ...dates, of: `${chosen.from}|${chosen.to}`, [key]: value });
    if (isDateText(value)) onFilter(withFilter(params, key, value));
  };

  const choose = (key: string) => (event: { target: { value: string } }) => onFilter(withFilter(params, key, event.target.value));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onFilter(withFilter(params, 'q', text));
  };

  return (
    <form className="admin-filters" onSubmit={submit} role="search" aria-label="Filtrera bokningar">
      <div className="field">
        <label htmlFor="filter-q">Sök</label>
        <input id="filter-q" name="q" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Referens, namn, e-post eller telefon" />
      </div>
      <div className="field">
        <label htmlFor="filter-status">Status</label>
        <select id="filter-status" name="status" value={params.get('status') ?? ''} onChange={choose('status')}>
          <option value="">Alla</option>
          {Object.entries(STATUS_LABELS)
            .filter(([key]) => !['open', 'closed'].includes(key))
            .map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-tour">Tur</label>
        <select id="filter-tour" name="tourId" value={params.get('tourId') ?? ''} onChange={choose('tourId')}>
          <option value="">Alla turer</option>
          <TourOptions tours={tours} />
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-channel">Kanal</label>
        <select id="filter-channel" name="channel" value={params.get('channel') ?? ''} onChange={choose('channel')}>
          <option value="">Alla kanaler</option>
          {BOOKING_SOURCES.map((source) => (
            <option key={source} value={source}>
              {CHANNEL_NAMES[source]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-from">Från</label>
        <DateField id="filter-from" name="from" value={dates.from} onChange={pickDate('from')} />
      </div>
      <div className="field">
        <label htmlFor="filter-to">Till</label>
        <DateField id="filter-to" name="to" value={dates.to} onChange={pickDate('to')} />
      </div>
      <button type="button" className="button button--small button--secondary" onClick={onExport}>
        Exportera CSV
      </button>
    </form>
  );
}
