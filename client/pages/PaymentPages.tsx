import { useCallback, useEffect, useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router-dom';

import { bookingClient, followCheckout } from '../api/booking-client';
import { asApiError } from '../../shared/errors';
import type { BookingSummary } from '../../shared/api-types';
import { BookingFacts } from '../components/BookingFacts';
import { COMPANY } from '../../shared/company';

export interface PaymentStepData {
  reference: string | null;
  booking: BookingSummary | null;
  /** Why the booking was not looked up (too many look-ups from this address). */
  refused?: string;
}

function NoBooking({ reference, refused }: { reference: string | null; refused?: string }) {
  if (refused) {
    return (
      <section className="page page--narrow">
        <h1>Please wait a moment</h1>
        <p role="alert">{refused}</p>
      </section>
    );
  }
  return (
    <section className="page page--narrow">
      <h1>We could not find that booking</h1>
      <p>{reference ? `There is no booking with reference ${reference}.` : 'No booking reference was given.'} Please check the link, or call us on {COMPANY.phone}.</p>
      <p>
        <Link to="/tours/" className="button">
          Browse All Tours
        </Link>
      </p>
    </section>
  );
}

/** Minutes and seconds until the hold runs out; rendered on the server as the expiry time. */
function Countdown({ until, onExpire }: { until: string; onExpire: () => void }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= new Date(until).getTime()) onExpire();
    };
    const timer = setInterval(tick, 1000);
    queueMicrotask(tick);
    return () => clearInterval(timer);
  }, [until, onExpire]);
  if (now === null) return <span>{`until ${new Date(until).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: COMPANY.timeZone })}`}</span>;
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  return <span className="countdown">{`${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`}</span>;
}

export function CheckoutPage() {
  const { reference, booking, refused } = useLoaderData() as PaymentStepData;
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [ranOut, setRanOut] = useState(false);
  const markRanOut = useCallback(() => setRanOut(true), []);
  if (!booking) return <NoBooking reference={reference} refused={refused} />;

  const expired = booking.status === 'expired' || ranOut;
  const pay = async () => {
    setBusy(true);
    setProblem(undefined);
    const checkout = await bookingClient.checkout(booking.reference).catch(asApiError);
    if (checkout instanceof Error) {
      setBusy(false);
      setProblem(checkout.message);
      return;
    }
    followCheckout(checkout.redirectUrl, navigate);
  };

  return (
    <section className="page page--narrow checkout">
      <h1>Checkout</h1>
      <BookingFacts booking={booking} />
      {booking.status === 'confirmed' ? (
        <p>
          This booking is already confirmed. <Link to={`/success/?booking=${booking.reference}`}>See your confirmation</Link>
        </p>
      ) : expired || booking.status !== 'held' ? (
        <div className="notice notice--warning">
          <p>{booking.status === 'cancelled' ? 'This hold was released.' : 'Your seat hold has expired.'} The seats may still be available.</p>
          <Link to={`/book/${booking.tour.id}/`} className="button">
            Book again
          </Link>
        </div>
      ) : (
        <>
          <p className="hold-timer" role="timer" aria-live="off">
            {'Seats held for '}
            <Countdown until={booking.holdExpiresAt!} onExpire={markRanOut} />
          </p>
          <h2>Payment</h2>
          {booking.checkoutMethod === 'stripe' ? (
            <p>You pay the total now by card on Stripe's secure page. The booking is confirmed as soon as the payment is through.</p>
          ) : (
            <p>Reserve now, pay on arrival: you pay your guide by card or cash on the day. Your booking is confirmed at once.</p>
          )}
          <p className="policy">{booking.cancellationPolicy}</p>
          {problem && (
            <p className="error-message" role="alert">
              {problem}
            </p>
          )}
          <p className="checkout__actions">
            <button type="button" className="button" onClick={pay} disabled={busy}>
              {booking.checkoutMethod === 'stripe' ? (busy ? 'Opening Stripe…' : 'Pay by card') : busy ? 'Confirming…' : 'Confirm booking'}
            </button>
            <Link to={`/cancel/?booking=${booking.reference}`}>Cancel and release the seats</Link>
          </p>
        </>
      )}
    </section>
  );
}

export function SuccessPage() {
  const { reference, booking, refused } = useLoaderData() as PaymentStepData;
  const revalidator = useRevalidator();
  const waiting = booking?.status === 'held';
  // After Stripe, the webhook may land a moment after the guest: look again a few times.
  useEffect(() => {
    if (!waiting) return;
    let checks = 0;
    const timer = setInterval(() => {
      if (++checks > 20) clearInterval(timer);
      else revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
  if (!booking) return <NoBooking reference={reference} refused={refused} />;
  if (booking.status !== 'confirmed') {
    return (
      <section className="page page--narrow">
        <h1>{waiting ? 'Confirming your payment…' : `Booking ${booking.status}`}</h1>
        <BookingFacts booking={booking} />
        <p role="status">
          {waiting
            ? 'We are waiting for the payment confirmation. This page updates by itself, and you will receive an email.'
            : `This booking is not confirmed. Please call us on ${COMPANY.phone} if you think this is wrong.`}
        </p>
      </section>
    );
  }
  return (
    <section className="page page--narrow success">
      <h1>Thank you for your booking</h1>
      <p className="lead">{`We look forward to seeing you, ${booking.name}. A confirmation is on its way to ${booking.maskedEmail}.`}</p>
      <BookingFacts booking={booking} />
      <p>{booking.paymentStatus === 'paid' ? 'Paid by card.' : 'You pay on arrival, by card or cash.'}</p>
      <h2>Meeting point</h2>
      <p>{booking.tour.meetingPoint}</p>
      <h2>What to bring</h2>
      <ul className="tick-list">
        {booking.tour.whatToBring.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        <a href={`/api/bookings/${booking.reference}/calendar.ics`} className="button button--secondary" download>
          Add to calendar
        </a>
      </p>
      <p className="policy">{`To change or cancel, use the link in your confirmation email. ${booking.cancellationPolicy}`}</p>
    </section>
  );
}

export function CancelPage() {
  const { reference, booking, refused } = useLoaderData() as PaymentStepData;
  const [state, setState] = useState<'releasing' | 'released' | 'failed'>(booking?.status === 'held' ? 'releasing' : 'released');
  const [message, setMessage] = useState<string>();
  // Releasing is a POST from the browser, never a side effect of rendering the page.
  useEffect(() => {
    if (!booking || booking.status !== 'held') return;
    let active = true;
    void bookingClient.cancel(booking.reference).then(
      () => active && setState('released'),
      (error: unknown) => {
        if (!active) return;
        setState('failed');
        setMessage(asApiError(error).message);
      },
    );
    return () => {
      active = false;
    };
  }, [booking]);
  if (!booking) return <NoBooking reference={reference} refused={refused} />;
  return (
    <section className="page page--narrow">
      <h1>Booking cancelled</h1>
      <p role="status">
        {booking.status === 'confirmed'
          ? 'This booking is confirmed and was not cancelled. To cancel it, use the link in your confirmation email, or Find my booking.'
          : state === 'releasing'
            ? 'Releasing your seats…'
            : state === 'failed'
              ? message
              : `Your hold ${booking.reference} is released; nothing was charged.`}
      </p>
      <p>
        <Link to={`/tours/${booking.tour.slug}/`} className="button">
          {`Back to ${booking.tour.title}`}
        </Link>
      </p>
    </section>
  );
}
