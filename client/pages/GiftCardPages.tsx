import { useEffect, useState, type FormEvent } from 'react';
import { useLoaderData, useSearchParams } from 'react-router-dom';

import { apiRequest } from '../api/http';
import { COMPANY_PHONE } from '../../shared/company';
import { asApiError } from '../../shared/errors';
import { GIFT_CARD_MAX_SEK, GIFT_CARD_MIN_SEK, GIFT_CARD_PRESETS_SEK, GIFT_CARD_TOUR_MAX_GUESTS, type GiftCardPrintView, type GiftCardPurchaseRequest } from '../../shared/gift-cards';
import type { TourDetail } from '../../shared/api-types';
import { useFormat } from '../i18n/format';
import { useLang, useT } from '../i18n/i18n';
import { Link } from '../i18n/links';

export interface GiftCardData {
  card: GiftCardPrintView | null;
}

type Fields = Partial<Record<keyof GiftCardPurchaseRequest, string[]>>;

/** /gift-cards/: a gift card of a chosen value, paid by card, printable at once or mailed to its recipient on a chosen day. */
export function GiftCardShopPage() {
  const t = useT();
  const lang = useLang();
  const format = useFormat();
  const [preset, setPreset] = useState<string>(String(GIFT_CARD_PRESETS_SEK[1]));
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [fields, setFields] = useState<Fields>({});
  const [other, setOther] = useState('');
  const amount = preset === 'other' ? Number(other) : Number(preset);
  // A named tour as the gift (?tour=, from its page): worth its price for the guests chosen, paying for that tour only.
  const [params] = useSearchParams();
  const tourSlug = params.get('tour');
  const [found, setTour] = useState<Pick<TourDetail, 'slug' | 'title' | 'price'>>();
  const tour = tourSlug && found?.slug === tourSlug ? found : undefined;
  const [guests, setGuests] = useState(2);
  useEffect(() => {
    if (!tourSlug) return;
    let current = true;
    void apiRequest<TourDetail>('GET', `/api/tours/${encodeURIComponent(tourSlug)}?lang=${lang}`).then(
      (found) => current && setTour({ slug: found.slug, title: found.title, price: found.price }),
      () => current && setTour(undefined),
    );
    return () => {
      current = false;
    };
  }, [tourSlug, lang]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const optional = (name: string) => text(name) || undefined;
    setSending(true);
    setProblem(undefined);
    setFields({});
    try {
      const request: GiftCardPurchaseRequest = {
        ...(tour ? { tourSlug: tour.slug, guests } : { amountSek: amount }),
        buyerName: text('buyerName'),
        buyerEmail: text('buyerEmail'),
        recipientName: optional('recipientName'),
        recipientEmail: optional('recipientEmail'),
        message: optional('message'),
        sendOn: optional('sendOn'),
        language: lang,
      };
      const { redirectUrl } = await apiRequest<{ redirectUrl: string }>('POST', '/api/gift-cards', { body: request });
      window.location.assign(redirectUrl);
    } catch (error) {
      const failure = asApiError(error);
      setSending(false);
      setFields((failure.fields ?? {}) as Fields);
      setProblem(failure.fields && Object.keys(failure.fields).length ? undefined : failure.message);
    }
  };

  const errorOf = (name: keyof GiftCardPurchaseRequest) =>
    fields[name] && (
      <p id={`${name}-error`} className="field-error">
        {fields[name]!.join('. ')}
      </p>
    );
  const described = (name: keyof GiftCardPurchaseRequest, hint?: string) => [fields[name] ? `${name}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <section className="page page--narrow gift-cards">
      <h1>{t('gift.title')}</h1>
      <p className="lead">{t('gift.lead')}</p>
      <form className="manage-form" onSubmit={submit} noValidate>
        {tour ? (
          <fieldset>
            <legend>{t('gift.tourLegend')}</legend>
            <div className="field">
              <label htmlFor="guests">{t('gift.tourGuests')}</label>
              <select id="guests" name="guests" value={guests} onChange={(event) => setGuests(Number(event.currentTarget.value))}>
                {Array.from({ length: GIFT_CARD_TOUR_MAX_GUESTS }, (_, index) => index + 1).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </div>
            <p className="gift-cards__tour">{t('gift.tourValue', { tour: tour.title, guests, amount: format.sek(tour.price * guests) })}</p>
            <p className="field-hint">{t('gift.tourHint', { guests })}</p>
            <Link to="/gift-cards/">{t('gift.anyAmount')}</Link>
          </fieldset>
        ) : (
        <fieldset>
          <legend>{t('gift.amount')}</legend>
          <div className="gift-cards__amounts">
            {GIFT_CARD_PRESETS_SEK.map((value) => (
              <label key={value} className="field--check">
                <input type="radio" name="preset" value={value} checked={preset === String(value)} onChange={() => setPreset(String(value))} /> {format.sek(value)}
              </label>
            ))}
            <label className="field--check">
              <input type="radio" name="preset" value="other" checked={preset === 'other'} onChange={() => setPreset('other')} /> {t('gift.otherAmount')}
            </label>
          </div>
          {preset === 'other' && (
            <div className="field">
              <label htmlFor="amountSek">{t('gift.otherAmountLabel')}</label>
              <input id="amountSek" name="amountSek" type="number" inputMode="numeric" min={GIFT_CARD_MIN_SEK} max={GIFT_CARD_MAX_SEK} step={50} value={other} onChange={(event) => setOther(event.currentTarget.value)} aria-describedby={described('amountSek', 'amountSek-hint')} aria-invalid={Boolean(fields.amountSek)} />
              <p id="amountSek-hint" className="field-hint">
                {t('gift.amountRange', { min: format.sek(GIFT_CARD_MIN_SEK), max: format.sek(GIFT_CARD_MAX_SEK) })}
              </p>
            </div>
          )}
          {errorOf('amountSek')}
        </fieldset>
        )}

        <fieldset>
          <legend>{t('gift.from')}</legend>
          <div className="field">
            <label htmlFor="buyerName">{t('gift.yourName')}</label>
            <input id="buyerName" name="buyerName" autoComplete="name" required maxLength={120} aria-describedby={described('buyerName')} aria-invalid={Boolean(fields.buyerName)} />
            {errorOf('buyerName')}
          </div>
          <div className="field">
            <label htmlFor="buyerEmail">{t('gift.yourEmail')}</label>
            <input id="buyerEmail" name="buyerEmail" type="email" autoComplete="email" required maxLength={254} aria-describedby={described('buyerEmail')} aria-invalid={Boolean(fields.buyerEmail)} />
            {errorOf('buyerEmail')}
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('gift.for')}</legend>
          <p className="field-hint">{t('gift.forHint')}</p>
          <div className="field">
            <label htmlFor="recipientName">{t('gift.recipientName')}</label>
            <input id="recipientName" name="recipientName" maxLength={120} aria-describedby={described('recipientName')} aria-invalid={Boolean(fields.recipientName)} />
            {errorOf('recipientName')}
          </div>
          <div className="field">
            <label htmlFor="recipientEmail">{t('gift.recipientEmail')}</label>
            <input id="recipientEmail" name="recipientEmail" type="email" maxLength={254} aria-describedby={described('recipientEmail')} aria-invalid={Boolean(fields.recipientEmail)} />
            {errorOf('recipientEmail')}
          </div>
          <div className="field">
            <label htmlFor="sendOn">{t('gift.sendOn')}</label>
            <input id="sendOn" name="sendOn" type="date" aria-describedby={described('sendOn', 'sendOn-hint')} aria-invalid={Boolean(fields.sendOn)} />
            <p id="sendOn-hint" className="field-hint">
              {t('gift.sendOnHint')}
            </p>
            {errorOf('sendOn')}
          </div>
          <div className="field">
            <label htmlFor="message">{t('gift.message')}</label>
            <textarea id="message" name="message" rows={3} maxLength={300} aria-describedby={described('message')} aria-invalid={Boolean(fields.message)} />
            {errorOf('message')}
          </div>
        </fieldset>

        <p className="policy">{t('gift.terms')}</p>
        {problem && (
          <p className="error-message" role="alert">
            {problem}
          </p>
        )}
        <p className="checkout__actions">
          <button type="submit" className="button" disabled={sending || !(amount > 0)}>
            {sending ? t('gift.opening') : t('gift.pay', { amount: tour ? format.sek(tour.price * guests) : amount > 0 ? format.sek(amount) : '' })}
          </button>
        </p>
        <p>{t('gift.orCall', { phone: COMPANY_PHONE })}</p>
      </form>
    </section>
  );
}

/** /gift-cards/card/?token=…: the card as it is printed, or what it is waiting for. */
export function GiftCardPrintPage() {
  const { card } = useLoaderData() as GiftCardData;
  const t = useT();
  const format = useFormat();
  const [params] = useSearchParams();
  if (!card) {
    return (
      <section className="page page--narrow">
        <h1>{t('gift.card.title')}</h1>
        <p>{t('gift.card.bad')}</p>
      </section>
    );
  }
  const until = format.postDate(card.expiresAt);
  return (
    <section className="page page--narrow gift-card-page">
      {params.get('paid') && card.status !== 'void' && <p className="notice">{card.status === 'pending' ? t('gift.card.pending') : t('gift.card.paid')}</p>}
      {card.status === 'void' ? (
        <p className="notice notice--warning">{t('gift.card.void')}</p>
      ) : card.expired ? (
        <p className="notice notice--warning">{t('gift.card.expired')}</p>
      ) : null}
      <article className="gift-card" aria-labelledby="gift-card-title">
        <p className="gift-card__brand">Norrsken Arctic Tours</p>
        <h1 id="gift-card-title">{t('gift.card.title')}</h1>
        <p className="gift-card__value">{format.sek(card.amountSek)}</p>
        {card.tour && <p className="gift-card__tour">{t('gift.card.tour', { tour: card.tour.title, guests: card.tour.guests })}</p>}
        {card.recipientName && <p>{t('gift.card.for', { name: card.recipientName })}</p>}
        {card.message && <blockquote className="gift-card__message">{card.message}</blockquote>}
        {card.buyerName && <p>{t('gift.card.from', { name: card.buyerName })}</p>}
        {card.code ? (
          <dl className="gift-card__facts">
            <dt>{t('gift.card.code')}</dt>
            <dd className="gift-card__code">{card.code}</dd>
            <dt>{t('gift.card.validUntil')}</dt>
            <dd>{until}</dd>
            {card.balanceSek !== card.amountSek && card.status === 'active' && (
              <>
                <dt>{t('gift.card.balance')}</dt>
                <dd>{format.sek(card.balanceSek)}</dd>
              </>
            )}
          </dl>
        ) : null}
        <p className="gift-card__how">{t('gift.card.howTo')}</p>
      </article>
      {card.code && (
        <p className="checkout__actions gift-card__actions">
          <button type="button" className="button" onClick={() => window.print()}>
            {t('gift.card.print')}
          </button>
          <Link to="/tours/">{t('gift.card.browse')}</Link>
        </p>
      )}
    </section>
  );
}
