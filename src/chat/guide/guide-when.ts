import { TZDate } from '@date-fns/tz';

import { COMPANY } from '../../../shared/company';
import { words } from './guide-language';

/** The days a guest asked about, in Kiruna's time: [from, to). */
export interface GuideSpan {
  /** `range`: from one weekday to another ("from Friday to Monday"), both days included. */
  kind: 'today' | 'tomorrow' | 'weekend' | 'date' | 'range';
  from: Date;
  to: Date;
}

const MONTH_NAMES: string[][] = [
  ['january', 'januari', 'januar', 'jan'],
  ['february', 'februari', 'februar', 'feb'],
  ['march', 'mars', 'märz', 'mar'],
  ['april', 'apr'],
  ['may', 'maj', 'mai'],
  ['june', 'juni', 'jun'],
  ['july', 'juli', 'jul'],
  ['august', 'augusti', 'aug'],
  ['september', 'sept', 'sep'],
  ['october', 'oktober', 'oct', 'okt'],
  ['november', 'nov'],
  ['december', 'dezember', 'dec', 'dez'],
];
const MONTHS = MONTH_NAMES.map((names) => words(...names));
const MONTH_WORD = MONTH_NAMES.flat()
  .sort((a, b) => b.length - a.length)
  .join('|');

/** Sunday first, as Date.getDay() counts. */
const WEEKDAYS: RegExp[] = [
  words('sundays?', "sunday's", 'söndag*', 'sonntag*'),
  words('mondays?', "monday's", 'måndag*', 'montag*'),
  words('tuesdays?', "tuesday's", 'tisdag*', 'dienstag*'),
  words('wednesdays?', "wednesday's", 'onsdag*', 'mittwoch*'),
  words('thursdays?', "thursday's", 'torsdag*', 'donnerstag*'),
  words('fridays?', "friday's", 'fredag*', 'freitag*'),
  words('saturdays?', "saturday's", 'lördag*', 'samstag*', 'sonnabend*'),
];

const TODAY = words('today', 'tonight', 'this evening', 'idag', 'i dag', 'ikväll', 'i kväll', 'i natt', 'inatt', 'heute*');
const TOMORROW = words('tomorrow', 'imorgon', 'i morgon', 'imorn', 'i morn', 'morgen abend', 'morgen früh', 'morgen');
/** The days guests plan around, by name: [pattern, month, day]. */
const NAMED_DAYS: [RegExp, number, number][] = [
  [words('christmas eve', 'julafton', 'heilig(er ?)?abend'), 12, 24],
  [words('christmas day', 'juldag(en)?', '(erste[nr]? )?weihnachtsfeiertag'), 12, 25],
  [words("new year'?s eve", 'nyårsafton', 'silvester'), 12, 31],
  [words("new year'?s day", 'nyårsdag(en)?', 'neujahr(stag)?'), 1, 1],
];
const DAY_AFTER = words('day after tomorrow', 'i övermorgon', 'övermorgon', 'übermorgen');
const WEEKEND = words('weekend', 'helgen', 'i helgen', 'wochenende');
/** "Morgen" is the morning after "am" or "guten", tomorrow otherwise. */
const MORNING_NOT_TOMORROW = words('am morgen', 'guten morgen', 'jeden morgen');

const DAY_MS = 86_400_000;

/** Midnight of a Kiruna day, `offset` days after `now`'s. */
function localDay(now: Date, offset: number): Date {
  const today = new TZDate(now.getTime(), COMPANY.timeZone);
  return new Date(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offset, COMPANY.timeZone).getTime());
}

function day(now: Date, offset: number, kind: GuideSpan['kind']): GuideSpan {
  return { kind, from: offset === 0 ? now : localDay(now, offset), to: localDay(now, offset + 1) };
}

/** The next (or this) `month`/`dayOfMonth` in Kiruna, from `now`. */
function dateFrom(now: Date, month: number, dayOfMonth: number): GuideSpan | undefined {
  if (month < 1 || month > 12 || dayOfMonth < 1 || dayOfMonth > 31) return undefined;
  const today = new TZDate(now.getTime(), COMPANY.timeZone);
  for (const year of [today.getFullYear(), today.getFullYear() + 1]) {
    const start = new TZDate(year, month - 1, dayOfMonth, COMPANY.timeZone);
    if (start.getMonth() !== month - 1) return undefined;
    const end = start.getTime() + DAY_MS + 2 * 3_600_000;
    if (end > now.getTime()) {
      const next = new Date(new TZDate(year, month - 1, dayOfMonth + 1, COMPANY.timeZone).getTime());
      return { kind: 'date', from: new Date(Math.max(start.getTime(), now.getTime())), to: next };
    }
  }
  return undefined;
}

