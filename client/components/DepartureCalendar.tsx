import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

import type { DepartureView, SkyOutlookView } from '../../shared/api-types';
import { BOOKABLE_DAYS_AHEAD } from '../../shared/taxonomy';
import { COMPANY } from '../../shared/company';
import { INTL_LOCALES, type Lang } from '../../shared/languages';
import { useFormat, type Formats } from '../i18n/format';
import { useLang, useT, type Translate } from '../i18n/i18n';
import { byKirunaDay, calendarMonth, dayKey, monthKey, monthRange, shiftDay, shiftMonth, todayInKiruna, type CalendarDay } from './calendar-month';

/** Seats left at or under this are said as a number ("3 left"); above it, "Available". */
const FEW_SEATS = 3;

/** The calendar's dates in a language (English as en-GB writes them: "December 2026", "Mon"). */
function calendarDates(lang: Lang) {
  const locale = INTL_LOCALES[lang];
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
  const weekdayShort = format({ weekday: 'short' });
  const weekdayLong = format({ weekday: 'long' });
  // 2024-01-01 was a Monday: the week's days from there.
  const week = Array.from({ length: 7 }, (_, index) => new Date(Date.UTC(2024, 0, 1 + index)));
  return {
    monthTitle: format({ month: 'long', year: 'numeric' }),
    dayTitle: format({ weekday: 'long', day: 'numeric', month: 'long' }),
    dayMonth: format({ month: 'long' }),
    weekday: weekdayLong,
    startTime: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: COMPANY.timeZone }),
    weekdays: week.map((date) => [weekdayShort.format(date), weekdayLong.format(date)] as [string, string]),
  };
}
type CalendarDates = ReturnType<typeof calendarDates>;
/** Each language's, made once: a formatter costs far more to make than to use, and the server renders the calendar for every page it makes afresh. */
const CALENDAR_DATES = new Map<Lang, CalendarDates>();
const calendarDatesIn = (lang: Lang): CalendarDates => {
  if (!CALENDAR_DATES.has(lang)) CALENDAR_DATES.set(lang, calendarDates(lang));
  return CALENDAR_DATES.get(lang)!;
};

const seatsWords = (seatsLeft: number, t: Translate): string => (seatsLeft === 0 ? t('cal.soldOut') : seatsLeft <= FEW_SEATS ? t('cal.left', { count: seatsLeft }) : t('cal.available'));
const bookable = (departure: DepartureView): boolean => departure.seatsLeft > 0;
/** A day whose every open departure has a stay with no room left for its nights (the tour itself can still be booked). */
const roomsFullOn = (open: DepartureView[]): boolean => open.length > 0 && open.every((departure) => (departure.fullStays?.length ?? 0) > 0);

/**
 * What a day's button says to a screen reader after its visible day number: the month and
 * weekday, whether there is room and from what price. A minimum to run is said once, for the
 * date chosen and counting the guest's party, not on every day (the booking page's MinimumLine).
 */
function dayLabel(day: CalendarDay, departures: DepartureView[], dates: CalendarDates, t: Translate, format: Formats): string {
  const date = ` ${dates.dayMonth.format(day.date)}, ${dates.weekday.format(day.date)}`;
  const open = departures.filter(bookable);
  if (open.length === 0) return t('cal.soldOutDay', { date });
  const seats = Math.max(...open.map((departure) => departure.seatsLeft));
  const price = Math.min(...open.map((departure) => departure.priceSek));
  const times = open.length > 1 ? t('cal.startTimes', { count: open.length }) : t('cal.starts', { time: dates.startTime.format(new Date(open[0]!.startsAt)) });
  return t('cal.dayLabel', { date, seats: seats <= FEW_SEATS ? t('cal.seatsFew', { count: seats }) : t('cal.seatsAvailable'), price: format.sek(price), times });
}

interface Props {
  tourSlug: string;
  /** The departures the page was rendered with (the next ones): the first month shows them at once. */
  initial: DepartureView[];
  selectedId: number | undefined;
  onSelect: (departure: DepartureView) => void;
  /** Who the day's price is for: the tour's default price category ("Adult (13+)"). */
  priceFor: string;
  /** The id of the message that says what is wrong with the choice, if any. */
  describedBy?: string;
  /** An aurora tour's outlook: its evenings are marked, and the chosen one's is said. */
  sky?: SkyOutlookView;
}

