import { Link } from 'react-router-dom';

import type { ManifestPassenger, ManifestView } from '../../../shared/admin-types';
import { formatStaffClock } from '../../../shared/staff-words';
import { ADMIN_BASE } from '../../../shared/taxonomy';
import { ATTENDANCE_LABELS, formatKr, formatWhen, PAYMENT_LABELS } from '../admin-format';

export type Attendance = 'checked_in' | 'no_show' | null;

/** "Incheckad 3 av 4 · 17:02 · Telefon A": who came (part of a party too), when, and on which phone (none: in the office). */
function attendanceText(passenger: ManifestPassenger): string {
  const label = passenger.attendance === 'checked_in' && passenger.checkedInGuests !== null && passenger.checkedInGuests < passenger.guests ? `${ATTENDANCE_LABELS.checked_in} ${passenger.checkedInGuests} av ${passenger.guests}` : ATTENDANCE_LABELS[passenger.attendance!];
  return [label, passenger.attendanceAt ? formatStaffClock(passenger.attendanceAt) : null, passenger.attendanceDevice].filter(Boolean).join(' · ');
}

/** A departure's passenger list, one link from wherever staff see the departure (the dashboard, Turdatum, the sky board). */
export function ManifestLink({ departureId, label }: { departureId: number; label?: string }) {
  return (
    <Link to={`${ADMIN_BASE}/bookings/?departureId=${departureId}`}>
      Passagerarlista
      {label && <span className="visually-hidden">{` ${label}`}</span>}
    </Link>
  );
}

/** A departure's passenger list, printable, with each booking checked in or marked no-show (and undone). */
export function PassengerList({ manifest, onAttendance }: { manifest: ManifestView; onAttendance: (reference: string, value: Attendance) => void }) {
  // What the guide collects on the day: each booking's amount owed, as the booking's money rule says it.
  const owing = manifest.passengers.filter((passenger) => passenger.owedSek > 0);
  const toCollect = { count: owing.length, sek: owing.reduce((sum, passenger) => sum + passenger.owedSek, 0) };
  return (
    <section className="admin-card manifest" aria-labelledby="manifest-title">
      <h2 id="manifest-title">{`Passagerarlista: ${manifest.departure.tourTitle}, ${formatWhen(manifest.departure.startsAt)}`}</h2>
      <p>{`Mötesplats: ${manifest.departure.meetingPoint} · ${manifest.totalGuests} av ${manifest.departure.capacity} platser`}</p>
      <p className="manifest__collect">
        {toCollect.count > 0 ? <strong>{`Att ta betalt på plats: ${formatKr(toCollect.sek)} från ${toCollect.count} ${toCollect.count === 1 ? 'bokning' : 'bokningar'}`}</strong> : 'Inget att ta betalt på plats.'}
      </p>
      <div className="manifest-scroll">
        <table className="admin-table admin-table--cards">
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
                <td data-label="Namn">{passenger.name}</td>
                <td data-label="Gäster" title={passenger.party}>{passenger.party && passenger.party !== `${passenger.guests} Adult` ? `${passenger.guests} (${passenger.party})` : passenger.guests}</td>
                <td data-label="Telefon">{passenger.phone ?? '–'}</td>
                <td data-label="Anteckningar">{[passenger.pickup ? `Upphämtning ${formatWhen(passenger.pickup.at)}, ${passenger.pickup.name}` : '', passenger.answers, passenger.notes ?? ''].filter(Boolean).join(' · ')}</td>
                <td data-label="Betalning">
                  {passenger.owedSek > 0 ? `Att ta betalt ${formatKr(passenger.owedSek)}` : PAYMENT_LABELS[passenger.paymentStatus]}
                  {passenger.discount && <span className="manifest-discount">{` · ${passenger.discount}`}</span>}
                </td>
                <td data-label="Kanal">{passenger.channel}</td>
                <td className="attendance" data-label="Närvaro">
                  {/* One box for the cell's content: on a phone the cell is a grid of its label and this. */}
                  <div className="attendance__state">
                    {passenger.attendance ? (
                      <>
                        <span>{attendanceText(passenger)}</span>
                        <button type="button" className="link-button no-print" onClick={() => onAttendance(passenger.reference, null)}>
                          Ångra
                        </button>
                      </>
                    ) : (
                      <>
                        <button type="button" className="button button--small no-print" aria-label={`${passenger.name}: incheckad`} onClick={() => onAttendance(passenger.reference, 'checked_in')}>
                          Incheckad
                        </button>
                        <button type="button" className="button button--small button--secondary no-print" aria-label={`${passenger.name}: uteblev`} onClick={() => onAttendance(passenger.reference, 'no_show')}>
                          Uteblev
                        </button>
                      </>
                    )}
                  </div>
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
  );
}
