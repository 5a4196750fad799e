import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { BOOKING_SORTS, type AdminBookingRow as Row, type BookingSort, type ManifestView, type TourDateView } from '../../shared/admin-types';
import { adminRequest, BOOKINGS_KEY } from './admin-client';
import { PAYMENT_LABELS, STATUS_LABELS } from './admin-format';
import { BookingDetail, type BookingAction } from './bookings/BookingDetail';
import { BookingFilters, FILTER_FIELDS } from './bookings/BookingFilters';
import { BookingsTable, type BookingsOrder, type BookingsPage } from './bookings/BookingsTable';
import { NewBookingForm } from './bookings/NewBookingForm';
import { PassengerList, type Attendance } from './bookings/PassengerList';
import { WaitlistPanel } from './bookings/WaitlistPanel';
import { CrewPanel } from './bookings/CrewPanel';
import { saveProblem, useContentMutation } from './content/content-parts';
import { useTourOptions } from './tour-options';

/** What the address may say: the filters, a departure whose passenger list to show, and the page. */
const SEARCH_PARAMS = [...FILTER_FIELDS, 'departureId', 'sort', 'dir', 'page'] as const;

/** The order the address asks for; by departure, earliest first, unless it says otherwise. */
function orderOf(params: URLSearchParams): BookingsOrder {
  const sort = params.get('sort');
  return { sort: BOOKING_SORTS.includes(sort as BookingSort) ? (sort as BookingSort) : 'departure', dir: params.get('dir') === 'desc' ? 'desc' : 'asc' };
}

/** The ticked rows whose payment staff may record (confirmed, not yet paid). */
const payable = (rows: Row[]) => rows.filter((row) => row.status === 'confirmed' && row.paymentStatus !== 'paid');

const MANIFEST_KEY = ['admin', 'manifest'] as const;

