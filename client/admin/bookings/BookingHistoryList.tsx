import { useQuery } from '@tanstack/react-query';

import type { BookingHistoryEntry } from '../../../shared/admin-types';
import { adminRequest, BOOKINGS_KEY } from '../admin-client';
import { formatWhen } from '../admin-format';

const KIND_LABELS: Record<BookingHistoryEntry['kind'], string> = { transition: 'Bokning', mail: 'Mejl', refund: 'Pengar', staff: 'Personal', reseller: 'Återförsäljare' };

/** A booking's history: every transition, mail, refund and staff action, oldest first, with when and who. */
export function BookingHistoryList({ reference }: { reference: string }) {
  // Under the bookings key: every change of a booking reads its history again.
  const history = useQuery({
    queryKey: [...BOOKINGS_KEY, 'history', reference],
    queryFn: async () => (await adminRequest<{ data: BookingHistoryEntry[] }>('GET', `bookings/${encodeURIComponent(reference)}/history`)).data,
  });
  return (
    <section className="booking-history" aria-labelledby="history-title">
      <h3 id="history-title">Historik</h3>
      {history.isPending ? (
        <p role="status">Laddar historiken…</p>
      ) : history.isError ? (
        <p className="error-message" role="alert">
          Historiken kunde inte läsas.
        </p>
      ) : (
        <ol className="booking-history__list">
          {history.data.map((entry, index) => (
            <li key={index} className={`booking-history__entry booking-history__entry--${entry.kind}`}>
              <span className="booking-history__when">{formatWhen(entry.at)}</span>
              <span className="booking-history__kind">{KIND_LABELS[entry.kind]}</span>
              <span className="booking-history__what">{entry.what}</span>
              <span className="booking-history__who">{entry.who}</span>
              {entry.detail && <span className="booking-history__detail">{entry.detail}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
