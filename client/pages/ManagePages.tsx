import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router-dom';

import { bookingClient } from '../api/booking-client';
import { asApiError } from '../../shared/errors';
import type { ChangePreview, DepartureView, ManagedBooking } from '../../shared/api-types';
import { describeParty } from '../../shared/pricing';
import { BookingFacts } from '../components/BookingFacts';
import { formatDeparture, formatSek } from '../format';
import { MAX_GROUP_SIZE } from '../../shared/taxonomy';
import { COMPANY_PHONE } from '../../shared/company';
import { PickupSelect, QuestionFields, readAnswers } from '../components/QuestionFields';

export interface ManageData {
  token: string | null;
  booking: ManagedBooking | null;
  /** Upcoming dates of the same tour, with their seats left. */
  departures: DepartureView[];
}

const STATUS_TEXT: Record<ManagedBooking['status'], string> = {
  held: 'Held, waiting for checkout',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  expired: 'Hold expired',
};

/** /booking/: "Find my booking" mails the personal link again, and shows nothing else. */
export function FindBookingPage() {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [message, setMessage] = useState<string>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setState('sending');
    try {
      const sent = await bookingClient.findBooking(String(form.get('reference') ?? ''), String(form.get('email') ?? ''));
      setState('sent');
      setMessage(sent.message);
    } catch (error) {
      setState('idle');
      setMessage(asApiError(error).message);
    }
  };
  return (
    <section className="page page--narrow">
      <h1>Find my booking</h1>
      <p>Enter your booking reference and the email you booked with. We mail you the personal link to see, change or cancel your booking.</p>
      <form className="manage-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="reference">Booking reference</label>
          <input id="reference" name="reference" required placeholder="NAT-7K4Q9-XH2MR" autoCapitalize="characters" maxLength={40} />
        </div>
        <div className="field">
          <label htmlFor="find-email">Email</label>
          <input id="find-email" name="email" type="email" required autoComplete="email" maxLength={254} />
        </div>
        <button type="submit" className="button" disabled={state === 'sending'}>
          {state === 'sending' ? 'Sending…' : 'Send me the link'}
        </button>
      </form>
      {message && (
        <p role="status" className={state === 'sent' ? 'notice' : 'error-message'}>
          {message}
        </p>
      )}
    </section>
  );
}

/** /booking/manage/?token=…: the guest's own booking, from the link in the booking mails. */
/** What happens to the money in a change, as the guest reads it before confirming. */
const CHANGE_MONEY: Record<ChangePreview['money']['kind'], (amount: string) => string> = {
  'pay-difference': (amount) => `You pay the difference of ${amount} by card on the next page; the change is made when it is paid.`,
  refund: (amount) => `We refund ${amount} to your card.`,
  'refund-refused': (amount) => `This change would make the booking ${amount} cheaper, which we refund only during the free cancellation period. Please call us on ${COMPANY_PHONE}.`,
  'due-on-arrival': (amount) => `You pay ${amount} on the day.`,
};

