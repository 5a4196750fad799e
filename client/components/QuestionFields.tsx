import { useState } from 'react';

import type { PickupPointView } from '../../shared/api-types';
import { questionLabel, type Answers, type AnswerValue, type QuestionView } from '../../shared/questions';
import { useFormat } from '../i18n/format';
import { useStringsLang, useT } from '../i18n/i18n';

/** The server's check of an answer, for the page to say at the field: fetched when a number field is first focused, not with the page. */
const loadCheck = () => import('../../shared/answer-check');

const fieldName = (question: QuestionView, guest?: number) => (guest === undefined ? `answer:${question.code}` : `answer:${question.code}:${guest}`);

function QuestionField({ question, guest, value, later }: { question: QuestionView; guest?: number; value?: AnswerValue; later: boolean }) {
  const t = useT();
  const lang = useStringsLang();
  const [problem, setProblem] = useState<string>();
  const id = fieldName(question, guest).replace(/:/g, '-');
  const optional = !question.required || later;
  const label = `${questionLabel(question)}${optional ? t(later && question.required ? 'q.later' : 'q.optional') : ''}`;
  const common = { id, name: fieldName(question, guest), required: !optional, 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? `${id}-error` : undefined };
  // A number outside the tour's limits (a weight over 120 kg) is said at its field as the guest leaves it, in the server's words (the check comes when first needed).
  const check = (raw: string) => void loadCheck().then(({ answerProblem }) => setProblem(answerProblem(question, raw.trim(), guest, lang)));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {question.kind === 'number' ? (
        <input
          {...common}
          type="number"
          inputMode="decimal"
          min={question.min ?? undefined}
          max={question.max ?? undefined}
          step="any"
          defaultValue={value === undefined ? '' : String(value)}
          onFocus={() => void loadCheck()}
          onBlur={(event) => check(event.currentTarget.value)}
          onChange={(event) => problem && check(event.currentTarget.value)}
        />
      ) : question.kind === 'choice' ? (
        <select {...common} defaultValue={value === undefined ? '' : String(value)}>
          <option value="">{t('q.choose')}</option>
          {(question.choices ?? []).map((choice, index) => (
            <option key={choice} value={choice}>
              {question.choiceLabels?.[index] ?? choice}
            </option>
          ))}
        </select>
      ) : question.kind === 'yesno' ? (
        <select {...common} defaultValue={value === undefined ? '' : value ? 'yes' : 'no'}>
          <option value="">{t('q.choose')}</option>
          <option value="yes">{t('q.yes')}</option>
          <option value="no">{t('q.no')}</option>
        </select>
      ) : (
        <input {...common} type="text" maxLength={500} defaultValue={value === undefined ? '' : String(value)} />
      )}
      {problem && (
        <span className="field-error" id={`${id}-error`}>
          {problem}
        </span>
      )}
    </div>
  );
}

/**
 * The tour's questions as form fields: those for the booking once, those per guest for each
 * guest. `stage` "booking" marks the questions asked later as optional.
 */
export function QuestionFields({ questions, guests, answers, stage }: { questions: QuestionView[]; guests: number; answers?: Answers; stage: 'booking' | 'manage' }) {
  const t = useT();
  if (questions.length === 0) return null;
  const later = (question: QuestionView) => stage === 'booking' && question.askedAt === 'before';
  const once = questions.filter((question) => !question.perGuest);
  const each = questions.filter((question) => question.perGuest);
  return (
    <div className="question-fields">
      {once.map((question) => (
        <QuestionField key={question.code} question={question} value={answers?.booking[question.code]} later={later(question)} />
      ))}
      {each.length > 0 &&
        Array.from({ length: guests }, (_, guest) => (
          <fieldset key={guest} className="guest-answers">
            <legend>{t('q.guest', { number: guest + 1 })}</legend>
            {each.map((question) => (
              <QuestionField key={question.code} question={question} guest={guest} value={answers?.guests[guest]?.[question.code]} later={later(question)} />
            ))}
          </fieldset>
        ))}
    </div>
  );
}

/** The answers in a form made with QuestionFields, as the API takes them (an empty field: no answer). */
export function readAnswers(form: FormData, questions: QuestionView[], guests: number): Answers {
  const value = (question: QuestionView, raw: FormDataEntryValue | null): AnswerValue | undefined => {
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text === '') return undefined;
    if (question.kind === 'number') return Number(text);
    if (question.kind === 'yesno') return text === 'yes';
    return text;
  };
  const booking: Answers['booking'] = {};
  for (const question of questions.filter((item) => !item.perGuest)) {
    const given = value(question, form.get(fieldName(question)));
    if (given !== undefined) booking[question.code] = given;
  }
  const perGuest = Array.from({ length: guests }, (_, guest) => {
    const entry: Answers['guests'][number] = {};
    for (const question of questions.filter((item) => item.perGuest)) {
      const given = value(question, form.get(fieldName(question, guest)));
      if (given !== undefined) entry[question.code] = given;
    }
    return entry;
  });
  return { booking, guests: perGuest };
}

/** The pickup choice: the meeting point, or one of the tour's pickup points at its time on this departure. */
export function PickupSelect({ points, startsAt, meetingPoint, value, id = 'pickupPointId' }: { points: PickupPointView[]; startsAt?: string; meetingPoint: string; value?: number | null; id?: string }) {
  const t = useT();
  const format = useFormat();
  if (points.length === 0) return null;
  const at = (point: PickupPointView) => (startsAt ? t('pickup.at', { time: format.time(new Date(new Date(startsAt).getTime() - point.minutesBefore * 60_000).toISOString()) }) : '');
  return (
    <div className="field">
      <label htmlFor={id}>{t('pickup.label')}</label>
      <select id={id} name="pickupPointId" defaultValue={value ?? ''}>
        <option value="">{t('pickup.none', { place: meetingPoint })}</option>
        {points.map((point) => (
          <option key={point.id} value={point.id}>
            {`${point.name}${at(point)}`}
          </option>
        ))}
      </select>
    </div>
  );
}
