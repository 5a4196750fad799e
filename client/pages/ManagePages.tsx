import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, useSearchParams } from 'react-router-dom';

import type { bookingClient as BookingClient } from '../api/booking-client';
import { asApiError } from '../../shared/errors';
import type { ChangePreview, DepartureView, ManagedBooking } from '../../shared/api-types';
import { describeParty } from '../../shared/pricing';
import { BookingFacts, MinimumNote } from '../components/BookingFacts';
import { useFormat } from '../i18n/format';
import { useLang, useT } from '../i18n/i18n';
import { promoLabel } from '../../shared/promo-codes';
import { Link } from '../i18n/links';
import { COMPANY_PHONE } from '../../shared/company';
import { PickupSelect, QuestionFields, readAnswers } from '../components/QuestionFields';
import { withStrings } from '../i18n/catalogs';
import { useHydrated } from '../components/after-hydration';
import type { ChangeRequest } from '../components/ManageChange';

/** The change form (the booking page's calendar and steppers) and its strings: after the page's first render, below the fold. */
const ManageChange = lazy(() => withStrings(['booking'], import('../components/ManageChange')));

/** The booking calls: fetched when the guest first acts, not with the page. */
const calls = async () => (await import('../api/booking-client')).bookingClient;

export interface ManageData {
  token: string | null;
  booking: ManagedBooking | null;
  /** Upcoming dates of the same tour, with their seats left. */
  departures: DepartureView[];
}