export function ManageBookingPage() {
  const { token, booking, departures } = useLoaderData() as ManageData;
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [preview, setPreview] = useState<{ request: Parameters<typeof bookingClient.changeManaged>[1]; result: ChangePreview }>();
  // What the guest did is answered where they are looking: the message takes focus (and is read out).
  const focusOnShow = (element: HTMLElement | null) => element?.focus();

  if (!token || !booking) {
    return (
      <section className="page page--narrow">
        <h1>This link is not valid</h1>
        <p>It may have expired. To get a new one, enter your booking reference and email on <Link to="/booking/">Find my booking</Link>, or call us on {COMPANY_PHONE}.</p>
      </section>
    );
  }

  const live = booking.status === 'confirmed' || booking.status === 'held';
  const cancel = async () => {
    setBusy(true);
    setProblem(undefined);
    const failure = await bookingClient.cancelManaged(token).then(() => undefined, asApiError);
    setBusy(false);
    setConfirming(false);
    if (failure) return setProblem(failure.message);
    setNotice('Your booking is cancelled. We have sent you an email.');
    revalidator.revalidate();
  };
  // A change is shown first (the new total, and what happens to the money), then confirmed.
  const previewChange = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(undefined);
    setNotice(undefined);
    const party =
      booking.priceCategories.length > 1
        ? { categories: booking.priceCategories.map((category) => ({ category: category.code, quantity: Number(form.get(`change-${category.code}`) || 0) })).filter((item) => item.quantity > 0) }
        : { guests: Number(form.get('guests')) };
    const request = { departureId: Number(form.get('departureId')), ...party };
    const result = await bookingClient.previewChange(token, request).catch(asApiError);
    setBusy(false);
    if (result instanceof Error) return setProblem(result.message);
    setPreview({ request, result });
  };
  const changeBooking = async () => {
    if (!preview) return;
    setBusy(true);
    setProblem(undefined);
    const changed = await bookingClient.changeManaged(token, preview.request).catch(asApiError);
    setBusy(false);
    setPreview(undefined);
    if (changed instanceof Error) return setProblem(changed.message);
    // A dearer change paid by card: the difference is paid on Stripe's page, then the change is made.
    if (changed.paymentUrl) return window.location.assign(changed.paymentUrl);
    setNotice('Your booking is changed. We have sent you an email.');
    revalidator.revalidate();
  };
  const rebook = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const failure = await bookingClient.rebookManaged(token, Number(new FormData(event.currentTarget).get('departureId'))).then(() => undefined, asApiError);
    setBusy(false);
    if (failure) return setProblem(failure.message);
    setNotice('You are booked on your new date. We have sent you a confirmation.');
    revalidator.revalidate();
  };
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(undefined);
    const canChangePickup = booking.pickupPoints.length > 0 && booking.pickupChangeable;
    const failure = await bookingClient
      .updateManaged(token, {
        phone: String(form.get('phone') ?? ''),
        notes: String(form.get('notes') ?? ''),
        pickup: String(form.get('pickup') ?? ''),
        ...(canChangePickup ? { pickupPointId: form.get('pickupPointId') ? Number(form.get('pickupPointId')) : null } : {}),
      })
      .then(() => undefined, asApiError);
    setBusy(false);
    if (failure) return setProblem(failure.message);
    setNotice('Your details are saved.');
    revalidator.revalidate();
  };

  const answer = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const failure = await bookingClient.updateManaged(token, { answers: readAnswers(new FormData(event.currentTarget), booking.questions, booking.guests) }).then(() => undefined, asApiError);
    setBusy(false);
    if (failure) return setProblem(failure.message);
    setNotice('Thank you: your answers are saved.');
    revalidator.revalidate();
  };

  return (
    <section className="page page--narrow manage">
      <h1>Your booking</h1>
      <BookingFacts booking={booking}>
        <dt>Status</dt>
        <dd className="booking-status">{STATUS_TEXT[booking.status]}</dd>
        <dt>Meeting point</dt>
        <dd>{booking.tour.meetingPoint}</dd>
        <dt>Pickup</dt>
        <dd>
          {booking.pickupPoint
            ? `${booking.pickupPoint.name}, ${formatDeparture(booking.pickupPoint.at)}${booking.pickupPoint.address ? ` (${booking.pickupPoint.address})` : ''}`
            : (booking.pickup ?? 'None: meet us at the meeting point')}
        </dd>
        <dt>Paid</dt>
        <dd>{formatSek(booking.paidSek)}</dd>
        <dt>To pay on the day</dt>
        <dd>{formatSek(booking.dueSek)}</dd>
      </BookingFacts>

      {params.get('changed') === 'paid' && !notice && (
        <p role="status" className="notice">
          Thank you for your payment. Your change is made as soon as the payment is confirmed, and you will get an email.
        </p>
      )}
      {notice && (
        <p role="status" className="notice" tabIndex={-1} ref={focusOnShow} key={notice}>
          {notice}
        </p>
      )}
      {problem && (
        <p role="alert" className="error-message" tabIndex={-1} ref={focusOnShow} key={problem}>
          {problem}
        </p>
      )}

      {booking.cancelledByUs && (
        <>
          <h2>Choose another date, free of charge</h2>
          <p>We had to cancel your date. Move to another date of the same tour: the same party, at the price you booked.</p>
          <form className="manage-form" onSubmit={rebook}>
            <div className="field">
              <label htmlFor="rebook-date">New date</label>
              <select id="rebook-date" name="departureId" required>
                {departures
                  .filter((departure) => departure.seatsLeft >= booking.seats && departure.id !== booking.departure.id)
                  .map((departure) => (
                    <option key={departure.id} value={departure.id}>
                      {`${formatDeparture(departure.startsAt)} (${departure.seatsLeft} seats left)`}
                    </option>
                  ))}
              </select>
            </div>
            <button type="submit" className="button" disabled={busy}>
              Move my booking
            </button>
          </form>
        </>
      )}

      <h2>Cancellation policy</h2>
      <p className="policy">{booking.policy.text}</p>

      {live && (
        <>
          <p>
            <a href={`/api/bookings/${booking.reference}/calendar.ics`} className="button button--secondary" download>
              Add to calendar
            </a>
          </p>

          {booking.status === 'confirmed' && (
            <>
              <h2>Change date or guests</h2>
              {preview && (
                <section className="change-preview" aria-labelledby="change-preview-title" tabIndex={-1} ref={focusOnShow}>
                  <h3 id="change-preview-title">Your booking after the change</h3>
                  <p>{`${formatDeparture(preview.result.startsAt)} · ${describeParty(preview.result.party)}`}</p>
                  <p>{`New total ${formatSek(preview.result.totalSek)} (now ${formatSek(preview.result.previousTotalSek)}).`}</p>
                  <p>{CHANGE_MONEY[preview.result.money.kind](formatSek(preview.result.money.amountSek))}</p>
                  <p className="checkout__actions">
                    <button type="button" className="button" onClick={() => void changeBooking()} disabled={busy || preview.result.money.kind === 'refund-refused'}>
                      Confirm change
                    </button>
                    <button type="button" className="button button--secondary" onClick={() => setPreview(undefined)} disabled={busy}>
                      Keep my booking as it is
                    </button>
                  </p>
                </section>
              )}
              <form className="manage-form" onSubmit={previewChange}>
                <div className="field">
                  <label htmlFor="change-date">Date</label>
                  <select id="change-date" name="departureId" defaultValue={booking.departure.id}>
                    {[{ id: booking.departure.id, startsAt: booking.departure.startsAt, seatsLeft: -1 }, ...departures.filter((departure) => departure.id !== booking.departure.id && departure.seatsLeft > 0)].map((departure) => (
                      <option key={departure.id} value={departure.id}>
                        {departure.seatsLeft < 0 ? `${formatDeparture(departure.startsAt)} (your date)` : `${formatDeparture(departure.startsAt)} (${departure.seatsLeft} seats left)`}
                      </option>
                    ))}
                  </select>
                </div>
                {booking.priceCategories.length > 1 ? (
                  booking.priceCategories.map((category) => (
                    <div className="field" key={category.code}>
                      <label htmlFor={`change-${category.code}`}>{category.name}</label>
                      <input
                        id={`change-${category.code}`}
                        name={`change-${category.code}`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={category.maxPerBooking ?? MAX_GROUP_SIZE}
                        defaultValue={booking.party.find((line) => line.code === category.code)?.quantity ?? 0}
                      />
                    </div>
                  ))
                ) : (
                  <div className="field">
                    <label htmlFor="change-guests">Guests</label>
                    <select id="change-guests" name="guests" defaultValue={booking.guests}>
                      {Array.from({ length: MAX_GROUP_SIZE }, (_, index) => index + 1).map((count) => (
                        <option key={count} value={count}>
                          {count}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                <p className="policy">
                  {booking.paidSek > 0
                    ? 'Paid by card: a dearer booking takes you to pay the difference by card; a cheaper one gets the difference back during the free cancellation period.'
                    : 'You pay the new total on the day.'}
                </p>
                <button type="submit" className="button button--secondary" disabled={busy}>
                  Change booking
                </button>
              </form>
            </>
          )}

          {booking.questions.length > 0 && (
            <>
              <h2>Questions before your tour</h2>
              {booking.missingAnswers.length > 0 ? (
                <p>{`We still need: ${booking.missingAnswers.join(', ')}. Please answer by ${formatDeparture(booking.answersDueAt)}.`}</p>
              ) : (
                <p>Thank you: we have everything we need.</p>
              )}
              {booking.answersOpen ? (
                <form className="manage-form" onSubmit={answer} noValidate>
                  <QuestionFields questions={booking.questions} guests={booking.guests} answers={booking.answers} stage="manage" />
                  <button type="submit" className="button button--secondary" disabled={busy}>
                    Save answers
                  </button>
                </form>
              ) : (
                <p>{`Answers could be given until ${formatDeparture(booking.answersDueAt)}; to change one now, please call us on ${COMPANY_PHONE}.`}</p>
              )}
            </>
          )}

          <h2>Your details</h2>
          <form className="manage-form" onSubmit={save} noValidate>
            <div className="field">
              <label htmlFor="phone">Phone</label>
              <input id="phone" name="phone" type="tel" autoComplete="tel" defaultValue={booking.phone ?? ''} maxLength={40} />
            </div>
            {booking.pickupChangeable && (
              <PickupSelect points={booking.pickupPoints} startsAt={booking.departure.startsAt} meetingPoint={booking.tour.meetingPoint} value={booking.pickupPoint?.id ?? null} />
            )}
            <div className="field">
              <label htmlFor="pickup">Pickup hotel</label>
              <input id="pickup" name="pickup" defaultValue={booking.pickup ?? ''} maxLength={200} />
            </div>
            <div className="field">
              <label htmlFor="notes">Notes for your guide</label>
              <textarea id="notes" name="notes" rows={3} defaultValue={booking.notes ?? ''} maxLength={1000} />
            </div>
            <button type="submit" className="button button--secondary" disabled={busy}>
              Save details
            </button>
          </form>

          <h2>Cancel</h2>
          <p>
            {booking.policy.freeNow
              ? booking.paidSek > 0
                ? `You can cancel free of charge until ${formatDeparture(booking.policy.freeUntil)}: the ${formatSek(booking.paidSek)} you paid is refunded in full.`
                : `You can cancel free of charge until ${formatDeparture(booking.policy.freeUntil)}.`
              : booking.paidSek > 0
                ? `The free cancellation period ended ${formatDeparture(booking.policy.freeUntil)}: if you cancel now, the ${formatSek(booking.paidSek)} you paid is not refunded.`
                : `The free cancellation period ended ${formatDeparture(booking.policy.freeUntil)}.`}
          </p>
          {confirming ? (
            <p className="checkout__actions">
              <button type="button" className="button button--danger" onClick={() => void cancel()} disabled={busy}>
                Yes, cancel my booking
              </button>
              <button type="button" className="button button--secondary" onClick={() => setConfirming(false)} disabled={busy}>
                Keep my booking
              </button>
            </p>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
              Cancel booking
            </button>
          )}
        </>
      )}
    </section>
  );
}
