import type { FormEvent } from 'react';

import type { TourSummary } from '../../../shared/api-types';
import { STATUS_LABELS } from '../admin-format';
import { TourOptions } from '../tour-options';

/** The filter fields, each read from and written to the address's search params. */
export const FILTER_FIELDS = ['status', 'tourId', 'from', 'to', 'q'] as const;

/** Search, status, tour and dates, as the address has them; Filtrera sets them, Exportera CSV downloads what they find. */
export function BookingFilters({ params, tours, onFilter, onExport }: { params: URLSearchParams; tours: TourSummary[]; onFilter: (next: URLSearchParams) => void; onExport: () => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of FILTER_FIELDS) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    onFilter(next);
  };

  return (
    <form className="admin-filters" onSubmit={submit} aria-label="Filtrera bokningar">
      <div className="field">
        <label htmlFor="filter-q">Sök</label>
        <input id="filter-q" name="q" type="search" defaultValue={params.get('q') ?? ''} placeholder="Referens, namn eller e-post" />
      </div>
      <div className="field">
        <label htmlFor="filter-status">Status</label>
        <select id="filter-status" name="status" defaultValue={params.get('status') ?? ''}>
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
        <select id="filter-tour" name="tourId" defaultValue={params.get('tourId') ?? ''}>
          <option value="">Alla turer</option>
          <TourOptions tours={tours} />
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-from">Från</label>
        <input id="filter-from" name="from" type="date" defaultValue={params.get('from') ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="filter-to">Till</label>
        <input id="filter-to" name="to" type="date" defaultValue={params.get('to') ?? ''} />
      </div>
      <button type="submit" className="button button--small">
        Filtrera
      </button>
      <button type="button" className="button button--small button--secondary" onClick={onExport}>
        Exportera CSV
      </button>
    </form>
  );
}