const monthOf = (name: string) => MONTHS.findIndex((pattern) => pattern.test(name)) + 1;

/**
 * The day a question is about: today or tonight, tomorrow, the weekend, a weekday (the next
 * one, or today if it is that day), a date ("12 December", "den 12 december", "am 12.
 * Dezember", "12/12", "2026-12-12") or a holiday ("Christmas Eve", "julafton", "Silvester");
 * nothing when it names none.
 */
export function readWhen(text: string, now: Date): GuideSpan | undefined {
  const lower = text.toLowerCase();
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(lower);
  if (iso) return dateFrom(now, Number(iso[2]), Number(iso[3]));
  const named = new RegExp(`(?<!\\d)(\\d{1,2})(?:st|nd|rd|th|e|:e|\\.)?\\s+(?:of\\s+)?(${MONTH_WORD})(?![\\p{L}])`, 'u').exec(lower);
  if (named) return dateFrom(now, monthOf(named[2]), Number(named[1]));
  const monthFirst = new RegExp(`(?<![\\p{L}])(${MONTH_WORD})\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)`, 'u').exec(lower);
  if (monthFirst) return dateFrom(now, monthOf(monthFirst[1]), Number(monthFirst[2]));
  // 12/12, or 12.12. (a dot after the month too, so that "1.5 hours" is no date).
  const numeric = /(?<![\d:.])(\d{1,2})(?:\/(\d{1,2})(?![\d:])|\.(\d{1,2})\.(?!\d))/.exec(lower);
  if (numeric) return dateFrom(now, Number(numeric[2] ?? numeric[3]), Number(numeric[1]));

  const holiday = NAMED_DAYS.find(([pattern]) => pattern.test(lower));
  if (holiday) return dateFrom(now, holiday[1], holiday[2]);
  if (DAY_AFTER.test(lower)) return day(now, 2, 'date');
  if (TODAY.test(lower)) return day(now, 0, 'today');
  if (TOMORROW.test(lower) && !MORNING_NOT_TOMORROW.test(lower)) return day(now, 1, 'tomorrow');
  // Weekdays in the order written: one is that day; two ("we arrive Friday and leave Monday") are the days from the first to the second.
  const weekdays = WEEKDAYS.map((pattern, weekday) => ({ weekday, at: pattern.exec(lower)?.index ?? -1 }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  if (weekdays.length > 0) {
    const today = new TZDate(now.getTime(), COMPANY.timeZone).getDay();
    const first = (weekdays[0].weekday - today + 7) % 7;
    if (weekdays.length === 1) return day(now, first, 'date');
    const last = first + ((weekdays.at(-1)!.weekday - weekdays[0].weekday + 7) % 7);
    return { kind: 'range', from: first === 0 ? now : localDay(now, first), to: localDay(now, last + 1) };
  }
  if (WEEKEND.test(lower)) {
    const today = new TZDate(now.getTime(), COMPANY.timeZone).getDay();
    const toSaturday = today === 0 ? -1 : 6 - today;
    const from = toSaturday <= 0 ? now : localDay(now, toSaturday);
    return { kind: 'weekend', from, to: localDay(now, toSaturday + 2) };
  }
  return undefined;
}

/** A time of day the guest named ("the 19:00 one", "kl. 20"), as HH:MM. */
export function readClock(text: string): string | undefined {
  const match = /(?<![\d.])([01]?\d|2[0-3])[:.]([0-5]\d)(?!\d)/.exec(text) ?? /\b(?:kl\.?|um|at)\s*([01]?\d|2[0-3])\b(?![:.,]?\d)/i.exec(text);
  if (!match) return undefined;
  return `${match[1].padStart(2, '0')}:${match[2] ?? '00'}`;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  en: 1, ett: 1, två: 2, tre: 3, fyra: 4, fem: 5, sex: 6, sju: 7, åtta: 8, nio: 9, tio: 10, elva: 11, tolv: 12,
  ein: 1, eine: 1, einen: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwölf: 12,
  a: 1,
};
const NUMBER = `\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')}`;
const CHILDREN = 'children|kids?|child|barn|barnen|kinder|kindern|kind';
const INFANTS = 'bab(?:y|ies|ys)|infants?|toddlers?|spädbarn|småbarn|bebis(?:ar)?|kleinkind(?:er)?|säuglinge?';
const PEOPLE = `people|persons?|guests?|adults?|of us|personer|person|vuxna|vuxen|gäster|personen|erwachsene[nr]?|gäste|leute|${CHILDREN}|${INFANTS}`;
/** A child named by age: "a 9 year old", "two 6-year-olds", "en 7-åring", "ein 8-jähriger". */
const AGED = '(\\d{1,2})\\s*-?\\s*(?:years?[ -]olds?|yrs?[ -]olds?|åring(?:ar|en)?|jährige[nrs]?)';
const IS_CHILD = new RegExp(`^(?:${CHILDREN})$`, 'u');
const IS_INFANT = new RegExp(`^(?:${INFANTS})$`, 'u');
const valueOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word]);

