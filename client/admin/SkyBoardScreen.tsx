import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import type { SkyBoardDeparture, SkyBoardNight, SkyBoardView } from '../../shared/admin-types';
import { dateTimeFormat } from '../../shared/intl-formats';
import { WEATHER_REASONS, type MoveOfferStatus, type WeatherReason } from '../../shared/weather-calls';
import { adminRequest } from './admin-client';
import { formatStaffClock } from '../../shared/staff-words';
import { formatWhen } from './admin-format';
import { ManifestLink } from './bookings/PassengerList';
import { saveProblem, useContentMutation } from './content/content-parts';

const BOARD_KEY = ['admin', 'sky-board'] as const;

const VERDICT: Record<string, string> = { good: 'Goda chanser', possible: 'Möjligt', poor: 'Små chanser' };
const REASONS: Record<WeatherReason, string> = {
  aurora: 'Norrskenet syns inte (moln)',
  storm: 'Storm',
  cold: 'För kallt',
  other: 'Annat väder',
};
const ANSWER: Record<MoveOfferStatus, string> = { offered: 'Väntar på svar', moved: 'Flyttad', refunded: 'Återbetald', lapsed: 'Inget svar: återbetald' };

const clock = formatStaffClock;
const nightTitle = (date: string) => dateTimeFormat('sv-SE', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/** What staff decided on a departure, and who of its guests has answered a move. */
function CallSummary({ call }: { call: NonNullable<SkyBoardDeparture['call']> }) {
  if (call.decision === 'run') return <p className="sky-call sky-call--run">Körs (beslut {formatWhen(call.decidedAt)}, {call.decidedBy})</p>;
  const answered = call.offers.filter((offer) => offer.status !== 'offered').length;
  return (
    <div className="sky-call sky-call--move">
      <p>
        Alla erbjudna flytt till {call.targetStartsAt ? formatWhen(call.targetStartsAt) : 'en annan avgång'} ({call.reason ? REASONS[call.reason] : 'vädret'}). Svar: {answered} av {call.offers.length}.
      </p>
      <ul className="sky-offers">
        {call.offers.map((offer) => (
          <li key={offer.reference}>
            {offer.name} ({offer.guests}) · {offer.reference}: <strong>{ANSWER[offer.status]}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Whom moving everyone reaches, as the confirmation says it: "2 bokningar (5 gäster)" and any holds it cancels. */
function reach(departure: SkyBoardDeparture): string {
  const mailed = `${plural(departure.confirmedBookings, 'bokning', 'bokningar')} (${plural(departure.confirmedGuests, 'gäst', 'gäster')})`;
  return departure.liveHolds > 0 ? `${mailed}; ${plural(departure.liveHolds, 'pågående reservation avbryts', 'pågående reservationer avbryts')}` : mailed;
}

/**
 * Move everyone: to which departure of the tour, and why; then a second step that says whom it
 * mails and to when, before anything is sent (each guest gets the offer by mail, and it cannot be undone).
 */
function MoveForm({ departure, onDone }: { departure: SkyBoardDeparture; onDone: (offered: number) => void }) {
  const needed = departure.booked;
  const [asked, setAsked] = useState<{ targetDepartureId: number; reason: WeatherReason }>();
  const move = useContentMutation([BOARD_KEY], (body: { targetDepartureId: number; reason: string }) => adminRequest<{ offered: number }>('POST', `sky-board/departures/${departure.id}/move`, { body }), (answer) => onDone(answer.offered));
  const problem = saveProblem(move.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setAsked({ targetDepartureId: Number(form.get('targetDepartureId')), reason: String(form.get('reason')) as WeatherReason });
  };
  const target = departure.alternatives.find((other) => other.id === asked?.targetDepartureId);
  return (
    <form className="sky-move" onSubmit={submit} aria-label={`Flytta alla: ${departure.tourTitle} ${clock(departure.startsAt)}`}>
      <div className="field">
        <label htmlFor={`target-${departure.id}`}>Flytta till</label>
        <select id={`target-${departure.id}`} name="targetDepartureId" required disabled={Boolean(asked)}>
          {departure.alternatives.map((other) => (
            <option key={other.id} value={other.id} disabled={other.seatsLeft < needed}>
              {formatWhen(other.startsAt)} ({other.seatsLeft} platser kvar)
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`reason-${departure.id}`}>Orsak</label>
        <select id={`reason-${departure.id}`} name="reason" defaultValue={departure.aurora ? 'aurora' : 'storm'} disabled={Boolean(asked)}>
          {WEATHER_REASONS.map((value) => (
            <option key={value} value={value}>
              {REASONS[value]}
            </option>
          ))}
        </select>
      </div>
      {problem && (
        <p className="error-message" role="alert">
          {problem.message}
        </p>
      )}
      {!asked ? (
        <button type="submit" className="button" disabled={departure.alternatives.length === 0}>
          Erbjud alla gäster flytt eller pengarna tillbaka…
        </button>
      ) : (
        <div className="sky-confirm" role="group" aria-label="Bekräfta flytten">
          <p>
            {`Mejla ${reach(departure)} ett erbjudande: flytt till ${target ? formatWhen(target.startsAt) : 'den valda avgången'} eller pengarna tillbaka (${REASONS[asked.reason].toLowerCase()}). Avgången stängs för nya bokningar. Det går inte att ångra.`}
          </p>
          <div className="sky-actions">
            <button type="button" className="button" disabled={move.isPending} onClick={() => move.mutate(asked)}>
              {`Ja, mejla ${plural(departure.confirmedBookings, 'bokning', 'bokningar')}`}
            </button>
            <button type="button" className="button button--secondary" disabled={move.isPending} onClick={() => setAsked(undefined)}>
              Avbryt
            </button>
          </div>
        </div>
      )}
    </form>
  );
}

function DepartureCard({ departure }: { departure: SkyBoardDeparture }) {
  const [moving, setMoving] = useState(false);
  const [sent, setSent] = useState<number>();
  const run = useContentMutation([BOARD_KEY], () => adminRequest<SkyBoardView>('POST', `sky-board/departures/${departure.id}/run`));
  const problem = saveProblem(run.error);
  const moved = departure.call?.decision === 'move';
  return (
    <li className="sky-departure">
      <h3>
        {clock(departure.startsAt)} {departure.tourTitle}
      </h3>
      <p>
        {departure.booked > 0 && (
          <>
            <ManifestLink departureId={departure.id} label={`${clock(departure.startsAt)} ${departure.tourTitle}`} />
            {' · '}
          </>
        )}
        {departure.booked} av {departure.capacity} platser bokade
        {departure.aurora && departure.verdict ? (
          <>
            {' · '}
            <span className={`sky-verdict sky-verdict--${departure.verdict}`}>{VERDICT[departure.verdict]}</span> i {departure.place}
          </>
        ) : null}
      </p>
      {sent !== undefined && (
        <p role="status" className="admin-notice">
          {`Erbjudandet mejlat till ${plural(sent, 'bokning', 'bokningar')}.`}
        </p>
      )}
      {departure.call && <CallSummary call={departure.call} />}
      {problem && (
        <p className="error-message" role="alert">
          {problem.message}
        </p>
      )}
      {!moved && (
        <div className="sky-actions">
          <button type="button" className="button button--secondary" onClick={() => run.mutate(undefined)} disabled={run.isPending}>
            Kör
          </button>
          {/* Nobody booked: nobody to move. */}
          {departure.booked > 0 && (
            <button type="button" className="button" aria-expanded={moving} onClick={() => setMoving((open) => !open)}>
              Flytta alla…
            </button>
          )}
        </div>
      )}
      {!moved && moving && departure.booked > 0 && (
        <MoveForm
          departure={departure}
          onDone={(offered) => {
            setSent(offered);
            setMoving(false);
          }}
        />
      )}
    </li>
  );
}

/** A departure the evening's decision is about: a Northern Lights tour with guests, or any departure staff already decided on. */
const inFocus = (departure: SkyBoardDeparture) => departure.call !== null || (departure.aurora && departure.booked > 0);

/** The rest of the evening's departures, one line each, folded away: open, each is a card as above. */
function OtherDepartures({ departures }: { departures: SkyBoardDeparture[] }) {
  if (!departures.length) return null;
  const empty = departures.filter((departure) => departure.booked === 0).length;
  const kinds = [empty > 0 ? `${empty} utan bokningar` : '', departures.length > empty ? `${departures.length - empty} med bokningar, inte norrsken` : ''].filter(Boolean).join(', ');
  return (
    <details className="sky-others">
      <summary>{`${plural(departures.length, 'annan avgång', 'andra avgångar')} (${kinds})`}</summary>
      <ul className="sky-departures">
        {departures.map((departure) => (
          <DepartureCard key={departure.id} departure={departure} />
        ))}
      </ul>
    </details>
  );
}

function Night({ night }: { night: SkyBoardNight }) {
  const focus = night.departures.filter(inFocus);
  const others = night.departures.filter((departure) => !inFocus(departure));
  return (
    <section className="sky-night" aria-labelledby={`night-${night.date}`}>
      <h2 id={`night-${night.date}`}>{nightTitle(night.date)}</h2>
      <ul className="sky-places">
        {night.outlooks.map((outlook) => (
          <li key={outlook.place} className={`sky-outlook__night sky-outlook__night--${outlook.verdict ?? 'unknown'}`}>
            <strong>{outlook.place}:</strong> {outlook.headline}
            {outlook.darkFrom && ` (mörkt ${outlook.darkFrom}–${outlook.darkTo})`}
            {outlook.reasons.length > 0 && <span className="sky-reasons"> {outlook.reasons.join(', ')}</span>}
          </li>
        ))}
      </ul>
      {night.departures.length === 0 ? (
        <p>Inga avgångar.</p>
      ) : (
        <>
          {focus.length === 0 ? (
            <p>Inga norrskensturer med bokningar.</p>
          ) : (
            <ul className="sky-departures">
              {focus.map((departure) => (
                <DepartureCard key={departure.id} departure={departure} />
              ))}
            </ul>
          )}
          <OtherDepartures departures={others} />
        </>
      )}
    </section>
  );
}

/**
 * The sky board, phone first: tonight and the next three evenings, the outlook where the tours
 * go out, and each departure with its bookings and seats; staff decide: run, or move everyone
 * (each guest offered another date free, or their money back, by mail), and see who answered.
 */
export function SkyBoardScreen() {
  const board = useQuery({ queryKey: BOARD_KEY, queryFn: () => adminRequest<SkyBoardView>('GET', 'sky-board') });
  return (
    <div className="sky-board">
      {board.isPending && <p>Laddar…</p>}
      {board.isError && <p role="alert">Kunde inte läsa tavlan. Försök igen.</p>}
      {board.data && (
        <>
          {board.data.nights.map((night) => (
            <Night key={night.date} night={night} />
          ))}
          <p className="sky-outlook__source">
            {board.data.attribution}
            {board.data.updatedAt ? ` Senast hämtat ${formatWhen(board.data.updatedAt)}.` : ' Ingen prognos hämtad ännu.'}
          </p>
        </>
      )}
    </div>
  );
}
