import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { AdminBookingRow as Row, ManifestView as Manifest } from '../../shared/admin-types';
import { channelLabel } from '../../shared/booking-channel';
import { adminRequest, BOOKINGS_KEY } from './admin-client';
import { ATTENDANCE_LABELS, formatKr, formatWhen, PAYMENT_LABELS, REFUND_STATUS_LABELS, STATUS_LABELS } from './admin-format';
import { saveProblem, useContentMutation } from './content/content-parts';
import { BookingHistoryList } from './BookingHistoryList';
import { NewBookingForm } from './NewBookingForm';
import { TourOptions, useTourOptions } from './tour-options';

interface Page {
  data: Row[];
  total: number;
  page: number;
  pageSize: number;
}

interface TourDate {
  id: number;
  startsAt: string;
  seatsLeft?: number;
  status: string;
}

const FILTERS = ['status', 'tourId', 'from', 'to', 'q', 'departureId', 'page'] as const;

const MANIFEST_KEY = ['admin', 'manifest'] as const;

/** Bookings filtered by the URL's search params; a departure's passenger list with ?departureId=. */
export function BookingsScreen() {
  const [params, setParams] = useSearchParams();
  const tours = useTourOptions().data ?? [];
  const [selected, setSelected] = useState<Row>();
  const [notice, setNotice] = useState<string>();
  const [creating, setCreating] = useState(false);
  const query = new URLSearchParams(FILTERS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : []))).toString();
  const departureId = params.get('departureId');
  const listing = useQuery({ queryKey: [...BOOKINGS_KEY, query], queryFn: () => adminRequest<Page>('GET', `bookings?${query}`) });
  const page = listing.data;
  const manifest = useQuery({ queryKey: [...MANIFEST_KEY, departureId], queryFn: () => adminRequest<Manifest>('GET', `tour-dates/${departureId}/manifest`), enabled: Boolean(departureId) }).data;
  const today = new Date().toISOString().slice(0, 10);
  const moveTargets = useQuery({
    queryKey: ['admin', 'tour-dates', selected?.tour.id, 'from', today],
    queryFn: async () => (await adminRequest<{ data: TourDate[] }>('GET', `tour-dates?tourId=${selected?.tour.id}&from=${today}`)).data,
    enabled: Boolean(selected),
  });
  const targets = selected ? (moveTargets.data ?? []).filter((date) => date.id !== selected.departure.id && date.status === 'open' && (date.seatsLeft ?? 0) >= selected.guests) : [];
  const attendance = useContentMutation([MANIFEST_KEY], ({ reference, value }: { reference: string; value: 'checked_in' | 'no_show' | null }) =>
    adminRequest('PATCH', `bookings/${reference}/attendance`, { body: { attendance: value } }),
  );
  const action = useContentMutation([BOOKINGS_KEY, MANIFEST_KEY, ['admin', 'tour-dates']], ({ reference, name, body }: { reference: string; name: string; body?: object }) =>
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

  const markAttendance = (reference: string, value: 'checked_in' | 'no_show' | null) => attendance.mutate({ reference, value });

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['status', 'tourId', 'from', 'to', 'q']) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  };

  const act = (name: 'mark-paid' | 'cancel' | 'move', question: string, body?: object) => {
    if (!selected || !window.confirm(question)) return;
    action.mutate({ reference: selected.reference, name, body });
  };

  const choose = (row: Row) => {
    setSelected(row);
    setNotice(undefined);
  };

  const downloadCsv = () => download.mutate();

  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  return (
    <>
      <form className="admin-filters" onSubmit={onFilter} aria-label="Filtrera bokningar" key={query}>
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
        <button type="button" className="button button--small button--secondary" onClick={() => downloadCsv()}>
          Exportera CSV
        </button>
      </form>

      {problem && <p className="error-message" role="alert">{problem}</p>}
      {notice && <p role="status" className="admin-notice">{notice}</p>}

      <p>
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

      {manifest && (
        <section className="admin-card manifest" aria-labelledby="manifest-title">
          <h2 id="manifest-title">{`Passagerarlista: ${manifest.departure.tourTitle}, ${formatWhen(manifest.departure.startsAt)}`}</h2>
          <p>{`Mötesplats: ${manifest.departure.meetingPoint} · ${manifest.totalGuests} av ${manifest.departure.capacity} platser`}</p>
          <div className="manifest-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Namn</th>
                <th scope="col">Gäster</th>
                <th scope="col">Telefon</th>
                <th scope="col">Anteckningar</th>
                <th scope="col">Betalning</th>
                <th scope="col">Kanal</th>
                <th scope="col">Närvaro</th>
              </tr>
            </thead>
            <tbody>
              {manifest.passengers.map((passenger) => (
                <tr key={passenger.reference}>
                  <td>{passenger.name}</td>
                  <td title={passenger.party}>{passenger.party && passenger.party !== `${passenger.guests} Adult` ? `${passenger.guests} (${passenger.party})` : passenger.guests}</td>
                  <td>{passenger.phone ?? '–'}</td>
                  <td>{[passenger.pickup ? `Upphämtning ${formatWhen(passenger.pickup.at)}, ${passenger.pickup.name}` : '', passenger.answers, passenger.notes ?? ''].filter(Boolean).join(' · ')}</td>
                  <td>{PAYMENT_LABELS[passenger.paymentStatus]}</td>
                  <td>{passenger.channel}</td>
                  <td className="attendance">
                    {passenger.attendance ? (
                      <>
                        <span>{ATTENDANCE_LABELS[passenger.attendance]}</span>{' '}
                        <button type="button" className="link-button no-print" onClick={() => markAttendance(passenger.reference, null)}>
                          Ångra
                        </button>
                      </>
                    ) : (
                      <span className="no-print">
                        <button type="button" className="button button--small" aria-label={`${passenger.name}: incheckad`} onClick={() => markAttendance(passenger.reference, 'checked_in')}>
                          Incheckad
                        </button>{' '}
                        <button type="button" className="button button--small button--secondary" aria-label={`${passenger.name}: uteblev`} onClick={() => markAttendance(passenger.reference, 'no_show')}>
                          Uteblev
                        </button>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
          <button type="button" className="button button--small no-print" onClick={() => window.print()}>
            Skriv ut
          </button>
        </section>
      )}

      {!page ? (
        <p role="status">Laddar bokningar…</p>
      ) : page.data.length === 0 ? (
        <p>Inga bokningar matchar.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">Bokningar</caption>
            <thead>
              <tr>
                <th scope="col">Referens</th>
                <th scope="col">Avgång</th>
                <th scope="col">Gäst</th>
                <th scope="col">Gäster</th>
                <th scope="col">Status</th>
                <th scope="col">Totalt</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((row) => (
                <tr key={row.id} aria-selected={selected?.id === row.id}>
                  <td>
                    <button type="button" className="link-button" onClick={() => choose(row)}>
                      {row.reference}
                    </button>
                  </td>
                  <td>{`${formatWhen(row.departure.startsAt)} · ${row.tour.title}`}</td>
                  <td>{`${row.name} (${row.email})`}</td>
                  <td>{row.guests}</td>
                  <td>{`${STATUS_LABELS[row.status]} · ${PAYMENT_LABELS[row.paymentStatus]}`}</td>
                  <td>{formatKr(row.totalSek)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && pages > 1 && (
        <nav className="pager" aria-label="Sidor">
          {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
            <button
              key={number}
              type="button"
              className={number === page.page ? 'chip chip--active' : 'chip'}
              aria-current={number === page.page ? 'page' : undefined}
              onClick={() => {
                const next = new URLSearchParams(params);
                next.set('page', String(number));
                setParams(next);
              }}
            >
              {number}
            </button>
          ))}
        </nav>
      )}

      {selected && (
        <section className="admin-card booking-detail" aria-labelledby="detail-title">
          <h2 id="detail-title">{`Bokning ${selected.reference}`}</h2>
          <dl className="admin-stats">
            <dt>Tur</dt>
            <dd>{`${selected.tour.title}, ${formatWhen(selected.departure.startsAt)}`}</dd>
            <dt>Gäst</dt>
            <dd>{`${selected.name}, ${selected.email}${selected.phone ? `, ${selected.phone}` : ''}`}</dd>
            <dt>Gäster</dt>
            <dd>{selected.guests}</dd>
            {selected.stayPackage && (
              <>
                <dt>Boende</dt>
                <dd>{`${selected.stayPackage.name}, ${selected.stayPackage.rooms} rum`}</dd>
              </>
            )}
            <dt>Status</dt>
            <dd>{`${STATUS_LABELS[selected.status]} · ${PAYMENT_LABELS[selected.paymentStatus]}`}</dd>
            <dt>Totalt</dt>
            <dd>{formatKr(selected.totalSek)}</dd>
            {selected.paidAmountSek !== null && (
              <>
                <dt>Betalt med kort</dt>
                <dd>{formatKr(selected.paidAmountSek)}</dd>
              </>
            )}
            {selected.refunds.length > 0 && (
              <>
                <dt>Återbetalningar</dt>
                <dd>
                  <ul className="admin-list">
                    {selected.refunds.map((refund) => (
                      <li key={refund.id}>{`${formatKr(refund.amountSek)} · ${REFUND_STATUS_LABELS[refund.status]}${refund.stripeRefundId ? ` · ${refund.stripeRefundId}` : ''}${refund.refundedAt ? ` · ${formatWhen(refund.refundedAt)}` : ''}`}</li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
            <dt>Källa</dt>
            <dd>{[channelLabel(selected.source, selected.reseller?.name), selected.reseller?.reference && `referens ${selected.reseller.reference}`, selected.source === 'staff' && selected.paymentNote].filter(Boolean).join(' · ')}</dd>
            <dt>Upphämtning</dt>
            <dd>{selected.pickup ?? 'Ingen'}</dd>
            <dt>Påminnelse</dt>
            <dd>{selected.reminderSentAt ? `Skickad ${formatWhen(selected.reminderSentAt)}` : 'Inte skickad'}</dd>
            {selected.attention && (
              <>
                <dt>Att göra</dt>
                <dd className="error-message">{selected.attention}</dd>
              </>
            )}
            {selected.notes && (
              <>
                <dt>Anteckningar</dt>
                <dd>{selected.notes}</dd>
              </>
            )}
          </dl>
          <div className="admin-actions">
            {selected.status === 'confirmed' && selected.paymentStatus !== 'paid' && (
              <button type="button" className="button button--small" onClick={() => act('mark-paid', `Markera ${selected.reference} som betald?`)}>
                Markera som betald
              </button>
            )}
            {(selected.status === 'held' || selected.status === 'confirmed') && (
              <>
                <button type="button" className="button button--small button--danger" onClick={() => act('cancel', `Avboka ${selected.reference}? Platserna släpps och gästen får ett mejl.`)}>
                  Avboka
                </button>
                <label htmlFor="move-to" className="visually-hidden">
                  Flytta till avgång
                </label>
                <select id="move-to" defaultValue="" onChange={(event) => event.currentTarget.value && act('move', 'Flytta bokningen till den valda avgången?', { departureId: Number(event.currentTarget.value) })}>
                  <option value="">Flytta till…</option>
                  {targets.map((date) => (
                    <option key={date.id} value={date.id}>{`${formatWhen(date.startsAt)} (${date.seatsLeft} lediga)`}</option>
                  ))}
                </select>
              </>
            )}
          </div>
          <BookingHistoryList reference={selected.reference} />
        </section>
      )}
    </>
  );
}
