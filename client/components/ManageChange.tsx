import { useState, type FormEvent } from 'react';

import type { DepartureView, ManagedBooking } from '../../shared/api-types';
import { MAX_GROUP_SIZE } from '../../shared/taxonomy';
// From the booking page's module, whose chunk carries them (see there).
import { DepartureCalendar, PartyStepper } from '../pages/BookPage';
import { useFormat } from '../i18n/format';
import { useT } from '../i18n/i18n';

/** A change the guest asks to see: another date, another party, or both. */
export interface ChangeRequest {
  departureId: number;
  guests?: number;
  categories?: { category: string; quantity: number }[];
}

interface Props {
  booking: ManagedBooking;
  /** Upcoming dates of the same tour, with their seats and prices. */
  departures: DepartureView[];
  busy: boolean;
  onPreview: (request: ChangeRequest) => void;
}

/**
 * Another date or party for a confirmed booking, chosen as on the booking page: the month's
 * calendar with each day's price and seats, and a stepper per price category at the chosen
 * date's prices. What it would cost is shown before anything changes (the page's preview).
 */
export default function ManageChange({ booking, departures, busy, onPreview }: Props) {
  const t = useT();
  const format = useFormat();
  const [departureId, setDepartureId] = useState(booking.departure.id);
  const byCategory = booking.priceCategories.length > 1;
  const [counts, setCounts] = useState<Record<string, number>>(() => Object.fromEntries(booking.priceCategories.map((category) => [category.code, booking.party.find((line) => line.code === category.code)?.quantity ?? 0])));
  const [guests, setGuests] = useState(booking.guests);
  const chosen = departures.find((departure) => departure.id === departureId);
  const moved = departureId !== booking.departure.id;
  // Each category at the chosen date's price: prices change with the season.
  const priceOf = (code: string, own: number) => (moved ? (chosen?.prices[code] ?? own) : own);
  const priceWords = (priceSek: number) => (priceSek > 0 ? format.sek(priceSek) : t('book.free'));
  const defaultCategory = booking.priceCategories.find((category) => category.isDefault);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onPreview({
      departureId,
      ...(byCategory ? { categories: booking.priceCategories.map((category) => ({ category: category.code, quantity: counts[category.code] ?? 0 })).filter((item) => item.quantity > 0) } : { guests }),
    });
  };

  return (
    <form className="manage-form manage-change" onSubmit={submit} aria-label={t('manage.changeTitle')}>
      <fieldset>
        <legend>{t('manage.date')}</legend>
        <DepartureCalendar
          tourSlug={booking.tour.slug}
          initial={departures}
          selectedId={departureId}
          onSelect={(departure) => setDepartureId(departure.id)}
          priceFor={(defaultCategory?.name ?? t('book.perGuest')).toLowerCase()}
        />
        <p className="calendar__chosen" aria-live="polite">
          {moved && chosen ? t('book.yourDate', { date: format.departure(chosen.startsAt) }) : t('manage.yourDate', { date: format.departure(booking.departure.startsAt) })}
          {moved && (
            <>
              {' '}
              <button type="button" className="link-button" onClick={() => setDepartureId(booking.departure.id)}>
                {t('manage.keepDate')}
              </button>
            </>
          )}
        </p>
      </fieldset>
      <fieldset>
        <legend>{t('manage.guests')}</legend>
        {byCategory ? (
          <div className="party-fields">
            {booking.priceCategories.map((category) => (
              <PartyStepper
                key={category.code}
                id={`change-${category.code}`}
                label={`${category.name}: ${priceWords(priceOf(category.code, category.priceSek))}`}
                value={counts[category.code] ?? 0}
                max={Math.min(MAX_GROUP_SIZE, category.maxPerBooking ?? MAX_GROUP_SIZE)}
                onChange={(value) => setCounts((current) => ({ ...current, [category.code]: value }))}
              />
            ))}
          </div>
        ) : (
          <div className="field">
            <label htmlFor="change-guests">{t('manage.guests')}</label>
            <select id="change-guests" name="guests" value={guests} onChange={(event) => setGuests(Number(event.currentTarget.value))}>
              {Array.from({ length: MAX_GROUP_SIZE }, (_, index) => index + 1).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
        )}
      </fieldset>
      <p className="policy">{booking.paidSek > 0 ? t('manage.paidByCardNote') : t('manage.payOnDayNote')}</p>
      <button type="submit" className="button button--secondary" disabled={busy}>
        {t('manage.changeButton')}
      </button>
    </form>
  );
}
