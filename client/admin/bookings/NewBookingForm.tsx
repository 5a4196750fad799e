import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useState, type FormEvent } from 'react';

import type { AdminBookingRow, TourDateView } from '../../../shared/admin-types';
import type { StayPackageView, TourSummary } from '../../../shared/api-types';
import { LANGUAGE_NAMES_SV, LANGUAGES, type Lang } from '../../../shared/languages';
import { partyRefusalIn } from '../../../shared/party-refusals';
import { cheaperParty, type CheaperParty } from '../../../shared/cheaper-party';
import { partyCounts, priceOn, tryQuoteParty, type BookingQuote, type PartyItem, type PriceCategoryRule } from '../../../shared/pricing';
import { MAX_GROUP_SIZE } from '../../../shared/taxonomy';
import { apiRequest } from '../../api/http';
import { QuestionFields, readAnswers } from '../../components/QuestionFields';
import { CATALOGS } from '../../i18n/catalogs';
import { LanguageProvider } from '../../i18n/i18n';
import { createI18n, type I18n } from '../../i18n/messages';
import { adminRequest, BOOKINGS_KEY, contentApi } from '../admin-client';
import { formatKr, formatWhen } from '../admin-format';
import { saveProblem, useContentMutation } from '../content/content-parts';
import { TourOptions, useSwedishBookingOptions } from '../tour-options';

/** The party priced as the server will price it, the cheaper party by the booking page's rule, or why it is refused (in Swedish). */
function priceCall(categories: PriceCategoryRule[], party: PartyItem[], stay: StayPackageView | undefined): { quote?: BookingQuote; cheaper?: CheaperParty; refused?: string } {
  const { quote, refused } = tryQuoteParty(categories, party, stay);
  return quote ? { quote, cheaper: cheaperParty(categories, party) } : { refused: partyRefusalIn('sv', refused.reason) };
}

/** The site's Swedish strings, for the guest's questions as the booking page asks them ("Gäst 1"), loaded with the form. */
function useSwedishStrings(): I18n | undefined {
  const [i18n, setI18n] = useState<I18n>();
  useEffect(() => {
    void CATALOGS.sv().then(({ messages }) => setI18n(createI18n('sv', messages)));
  }, []);
  return i18n;
}

/**
 * "Ny bokning": a booking taken on the phone or at the desk, confirmed at once. It prices the
 * party as the caller speaks (with the family ticket offered when it is cheaper), asks the
 * tour's questions per guest, and mails the guest in their own language.
 */
