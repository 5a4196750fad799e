import type { AdminBookingRow, BookingSort } from '../../../shared/admin-types';
import { channelLabel } from '../../../shared/booking-channel';
import { formatStaffClock } from '../../../shared/staff-words';
import { formatKr, formatWhen, PAYMENT_LABELS, STATUS_LABELS } from '../admin-format';

/** One page of the bookings found. */
export interface BookingsPage {
  data: AdminBookingRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** The order the list is in: a column and a direction, as the address says them. */
export interface BookingsOrder {
  sort: BookingSort;
  dir: 'asc' | 'desc';
}

/** The columns in their order: what each is called, what it orders by (none: not sortable), and its cell. */
const COLUMNS: { title: string; sort?: BookingSort; cell: (row: AdminBookingRow) => string }[] = [
  { title: 'Avgång', sort: 'departure', cell: (row) => `${formatWhen(row.departure.startsAt)} · ${row.tour.title}` },
  { title: 'Gäst', sort: 'name', cell: (row) => `${row.name} (${row.email})` },
  { title: 'Gäster', sort: 'guests', cell: (row) => String(row.guests) },
  { title: 'Upphämtning', cell: pickupText },
  { title: 'Kanal', cell: (row) => channelLabel(row.source, row.reseller?.name) },
  { title: 'Status', sort: 'status', cell: (row) => `${STATUS_LABELS[row.status]} · ${PAYMENT_LABELS[row.paymentStatus]}` },
  { title: 'Totalt', sort: 'total', cell: (row) => formatKr(row.totalSek) },
  { title: 'Bokad', sort: 'created', cell: (row) => formatWhen(row.createdAt) },
];

/** Where the guests are collected, with the time, or what they wrote; the meeting point otherwise. */
export function pickupText(row: AdminBookingRow): string {
  if (row.pickupPoint) return `${row.pickupPoint.name} ${formatStaffClock(row.pickupPoint.at)}`;
  return row.pickup ?? 'Mötesplatsen';
}

/** A column's header: a button that orders by it (again: the other way), with aria-sort saying how the list is ordered now. */
function SortHeader({ title, sort, order, onSort }: { title: string; sort: BookingSort; order: BookingsOrder; onSort: (next: BookingsOrder) => void }) {
  const active = order.sort === sort;
  const next: BookingsOrder = { sort, dir: active && order.dir === 'asc' ? 'desc' : 'asc' };
  return (
    <th scope="col" aria-sort={active ? (order.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(next)} title={`Sortera efter ${title.toLowerCase()}, ${next.dir === 'asc' ? 'stigande' : 'fallande'}`}>
        {title}
        <span aria-hidden="true">{active ? (order.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}

interface TableProps {
  page: BookingsPage | undefined;
  order: BookingsOrder;
  /** The open booking's row; the arrow keys move it. */
  selectedId?: number;
  /** The references ticked for a bulk action. */
  ticked: ReadonlySet<string>;
  onChoose: (row: AdminBookingRow) => void;
  onTick: (references: string[], ticked: boolean) => void;
  onSort: (next: BookingsOrder) => void;
  onPage: (number: number) => void;
}

/**
 * The bookings found, a page at a time: a header orders by its column, a box ticks a row (the first
 * box the whole page), a reference opens the booking, and ↑/↓ on an open booking open the row above
 * or below.
 */
export function BookingsTable({ page, order, selectedId, ticked, onChoose, onTick, onSort, onPage }: TableProps) {
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const references = page?.data.map((row) => row.reference) ?? [];
  const allTicked = references.length > 0 && references.every((reference) => ticked.has(reference));

  const onKeyDown = (event: React.KeyboardEvent<HTMLTableSectionElement>) => {
    if (!page || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    const index = page.data.findIndex((row) => row.id === selectedId);
    const next = page.data[index + (event.key === 'ArrowDown' ? 1 : -1)];
    if (!next) return;
    event.preventDefault();
    onChoose(next);
    document.getElementById(`booking-${next.reference}`)?.focus();
  };

  return (
    <>
      {!page ? (
        <p role="status">Laddar bokningar…</p>
      ) : page.data.length === 0 ? (
        <p>Inga bokningar matchar.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table admin-table--cards">
            <caption className="visually-hidden">{`Bokningar, ${page.total} träffar`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <input type="checkbox" aria-label="Markera alla på sidan" checked={allTicked} onChange={(event) => onTick(references, event.target.checked)} />
                </th>
                <SortHeader title="Referens" sort="reference" order={order} onSort={onSort} />
                {COLUMNS.map((column) =>
                  column.sort ? (
                    <SortHeader key={column.title} title={column.title} sort={column.sort} order={order} onSort={onSort} />
                  ) : (
                    <th key={column.title} scope="col">
                      {column.title}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody onKeyDown={onKeyDown}>
              {page.data.map((row) => (
                <tr key={row.id} aria-selected={selectedId === row.id}>
                  <td data-label="Markera">
                    <input type="checkbox" aria-label={`Markera ${row.reference}`} checked={ticked.has(row.reference)} onChange={(event) => onTick([row.reference], event.target.checked)} />
                  </td>
                  <td data-label="Referens">
                    <button type="button" id={`booking-${row.reference}`} className="link-button" onClick={() => onChoose(row)}>
                      {row.reference}
                    </button>
                  </td>
                  {COLUMNS.map((column) => (
                    <td key={column.title} data-label={column.title}>
                      {column.cell(row)}
                    </td>
                  ))}
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