/** Bookings filtered by the URL's search params; a departure's passenger list with ?departureId=. */
export function BookingsScreen() {
  const [params, setParams] = useSearchParams();
  const tours = useTourOptions().data ?? [];
  const [selected, setSelected] = useState<Row>();
  const [notice, setNotice] = useState<string>();
  const [creating, setCreating] = useState(false);
  /** The rows ticked for a bulk action, by reference; they stay ticked across pages and filters. */
  const [ticked, setTicked] = useState<ReadonlyMap<string, Row>>(new Map());
  const order = orderOf(params);
  const query = new URLSearchParams(SEARCH_PARAMS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : []))).toString();
  const departureId = params.get('departureId');
  const listing = useQuery({ queryKey: [...BOOKINGS_KEY, query], queryFn: () => adminRequest<BookingsPage>('GET', `bookings?${query}`) });
  // Read again every half minute: the guides' check-ins come in as their phones send them.
  const manifest = useQuery({ queryKey: [...MANIFEST_KEY, departureId], queryFn: () => adminRequest<ManifestView>('GET', `tour-dates/${departureId}/manifest`), enabled: Boolean(departureId), refetchInterval: 30_000 }).data;
  const today = new Date().toISOString().slice(0, 10);
  const moveTargets = useQuery({
    queryKey: ['admin', 'tour-dates', selected?.tour.id, 'from', today],
    queryFn: async () => (await adminRequest<{ data: TourDateView[] }>('GET', `tour-dates?tourId=${selected?.tour.id}&from=${today}`)).data,
    enabled: Boolean(selected),
  });
  const targets = selected ? (moveTargets.data ?? []).filter((date) => date.id !== selected.departure.id && date.status === 'open' && (date.seatsLeft ?? 0) >= selected.guests) : [];
  const attendance = useContentMutation([MANIFEST_KEY], ({ reference, value }: { reference: string; value: Attendance }) =>
    adminRequest('PATCH', `bookings/${reference}/attendance`, { body: { attendance: value } }),
  );
  const action = useContentMutation([BOOKINGS_KEY, MANIFEST_KEY, ['admin', 'tour-dates']], ({ reference, name, body }: { reference: string; name: BookingAction; body?: object }) =>
    adminRequest<Row>('POST', `bookings/${reference}/${name}`, { body }),
  (updated) => {
    setSelected(updated);
    setNotice(`${updated.reference}: ${STATUS_LABELS[updated.status]}, ${PAYMENT_LABELS[updated.paymentStatus]}.`);
  });
  const bulkPaid = useContentMutation([BOOKINGS_KEY, MANIFEST_KEY], async (rows: Row[]) => {
    for (const row of rows) await adminRequest<Row>('POST', `bookings/${row.reference}/mark-paid`);
    return rows.length;
  }, (count) => {
    setTicked(new Map());
    setNotice(`${count} ${count === 1 ? 'bokning markerad' : 'bokningar markerade'} som betalda.`);
  });
  const download = useMutation({
    mutationFn: async (only?: string[]) => {
      const filter = only ? new URLSearchParams({ references: only.join(','), ...orderOf(params) }).toString() : query;
      const blob = await adminRequest<Blob>('GET', `bookings.csv?${filter}`, { raw: true });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `bokningar-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    },
  });
  const problem = saveProblem(listing.error ?? attendance.error ?? action.error ?? bulkPaid.error ?? download.error)?.message;
  const filter = useCallback((next: URLSearchParams) => setParams(next), [setParams]);
  const tick = (references: string[], on: boolean) => {
    const next = new Map(ticked);
    for (const reference of references) {
      const row = listing.data?.data.find((candidate) => candidate.reference === reference);
      if (on && row) next.set(reference, row);
      else next.delete(reference);
    }
    setTicked(next);
  };
  const sortBy = (next: BookingsOrder) => {
    const changed = new URLSearchParams(params);
    changed.set('sort', next.sort);
    changed.set('dir', next.dir);
    changed.delete('page');
    setParams(changed);
  };
  const tickedRows = [...ticked.values()];
  const copyEmails = async () => {
    const emails = [...new Set(tickedRows.map((row) => row.email))].join(', ');
    await navigator.clipboard.writeText(emails).catch(() => undefined);
    setNotice(`Kopierade ${tickedRows.length === 1 ? 'en e-postadress' : 'e-postadresserna'}: ${emails}`);
  };
  const markPaid = () => {
    const rows = payable(tickedRows);
    if (window.confirm(`Markera ${rows.length} ${rows.length === 1 ? 'bokning' : 'bokningar'} som betalda på plats (${rows.map((row) => row.reference).join(', ')})?`)) bulkPaid.mutate(rows);
  };

  const act = (name: BookingAction, question: string, body?: object) => {
    if (!selected || !window.confirm(question)) return;
    action.mutate({ reference: selected.reference, name, body });
  };

  const choose = (row: Row) => {
    setSelected(row);
    setNotice(undefined);
  };

  const showPage = (number: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(number));
    setParams(next);
  };

  return (
    <>
      <BookingFilters params={params} tours={tours} onFilter={filter} onExport={() => download.mutate(undefined)} />

      {problem && <p className="error-message" role="alert">{problem}</p>}
      {notice && <p role="status" className="admin-notice">{notice}</p>}

      <p className="no-print">
        <button type="button" className="button button--small" aria-expanded={creating} onClick={() => setCreating(!creating)}>
          {creating ? 'Stäng ny bokning' : 'Ny bokning'}
        </button>
      </p>
      {creating && (
        <NewBookingForm
          tours={tours}
          onCreated={(created) => {
            setCreating(false);
            setNotice(`${created.reference}: ny bokning för ${created.name}, ${STATUS_LABELS[created.status]}, ${PAYMENT_LABELS[created.paymentStatus]}.`);
          }}
        />
      )}

      {manifest && <PassengerList manifest={manifest} onAttendance={(reference, value) => attendance.mutate({ reference, value })} />}
      {departureId && <CrewPanel departureId={Number(departureId)} />}
      {departureId && <WaitlistPanel departureId={Number(departureId)} />}

      {ticked.size > 0 && (
        <div className="admin-bulk no-print" role="group" aria-label="Markerade bokningar">
          <p>{`${ticked.size} ${ticked.size === 1 ? 'markerad' : 'markerade'}:`}</p>
          <button type="button" className="button button--small button--secondary" onClick={() => download.mutate([...ticked.keys()])}>
            Exportera markerade
          </button>
          <button type="button" className="button button--small button--secondary" onClick={() => void copyEmails()}>
            Kopiera e-postadresser
          </button>
          {payable(tickedRows).length > 0 && (
            <button type="button" className="button button--small" disabled={bulkPaid.isPending} onClick={markPaid}>
              {`Markera ${payable(tickedRows).length} som betalda`}
            </button>
          )}
          <button type="button" className="link-button" onClick={() => setTicked(new Map())}>
            Avmarkera alla
          </button>
        </div>
      )}

      <BookingsTable page={listing.data} order={order} selectedId={selected?.id} ticked={new Set(ticked.keys())} onChoose={choose} onTick={tick} onSort={sortBy} onPage={showPage} />

      {selected && <BookingDetail booking={selected} targets={targets} onAction={act} />}
    </>
  );
}
