import type { AdminBookingRow } from '../../../shared/admin-types';
import { formatKr, formatWhen, PAYMENT_LABELS, STATUS_LABELS } from '../admin-format';

/** One page of the bookings found. */
export interface BookingsPage {
  data: AdminBookingRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** The bookings found, a page at a time: a reference opens the booking, a number another page. */
export function BookingsTable({ page, selectedId, onChoose, onPage }: { page: BookingsPage | undefined; selectedId?: number; onChoose: (row: AdminBookingRow) => void; onPage: (number: number) => void }) {
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  return (
    <>
      {!page ? (
        <p role="status">Laddar bokningar…</p>
      ) : page.data.length === 0 ? (
        <p>Inga bokningar matchar.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table admin-table--cards">
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
                <tr key={row.id} aria-selected={selectedId === row.id}>
                  <td data-label="Referens">
                    <button type="button" className="link-button" onClick={() => onChoose(row)}>
                      {row.reference}
                    </button>
                  </td>
                  <td data-label="Avgång">{`${formatWhen(row.departure.startsAt)} · ${row.tour.title}`}</td>
                  <td data-label="Gäst">{`${row.name} (${row.email})`}</td>
                  <td data-label="Gäster">{row.guests}</td>
                  <td data-label="Status">{`${STATUS_LABELS[row.status]} · ${PAYMENT_LABELS[row.paymentStatus]}`}</td>
                  <td data-label="Totalt">{formatKr(row.totalSek)}</td>
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
              onClick={() => onPage(number)}
            >
              {number}
            </button>
          ))}
        </nav>
      )}
    </>
  );
}
