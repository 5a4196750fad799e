import type { ManifestView } from '../../../shared/admin-types';
import { ATTENDANCE_LABELS, formatWhen, PAYMENT_LABELS } from '../admin-format';

export type Attendance = 'checked_in' | 'no_show' | null;

/** A departure's passenger list, printable, with each booking checked in or marked no-show (and undone). */
export function PassengerList({ manifest, onAttendance }: { manifest: ManifestView; onAttendance: (reference: string, value: Attendance) => void }) {
  return (
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
                      <button type="button" className="link-button no-print" onClick={() => onAttendance(passenger.reference, null)}>
                        Ångra
                      </button>
                    </>
                  ) : (
                    <span className="no-print">
                      <button type="button" className="button button--small" aria-label={`${passenger.name}: incheckad`} onClick={() => onAttendance(passenger.reference, 'checked_in')}>
                        Incheckad
                      </button>{' '}
                      <button type="button" className="button button--small button--secondary" aria-label={`${passenger.name}: uteblev`} onClick={() => onAttendance(passenger.reference, 'no_show')}>
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
  );
}
