import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { AdminBookingRow as Row, ManifestView, TourDateView } from '../../shared/admin-types';
import { adminRequest, BOOKINGS_KEY } from './admin-client';
import { PAYMENT_LABELS, STATUS_LABELS } from './admin-format';
import { BookingDetail, type BookingAction } from './bookings/BookingDetail';
import { BookingFilters, FILTER_FIELDS } from './bookings/BookingFilters';
import { BookingsTable, type BookingsPage } from './bookings/BookingsTable';
import { NewBookingForm } from './bookings/NewBookingForm';
import { PassengerList, type Attendance } from './bookings/PassengerList';
import { saveProblem, useContentMutation } from './content/content-parts';
import { useTourOptions } from './tour-options';

/** What the address may say: the filters, a departure whose passenger list to show, and the page. */
const SEARCH_PARAMS = [...FILTER_FIELDS, 'departureId', 'page'] as const;

const MANIFEST_KEY = ['admin', 'manifest'] as const;

/** Bookings filtered by the URL's search params; a departure's passenger list with ?departureId=. */
export function BookingsScreen() {
  const [params, setParams] = useSearchParams();
  const tours = useTourOptions().data ?? [];
  const [selected, setSelected] = useState<Row>();
  const [notice, setNotice] = useState<string>();
  const [creating, setCreating] = useState(false);
  const query = new URLSearchParams(SEARCH_PARAMS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : []))).toString();
  const departureId = params.get('departureId');
  const listing = useQuery({ queryKey: [...BOOKINGS_KEY, query], queryFn: () => adminRequest<BookingsPage>('GET', `bookings?${query}`) });
  const manifest = useQuery({ queryKey: [...MANIFEST_KEY, departureId], queryFn: () => adminRequest<ManifestView>('GET', `tour-dates/${departureId}/manifest`), enabled: Boolean(departureId) }).data;
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
  const download = useMutation({
    mutationFn: async () => {
      const blob = await adminRequest<Blob>('GET', `bookings.csv?${query}`, { raw: true });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `bokningar-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    },
  });
  const problem = saveProblem(listing.error ?? attendance.error ?? action.error ?? download.error)?.message;

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
      <BookingFilters key={query} params={params} tours={tours} onFilter={setParams} onExport={() => download.mutate()} />

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

      <BookingsTable page={listing.data} selectedId={selected?.id} onChoose={choose} onPage={showPage} />

      {selected && <BookingDetail booking={selected} targets={targets} onAction={act} />}
    </>
  );
}
