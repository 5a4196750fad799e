import { Fragment, lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLoaderData, useNavigate, useRevalidator, useSearchParams } from 'react-router-dom';

import { asApiError } from '../../shared/errors';
import type { StayPackageView, TourDetail } from '../../shared/api-types';
import type { PromoTerms } from '../../shared/promo-codes';
import type { AppliedPromo } from '../components/PromoCodeField';
import { DepartureCalendar } from '../components/DepartureCalendar';
import { PartyStepper } from '../components/PartyStepper';
import { PickupSelect, QuestionFields, readAnswers } from '../components/QuestionFields';
import { useFormat } from '../i18n/format';
import { useLang, useLocalPath, useT, type MessageId, type Translate } from '../i18n/i18n';
import { Link } from '../i18n/links';
import type { Lang } from '../../shared/languages';
import { partyCounts, tryQuoteParty, type BookingQuote, type PartyItem, type PartyRefused, type PriceCategoryRule } from '../../shared/pricing';
import { MAX_GROUP_SIZE } from '../../shared/taxonomy';
import { useHydrated } from '../components/after-hydration';

/**
 * The calendar and steppers, for the manage page's change form too: it takes them from here, so
 * that they ride in this page's own chunk (shared with a lazy form they would be a chunk of their
 * own, and a file more, compressed apart, in this page's first render).
 */
export { DepartureCalendar, PartyStepper };

export interface BookData {
  tour: TourDetail;
  stays: StayPackageView[];
}

type Fields = Partial<Record<'departureId' | 'guests' | 'categories' | 'name' | 'email' | 'phone' | 'stayPackageId' | 'notes', string[]>>;

/** What each field needs, in the page's words (the API keeps its own): checked before sending, and put on the field when the server says so. */
const FIELD_WORDS: Partial<Record<keyof Fields, MessageId>> = {
  departureId: 'book.field.date',
  name: 'book.field.name',
  email: 'book.field.email',
  phone: 'book.field.phone',
  notes: 'book.field.notes',
};
/** The fields in the order they stand on the page, with the elements that take focus (the first there is): a day's start times before the calendar. */
const FIELD_ORDER: [keyof Fields, string[]][] = [
  ['departureId', ['.calendar__times input:not([disabled])', '.calendar__grid button[tabindex="0"]']],
  ['name', ['#name']],
  ['email', ['#email']],
  ['phone', ['#phone']],
  ['notes', ['#notes']],
];

/** The contact fields checked as the server will, before anything is sent; `date`: a departure is chosen, or only its day (its start times are shown), or nothing. */
function checkFields(form: FormData, date: 'chosen' | 'day' | 'none', t: Translate): Fields {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const errors: Fields = {};
  if (date !== 'chosen') errors.departureId = [t(date === 'day' ? 'book.field.time' : 'book.field.date')];
  if (!text('name') || /[@<>]|:\/\//.test(text('name'))) errors.name = [t('book.field.name')];
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text('email'))) errors.email = [t('book.field.email')];
  if (text('phone') && !/^\+?[0-9][0-9 ()-]{5,38}$/.test(text('phone'))) errors.phone = [t('book.field.phone')];
  return errors;
}

/** Focus on the first field with an error, so a keyboard or screen-reader user lands on it. */
function focusFirst(form: HTMLFormElement, errors: Fields): void {
  const first = FIELD_ORDER.find(([field]) => errors[field]?.length);
  if (first) first[1].map((selector) => form.querySelector<HTMLElement>(selector)).find(Boolean)?.focus();
}

function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <span className="field-error" id={id}>
      {messages.join('. ')}
    </span>
  );
}

/** The party priced on the chosen date at its own prices (and the categories at them), or why the tour's rules refuse it. */
function priceParty(tour: TourDetail, departure: TourDetail['departures'][number] | undefined, party: PartyItem[], stay: StayPackageView | undefined): { quote?: BookingQuote; refused?: PartyRefused; categories?: PriceCategoryRule[] } {
  if (!departure) return {};
  const categories: PriceCategoryRule[] = tour.priceCategories.map((category) => ({ ...category, priceSek: departure.prices[category.code] ?? category.priceSek }));
  return { ...tryQuoteParty(categories, party, stay), categories };
}

