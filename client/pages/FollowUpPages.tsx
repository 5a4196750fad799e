import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { apiRequest } from '../api/http';
import type { RatingView, RecoveredChoices, TourDetail } from '../../shared/api-types';
import { asApiError } from '../../shared/errors';
import { MAX_GROUP_SIZE } from '../../shared/taxonomy';
import { kirunaDaysAround } from '../../shared/company';
import { ANY_DATE_DAYS, type WaitlistPlace } from '../../shared/waitlist';
import { useFormat } from '../i18n/format';
import { useLang, useLocalPath, useT } from '../i18n/i18n';
import { Link } from '../i18n/links';

type Fields = Partial<Record<'name' | 'email' | 'categories' | 'guests', string[]>>;

/** /waitlist/: the guest's place by its link (?token=), or a form to join the line (?tour=…&departure=…). */
export function WaitlistPage() {
  const [params] = useSearchParams();
  return params.has('token') ? <WaitlistPlacePage /> : <WaitlistJoinPage />;
}

/**
 * /waitlist/?tour=…&departure=…: a place in line for a full date (or one too small for the
 * party). The party by price category, a name and an email; when seats free up for it, the guest
 * is mailed an offer that holds them for a while.
 */
function WaitlistJoinPage() {
  const t = useT();
  const lang = useLang();
  const format = useFormat();
  const local = useLocalPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const slug = params.get('tour') ?? '';
  const [tour, setTour] = useState<TourDetail | null>();
  const [departureId, setDepartureId] = useState(Number(params.get('departure')) || undefined);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [fields, setFields] = useState<Fields>({});

  useEffect(() => {
    let current = true;
    void apiRequest<TourDetail>('GET', `/api/tours/${encodeURIComponent(slug)}?lang=${lang}`).then(
      (found) => {
        if (!current) return;
        setTour(found);
        setCounts(Object.fromEntries(found.priceCategories.map((category) => [category.code, category.isDefault ? 2 : 0])));
      },
      () => current && setTour(null),
    );
    return () => {
      current = false;
    };
  }, [slug, lang]);

  if (tour === undefined) return <section className="page page--narrow waitlist" aria-busy="true" />;
  if (tour === null) {
    return (
      <section className="page page--narrow waitlist">
        <h1>{t('waitlist.title')}</h1>
        <p>{t('waitlist.noTour')}</p>
        <Link to="/tours/">{t('waitlist.browse')}</Link>
      </section>
    );
  }
  const partySeats = tour.priceCategories.reduce((sum, category) => sum + (counts[category.code] ?? 0) * category.seatsPerUnit, 0);
  // The dates the party cannot book now: full, or with fewer seats than it needs.
  const dates = tour.departures.filter((departure) => departure.seatsLeft < Math.max(partySeats, 1) || departure.id === departureId);
  const chosen = tour.departures.find((departure) => departure.id === departureId);
  const week = chosen && kirunaDaysAround(chosen.startsAt, ANY_DATE_DAYS);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setProblem(undefined);
    setFields({});
    try {
      const joined = await apiRequest<{ token: string; place: number }>('POST', '/api/waitlist', {
        body: {
          departureId: Number(form.get('departureId')),
          categories: tour.priceCategories.map((category) => ({ category: category.code, quantity: counts[category.code] ?? 0 })).filter((item) => item.quantity > 0),
          name: String(form.get('name') ?? '').trim(),
          email: String(form.get('email') ?? '').trim(),
          language: lang,
          anyDateThisWeek: form.get('anyDateThisWeek') === 'on',
        },
      });
      navigate(local(`/waitlist/?token=${encodeURIComponent(joined.token)}`));
    } catch (error) {
      const failure = asApiError(error);
      setSending(false);
      setFields((failure.fields ?? {}) as Fields);
      setProblem(failure.fields && Object.keys(failure.fields).length ? undefined : failure.message);
    }
  };
  const errorOf = (name: keyof Fields) =>
    fields[name] && (
      <p id={`${name}-error`} className="field-error">
        {fields[name]!.join('. ')}
      </p>
    );

  return (
    <section className="page page--narrow waitlist">
      <h1>{t('waitlist.title')}</h1>
      <p className="lead">{t('waitlist.lead', { tour: tour.title })}</p>
      <form className="manage-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="departureId">{t('waitlist.date')}</label>
          <select id="departureId" name="departureId" required value={departureId ?? ''} onChange={(event) => setDepartureId(Number(event.currentTarget.value) || undefined)}>
            <option value="">{t('waitlist.chooseDate')}</option>
            {dates.map((departure) => (
              <option key={departure.id} value={departure.id}>
                {`${format.departure(departure.startsAt)} · ${departure.seatsLeft === 0 ? t('waitlist.full') : t('waitlist.seatsLeft', { count: departure.seatsLeft })}`}
              </option>
            ))}
          </select>
        </div>
        {week && (
          <label className="field--check">
            <input type="checkbox" name="anyDateThisWeek" /> {t('waitlist.anyDate', { from: format.postDate(`${week.from}T12:00:00Z`), to: format.postDate(`${week.to}T12:00:00Z`) })}
          </label>
        )}
        <fieldset>
          <legend>{t('waitlist.party')}</legend>
          {tour.priceCategories.map((category) => (
            <div className="field" key={category.code}>
              <label htmlFor={`count-${category.code}`}>{category.name}</label>
              <input
                id={`count-${category.code}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_GROUP_SIZE}
                value={counts[category.code] ?? 0}
                onChange={(event) => setCounts({ ...counts, [category.code]: Math.max(0, Math.min(MAX_GROUP_SIZE, Math.trunc(Number(event.currentTarget.value)) || 0)) })}
              />
            </div>
          ))}
          {errorOf('categories')}
        </fieldset>
        <div className="field">
          <label htmlFor="name">{t('waitlist.name')}</label>
          <input id="name" name="name" autoComplete="name" required maxLength={120} aria-invalid={Boolean(fields.name)} aria-describedby={fields.name ? 'name-error' : undefined} />
          {errorOf('name')}
        </div>
        <div className="field">
          <label htmlFor="email">{t('waitlist.email')}</label>
          <input id="email" name="email" type="email" autoComplete="email" required maxLength={254} aria-invalid={Boolean(fields.email)} aria-describedby={fields.email ? 'email-error' : undefined} />
          {errorOf('email')}
        </div>
        <p className="field-hint">{t('waitlist.how')}</p>
        {problem && (
          <p className="error-message" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button" disabled={sending}>
          {t('waitlist.join')}
        </button>
      </form>
    </section>
  );
}

/** /waitlist/?token=…: the guest's place in line; an offer's seats booked in one tap; leaving. */
function WaitlistPlacePage() {
  const t = useT();
  const format = useFormat();
  const local = useLocalPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [place, setPlace] = useState<WaitlistPlace | null>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const api = `/api/waitlist/${encodeURIComponent(token)}`;

  const load = () =>
    apiRequest<WaitlistPlace>('GET', api).then(
      (found) => setPlace(found),
      () => setPlace(null),
    );
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  if (place === undefined) return <section className="page page--narrow waitlist" aria-busy="true" />;
  if (place === null) {
    return (
      <section className="page page--narrow waitlist">
        <h1>{t('waitlist.title')}</h1>
        <p>{t('waitlist.badLink')}</p>
        <Link to="/tours/">{t('waitlist.browse')}</Link>
      </section>
    );
  }

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(asApiError(error).message);
      await load();
    } finally {
      setBusy(false);
    }
  };
  const book = () =>
    act(async () => {
      const { reference } = await apiRequest<{ reference: string }>('POST', `${api}/book`);
      navigate(local(`/checkout/?booking=${reference}`));
    });
  const leave = () =>
    act(async () => {
      await apiRequest<void>('POST', `${api}/leave`);
      await load();
    });
  const party = place.party.map((item) => `${item.quantity} × ${item.name}`).join(', ');

  return (
    <section className="page page--narrow waitlist">
      <h1>{place.status === 'offered' ? t('waitlist.offerTitle') : t('waitlist.title')}</h1>
      <dl className="booking-facts">
        <dt>{t('waitlist.tour')}</dt>
        <dd>{place.tour.title}</dd>
        <dt>{t('waitlist.date')}</dt>
        <dd>{format.departure(place.departure.startsAt)}</dd>
        <dt>{t('waitlist.party')}</dt>
        <dd>{party}</dd>
      </dl>
      {place.status === 'waiting' && <p className="lead">{t('waitlist.place', { place: place.place ?? 1 })}</p>}
      {place.otherDates.length > 0 && (
        <>
          <h2>{t('waitlist.otherDates')}</h2>
          <ul className="waitlist-dates">
            {place.otherDates.map((date) => (
              <li key={date.departureId}>
                <Link to={`/waitlist/?token=${encodeURIComponent(date.token)}`}>{format.departure(date.startsAt)}</Link>
                {' · '}
                {date.status === 'waiting' ? t('waitlist.placeShort', { place: date.place ?? 1 }) : t(`waitlist.status.${date.status}`)}
              </li>
            ))}
          </ul>
        </>
      )}
      {place.status === 'offered' && place.offerExpiresAt && (
        <>
          <p className="lead">{t('waitlist.offer', { until: format.departure(place.offerExpiresAt) })}</p>
          <button type="button" className="button" onClick={book} disabled={busy}>
            {t('waitlist.book')}
          </button>
        </>
      )}
      {place.status === 'booked' && place.bookingReference && (
        <p>
          {t('waitlist.booked')} <Link to={`/checkout/?booking=${place.bookingReference}`}>{place.bookingReference}</Link>
        </p>
      )}
      {place.status === 'missed' && <p>{t('waitlist.missed')}</p>}
      {place.status === 'left' && <p>{t('waitlist.left')}</p>}
      {place.status === 'ended' && <p>{t('waitlist.ended')}</p>}
      {problem && (
        <p className="error-message" role="alert">
          {problem}
        </p>
      )}
      {(place.status === 'waiting' || place.status === 'offered') && (
        <p>
          <button type="button" className="button button--secondary" onClick={leave} disabled={busy}>
            {t('waitlist.leave')}
          </button>
        </p>
      )}
      <Link to={`/tours/${place.tour.slug}/`}>{t('waitlist.backToTour', { tour: place.tour.title })}</Link>
    </section>
  );
}

/**
 * /recover/?token=…: a recovery mail's link. The choices of the booking left half way are asked
 * for here, by the page's script (a mail scanner that follows the link uses nothing up), and the
 * booking page opens with them; the seats are not held, so it shows what is still free.
 */
export function RecoverPage() {
  const t = useT();
  const local = useLocalPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let current = true;
    apiRequest<RecoveredChoices>('POST', '/api/bookings/recover', { body: { token: params.get('token') ?? '' } }).then(
      (choices) => {
        if (!current) return;
        const party = choices.party.map((item) => `&${encodeURIComponent(item.category)}=${item.quantity}`).join('');
        navigate(local(`/book/${choices.tourId}/?departure=${choices.departureId}${party}`), { replace: true });
      },
      (error: unknown) => current && setProblem(asApiError(error).message),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section className="page page--narrow waitlist" aria-busy={!problem}>
      <h1>{t('recover.title')}</h1>
      {problem ? (
        <>
          <p role="alert">{problem}</p>
          <Link to="/tours/">{t('waitlist.browse')}</Link>
        </>
      ) : (
        <p>{t('recover.opening')}</p>
      )}
    </section>
  );
}

/**
 * /rate/?token=…&score=N: the rating mail's one tap. The score is sent by the page's script (a
 * mail scanner following the link rates nothing); the guest may change it and add a comment; a
 * 4 or 5 is offered the review sites.
 */
export function RatePage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const asked = Math.trunc(Number(params.get('score')));
  const [rating, setRating] = useState<RatingView>();
  const [problem, setProblem] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const send = async (score: number, comment?: string) => {
    setBusy(true);
    setProblem(undefined);
    try {
      setRating(await apiRequest<RatingView>('POST', '/api/ratings', { body: { token, score, ...(comment !== undefined ? { comment } : {}) } }));
      if (comment !== undefined) setSent(true);
    } catch (error) {
      setProblem(asApiError(error).message);
    } finally {
      setBusy(false);
    }
  };
  const tapped = asked >= 1 && asked <= 5;
  useEffect(() => {
    if (!tapped) return;
    let current = true;
    apiRequest<RatingView>('POST', '/api/ratings', { body: { token, score: asked } }).then(
      (kept) => current && setRating(kept),
      (error: unknown) => current && setProblem(asApiError(error).message),
    );
    return () => {
      current = false;
    };
  }, [tapped, token, asked]);
  const comment = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating) void send(rating.score, String(new FormData(event.currentTarget).get('comment') ?? ''));
  };
  return (
    <section className="page page--narrow waitlist" aria-busy={busy}>
      <h1>{rating ? t('rate.thanks', { tour: rating.tour.title }) : t('rate.title')}</h1>
      {!tapped && !rating && <p>{t('rate.choose')}</p>}
      {problem && (
        <p className="error-message" role="alert">
          {problem}
        </p>
      )}
      <fieldset className="rate__scores">
        <legend>{t('rate.yourScore')}</legend>
        {[1, 2, 3, 4, 5].map((score) => (
          <button key={score} type="button" className={rating?.score === score ? 'button' : 'button button--secondary'} aria-pressed={rating?.score === score} disabled={busy} onClick={() => void send(score)}>
            {score}
          </button>
        ))}
      </fieldset>
      {rating && (
        <>
          <form className="manage-form" onSubmit={comment}>
            <div className="field">
              <label htmlFor="comment">{t('rate.comment')}</label>
              <textarea id="comment" name="comment" rows={4} maxLength={2000} defaultValue={rating.comment ?? ''} />
            </div>
            <button type="submit" className="button" disabled={busy}>
              {t('rate.send')}
            </button>
            {sent && <p role="status">{t('rate.sent')}</p>}
          </form>
          {(rating.reviewLinks.tripadvisor || rating.reviewLinks.google) && (
            <div className="rate__elsewhere">
              <p>{t('rate.elsewhere')}</p>
              <ul>
                {rating.reviewLinks.tripadvisor && (
                  <li>
                    <a href={rating.reviewLinks.tripadvisor} rel="noopener">
                      TripAdvisor
                    </a>
                  </li>
                )}
                {rating.reviewLinks.google && (
                  <li>
                    <a href={rating.reviewLinks.google} rel="noopener">
                      Google
                    </a>
                  </li>
                )}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
