import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';

import type { AdminBookingRow } from '../../shared/admin-types';
import { ADMIN_BASE } from '../../shared/taxonomy';
import { adminRequest } from './admin-client';
import { formatKr, formatWhen } from './admin-format';
import { ProblemSummary, saveProblem } from './content/content-parts';

const owedBalances = () => adminRequest<{ data: AdminBookingRow[] }>('GET', 'deposits');

/**
 * What guests owe after a deposit: each confirmed booking with its balance unpaid, soonest due
 * first, with the reminders sent; a balance past its day is marked (the guest keeps the booking:
 * staff call, take it on site or cancel by hand).
 */
export function DepositsScreen() {
  const id = useId();
  const owed = useQuery({ queryKey: ['admin', 'deposits'], queryFn: owedBalances });
  const total = (owed.data?.data ?? []).reduce((sum, row) => sum + row.owedSek, 0);
  return (
    <section className="admin-card admin-card--wide" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Handpenningar: kvar att betala</h2>
      {owed.isPending ? (
        <p role="status">Laddar…</p>
      ) : owed.isError ? (
        <ProblemSummary problem={saveProblem(owed.error)} />
      ) : owed.data.data.length === 0 ? (
        <p>Ingen gäst är skyldig något efter en handpenning.</p>
      ) : (
        <>
          <p>{`${owed.data.data.length} bokningar, ${formatKr(total)} kvar att betala.`}</p>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Bokning</th>
                  <th scope="col">Gäst</th>
                  <th scope="col">Avgång</th>
                  <th scope="col">Handpenning</th>
                  <th scope="col">Kvar</th>
                  <th scope="col">Senast</th>
                </tr>
              </thead>
              <tbody>
                {owed.data.data.map((row) => (
                  <tr key={row.reference}>
                    <th scope="row">
                      <Link to={`${ADMIN_BASE}/bookings/?q=${encodeURIComponent(row.reference)}`}>{row.reference}</Link>
                    </th>
                    <td>{`${row.name}, ${row.email}${row.phone ? `, ${row.phone}` : ''}`}</td>
                    <td>{`${row.tour.title}, ${formatWhen(row.departure.startsAt)}`}</td>
                    <td>{formatKr(row.deposit?.depositSek ?? 0)}</td>
                    <td>{formatKr(row.owedSek)}</td>
                    <td>
                      {row.deposit && formatWhen(row.deposit.balanceDueAt)} {row.deposit?.late && <span className="badge badge--warning">Försenad</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