/**
 * The chosen date's minimum to run, said once and counting the guest's own party: it will run
 * with them, or how many more it needs besides them and when they hear (never after free
 * cancellation ends), and what then.
 */
function MinimumLine({ minimum, seats }: { minimum: NonNullable<TourDetail['departures'][number]['minimum']>; seats: number }) {
  const t = useT();
  const format = useFormat();
  const more = minimum.needed - seats;
  return (
    <p className="minimum-line" aria-live="polite">
      {more <= 0
        ? t('book.runs', { guests: minimum.guests })
        : minimum.deciding
          ? t('book.runsDeciding', { guests: minimum.guests, count: more })
          : t('book.runsNeeds', { guests: minimum.guests, count: more, date: format.departure(minimum.decidedAt) })}
    </p>
  );
}

/** The price line by line ("2 × Adult (13+), 2 095 SEK … 4 190 SEK", the stay's rooms): in the form and in the summary beside it. */
function PriceLines({ quote, byCategory, stay, promo }: { quote: BookingQuote; byCategory: boolean; stay?: StayPackageView; promo?: AppliedPromo }) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      {quote.lines.map((line) => (
        <Fragment key={line.code}>
          <dt>{byCategory ? t('book.lineCategory', { quantity: line.quantity, name: line.name, price: format.sek(line.unitPriceSek) }) : t('book.line', { quantity: line.quantity, price: format.sek(line.unitPriceSek) })}</dt>
          <dd>{format.sek(line.quantity * line.unitPriceSek)}</dd>
        </Fragment>
      ))}
      {stay && quote.rooms > 0 && (
        <>
          <dt>{t('book.rooms', { name: stay.name, count: quote.rooms })}</dt>
          <dd>{format.sek(quote.stayAmountSek)}</dd>
        </>
      )}
      {promo && quote.discountSek > 0 && (
        <>
          <dt>{promo.label}</dt>
          <dd>−{format.sek(quote.discountSek)}</dd>
        </>
      )}
    </>
  );
}


/**
 * What the guest is booking, always in view: pinned to the bottom of a phone's screen (the date,
 * the party, the live total and the action), and beside the form on a desktop with each line of
 * the price. The form's one submit button lives here (`form=` ties it to the form).
 */
