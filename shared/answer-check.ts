/**
 * The one check of a tour's answers: the server refuses by it (`checkAnswers`), saying why in the
 * guest's language, and the booking and manage pages say it at a field as it is typed
 * (`answerProblem`, loaded when a guest first leaves a field, not with the page).
 */
import type { Lang } from './languages';
import { plainText } from './plain-text';
import { NO_ANSWERS, type AnswerValue, type Answers, type QuestionView } from './questions';

/** An answer the tour's rules refuse, naming the question (and the guest), in each of the site's languages (`message` is the English). */
export class AnswersRefused extends Error {
  constructor(readonly texts: Record<Lang, string>) {
    super(texts.en);
    this.name = 'AnswersRefused';
  }
}

const refused = (en: string, sv: string, de: string) => new AnswersRefused({ en, sv, de });

const TEXT_MAX = 500;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One answer checked against its question: the value to keep, or undefined when none was given. */
function checkValue(question: QuestionView, raw: unknown, who: Record<Lang, string>): AnswerValue | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const named = `${question.label}${who.en}`;
  const namedSv = `${question.label}${who.sv}`;
  const namedDe = `${question.label}${who.de}`;
  switch (question.kind) {
    case 'text': {
      if (typeof raw !== 'string') throw refused(`${named} must be text.`, `${namedSv} måste vara text.`, `${namedDe} muss Text sein.`);
      // As typed: no null bytes, escapes or direction overrides to reach the manifest and its CSV.
      const text = plainText(raw, 'lines');
      if (text.length > TEXT_MAX) throw refused(`${named} must be at most ${TEXT_MAX} characters.`, `${namedSv} får vara högst ${TEXT_MAX} tecken.`, `${namedDe} darf höchstens ${TEXT_MAX} Zeichen lang sein.`);
      return text || undefined;
    }
    case 'number': {
      const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
      const unit = question.unit ? ` ${question.unit}` : '';
      if (!Number.isFinite(value)) throw refused(`${named} must be a number.`, `${namedSv} måste vara ett tal.`, `${namedDe} muss eine Zahl sein.`);
      if (question.min !== null && value < question.min) throw refused(`${named} must be at least ${question.min}${unit}.`, `${namedSv} måste vara minst ${question.min}${unit}.`, `${namedDe} muss mindestens ${question.min}${unit} sein.`);
      if (question.max !== null && value > question.max) {
        throw refused(`${named} must be at most ${question.max}${unit} on this tour.`, `${namedSv} får vara högst ${question.max}${unit} på den här turen.`, `${namedDe} darf auf dieser Tour höchstens ${question.max}${unit} sein.`);
      }
      return value;
    }
    case 'choice': {
      if (typeof raw !== 'string' || !(question.choices ?? []).includes(raw)) {
        const choices = (question.choices ?? []).join(', ');
        throw refused(`${named} must be one of: ${choices}.`, `${namedSv} måste vara en av: ${choices}.`, `${namedDe} muss eines davon sein: ${choices}.`);
      }
      return raw;
    }
    case 'yesno': {
      if (typeof raw !== 'boolean') throw refused(`${named} must be yes or no.`, `${namedSv} måste vara ja eller nej.`, `${namedDe} muss ja oder nein sein.`);
      if (question.min === 1 && !raw) throw refused(`${named}: this tour needs a yes.`, `${namedSv}: turen kräver ett ja.`, `${namedDe}: diese Tour verlangt ein Ja.`);
      return raw;
    }
  }
}

/**
 * What is wrong with one answer as it is typed, in `lang` ("Weight (guest 2) must be at most 120 kg
 * on this tour."), by the same check the server makes; undefined when it is fine or empty. The
 * booking and manage pages say it at the field, before anything is sent.
 */
export function answerProblem(question: QuestionView, raw: unknown, guest: number | undefined, lang: Lang): string | undefined {
  const who = guest === undefined ? { en: '', sv: '', de: '' } : { en: ` (guest ${guest + 1})`, sv: ` (gäst ${guest + 1})`, de: ` (Gast ${guest + 1})` };
  try {
    checkValue(question, raw, who);
    return undefined;
  } catch (error) {
    if (error instanceof AnswersRefused) return error.texts[lang];
    throw error;
  }
}

