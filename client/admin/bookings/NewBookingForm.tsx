import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import type { AdminBookingRow, TourDateView } from '../../../shared/admin-types';
import type { StayPackageView, TourSummary } from '../../../shared/api-types';
import { MAX_GROUP_SIZE } from '../../../shared/taxonomy';
import { apiRequest } from '../../api/http';
import { adminRequest, BOOKINGS_KEY, contentApi } from '../admin-client';
import { formatKr, formatWhen } from '../admin-format';
import { saveProblem, useContentMutation } from '../content/content-parts';
import { TourOptions } from '../tour-options';

/** "Ny bokning": a booking taken on the phone or at the desk, confirmed at once. */
export function NewBookingForm({ tours, onCreated }: { tours: TourSummary[]; onCreated: (booking: AdminBookingRow) => void }) {
  const [tourId, setTourId] = useState<number>();
  const [paid, setPaid] = useState(false);
  const today = new Date().toISOString().slice(0, 10);
  const stays = useQuery({ queryKey: ['admin', 'stay-options'], queryFn: async () => (await apiRequest<{ data: StayPackageView[] }>('GET', '/api/stays', { lang: 'sv' })).data }).data ?? [];
  const upcoming = useQuery({
    queryKey: ['admin', 'tour-dates', tourId, 'from', today],
    queryFn: async () => (await adminRequest<{ data: TourDateView[] }>('GET', `tour-dates?tourId=${tourId}&from=${today}`)).data,
    enabled: Boolean(tourId),
  });
  // What the tour sells and where it collects guests: with more than one price category, the party is given per category.
  const options = useQuery({ queryKey: ['admin', 'tours', tourId, 'options'], queryFn: () => contentApi.bookingOptions(tourId!), enabled: Boolean(tourId) }).data;
  const pickups = useQuery({ queryKey: ['admin', 'pickup-points'], queryFn: () => contentApi.pickupPoints(), enabled: Boolean(tourId) }).data ?? [];
  const byCategory = (options?.priceCategories.length ?? 0) > 1;
  const dates = (upcoming.data ?? []).filter((date) => date.status !== 'cancelled' && new Date(date.startsAt) > new Date());
  const create = useContentMutation([BOOKINGS_KEY, ['admin', 'tour-dates']], (body: object) => adminRequest<AdminBookingRow>('POST', 'bookings', { body }));
  const busy = create.isPending;
  const problem = saveProblem(create.error ?? upcoming.error)?.message;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    create.mutate(
      {
        departureId: Number(form.get('departureId')),
        ...(byCategory
          ? { categories: options!.priceCategories.map((category) => ({ category: category.code, quantity: Number(form.get(`party-${category.code}`) || 0) })).filter((item) => item.quantity > 0) }
          : { guests: Number(form.get('guests')) }),
        pickupPointId: form.get('pickupPointId') ? Number(form.get('pickupPointId')) : null,
        name: text('name'),
        email: text('email'),
        phone: text('phone'),
        notes: text('notes'),
        stayPackageId: form.get('stayPackageId') ? Number(form.get('stayPackageId')) : undefined,
        payment: paid ? 'paid' : 'on_arrival',
        paidNote: paid ? text('paidNote') : undefined,
        notify: form.get('notify') === 'on',
      },
      {
        onSuccess: (created) => {
          element.reset();
          onCreated(created);
        },
      },
    );
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
      {byCategory ? (
        options!.priceCategories.map((category) => (
          <div className="field" key={category.code}>
            <label htmlFor={`new-party-${category.code}`}>{`${category.name} (${formatKr(category.priceSek)})`}</label>
            <input id={`new-party-${category.code}`} name={`party-${category.code}`} type="number" min={0} max={MAX_GROUP_SIZE} defaultValue={category.isDefault ? 2 : 0} />
          </div>
        ))
      ) : (
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
      )}
      {options && options.pickupPointIds.length > 0 && (
        <div className="field">
          <label htmlFor="new-pickup">Upphämtning</label>
          <select id="new-pickup" name="pickupPointId" defaultValue="">
            <option value="">Ingen: mötesplatsen</option>
            {pickups
              .filter((point) => options.pickupPointIds.includes(point.id))
              .map((point) => (
                <option key={point.id} value={point.id}>
                  {`${point.name} (${point.minutesBefore} min före)`}
                </option>
              ))}
          </select>
        </div>
      )}
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