/**
 * "3 people", "två vuxna", "a child", "a 9 year old": each number of people a text names, with
 * its noun ("child" for one named by age, with that `age`). "My 5 year old" is no count: the
 * party is more than the child.
 */
function countedPeople(lower: string): { count: number; noun: string; age?: number }[] {
  const aged = [...lower.matchAll(new RegExp(`(?<![\\p{L}\\d])(${NUMBER}|an)\\s+${AGED}(?![\\p{L}])`, 'gu'))].map((match) => ({
    count: match[1] === 'an' ? 1 : valueOf(match[1]),
    noun: 'child',
    age: Number(match[2]),
  }));
  const counted = [...lower.matchAll(new RegExp(`(?<![\\p{L}\\d])(${NUMBER})\\s+(?:\\p{L}+\\s+)?(${PEOPLE})(?![\\p{L}])`, 'gu'))]
    // "a child" counts, "a tour for people" does not.
    .filter((match) => match[1] !== 'a' || IS_CHILD.test(match[2]) || IS_INFANT.test(match[2]))
    .map((match) => ({ count: valueOf(match[1]), noun: match[2] }));
  return [...counted, ...aged];
}

/** Who a party is, when it names children or babies: "2 adults and a child", "två vuxna och ett barn", "zwei Erwachsene und ein Baby". */
export interface PartyMix {
  adults: number;
  /** Children, with those named by age among them. */
  children: number;
  infants: number;
  /** The ages of the children named by age ("a 9 year old": [9]), one per child. */
  ages?: number[];
}

export function readPartyMix(text: string): PartyMix | undefined {
  const mix: PartyMix = { adults: 0, children: 0, infants: 0 };
  const ages: number[] = [];
  for (const { count, noun, age } of countedPeople(text.toLowerCase())) {
    const kind = IS_INFANT.test(noun) ? 'infants' : IS_CHILD.test(noun) ? 'children' : 'adults';
    mix[kind] += count;
    if (age !== undefined) ages.push(...Array<number>(count).fill(age));
  }
  return mix.children + mix.infants > 0 ? { ...mix, ...(ages.length && { ages }) } : undefined;
}

/**
 * How many guests a question is about: "for three", "3 people", "we are 4", "för tre",
 * "vi är två vuxna och ett barn", "für zwei Erwachsene"; nothing when it names no party.
 */
export function readParty(text: string): number | undefined {
  const lower = text.toLowerCase();
  const counted = countedPeople(lower);
  if (counted.length > 0) return counted.reduce((sum, { count }) => sum + count, 0);
  // "Hold 2 seats", "boka 3 platser", "zwei Plätze reservieren": seats asked for are the party (not "8 seats left").
  const seats = new RegExp(`(?<![\\p{L}\\d])(${NUMBER.replace('|a', '')})\\s+(?:seats?|places?|spots?|tickets?|platser|plats|biljetter|plätze|platz|karten)(?![\\p{L}])(?!\\s+(?:left|free|kvar|lediga|frei|übrig))`, 'u').exec(lower);
  if (seats) return valueOf(seats[1]);
  const party = new RegExp(`(?<![\\p{L}])(?:room for|space for|seats for|places for|for|we are|there are|party of|plats för|platser för|för|vi är|platz für|plätze für|für|wir sind)\\s+(${NUMBER.replace('|a', '')})(?![\\p{L}\\d])(?!\\s*(?:h\\b|hours?|timm|tim\\b|stunden|std|sek|kr|kronor|€|minutes?|min))`, 'u').exec(lower);
  return party ? valueOf(party[1]) : undefined;
}
