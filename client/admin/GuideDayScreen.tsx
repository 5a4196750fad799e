import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import type { ManifestView } from '../../shared/admin-types';
import { ADMIN_BASE } from '../../shared/taxonomy';
import { shiftDay, todayInKiruna } from '../components/calendar-month';
import { adminRequest } from './admin-client';
import { formatWhen } from './admin-format';
import { PassengerList, type Attendance } from './bookings/PassengerList';
import { saveProblem, useContentMutation } from './content/content-parts';

const MANIFEST_KEY = ['admin', 'manifest'] as const;

interface GuideDay {
  name: string;
  date: string;
  departures: { departureId: number; tourTitle: string; startsAt: string; endsAt: string }[];
}

/** One departure of the day: its passenger list, pickups in order, guests and their answers. */
function DayDeparture({ departure }: { departure: GuideDay['departures'][number] }) {
  const manifest = useQuery({ queryKey: [...MANIFEST_KEY, departure.departureId], queryFn: () => adminRequest<ManifestView>('GET', `tour-dates/${departure.departureId}/manifest`) });
  const attendance = useContentMutation([MANIFEST_KEY], ({ reference, value }: { reference: string; value: Attendance }) => adminRequest('PATCH', `bookings/${reference}/attendance`, { body: { attendance: value } }));
  const problem = saveProblem(manifest.error ?? attendance.error)?.message;
  return (
    <section className="admin-card guide-day-departure">
      <h3>{`${formatWhen(departure.startsAt)} ${departure.tourTitle}`}</h3>
      {problem && (
        <p className="error-message" role="alert">
          {problem}
        </p>
      )}
      {manifest.data && <PassengerList manifest={manifest.data} onAttendance={(reference, value) => attendance.mutate({ reference, value })} />}
    </section>
  );
}

/** A guide's day list (printable): their departures in order, each with its passenger list. */
export function GuideDayScreen() {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? todayInKiruna();
  const day = useQuery({ queryKey: ['admin', 'guide-day', id, date], queryFn: () => adminRequest<GuideDay>('GET', `resources/${id}/day?date=${date}`) });
  const problem = saveProblem(day.error)?.message;
  return (
    <>
      <h2 className="guide-day-title">{day.data ? `Dagslista: ${day.data.name}, ${new Date(`${date}T12:00:00Z`).toLocaleDateString('sv-SE', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })}` : 'Dagslista'}</h2>
      <div className="board-controls no-print">
        <button type="button" className="button button--small" onClick={() => setParams({ date: shiftDay(date, -1) })}>
          Föregående dag
        </button>
        <button type="button" className="button button--small" onClick={() => setParams({ date: shiftDay(date, 1) })}>
          Nästa dag
        </button>
        <button type="button" className="button button--small" onClick={() => window.print()}>
          Skriv ut
        </button>
        <Link to={`${ADMIN_BASE}/resources/?date=${date}`}>Till resursplanen</Link>
      </div>
      {problem && (
        <p className="error-message" role="alert">
          {problem}
        </p>
      )}
      {day.data && day.data.departures.length === 0 && <p>Inga avgångar den dagen.</p>}
      {day.data?.departures.map((departure) => <DayDeparture key={departure.departureId} departure={departure} />)}
    </>
  );
}
