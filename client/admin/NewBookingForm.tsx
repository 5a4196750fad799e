import { useEffect, useState, type FormEvent } from 'react';

import type { AdminBookingRow, TourDateView } from '../api/admin-types';
import type { StayPackageView, TourSummary } from '../api/types';
import { MAX_GROUP_SIZE } from '../shared/taxonomy';
import { formatWhen, useAdminApi } from './admin-api';
import { TourOptions } from './tour-options';

/** "Ny bokning": a booking taken on the phone or at the desk, confirmed at once. */
export function NewBookingForm({ tours, onCreated }: { tours: TourSummary[]; onCreated: (booking: AdminBookingRow) => void }) {
  const api = useAdminApi();
  const [tourId, setTourId] = useState<number>();
  const [dates, setDates] = useState<TourDateView[]>([]);
  const [stays, setStays] = useState<StayPackageView[]>([]);
  const [paid, setPaid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    void fetch('/api/stays')
      .then((response) => response.json() as Promise<{ data: StayPackageView[] }>)
      .then((body) => setStays(body.data))
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!tourId) return;
    const from = new Date().toISOString().slice(0, 10);
    api<{ data: TourDateView[] }>(`tour-dates?tourId=${tourId}&from=${from}`)
      .then((body) => setDates(body.data.filter((date) => date.status !== 'cancelled' && new Date(date.startsAt) > new Date())))
      .catch((error: Error) => setProblem(error.message));
  }, [api, tourId]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    setBusy(true);
    setProblem(undefined);
    try {
      const created = await api<AdminBookingRow>('bookings', {
        method: 'POST',
        body: {
          departureId: Number(form.get('departureId')),
          guests: Number(form.get('guests')),
          name: text('name'),
          email: text('email'),
          phone: text('phone'),
          notes: text('notes'),
          stayPackageId: form.get('stayPackageId') ? Number(form.get('stayPackageId')) : undefined,
          payment: paid ? 'paid' : 'on_arrival',
          paidNote: paid ? text('paidNote') : undefined,
          notify: form.get('notify') === 'on',
        },
      });
      element.reset();
      onCreated(created);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-card new-booking" onSubmit={submit} aria-labelledby="new-booking-title">
      <h2 id="new-booking-title">Ny bokning</h2>
      <div className="field">
        <label htmlFor="new-tour">Tur</label>
        <select id="new-tour" required defaultValue="" onChange={(event) => setTourId(Number(event.currentTarget.value))}>
          <option value="" disabled>
            Välj tur
          </option>
          <TourOptions tours={tours} />
        </select>
      </div>
      <div className="field">
        <label htmlFor="new-departure">Avgång</label>
        <select id="new-departure" name="departureId" required disabled={!tourId}>
          {dates.map((date) => (
            <option key={date.id} value={date.id} disabled={(date.seatsLeft ?? 0) === 0}>
              {`${formatWhen(date.startsAt)} (${date.seatsLeft ?? 0} lediga)`}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="new-guests">Gäster</label>
        <select id="new-guests" name="guests" defaultValue="2">
          {Array.from({ length: MAX_GROUP_SIZE }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="new-stay">Boende</label>
        <select id="new-stay" name="stayPackageId" defaultValue="">
          <option value="">Inget</option>
          {stays.map((stay) => (
            <option key={stay.id} value={stay.id}>
              {stay.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="new-name">Namn</label>
        <input id="new-name" name="name" required maxLength={120} />
      </div>
      <div className="field">
        <label htmlFor="new-email">E-post</label>
        <input id="new-email" name="email" type="email" required maxLength={254} />
      </div>
      <div className="field">
        <label htmlFor="new-phone">Telefon</label>
        <input id="new-phone" name="phone" type="tel" maxLength={40} />
      </div>
      <div className="field">
        <label htmlFor="new-notes">Anteckningar</label>
        <textarea id="new-notes" name="notes" rows={2} maxLength={1000} />
      </div>
      <fieldset className="field">
        <legend>Betalning</legend>
        <label className="field--check">
          <input type="radio" name="payment" checked={!paid} onChange={() => setPaid(false)} /> Betalas på plats vid avresa
        </label>
        <label className="field--check">
          <input type="radio" name="payment" checked={paid} onChange={() => setPaid(true)} /> Redan betald (kontant, kortterminal, faktura)
        </label>
      </fieldset>
      {paid && (
        <div className="field">
          <label htmlFor="new-paid-note">Betalningsnotering</label>
          <input id="new-paid-note" name="paidNote" maxLength={300} placeholder="T.ex. kontant i receptionen, faktura 1042" />
        </div>
      )}
      <label className="field--check">
        <input type="checkbox" name="notify" defaultChecked /> Skicka bekräftelse till gästen
      </label>
      {problem && (
        <p role="alert" className="error-message">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Bokar…' : 'Boka'}
      </button>
    </form>
  );
}