/**
 * Checks answers for a party of `guests`: unknown questions and guests beyond the party are
 * refused; each answer is checked against its question; with `requireNow`, a required question
 * asked at booking must be answered. Returns the answers to keep (merged over `previous`, so the
 * manage page can send only what changes).
 */
export function checkAnswers(questions: readonly QuestionView[], given: unknown, guests: number, options: { requireNow: boolean; previous?: Answers }): Answers {
  if (given !== undefined && !isRecord(given)) throw refused('answers must be an object with booking and guests.', 'answers måste vara ett objekt med booking och guests.', 'answers muss ein Objekt mit booking und guests sein.');
  const input = (given ?? {}) as { booking?: unknown; guests?: unknown };
  if (input.booking !== undefined && !isRecord(input.booking)) throw refused('answers.booking must be an object.', 'answers.booking måste vara ett objekt.', 'answers.booking muss ein Objekt sein.');
  if (input.guests !== undefined && !Array.isArray(input.guests)) throw refused('answers.guests must be a list, one entry per guest.', 'answers.guests måste vara en lista, en per gäst.', 'answers.guests muss eine Liste sein, ein Eintrag pro Gast.');
  const givenGuests = (input.guests ?? []) as unknown[];
  if (givenGuests.length > guests) {
    const one = guests === 1;
    throw refused(
      `answers.guests has ${givenGuests.length} entries for ${guests} ${one ? 'guest' : 'guests'}: one per guest.`,
      `answers.guests har ${givenGuests.length} poster för ${guests} ${one ? 'gäst' : 'gäster'}: en per gäst.`,
      `answers.guests hat ${givenGuests.length} Einträge für ${guests} ${one ? 'Gast' : 'Gäste'}: einen pro Gast.`,
    );
  }
  const known = new Set(questions.map((question) => question.code));
  const unknownCode = [...Object.keys(input.booking ?? {}), ...givenGuests.flatMap((entry) => (isRecord(entry) ? Object.keys(entry) : []))].find((code) => !known.has(code));
  if (unknownCode) throw refused(`This tour asks no question "${unknownCode}".`, `Turen har ingen fråga "${unknownCode}".`, `Diese Tour stellt keine Frage "${unknownCode}".`);

  const previous = options.previous ?? NO_ANSWERS;
  const booking: Record<string, AnswerValue> = {};
  const perGuest: Record<string, AnswerValue>[] = Array.from({ length: guests }, (_, index) => ({ ...(previous.guests[index] ?? {}) }));
  for (const question of questions) {
    if (question.perGuest) {
      for (let index = 0; index < guests; index++) {
        const entry = givenGuests[index];
        if (entry !== undefined && !isRecord(entry)) throw refused(`answers.guests[${index}] must be an object.`, `answers.guests[${index}] måste vara ett objekt.`, `answers.guests[${index}] muss ein Objekt sein.`);
        const raw = (entry as Record<string, unknown> | undefined)?.[question.code];
        const value = checkValue(question, raw, { en: ` (guest ${index + 1})`, sv: ` (gäst ${index + 1})`, de: ` (Gast ${index + 1})` });
        if (value !== undefined) perGuest[index][question.code] = value;
        else if (entry && question.code in entry) delete perGuest[index][question.code];
        if (options.requireNow && question.required && question.askedAt === 'booking' && perGuest[index][question.code] === undefined) {
          throw refused(`Please answer "${question.label}" for guest ${index + 1}.`, `Svara på "${question.label}" för gäst ${index + 1}.`, `Bitte beantworten Sie "${question.label}" für Gast ${index + 1}.`);
        }
      }
    } else {
      const raw = (input.booking as Record<string, unknown> | undefined)?.[question.code];
      const value = checkValue(question, raw, { en: '', sv: '', de: '' });
      const kept = value !== undefined ? value : input.booking && question.code in input.booking ? undefined : previous.booking[question.code];
      if (kept !== undefined) booking[question.code] = kept;
      if (options.requireNow && question.required && question.askedAt === 'booking' && kept === undefined) {
        throw refused(`Please answer "${question.label}".`, `Svara på "${question.label}".`, `Bitte beantworten Sie "${question.label}".`);
      }
    }
  }
  return { booking, guests: perGuest };
}
