import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLoaderData, useLocation, useNavigate, useRevalidator } from 'react-router-dom';

import { bookingClient, followCheckout } from '../api/booking-client';
import { asApiError } from '../../shared/errors';
import type { BookingSummary } from '../../shared/api-types';
import { BookingFacts, MinimumNote } from '../components/BookingFacts';
import { useFormat } from '../i18n/format';
import { COMPANY } from '../../shared/company';
import { useLang, useLocalPath, useT, type MessageId } from '../i18n/i18n';
import { Link } from '../i18n/links';
import { INTL_LOCALES } from '../../shared/languages';
import { useHydrated } from '../components/after-hydration';

/** The choice of a deposit, where the hold's tour asks one: its chunk (with its words) when the page shows it. */
const DepositChoice = lazy(() => import('../components/DepositChoice'));

export interface PaymentStepData {
  reference: string | null;
  booking: BookingSummary | null;
  /** Why the booking was not looked up (too many look-ups from this address). */
  refused?: string;
  /** The link carried text that cannot be a reference: not looked up, and never shown back. */
  badReference?: boolean;
}

function NoBooking({ reference, refused, badReference }: Omit<PaymentStepData, 'booking'>) {
  const t = useT();
  if (refused) {
    return (
      <section className="page page--narrow">
        <h1>{t('pay.wait')}</h1>
        <p role="alert">{refused}</p>
      </section>
    );
  }
  return (
    <section className="page page--narrow">
      <h1>{t('pay.notFound')}</h1>
      <p>
        {/* Only a reference is shown back: a link cannot put words of its own on our page. */}
        {badReference ? t('pay.badReference') : reference ? t('pay.noSuch', { reference }) : t('pay.noReference')} {t('pay.checkLink', { phone: COMPANY.phone })}
      </p>
      <p>
        <Link to="/tours/" className="button">
          {t('home.browseAll')}
        </Link>
      </p>
    </section>
  );
}

/** Minutes and seconds until the hold runs out; rendered on the server as the expiry time. */
function Countdown({ until, onExpire }: { until: string; onExpire: () => void }) {
  const t = useT();
  const lang = useLang();
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
  if (now === null) return <span>{t('pay.until', { time: new Date(until).toLocaleTimeString(INTL_LOCALES[lang], { hour: '2-digit', minute: '2-digit', timeZone: COMPANY.timeZone }) })}</span>;
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  return <span className="countdown">{`${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`}</span>;
}

