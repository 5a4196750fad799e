/**
 * What a tour asks of a booking or of each guest, and how answers read (the check of the answers
 * is answer-check.ts).
 */
import type { Lang } from './languages';

export type QuestionKind = 'text' | 'number' | 'choice' | 'yesno';
/** Asked at booking, or answerable until the tour's `answersDueHours` before the start. */
export type QuestionWhen = 'booking' | 'before';

export interface QuestionView {
  code: string;
  label: string;
  kind: QuestionKind;
  unit: string | null;
  /** For choices: the values an answer takes (in English, the tour's own words). */
  choices: string[] | null;
  /** The choices as the guest reads them, in order, where the page's language names them (absent: the choices themselves). */
  choiceLabels?: string[];
  perGuest: boolean;
  askedAt: QuestionWhen;
  required: boolean;
  /** Numbers: the limits (a weight limit); yes/no: `min: 1` means it must be yes. */
  min: number | null;
  max: number | null;
}

export type AnswerValue = string | number | boolean;

/** A booking's answers: once for the booking, and per guest (the first guest first). */
export interface Answers {
  booking: Record<string, AnswerValue>;
  guests: Record<string, AnswerValue>[];
}

export const NO_ANSWERS: Answers = { booking: {}, guests: [] };

/**
 * The limits a tour sets on each guest, to say on its page before anyone books (a reindeer sled
 * takes guests up to 120 kg): the per-guest numbers asked at booking that have an upper bound,
 * with it in the question's unit ("120 kg").
 */
export function guestLimits(questions: readonly QuestionView[]): { code: string; label: string; max: string }[] {
  return questions
    .filter((question) => question.kind === 'number' && question.perGuest && question.askedAt === 'booking' && question.max !== null)
    .map((question) => ({ code: question.code, label: question.label, max: `${question.max}${question.unit ? ` ${question.unit}` : ''}` }));
}

/** A required answer still to come: the question, and for a question asked of each guest, whose (1 for the first). */
export interface MissingAnswer {
  code: string;
  label: string;
  guest: number | null;
}

/** The required questions still unanswered (for the reminder and the manage page), question by question, guest by guest. */
export function missingAnswers(questions: readonly QuestionView[], answers: Answers | null, guests: number): MissingAnswer[] {
  const given = answers ?? NO_ANSWERS;
  return questions
    .filter((question) => question.required)
    .flatMap((question): MissingAnswer[] =>
      question.perGuest
        ? Array.from({ length: guests }, (_, index) => index).filter((index) => given.guests[index]?.[question.code] === undefined).map((index) => ({ code: question.code, label: question.label, guest: index + 1 }))
        : given.booking[question.code] === undefined
          ? [{ code: question.code, label: question.label, guest: null }]
          : [],
    );
}

/** The few words answers need in their reader's language: whose answer, and yes or no. */
export interface AnswerWords {
  guest: (number: number) => string;
  yes: string;
  no: string;
}

export const ANSWER_WORDS: Record<Lang, AnswerWords> = {
  en: { guest: (number) => `guest ${number}`, yes: 'yes', no: 'no' },
  sv: { guest: (number) => `gäst ${number}`, yes: 'ja', no: 'nej' },
  de: { guest: (number) => `Gast ${number}`, yes: 'ja', no: 'nein' },
};

/** A missing answer as its reader reads it: "Boot size (guest 2)". */
export const describeMissing = (missing: MissingAnswer, words: AnswerWords): string => (missing.guest === null ? missing.label : `${missing.label} (${words.guest(missing.guest)})`);

/** A question's label with its unit, unless the label already names it as a word: "Weight (kg)", and "Boot size (EU)" as it is. */
export function questionLabel(question: Pick<QuestionView, 'label' | 'unit'>): string {
  const unit = question.unit?.trim();
  if (!unit) return question.label;
  const named = new RegExp(`(^|[^\\p{L}\\p{N}])${unit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'iu').test(question.label);
  return named ? question.label : `${question.label} (${unit})`;
}

/** An answer as people read it: "yes", "82 kg". */
export function formatAnswer(question: Pick<QuestionView, 'kind' | 'unit'>, value: AnswerValue, words: AnswerWords): string {
  if (question.kind === 'yesno') return value ? words.yes : words.no;
  if (question.kind === 'number' && question.unit) return `${value} ${question.unit}`;
  return String(value);
}

/** The answers in one line, question by question: "Weight: 82 kg (guest 1), 64 kg (guest 2); Dietary needs: one vegetarian". */
export function describeAnswers(questions: readonly QuestionView[], answers: Answers | null, words: AnswerWords): string {
  if (!answers) return '';
  return questions
    .map((question) => {
      const given = question.perGuest
        ? answers.guests.flatMap((entry, index) => (entry[question.code] === undefined ? [] : [`${formatAnswer(question, entry[question.code], words)} (${words.guest(index + 1)})`]))
        : answers.booking[question.code] === undefined
          ? []
          : [formatAnswer(question, answers.booking[question.code], words)];
      return given.length ? `${question.label}: ${given.join(', ')}` : '';
    })
    .filter(Boolean)
    .join('; ');
}