/** /booking/: "Find my booking" mails the personal link again, and shows nothing else. */
export function FindBookingPage() {
  const t = useT();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [message, setMessage] = useState<string>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setState('sending');
    try {
      const sent = await (await calls()).findBooking(String(form.get('reference') ?? ''), String(form.get('email') ?? ''));
      setState('sent');
      setMessage(sent.message);
    } catch (error) {
      setState('idle');
      setMessage(asApiError(error).message);
    }
  };
  return (
    <section className="page page--narrow">
      <h1>{t('find.title')}</h1>
      <p>{t('find.lead')}</p>
      <form className="manage-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="reference">{t('find.reference')}</label>
          <input id="reference" name="reference" required placeholder="NAT-7K4Q9-XH2MR" autoCapitalize="characters" maxLength={40} />
        </div>
        <div className="field">
          <label htmlFor="find-email">{t('find.email')}</label>
          <input id="find-email" name="email" type="email" required autoComplete="email" maxLength={254} />
        </div>
        <button type="submit" className="button" disabled={state === 'sending'}>
          {state === 'sending' ? t('find.sending') : t('find.send')}
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
export function ManageBookingPage() {
  const { token, booking, departures } = useLoaderData() as ManageData;
  const t = useT();
  const format = useFormat();
  const lang = useLang();
  /** What happens to the money in a change, as the guest reads it before confirming. */
  const changeMoney = (money: ChangePreview['money']) => t(`manage.money.${money.kind}`, { amount: format.sek(money.amountSek), phone: COMPANY_PHONE });
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [problem, setProblem] = useState<string>();
  // The change form is loaded after the page has hydrated: none on the server, so nothing suspends there.
  const hydrated = useHydrated();
  const [preview, setPreview] = useState<{ request: Parameters<typeof BookingClient.changeManaged>[1]; result: ChangePreview }>();
  const [giftCardCode, setGiftCardCode] = useState('');
  // What the guest did is answered where they are looking: the message takes focus (and is read out).
  const focusOnShow = (element: HTMLElement | null) => element?.focus();

  if (!token || !booking) {
    return (
      <section className="page page--narrow">
        <h1>{t('manage.invalid')}</h1>
        <p>
          {t('manage.invalidText')} <Link to="/booking/">{t('find.title')}</Link>
          {t('manage.orCall', { phone: COMPANY_PHONE })}
        </p>
      </section>
    );
  }

  const live = booking.status === 'confirmed' || booking.status === 'held';
  const cancel = async () => {
    setBusy(true);
    setProblem(undefined);
    const failure = await (await calls()).cancelManaged(token).then(() => undefined, asApiError);
    setBusy(false);
    setConfirming(false);
    if (failure) return setProblem(failure.message);
    setNotice(t('manage.cancelledNotice'));
    revalidator.revalidate();
  };
  // A change is shown first (the new total, and what happens to the money), then confirmed.
  const previewChange = async (request: ChangeRequest) => {
    setBusy(true);
    setProblem(undefined);
    setNotice(undefined);
    const result = await (await calls()).previewChange(token, request).catch(asApiError);
    setBusy(false);
    if (result instanceof Error) return setProblem(result.message);
    setPreview({ request, result });
  };
  const changeBooking = async () => {
    if (!preview) return;
    setBusy(true);
    setProblem(undefined);
    const code = giftCardCode.trim();
    const changed = await (await calls()).changeManaged(token, { ...preview.request, ...(code ? { giftCardCode: code } : {}) }).catch(asApiError);
    setBusy(false);
    setPreview(undefined);
    if (changed instanceof Error) return setProblem(changed.message);
    // A dearer change paid by card: the difference is paid on Stripe's page, then the change is made.
    if (changed.paymentUrl) return window.location.assign(changed.paymentUrl);
    setNotice(t('manage.changedNotice'));
    revalidator.revalidate();
  };
  const rebook = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const failure = await (await calls()).rebookManaged(token, Number(new FormData(event.currentTarget).get('departureId'))).then(() => undefined, asApiError);
    setBusy(false);
    if (failure) return setProblem(failure.message);
    setNotice(t('manage.rebookedNotice'));
    revalidator.revalidate();
  };
  // A deposit paid and the balance still owed: paid by card on Stripe's page, back here after.
  const owesBalance = booking.status === 'confirmed' && booking.paymentStatus === 'deposit_paid' && booking.dueSek > 0;
  const payBalance = async () => {
    setBusy(true);
    setProblem(undefined);
    const started = await (await calls()).payBalance(token).catch(asApiError);
    if (started instanceof Error) {
      setBusy(false);
      return setProblem(started.message);
    }
    window.location.assign(started.paymentUrl);
  };
  // A date we called off for the weather is not "Confirmed" beside the offer: its status says so until the guest chooses.
  const calledOff = booking.weatherOffer?.status === 'offered';
  const answerMove = async (choice: 'move' | 'refund') => {
    setBusy(true);
    setProblem(undefined);
    const failure = await (await calls()).answerWeatherOffer(token, choice).then(() => undefined, asApiError);
    setBusy(false);
    if (failure) return setProblem(failure.message);
    setNotice(t(choice === 'move' ? 'manage.weatherMoved' : booking.paidSek > 0 ? 'manage.weatherRefunded' : 'manage.weatherCancelled'));
    revalidator.revalidate();
  };
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(undefined);
    const canChangePickup = booking.pickupPoints.length > 0 && booking.pickupChangeable;
    const failure = await (await calls())
      .updateManaged(token, {
        phone: String(form.get('phone') ?? ''),
        notes: String(form.get('notes') ?? ''),
        ...(form.has('pickup') ? { pickup: String(form.get('pickup')) } : {}),
        ...(canChangePickup ? { pickupPointId: form.get('pickupPointId') ? Number(form.get('pickupPointId')) : null } : {}),
      })
      .then(() => undefined, asApiError);
    setBusy(false);
    if (failure) return setProblem(failure.message);
    setNotice(t('manage.savedNotice'));
    revalidator.revalidate();
  };

  const answer = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const failure = await (await calls()).updateManaged(token, { answers: readAnswers(new FormData(event.currentTarget), booking.questions, booking.guests) }).then(() => undefined, asApiError);
    setBusy(false);
    if (failure) return setProblem(failure.message);
    setNotice(t('manage.answersNotice'));
    revalidator.revalidate();
  };

  return (
    <section className="page page--narrow manage">
      <h1>{t('manage.title')}</h1>
      <BookingFacts booking={booking}>
        <dt>{t('manage.statusLabel')}</dt>
        <dd className="booking-status">{calledOff ? t('manage.status.calledOff') : t(`manage.status.${booking.status}`)}</dd>
        <dt>{t('manage.meetingPoint')}</dt>
        <dd>{booking.tour.meetingPoint}</dd>
        <dt>{t('manage.pickup')}</dt>
        <dd>
          {booking.pickupPoint
            ? `${booking.pickupPoint.name}, ${format.departure(booking.pickupPoint.at)}${booking.pickupPoint.address ? ` (${booking.pickupPoint.address})` : ''}`
            : (booking.pickup ?? t('manage.noPickup'))}
        </dd>
        <dt>{t('manage.paid')}</dt>
        <dd>{format.sek(booking.paidSek)}</dd>
        <dt>{t(owesBalance ? 'manage.dueBalance' : 'manage.due')}</dt>
        <dd>{format.sek(booking.dueSek)}</dd>
      </BookingFacts>

      {booking.voucher && (
        <section className="manage__voucher" aria-labelledby="voucher-title">
          <h2 id="voucher-title">{t('manage.voucherTitle')}</h2>
          <img src={booking.voucher.qr} width={200} height={200} alt={t('manage.voucherAlt', { reference: booking.reference })} />
          <p>{t('manage.voucherText')}</p>
          <button type="button" className="button button--secondary manage__print" onClick={() => window.print()}>
            {t('manage.voucherPrint')}
          </button>
        </section>
      )}

      {owesBalance && booking.deposit && (
        <section className="manage__balance" aria-labelledby="balance-title">
          <h2 id="balance-title">{t('manage.balanceTitle')}</h2>
          <p>{t(booking.deposit.late ? 'manage.balanceLate' : 'manage.balanceText', { deposit: format.sek(booking.deposit.depositSek), amount: format.sek(booking.dueSek), by: format.departure(booking.deposit.balanceDueAt) })}</p>
          <button type="button" className="button" disabled={busy} onClick={() => void payBalance()}>
            {t('manage.payBalance', { amount: format.sek(booking.dueSek) })}
          </button>
        </section>
      )}
      {params.get('balance') === 'paid' && !notice && (
        <p role="status" className="notice">
          {t('manage.balanceThanks')}
        </p>
      )}

      {params.get('changed') === 'paid' && !notice && (
        <p role="status" className="notice">
          {t('manage.paymentThanks')}
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

      {booking.minimum && <MinimumNote minimum={booking.minimum} />}

      {calledOff && booking.weatherOffer && (
        <section className="weather-offer" aria-labelledby="weather-offer-title">
          <h2 id="weather-offer-title">{t('manage.weatherTitle')}</h2>
          <p>{t(booking.paidSek > 0 ? 'manage.weatherText' : 'manage.weatherTextUnpaid', { from: format.departure(booking.weatherOffer.fromStartsAt), to: format.departure(booking.weatherOffer.toStartsAt) })}</p>
          <div className="weather-offer__choices">
            <button type="button" className="button" disabled={busy} onClick={() => answerMove('move')}>
              {t('manage.weatherMove', { date: format.departure(booking.weatherOffer.toStartsAt) })}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => answerMove('refund')}>
              {booking.paidSek > 0 ? t('manage.weatherRefundAmount', { amount: format.sek(booking.paidSek) }) : t('manage.weatherCancel')}
            </button>
          </div>
        </section>
      )}

      {booking.cancelledByUs && !booking.weatherOffer && (
        <>
          <h2>{t('manage.rebookTitle')}</h2>
          <p>{t('manage.rebookText')}</p>
          <form className="manage-form" onSubmit={rebook}>
            <div className="field">
              <label htmlFor="rebook-date">{t('manage.newDate')}</label>
              <select id="rebook-date" name="departureId" required>
                {departures
                  .filter((departure) => departure.seatsLeft >= booking.seats && departure.id !== booking.departure.id)
                  .map((departure) => (
                    <option key={departure.id} value={departure.id}>
                      {t('manage.dateSeats', { date: format.departure(departure.startsAt), count: departure.seatsLeft })}
                    </option>
                  ))}
              </select>
            </div>
            <button type="submit" className="button" disabled={busy}>
              {t('manage.move')}
            </button>
          </form>
        </>
      )}

      <h2>{t('manage.policyTitle')}</h2>
      <p className="policy">{t('policy.text', { hours: booking.policy.freeHours })}</p>

      {live && (
        <>
          <p>
            <a href={`/api/bookings/${booking.reference}/calendar.ics`} className="button button--secondary" download>
              {t('manage.addCalendar')}
            </a>
          </p>

          {booking.status === 'confirmed' && (
            <>
              <h2>{t('manage.changeTitle')}</h2>
              {preview && (
                <section className="change-preview" aria-labelledby="change-preview-title" tabIndex={-1} ref={focusOnShow}>
                  <h3 id="change-preview-title">{t('manage.afterChange')}</h3>
                  <p>{`${format.departure(preview.result.startsAt)} · ${describeParty(preview.result.party)}`}</p>
                  <p>{t('manage.newTotal', { total: format.sek(preview.result.totalSek), previous: format.sek(preview.result.previousTotalSek) })}</p>
                  {booking.promo && (
                    <p>
                      {preview.result.discountSek > 0
                        ? t('manage.promoKept', { label: promoLabel(booking.promo, lang), amount: format.sek(preview.result.discountSek) })
                        : t('manage.promoLost', { code: booking.promo.code })}
                    </p>
                  )}
                  <p>{changeMoney(preview.result.money)}</p>
                  {preview.result.totalSek > preview.result.previousTotalSek && (
                    <div className="field">
                      <label htmlFor="change-gift-card">{t('manage.giftCard')}</label>
                      <input id="change-gift-card" className="gift-card-code" value={giftCardCode} onChange={(event) => setGiftCardCode(event.currentTarget.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={40} aria-describedby="change-gift-card-hint" />
                      <p id="change-gift-card-hint" className="field-hint">
                        {t('manage.giftCardHint')}
                      </p>
                    </div>
                  )}
                  <p className="checkout__actions">
                    <button type="button" className="button" onClick={() => void changeBooking()} disabled={busy || preview.result.money.kind === 'refund-refused'}>
                      {t('manage.confirmChange')}
                    </button>
                    <button type="button" className="button button--secondary" onClick={() => setPreview(undefined)} disabled={busy}>
                      {t('manage.keepAsIs')}
                    </button>
                  </p>
                </section>
              )}
              {hydrated && (
                <Suspense fallback={null}>
                  <ManageChange booking={booking} departures={departures} busy={busy} onPreview={(request) => void previewChange(request)} />
                </Suspense>
              )}
            </>
          )}

          {booking.questions.length > 0 && (
            <>
              <h2>{t('manage.questionsTitle')}</h2>
              {booking.missingAnswers.length > 0 ? (
                <p>{t('manage.stillNeed', { missing: booking.missingAnswers.join(', '), date: format.departure(booking.answersDueAt) })}</p>
              ) : (
                <p>{t('manage.haveAll')}</p>
              )}
              {booking.answersOpen ? (
                <form className="manage-form" onSubmit={answer} noValidate>
                  <QuestionFields questions={booking.questions} guests={booking.guests} answers={booking.answers} stage="manage" />
                  <button type="submit" className="button button--secondary" disabled={busy}>
                    {t('manage.saveAnswers')}
                  </button>
                </form>
              ) : (
                <p>{t('manage.answersClosed', { date: format.departure(booking.answersDueAt), phone: COMPANY_PHONE })}</p>
              )}
            </>
          )}

          <h2>{t('manage.detailsTitle')}</h2>
          <form className="manage-form" onSubmit={save} noValidate>
            <div className="field">
              <label htmlFor="phone">{t('manage.phone')}</label>
              <input id="phone" name="phone" type="tel" autoComplete="tel" defaultValue={booking.phone ?? ''} maxLength={40} />
            </div>
            {/* One place to say where to be collected: the tour's pickup points where it has them, else where the guest stays. */}
            {booking.pickupPoints.length > 0 ? (
              booking.pickupChangeable && <PickupSelect points={booking.pickupPoints} startsAt={booking.departure.startsAt} meetingPoint={booking.tour.meetingPoint} value={booking.pickupPoint?.id ?? null} />
            ) : (
              <div className="field">
                <label htmlFor="pickup">{t('manage.pickupHotel')}</label>
                <input id="pickup" name="pickup" defaultValue={booking.pickup ?? ''} maxLength={200} />
              </div>
            )}
            <div className="field">
              <label htmlFor="notes">{t('manage.notes')}</label>
              <textarea id="notes" name="notes" rows={3} defaultValue={booking.notes ?? ''} maxLength={1000} />
            </div>
            <button type="submit" className="button button--secondary" disabled={busy}>
              {t('manage.saveDetails')}
            </button>
          </form>

          <h2>{t('manage.cancelTitle')}</h2>
          <p>
            {/* A deposit paid is kept when the guest cancels: what comes back is the rest of what was paid. */}
            {booking.policy.freeNow && booking.deposit && booking.paidSek > 0 && booking.status === 'confirmed'
              ? t(booking.paidSek > booking.deposit.depositSek ? 'manage.freeRefundLessDeposit' : 'manage.depositKept', {
                  date: format.departure(booking.policy.freeUntil),
                  amount: format.sek(Math.max(0, booking.paidSek - booking.deposit.depositSek)),
                  deposit: format.sek(Math.min(booking.paidSek, booking.deposit.depositSek)),
                })
              : t(booking.policy.freeNow ? (booking.paidSek > 0 ? 'manage.freeRefund' : 'manage.free') : booking.paidSek > 0 ? 'manage.lateRefund' : 'manage.late', {
                  date: format.departure(booking.policy.freeUntil),
                  amount: format.sek(booking.paidSek),
                })}
          </p>
          {confirming ? (
            <p className="checkout__actions">
              <button type="button" className="button button--danger" onClick={() => void cancel()} disabled={busy}>
                {t('manage.yesCancel')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setConfirming(false)} disabled={busy}>
                {t('manage.keep')}
              </button>
            </p>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
              {t('manage.cancelButton')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