export function CheckoutPage() {
  const { booking, ...lookup } = useLoaderData() as PaymentStepData;
  const t = useT();
  const local = useLocalPath();
  const navigate = useNavigate();
  // From the booking page: why its checkout did not go through (a gift card refused), and the code the guest typed.
  const carried = (useLocation().state ?? {}) as { problem?: string; giftCardCode?: string };
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(carried.problem);
  const [giftCardCode, setGiftCardCode] = useState(carried.giftCardCode ?? '');
  const [payDeposit, setPayDeposit] = useState(false);
  const hydrated = useHydrated();
  const [ranOut, setRanOut] = useState(false);
  const markRanOut = useCallback(() => setRanOut(true), []);
  if (!booking) return <NoBooking {...lookup} />;

  const expired = booking.status === 'expired' || ranOut;
  const pay = async () => {
    setBusy(true);
    setProblem(undefined);
    // A gift card pays towards the whole price: with one, no deposit.
    const checkout = await bookingClient.checkout(booking.reference, giftCardCode.trim() || undefined, payDeposit && !giftCardCode.trim()).catch(asApiError);
    if (checkout instanceof Error) {
      setBusy(false);
      setProblem(checkout.message);
      return;
    }
    followCheckout(checkout.redirectUrl, (path) => navigate(local(path)));
  };

  return (
    <section className="page page--narrow checkout">
      <h1>{t('pay.checkout')}</h1>
      <BookingFacts booking={booking} />
      {booking.status === 'confirmed' ? (
        <p>
          {t('pay.alreadyConfirmed')} <Link to={`/success/?booking=${booking.reference}`}>{t('pay.seeConfirmation')}</Link>
        </p>
      ) : expired || booking.status !== 'held' ? (
        <div className="notice notice--warning">
          <p>
            {booking.status === 'cancelled' ? t('pay.released') : t('pay.expired')} {t('pay.mayBeAvailable')}
          </p>
          <Link to={`/book/${booking.tour.id}/`} className="button">
            {t('pay.bookAgain')}
          </Link>
        </div>
      ) : (
        <>
          <p className="hold-timer" role="timer" aria-live="off">
            {t('pay.heldFor')}
            <Countdown until={booking.holdExpiresAt!} onExpire={markRanOut} />
          </p>
          {booking.minimum && <MinimumNote minimum={booking.minimum} />}
          <h2>{t('pay.payment')}</h2>
          {booking.checkoutMethod === 'stripe' ? <p>{t('pay.byCard')}</p> : <p>{t('pay.onArrival')}</p>}
          {/* After hydration only: its lazy chunk is never part of the server's HTML. */}
          {hydrated && booking.depositTerms && (
            <Suspense fallback={null}>
              <DepositChoice terms={booking.depositTerms} totalSek={booking.totalSek} startsAt={booking.departure.startsAt} chosen={payDeposit} onChoose={setPayDeposit} />
            </Suspense>
          )}
          <div className="field">
            <label htmlFor="giftCardCode">{t('pay.giftCard')}</label>
            <input
              id="giftCardCode"
              className="gift-card-code"
              value={giftCardCode}
              onChange={(event) => setGiftCardCode(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              aria-describedby="giftCardCode-hint"
            />
            <p id="giftCardCode-hint" className="field-hint">
              {t('pay.giftCardHint')}
            </p>
          </div>
          <p className="policy">{t('policy.text', { hours: booking.cancelFreeHours })}</p>
          {problem && (
            <p className="error-message" role="alert">
              {problem}
            </p>
          )}
          <p className="checkout__actions">
            <button type="button" className="button" onClick={pay} disabled={busy}>
              {booking.checkoutMethod === 'stripe' ? (busy ? t('pay.openingStripe') : t('pay.payCard')) : busy ? t('pay.confirming') : t('pay.confirm')}
            </button>
            <Link to={`/cancel/?booking=${booking.reference}`}>{t('pay.cancelRelease')}</Link>
          </p>
        </>
      )}
    </section>
  );
}

export function SuccessPage() {
  const { booking, ...lookup } = useLoaderData() as PaymentStepData;
  const t = useT();
  const format = useFormat();
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
  if (!booking) return <NoBooking {...lookup} />;
  if (booking.status !== 'confirmed') {
    return (
      <section className="page page--narrow">
        <h1>{waiting ? t('pay.confirmingPayment') : t('pay.bookingStatus', { status: t(`pay.status.${booking.status}` as MessageId) })}</h1>
        <BookingFacts booking={booking} />
        <p role="status">{waiting ? t('pay.waiting') : t('pay.notConfirmed', { phone: COMPANY.phone })}</p>
      </section>
    );
  }
  return (
    <section className="page page--narrow success">
      <h1>{t('pay.thanks')}</h1>
      <p className="lead">{t('pay.lookForward', { name: booking.name, email: booking.maskedEmail })}</p>
      <BookingFacts booking={booking} />
      {booking.minimum && <MinimumNote minimum={booking.minimum} />}
      <p>{booking.paymentStatus === 'paid' ? t('pay.paidByCard') : t('pay.payOnArrival')}</p>
      {/* Where to be: the pickup booked, with its time, or else the meeting point (never both, as if either would do). */}
      {booking.pickupPoint ? (
        <>
          <h2>{t('pay.pickup')}</h2>
          <p className="pickup-where">
            <strong>{t('pay.pickupAt', { name: booking.pickupPoint.name, time: format.time(booking.pickupPoint.at) })}</strong>
            {booking.pickupPoint.address && <>, {booking.pickupPoint.address}</>}
          </p>
          <p>{t('pay.pickupBe')}</p>
        </>
      ) : (
        <>
          <h2>{t('pay.meetingPoint')}</h2>
          <p>{booking.tour.meetingPoint}</p>
        </>
      )}
      <h2>{t('pay.bring')}</h2>
      <ul className="tick-list">
        {booking.tour.whatToBring.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        <a href={`/api/bookings/${booking.reference}/calendar.ics`} className="button button--secondary" download>
          {t('pay.addCalendar')}
        </a>
      </p>
      <p className="policy">{t('pay.changeCancel', { policy: t('policy.text', { hours: booking.cancelFreeHours }) })}</p>
    </section>
  );
}

export function CancelPage() {
  const { booking, ...lookup } = useLoaderData() as PaymentStepData;
  const t = useT();
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
  if (!booking) return <NoBooking {...lookup} />;
  return (
    <section className="page page--narrow">
      <h1>{t('pay.cancelled')}</h1>
      <p role="status">
        {booking.status === 'confirmed'
          ? t('pay.confirmedNotCancelled')
          : state === 'releasing'
            ? t('pay.releasing')
            : state === 'failed'
              ? message
              : t('pay.holdReleased', { reference: booking.reference })}
      </p>
      <p>
        <Link to={`/tours/${booking.tour.slug}/`} className="button">
          {t('pay.backTo', { tour: booking.tour.title })}
        </Link>
      </p>
    </section>
  );
}