/**
 * A month of a tour's departures: per day whether there is room (seats when few), the price
 * and the start times, sold-out and below-minimum days marked. Months are read one at a time
 * from the departures API. Arrow keys move between the days that can be booked; nothing is
 * chosen for the guest.
 */
export function DepartureCalendar({ tourSlug, initial, selectedId, onSelect, priceFor, describedBy, sky }: Props) {
  const t = useT();
  const format = useFormat();
  const lang = useLang();
  const dates = calendarDatesIn(lang);
  const [today] = useState(todayInKiruna);
  const lastMonth = monthKey(shiftDay(today, BOOKABLE_DAYS_AHEAD));
  const firstMonth = monthKey(today);
  const chosen = initial.find((departure) => departure.id === selectedId);
  const opening = chosen ?? initial.find(bookable);
  const [month, setMonth] = useState(() => monthKey(opening ? dayKey(opening.startsAt) : today));
  // Months read from the API, by "YYYY-MM"; until a month is read, the page's own departures stand in.
  const [months, setMonths] = useState<Record<string, DepartureView[]>>({});
  const [failed, setFailed] = useState<string>();
  const [dayChosen, setDayChosen] = useState<string | undefined>(chosen ? dayKey(chosen.startsAt) : undefined);
  const grid = useRef<HTMLTableElement>(null);
  // The page read its departures again (seats went meanwhile): the months are read again too.
  const [readWith, setReadWith] = useState(initial);
  if (readWith !== initial) {
    setReadWith(initial);
    setMonths({});
  }

  useEffect(() => {
    if (months[month]) return;
    let active = true;
    const { from, to } = monthRange(month, today);
    // The API client comes with the first month read (the page renders with its first month).
    import('../api/http')
      .then(({ apiRequest }) => apiRequest<DepartureView[]>('GET', `/api/tours/${encodeURIComponent(tourSlug)}/departures?from=${from}&to=${to}`))
      .then(
        (departures) => {
          if (!active) return;
          setFailed(undefined);
          setMonths((current) => ({ ...current, [month]: departures.filter((departure) => monthKey(dayKey(departure.startsAt)) === month) }));
        },
        () => active && setFailed(t('cal.loadFailed')),
      );
    return () => {
      active = false;
    };
  }, [month, months, tourSlug, today, t]);

  const shown = months[month] ?? initial.filter((departure) => monthKey(dayKey(departure.startsAt)) === month);
  const byDay = byKirunaDay(shown);
  const weeks = calendarMonth(month);
  const openDays = weeks.flat().filter((day): day is CalendarDay => Boolean(day && byDay.get(day.key)?.some(bookable)));
  // One day button is in the tab order (the chosen day, else the first that can be booked); arrows move between them.
  const roomsFullShown = openDays.some((day) => roomsFullOn(byDay.get(day.key)!.filter(bookable)));
  const tabDay = openDays.find((day) => day.key === dayChosen)?.key ?? openDays[0]?.key;
  const dayDepartures = dayChosen ? (byDay.get(dayChosen) ?? []) : [];
  // An evening the sky is known for (nothing is said of one it is not).
  const skyOn = (key: string) => sky?.nights.find((night) => night.date === key && night.verdict !== null);
  const chosenSky = dayChosen ? skyOn(dayChosen) : undefined;

  const chooseDay = (key: string) => {
    setDayChosen(key);
    const open = (byDay.get(key) ?? []).filter(bookable);
    if (open.length === 1) onSelect(open[0]!);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    const current = (event.target as HTMLElement).dataset.day;
    if (!step || !current) return;
    event.preventDefault();
    const from = openDays.findIndex((day) => day.key === current);
    // Left and right go to the previous or next open day; up and down to the nearest open day a week away.
    const target =
      Math.abs(step) === 1
        ? openDays[from + step]
        : openDays.filter((day) => (step > 0 ? day.key > current : day.key < current)).sort((a, b) => Math.abs(a.index - (openDays[from]!.index + step)) - Math.abs(b.index - (openDays[from]!.index + step)))[0];
    if (target) grid.current?.querySelector<HTMLButtonElement>(`[data-day="${target.key}"]`)?.focus();
  };

  return (
    <div className="calendar" aria-describedby={describedBy}>
      <div className="calendar__head">
        <button type="button" className="calendar__nav" onClick={() => setMonth(shiftMonth(month, -1))} disabled={month <= firstMonth} aria-label={t('cal.previous')}>
          ‹
        </button>
        <h2 className="calendar__title" id="calendar-title" aria-live="polite">
          {dates.monthTitle.format(new Date(`${month}-01T00:00:00Z`))}
        </h2>
        <button type="button" className="calendar__nav" onClick={() => setMonth(shiftMonth(month, 1))} disabled={month >= lastMonth} aria-label={t('cal.next')}>
          ›
        </button>
      </div>
      {failed && (
        <p className="error-message" role="alert">
          {failed}
        </p>
      )}
      <table className="calendar__grid" aria-labelledby="calendar-title" ref={grid} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {dates.weekdays.map(([short, long]) => (
              <th key={short} scope="col">
                <abbr title={long}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                if (!day) return <td key={column} />;
                const departures = byDay.get(day.key) ?? [];
                if (departures.length === 0) {
                  return (
                    <td key={column} className="calendar__day calendar__day--none">
                      <span className="calendar__date">{day.date.getUTCDate()}</span>
                    </td>
                  );
                }
                const open = departures.filter(bookable);
                const soldOut = open.length === 0;
                const seats = soldOut ? 0 : Math.max(...open.map((departure) => departure.seatsLeft));
                const price = Math.min(...(soldOut ? departures : open).map((departure) => departure.priceSek));
                const classes = ['calendar__day', soldOut ? 'calendar__day--sold-out' : seats <= FEW_SEATS ? 'calendar__day--few' : 'calendar__day--open'];
                const night = skyOn(day.key);
                const roomsFull = roomsFullOn(open);
                if (roomsFull) classes.push('calendar__day--rooms-full');
                return (
                  <td key={column} className={classes.join(' ')}>
                    <button
                      type="button"
                      data-day={day.key}
                      disabled={soldOut}
                      tabIndex={day.key === tabDay ? 0 : -1}
                      aria-pressed={day.key === dayChosen}
                      onClick={() => chooseDay(day.key)}
                    >
                      <span className="calendar__date">{day.date.getUTCDate()}</span>
                      <span className="visually-hidden calendar__label">{`${dayLabel(day, departures, dates, t, format)}${roomsFull ? `. ${t('cal.roomsFullDay')}` : ''}${night ? ` ${night.headline}.` : ''}`}</span>
                      {roomsFull && <span className="calendar__rooms" aria-hidden="true" title={t('cal.roomsFull')} />}
                      {night && <span className={`calendar__sky calendar__sky--${night.verdict}`} aria-hidden="true" title={night.headline} />}
                      <span className="calendar__price" aria-hidden="true">
                        {soldOut ? t('cal.full') : format.sek(price).replace(/\s?(SEK|kr)$/, '')}
                      </span>
                      <span className="calendar__seats" aria-hidden="true">
                        {!soldOut && seats <= FEW_SEATS ? t('cal.left', { count: seats }) : ''}
                      </span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {openDays.length === 0 && <p className="calendar__empty">{month >= lastMonth ? t('cal.noMore') : t('cal.noneThisMonth')}</p>}
      <p className="calendar__legend">
        {t('cal.legendPrice', { who: priceFor })} <span className="calendar__key calendar__key--few">{t('cal.fewSeats')}</span>{' '}
        <span className="calendar__key calendar__key--sold-out">{t('cal.soldOut')}</span>
        {roomsFullShown && (
          <>
            {' '}
            <span className="calendar__key calendar__key--rooms-full">{t('cal.roomsFull')}</span>
          </>
        )}
      </p>
      {chosenSky && (
        <p className="calendar__sky-line" aria-live="polite">
          {chosenSky.headline} <span className="calendar__sky-source">{sky?.attribution}</span>
        </p>
      )}
      {dayChosen && dayDepartures.length > 0 && (
        <fieldset className="calendar__times">
          <legend>{t('cal.startTimesOn', { day: dates.dayTitle.format(new Date(`${dayChosen}T00:00:00Z`)) })}</legend>
          <ul className="date-options">
            {dayDepartures.map((departure) => (
              <li key={departure.id}>
                <label className={departure.seatsLeft === 0 ? 'date-option date-option--sold-out' : 'date-option'}>
                  <input
                    type="radio"
                    name="departureId"
                    value={departure.id}
                    checked={departure.id === selectedId}
                    disabled={departure.seatsLeft === 0}
                    onChange={() => onSelect(departure)}
                  />
                  <span className="date-option__when">{dates.startTime.format(new Date(departure.startsAt))}</span>
                  <span className="date-option__seats">
                    {departure.seatsLeft === 0 ? t('cal.soldOut') : `${seatsWords(departure.seatsLeft, t)} · ${format.sek(departure.priceSek)}`}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
