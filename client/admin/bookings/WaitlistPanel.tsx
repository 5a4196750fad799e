import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { StaffWaitlistEntry, WaitlistStatus } from '../../../shared/waitlist';
import { adminRequest } from '../admin-client';
import { formatWhen } from '../admin-format';
import { saveProblem, useContentMutation } from '../content/content-parts';

const WAITLIST_KEY = ['admin', 'waitlist'] as const;

const STATUS_WORDS: Record<WaitlistStatus, string> = {
  waiting: 'I kö',
  offered: 'Erbjuden',
  booked: 'Bokade',
  left: 'Lämnade kön',
  missed: 'Svarade inte',
  ended: 'Avslutad',
};

/**
 * A departure's waitlist under its passenger list: who waits in order, the open offers and how
 * earlier ones ended; staff offer the seats by hand (a guest who missed the mail, or out of
 * turn), checked on the server against the seats left.
 */
export function WaitlistPanel({ departureId }: { departureId: number }) {
  const [notice, setNotice] = useState<string>();
  const line = useQuery({ queryKey: [...WAITLIST_KEY, departureId], queryFn: async () => (await adminRequest<{ data: StaffWaitlistEntry[] }>('GET', `departures/${departureId}/waitlist`)).data });
  const offer = useContentMutation([WAITLIST_KEY, ['admin', 'manifest']], (entry: StaffWaitlistEntry) => adminRequest('POST', `waitlist/${entry.id}/offer`).then(() => entry), (entry) =>
    setNotice(`Platserna erbjuds ${entry.name}; ett mejl är på väg.`),
  );
  const entries = line.data ?? [];
  if (!entries.length) return null;
  let place = 0;
  const problem = saveProblem(line.error ?? offer.error)?.message;
  return (
    <section className="admin-card waitlist-panel" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">{`Väntelista (${entries.filter((entry) => entry.status === 'waiting' || entry.status === 'offered').length})`}</h2>
      {notice && <p role="status">{notice}</p>}
      {problem && (
        <p className="error-message" role="alert">
          {problem}
        </p>
      )}
      <table className="admin-table admin-table--cards">
        <thead>
          <tr>
            <th scope="col">Plats</th>
            <th scope="col">Namn</th>
            <th scope="col">Sällskap</th>
            <th scope="col">Status</th>
            <th scope="col">Åtgärd</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label="Plats">{entry.status === 'waiting' ? ++place : '–'}</td>
              <td data-label="Namn">
                {entry.name}
                <br />
                <a href={`mailto:${entry.email}`}>{entry.email}</a>
              </td>
              <td data-label="Sällskap">{`${entry.seats} ${entry.seats === 1 ? 'plats' : 'platser'} (${entry.party.map((item) => `${item.quantity} ${item.name}`).join(', ')})`}</td>
              <td data-label="Status">
                {STATUS_WORDS[entry.status]}
                {entry.status === 'offered' && entry.offerExpiresAt && ` till ${formatWhen(entry.offerExpiresAt)}${entry.offeredBy === 'staff' ? ' (för hand)' : ''}`}
                {entry.bookingReference && ` · ${entry.bookingReference}`}
              </td>
              <td data-label="Åtgärd">
                {(entry.status === 'waiting' || entry.status === 'missed') && (
                  <button type="button" className="button button--small no-print" disabled={offer.isPending} onClick={() => offer.mutate(entry)} aria-label={`Erbjud platserna till ${entry.name}`}>
                    Erbjud platserna
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