function BookingSummary({ formId, date, guests, quote, lines, refused, problem, action, busy }: { formId: string; date?: string; guests: number; quote?: BookingQuote; lines: ReactNode; refused?: string; problem?: string; action: string; busy: boolean }) {
  const t = useT();
  const format = useFormat();
  return (
    <aside className="booking-summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="booking-summary__title">
        {t('book.summary')}
      </h2>
      <p className="booking-summary__what">
        <span>{date ? format.departure(date) : t('book.noDateYet')}</span> <span>{`· ${t('book.partyCount', { count: guests })}`}</span>
      </p>
      {quote && <dl className="booking-summary__lines">{lines}</dl>}
      <p className="booking-summary__total" aria-live="polite">
        {quote ? (
          <>
            <span>{t('book.total')}</span> <strong>{format.sek(quote.totalSek)}</strong>
          </>
        ) : (
          <span className="booking-summary__pending">{refused ?? t('book.choosePrice')}</span>
        )}
      </p>
      {problem && (
        <p className="error-message" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" form={formId} className="button booking-summary__action" disabled={busy || (date !== undefined && !quote)}>
        {action}
      </button>
    </aside>
  );
}

/** The calls that book: fetched once the guest starts on the form (and at the latest on submit), not with the page. */
const loadBookingCalls = () => import('../api/booking-client');

/** The promo code field: a field few use, fetched after the first render like the family-ticket offer. */
const PromoCodeField = lazy(() => import('../components/PromoCodeField'));

/** The family ticket offered where it is cheaper: its rule and words come after the first render (a party of adults never needs them). */
const CheaperOffer = lazy(() => import('../components/CheaperOffer'));
/** The choice of a deposit, where the tour asks one: its chunk (with its words) after hydration, with the date chosen. */
const DepositChoice = lazy(() => import('../components/DepositChoice'));

/**
 * Why a party is refused, in the page's language. The words are fetched after the page has
 * rendered (its first render does not need them), so they are there by the time a guest picks a
 * party the tour does not allow.
 */
function usePartyRefusalWords(lang: Lang): ((refusal: PartyRefused) => string) | undefined {
  const [words, setWords] = useState<typeof import('../../shared/party-refusals')>();
  useEffect(() => {
    void import('../../shared/party-refusals').then((module) => setWords(module));
  }, []);
  return words && ((refusal) => words.partyRefusalIn(lang, refusal.reason));
}

/**
 * The booking page, all on one: a date from the calendar, the party, an optional stay, pickup
 * and questions, contact details, a live price and payment. Paying on arrival is confirmed
 * here; paying by card goes from here to Stripe.
 */
export function BookPage() {
  const { tour, stays } = useLoaderData() as BookData;
  const t = useT();
  const format = useFormat();
  const local = useLocalPath();
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // Nothing is chosen for the guest, unless they came from a date on the tour page (?departure=).
  const [params] = useSearchParams();
  const asked = tour.departures.find((departure) => String(departure.id) === params.get('departure') && departure.seatsLeft > 0);
  const [departureId, setDepartureId] = useState<number | undefined>(asked?.id);
  // Two guests, unless the link says how many (?guests=, from the AI guide).
  const askedGuests = Number(params.get('guests'));
  const startGuests = Number.isInteger(askedGuests) && askedGuests >= 1 && askedGuests <= MAX_GROUP_SIZE ? askedGuests : 2;
  const [guests, setGuests] = useState(startGuests);
  // With more than one price category the party is chosen per category (the default one starts with them).
  const byCategory = tour.priceCategories.length > 1;
  // …or per category when the link names them (?adult=2&child=1, from the AI guide).
  const linked = tour.priceCategories.some((category) => params.has(category.code));
  const [counts, setCounts] = useState<Record<string, number>>(() =>
    Object.fromEntries(tour.priceCategories.map((category) => [category.code, linked ? Math.max(0, Math.min(MAX_GROUP_SIZE, Math.trunc(Number(params.get(category.code))) || 0)) : category.isDefault ? startGuests : 0])),
  );
  const [stayId, setStayId] = useState<number | ''>('');
  const [sending, setSending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Fields>({});
  const [problem, setProblem] = useState<string>();
  const [promo, setPromo] = useState<AppliedPromo>();
  const [payDeposit, setPayDeposit] = useState(false);
  const hydrated = useHydrated();

  const departure = tour.departures.find((item) => item.id === departureId);
  const maxGuests = Math.min(MAX_GROUP_SIZE, departure?.seatsLeft ?? MAX_GROUP_SIZE);
  const partySize = Math.min(guests, Math.max(maxGuests, 1));
  const stay = stays.find((item) => item.id === stayId);
  const party: PartyItem[] = byCategory
    ? tour.priceCategories.map((category) => ({ category: category.code, quantity: counts[category.code] ?? 0 }))
    : [{ category: tour.priceCategories[0]?.code ?? 'adult', quantity: partySize }];
  const priced = priceParty(tour, departure, party, stay);
  const sayRefusal = usePartyRefusalWords(lang);
  // An applied promo code prices the party as it changes (the server checks it again when booking).
  const quote = priced.quote && (promo ? promo.price(priced.quote) : priced.quote);
  // People in the party (an infant is one, a family four): each answers the questions per guest, whether or not a date is chosen yet.
  const partyGuests = quote?.guests ?? (byCategory ? tour.priceCategories.reduce((sum, category) => sum + (counts[category.code] ?? 0) * category.guestsPerUnit, 0) : partySize);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const text = (name: string) => String(form.get(name) ?? '');
    const invalid = checkFields(form, departure ? 'chosen' : element.querySelector('.calendar__times input') ? 'day' : 'none', t);
    if (Object.keys(invalid).length > 0 || !departure) {
      setFieldErrors(invalid);
      setProblem(undefined);
      focusFirst(element, invalid);
      return;
    }
    // An answer already refused at its field (a weight over the limit) is mended there first.
    const refusedAnswer = element.querySelector<HTMLElement>('.question-fields [aria-invalid="true"]');
    if (refusedAnswer) {
      setFieldErrors({});
      refusedAnswer.focus();
      return;
    }
    setFieldErrors({});
    setSending(true);
    setProblem(undefined);
    try {
      const { bookingClient, followCheckout } = await loadBookingCalls();
      const held = await bookingClient.hold({
        departureId: departure.id,
        ...(byCategory ? { categories: party.filter((item) => item.quantity > 0) } : { guests: partySize }),
        name: text('name'),
        email: text('email'),
        phone: text('phone') || undefined,
        notes: text('notes') || undefined,
        stayPackageId: stay?.id,
        pickupPointId: form.get('pickupPointId') ? Number(form.get('pickupPointId')) : null,
        ...(tour.questions.length ? { answers: readAnswers(form, tour.questions, partyGuests) } : {}),
        language: lang,
        ...(form.get('remindMe') ? { remindMe: true } : {}),
        ...(promo && quote && quote.discountSek > 0 ? { promoCode: promo.terms.code } : {}),
      });
      // Straight on to payment: a gift card pays first; pay on arrival confirms here, a card goes to Stripe's page.
      const giftCardCode = text('giftCardCode').trim();
      // A gift card pays towards the whole price: with one, no deposit.
      const checkout = await bookingClient.checkout(held.reference, giftCardCode || undefined, payDeposit && !giftCardCode).catch(asApiError);
      if (checkout instanceof Error) {
        // The seats are held: the checkout page shows the hold and why (a gift card refused), and lets the guest try again or release it.
        navigate(local(`/checkout/?booking=${held.reference}`), { state: { problem: checkout.message, giftCardCode } });
        return;
      }
      followCheckout(checkout.redirectUrl, (path) => navigate(local(path)));
    } catch (error) {
      const failure = asApiError(error);
      setSending(false);
      // The server's field errors land on the same fields, in the page's words; the banner is for the rest.
      const fields = Object.fromEntries(
        Object.entries(failure.fields ?? {}).map(([field, messages]) => {
          const words = FIELD_WORDS[field as keyof Fields];
          return [field, [words ? t(words) : messages.join('. ')]];
        }),
      ) as Fields;
      setFieldErrors(fields);
      setProblem(Object.keys(fields).length ? undefined : failure.message);
      focusFirst(element, fields);
      // Seats may have gone meanwhile: show the departures as they are now.
      if (failure.status === 409) revalidator.revalidate();
    }
  };

  const byCard = tour.checkoutMethod === 'stripe';
  const priceLines = quote && <PriceLines quote={quote} byCategory={byCategory} stay={stay} promo={promo} />;
  const askPromo = (code: string): Promise<PromoTerms> | string => {
    if (!departure) return t('book.promoNeedsDate');
    const email = (document.getElementById('email') as HTMLInputElement | null)?.value.trim();
    return loadBookingCalls()
      .then(({ bookingClient }) =>
        bookingClient.checkPromo({ code, departureId: departure.id, ...(byCategory ? { categories: party.filter((item) => item.quantity > 0) } : { guests: partySize }), ...(email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? { email } : {}) }),
      )
      .then((preview) => preview.terms);
  };
  // A baby on a lap rides "free", as the tour page says, not "0 kr".
  const priceWords = (priceSek: number) => (priceSek > 0 ? format.sek(priceSek) : t('book.free'));
  const describedBy = (field: keyof Fields) => (fieldErrors[field] ? `${field}-error` : undefined);

  return (
    <div className="booking">
      <div className="booking__top">
        <Link to={`/tours/${tour.slug}/`}>{t('book.back', { tour: tour.title })}</Link>
        <Link to="/" className="booking__brand">
          Norrsken Arctic Tours
        </Link>
      </div>
      <section className="page booking__page">
        <h1>{t('book.title', { tour: tour.title })}</h1>
        <p className="lead">{t('book.lead', { price: format.sek(tour.price), max: tour.maxGroupSize })}</p>
        {tour.departures.length === 0 ? (
          <p>
            {t('book.noDates')} <Link to="/contact/">{t('book.contactUs')}</Link> {t('book.findDate')}
          </p>
        ) : (
          <form id="booking-form" className="booking-form" noValidate onSubmit={onSubmit} onFocusCapture={() => void loadBookingCalls()}>
            <fieldset>
              <legend>{t('book.step.date')}</legend>
              <FieldError id="departureId-error" messages={fieldErrors.departureId} />
              <DepartureCalendar
                tourSlug={tour.slug}
                initial={tour.departures}
                selectedId={departureId}
                onSelect={(chosen) => {
                  setDepartureId(chosen.id);
                  setFieldErrors(({ departureId: _dropped, ...rest }) => rest);
                }}
                priceFor={(tour.priceCategories.find((category) => category.isDefault)?.name ?? t('book.perGuest')).toLowerCase()}
                describedBy={describedBy('departureId')}
                sky={tour.skyOutlook}
              />
              {departure && <p className="calendar__chosen" aria-live="polite">{t('book.yourDate', { date: format.departure(departure.startsAt) })}</p>}
              {departure?.minimum && <MinimumLine minimum={departure.minimum} seats={quote?.seats ?? partyGuests} />}
              {/* A full date, or one too small for the party: a place in line instead. */}
              <Link to={`/waitlist/?tour=${tour.slug}${departure ? `&departure=${departure.id}` : ''}`}>
                {t('book.waitlist')}
              </Link>
            </fieldset>

            <fieldset>
              <legend>{t('book.step.party')}</legend>
              {byCategory ? (
                <div className="party-fields" role="group" aria-describedby={describedBy('categories')}>
                  {tour.priceCategories.map((category) => (
                    <PartyStepper
                      key={category.code}
                      id={`party-${category.code}`}
                      label={`${category.name}: ${priceWords(departure?.prices[category.code] ?? category.priceSek)}`}
                      value={counts[category.code] ?? 0}
                      max={Math.min(MAX_GROUP_SIZE, category.maxPerBooking ?? MAX_GROUP_SIZE)}
                      onChange={(value) => setCounts((current) => ({ ...current, [category.code]: value }))}
                    />
                  ))}
                  <FieldError id="categories-error" messages={fieldErrors.categories} />
                  {/* After hydration only: with a date chosen by the link (?departure=), the server would otherwise suspend on its chunk. */}
                  {hydrated && priced.categories && quote && (
                    <Suspense fallback={null}>
                      <CheaperOffer
                        categories={priced.categories}
                        party={party}
                        was={quote.tourAmountSek}
                        onSwitch={(cheaper) => setCounts(partyCounts(tour.priceCategories, cheaper))}
                      />
                    </Suspense>
                  )}
                </div>
              ) : (
              <div className="field">
                <label htmlFor="guests">{t('book.guests')}</label>
                <select id="guests" name="guests" value={partySize} onChange={(event) => setGuests(Number(event.currentTarget.value))} aria-describedby={describedBy('guests')}>
                  {Array.from({ length: maxGuests }, (_, index) => index + 1).map((count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </select>
                <FieldError id="guests-error" messages={fieldErrors.guests} />
              </div>
              )}
              <div className="field">
                <label htmlFor="stay">{t('book.stay')}</label>
                <select id="stay" name="stayPackageId" value={stayId} onChange={(event) => setStayId(event.currentTarget.value ? Number(event.currentTarget.value) : '')}>
                  <option value="">{t('book.noStay')}</option>
                  {stays.map((item) => {
                    // A stay with no room left on one of its nights from this date (the server refuses it too).
                    const full = departure?.fullStays?.includes(item.id);
                    return (
                      <option key={item.id} value={item.id} disabled={full}>
                        {full ? t('book.stayFull', { name: item.name }) : t('book.stayOption', { name: item.name, price: format.sek(item.priceSek), max: item.maxGuests })}
                      </option>
                    );
                  })}
                </select>
              </div>
            </fieldset>

            {(tour.pickupPoints.length > 0 || tour.questions.length > 0) && (
              <fieldset>
                <legend>{t('book.step.questions')}</legend>
                <PickupSelect points={tour.pickupPoints} startsAt={departure?.startsAt} meetingPoint={tour.meetingPoint} />
                <QuestionFields questions={tour.questions} guests={partyGuests} stage="booking" />
              </fieldset>
            )}

            <fieldset>
              <legend>{t('book.step.details')}</legend>
              <div className="field">
                <label htmlFor="name">{t('book.name')}</label>
                <input id="name" name="name" autoComplete="name" required maxLength={120} aria-describedby={describedBy('name')} aria-invalid={Boolean(fieldErrors.name)} />
                <FieldError id="name-error" messages={fieldErrors.name} />
              </div>
              <div className="field">
                <label htmlFor="email">{t('book.email')}</label>
                <input id="email" name="email" type="email" autoComplete="email" required maxLength={254} aria-describedby={describedBy('email')} aria-invalid={Boolean(fieldErrors.email)} />
                <FieldError id="email-error" messages={fieldErrors.email} />
              </div>
              <label className="field--check">
                <input type="checkbox" name="remindMe" /> {t('book.remindMe')}
              </label>
              <div className="field">
                <label htmlFor="phone">{t('book.phone')}</label>
                <input id="phone" name="phone" type="tel" autoComplete="tel" maxLength={40} aria-describedby={describedBy('phone')} aria-invalid={Boolean(fieldErrors.phone)} />
                <FieldError id="phone-error" messages={fieldErrors.phone} />
              </div>
              <div className="field">
                <label htmlFor="notes">{t('book.notes')}</label>
                <textarea id="notes" name="notes" rows={3} maxLength={1000} aria-describedby={describedBy('notes')} aria-invalid={Boolean(fieldErrors.notes)} placeholder={t('book.notesHint')} />
                <FieldError id="notes-error" messages={fieldErrors.notes} />
              </div>
            </fieldset>

            <fieldset className="payment-choice">
              <legend>{t('book.step.payment')}</legend>
              {byCard ? (
                <p>{t('book.byCard')}</p>
              ) : (
                <p>{t('book.onArrival')}</p>
              )}
              <div className="field">
                <label htmlFor="giftCardCode">{t('book.giftCard')}</label>
                <input id="giftCardCode" name="giftCardCode" className="gift-card-code" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={40} />
              </div>
              {/* After hydration only: the promo code field checks codes with the server, and the tour's deposit for this party and date is chosen; their chunks are never part of the server's HTML (nor suspend it). */}
              {hydrated && (
                <Suspense fallback={null}>
                  <PromoCodeField applied={promo} discounted={(quote?.discountSek ?? 0) > 0} onApply={setPromo} ask={askPromo} />
                  {byCard && tour.deposit && departure && quote && <DepositChoice terms={tour.deposit} totalSek={quote.totalSek} startsAt={departure.startsAt} chosen={payDeposit} onChoose={setPayDeposit} />}
                </Suspense>
              )}
              <p className="policy">{t('policy.text', { hours: tour.cancelFreeHours })}</p>
            </fieldset>

            <section className="price-summary" aria-labelledby="price-title" aria-live="polite">
              <h2 id="price-title">{t('book.price')}</h2>
              {quote ? (
                <dl>
                  {priceLines}
                  <dt className="price-summary__total">{t('book.total')}</dt>
                  <dd className="price-summary__total">{format.sek(quote.totalSek)}</dd>
                </dl>
              ) : priced.refused ? (
                sayRefusal && <p className="error-message">{sayRefusal(priced.refused)}</p>
              ) : (
                <p>{t('book.choosePrice')}</p>
              )}
            </section>

          </form>
        )}
        {tour.departures.length > 0 && (
          <BookingSummary
            formId="booking-form"
            date={departure?.startsAt}
            guests={partyGuests}
            quote={quote}
            lines={priceLines}
            refused={priced.refused && sayRefusal ? sayRefusal(priced.refused) : undefined}
            problem={problem}
            busy={sending}
            action={sending ? (byCard ? t('book.openingStripe') : t('book.reserving')) : byCard ? t('book.payCard') : t('book.reserve')}
          />
        )}
      </section>
    </div>
  );
}