export function NewBookingForm({ tours, onCreated }: { tours: TourSummary[]; onCreated: (booking: AdminBookingRow) => void }) {
  const [tourId, setTourId] = useState<number>();
  const [departureId, setDepartureId] = useState<number>();
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [guests, setGuests] = useState(2);
  const [language, setLanguage] = useState<Lang>('sv');
  const [stayId, setStayId] = useState<number>();
  const [paid, setPaid] = useState(false);
  const swedish = useSwedishStrings();
  const today = new Date().toISOString().slice(0, 10);
  const stays = useQuery({ queryKey: ['admin', 'stay-options'], queryFn: async () => (await apiRequest<{ data: StayPackageView[] }>('GET', '/api/stays', { lang: 'sv' })).data }).data ?? [];
  const upcoming = useQuery({
    queryKey: ['admin', 'tour-dates', tourId, 'from', today],
    queryFn: async () => (await adminRequest<{ data: TourDateView[] }>('GET', `tour-dates?tourId=${tourId}&from=${today}`)).data,
    enabled: Boolean(tourId),
  });
  // What the tour sells and where it collects guests: with more than one price category, the party is given per category.
  const options = useSwedishBookingOptions(tourId);
  const pickups = useQuery({ queryKey: ['admin', 'pickup-points'], queryFn: () => contentApi.pickupPoints(), enabled: Boolean(tourId) }).data ?? [];
  const byCategory = (options?.priceCategories.length ?? 0) > 1;
  const dates = (upcoming.data ?? []).filter((date) => date.status !== 'cancelled' && new Date(date.startsAt) > new Date());
  const date = dates.find((item) => item.id === departureId) ?? dates.find((item) => (item.seatsLeft ?? 0) > 0);
  const categories = (options?.priceCategories ?? []).map((category) => ({ ...category, priceSek: priceOn(category, date) }));
  const countOf = (category: PriceCategoryRule) => counts[category.code] ?? (category.isDefault ? 2 : 0);
  const party: PartyItem[] = byCategory ? categories.map((category) => ({ category: category.code, quantity: countOf(category) })).filter((item) => item.quantity > 0) : [{ category: categories[0]?.code ?? 'adult', quantity: guests }];
  const priced = options && date ? priceCall(categories, party, stays.find((stay) => stay.id === stayId)) : {};
  const partyGuests = priced.quote?.guests ?? party.reduce((sum, item) => sum + item.quantity, 0);
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
        ...(byCategory ? { categories: party } : { guests }),
        ...(options?.questions.length ? { answers: readAnswers(form, options.questions, partyGuests) } : {}),
        language,
        pickupPointId: form.get('pickupPointId') ? Number(form.get('pickupPointId')) : null,
        name: text('name'),
        email: text('email'),
        phone: text('phone'),
        notes: text('notes'),
        stayPackageId: form.get('stayPackageId') ? Number(form.get('stayPackageId')) : undefined,
        payment: paid ? 'paid' : 'on_arrival',
        paidNote: paid ? text('paidNote') : undefined,
        ...(text('giftCardCode') ? { giftCardCode: text('giftCardCode') } : {}),
        ...(text('promoCode') ? { promoCode: text('promoCode') } : {}),
        notify: form.get('notify') === 'on',
      },
      {
        onSuccess: (created) => {
          element.reset();
          setCounts({});
          setStayId(undefined);
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
        <select
          id="new-tour"
          required
          defaultValue=""
          onChange={(event) => {
            setTourId(Number(event.currentTarget.value));
            setDepartureId(undefined);
            setCounts({});
          }}
        >
          <option value="" disabled>
            Välj tur
          </option>
          <TourOptions tours={tours} />
        </select>
      </div>
      <div className="field">
        <label htmlFor="new-departure">Avgång</label>
        <select id="new-departure" name="departureId" required disabled={!tourId} value={date?.id ?? ''} onChange={(event) => setDepartureId(Number(event.currentTarget.value))}>
          {dates.map((date) => (
            <option key={date.id} value={date.id} disabled={(date.seatsLeft ?? 0) === 0}>
              {`${formatWhen(date.startsAt)} (${date.seatsLeft ?? 0} lediga)`}
            </option>
          ))}
        </select>
      </div>
      {byCategory ? (
        categories.map((category) => (
          <div className="field" key={category.code}>
            <label htmlFor={`new-party-${category.code}`}>{`${category.name} (${formatKr(category.priceSek)})`}</label>
            <input
              id={`new-party-${category.code}`}
              name={`party-${category.code}`}
              type="number"
              min={0}
              max={MAX_GROUP_SIZE}
              value={countOf(category)}
              onChange={(event) => {
                const count = Math.max(0, Math.min(MAX_GROUP_SIZE, Math.trunc(Number(event.currentTarget.value)) || 0));
                setCounts((current) => ({ ...current, [category.code]: count }));
              }}
            />
          </div>
        ))
      ) : (
        <div className="field">
          <label htmlFor="new-guests">Gäster</label>
          <select id="new-guests" name="guests" value={guests} onChange={(event) => setGuests(Number(event.currentTarget.value))}>
            {Array.from({ length: MAX_GROUP_SIZE }, (_, index) => index + 1).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
      )}
      {priced.cheaper && priced.quote && (
        <p className="cheaper-offer" role="status">
          {`Billigare som ${priced.cheaper.bundle.name}: ${formatKr(priced.cheaper.tourAmountSek)} i stället för ${formatKr(priced.quote.tourAmountSek)}. `}
          <button type="button" className="button button--small" onClick={() => setCounts(partyCounts(categories, priced.cheaper!.party))}>
            {`Byt till ${priced.cheaper.bundle.name}, spara ${formatKr(priced.cheaper.savingSek)}`}
          </button>
        </p>
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
        <select id="new-stay" name="stayPackageId" value={stayId ?? ''} onChange={(event) => setStayId(event.currentTarget.value ? Number(event.currentTarget.value) : undefined)}>
          <option value="">Inget</option>
          {stays.map((stay) => (
            <option key={stay.id} value={stay.id}>
              {stay.name}
            </option>
          ))}
        </select>
      </div>
      {options && options.questions.length > 0 && swedish && (
        <LanguageProvider i18n={swedish}>
          <QuestionFields questions={options.questions} guests={partyGuests} stage="booking" />
        </LanguageProvider>
      )}
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
        <label htmlFor="new-language">Gästens språk (bekräftelse och länkar)</label>
        <select id="new-language" value={language} onChange={(event) => setLanguage(event.currentTarget.value as Lang)}>
          {LANGUAGES.map((lang) => (
            <option key={lang} value={lang}>
              {LANGUAGE_NAMES_SV[lang][0].toUpperCase() + LANGUAGE_NAMES_SV[lang].slice(1)}
            </option>
          ))}
        </select>
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
      <div className="field">
        <label htmlFor="new-gift-card">Presentkort (valfritt)</label>
        <small className="field-hint">Koden gästen läser upp: kortet betalar det det räcker till, resten enligt betalningen ovan.</small>
        <input id="new-gift-card" name="giftCardCode" maxLength={40} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
      </div>
      <div className="field">
        <label htmlFor="new-promo-code">Rabattkod (valfritt)</label>
        <small className="field-hint">Rabatten dras av när bokningen sparas; priset nedan är utan den.</small>
        <input id="new-promo-code" name="promoCode" maxLength={40} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
      </div>
      <label className="field--check">
        <input type="checkbox" name="notify" defaultChecked /> Skicka bekräftelse till gästen
      </label>
      <section className="new-booking__total" aria-live="polite" aria-label="Att betala">
        {priced.quote ? (
          <dl className="admin-stats">
            {priced.quote.lines.map((line) => (
              <Fragment key={line.code}>
                <dt>{`${line.quantity} × ${line.name}`}</dt>
                <dd>{formatKr(line.quantity * line.unitPriceSek)}</dd>
              </Fragment>
            ))}
            {priced.quote.rooms > 0 && (
              <>
                <dt>{`Boende, ${priced.quote.rooms} rum`}</dt>
                <dd>{formatKr(priced.quote.stayAmountSek)}</dd>
              </>
            )}
            <dt>Totalt</dt>
            <dd>
              <strong>{formatKr(priced.quote.totalSek)}</strong>
            </dd>
          </dl>
        ) : priced.refused ? (
          <p className="error-message">{priced.refused}</p>
        ) : (
          <p>Välj tur och avgång för att se priset.</p>
        )}
      </section>
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
