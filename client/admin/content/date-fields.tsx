import { useRef, useState } from 'react';

/**
 * Dates and times as Swedish staff write them, whatever language their browser speaks: a date
 * "2026-12-05" and a time "20:00" (24 hours), never "12/05/2026" or "08:00 PM" as the browser's own
 * date and time fields show them in English. The date keeps the browser's calendar behind a button.
 */

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What the field holds is a date staff meant (or nothing). */
export const isDateText = (text: string): boolean => text === '' || DATE.test(text);

/** "2000" or "8:15" as a time of day ("20:00", "08:15"); anything else as typed, for the field to refuse. */
export function timeText(typed: string): string {
  const text = typed.trim().replace('.', ':');
  const digits = /^(\d{1,2}):?(\d{2})$/.exec(text) ?? /^(\d{1,2})$/.exec(text);
  if (!digits) return text;
  const normal = `${digits[1].padStart(2, '0')}:${digits[2] ?? '00'}`;
  return TIME.test(normal) ? normal : text;
}

interface FieldProps {
  id: string;
  name?: string;
  required?: boolean;
  /** Controlled: the value, and what to do with a new one. Uncontrolled: defaultValue, read from the form. */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
}

/** A text field typed as `form` says (its pattern, the example shown and the hint), numbers on a phone's keyboard. */
function typedField(props: FieldProps, form: RegExp, placeholder: string, title: string) {
  return { id: props.id, name: props.name, required: props.required, type: 'text', inputMode: 'numeric', autoComplete: 'off', placeholder, title, pattern: form.source.slice(1, -1), maxLength: placeholder.length } as const;
}

/** The value as the caller keeps it, or as the field does. */
function useFieldValue({ value, defaultValue, onChange }: FieldProps): [string, (next: string) => void] {
  const [own, setOwn] = useState(defaultValue ?? '');
  const current = value ?? own;
  return [
    current,
    (next) => {
      if (value === undefined) setOwn(next);
      onChange?.(next);
    },
  ];
}

/** A date as "åååå-mm-dd", typed or chosen in the calendar. */
export function DateField(props: FieldProps) {
  const [text, setText] = useFieldValue(props);
  const picker = useRef<HTMLInputElement>(null);
  return (
    <span className="date-field">
      <input {...typedField(props, DATE, 'åååå-mm-dd', 'Datum som åååå-mm-dd, t.ex. 2026-12-05')} value={text} onChange={(event) => setText(event.target.value.trim())} />
      <button
        type="button"
        className="date-field__pick"
        aria-label="Välj i kalendern"
        onClick={() => {
          const input = picker.current;
          if (!input) return;
          input.value = isDateText(text) ? text : '';
          input.showPicker?.();
        }}
      >
        <span aria-hidden="true">📅</span>
      </button>
      <input ref={picker} type="date" className="date-field__calendar" tabIndex={-1} aria-hidden="true" onChange={(event) => setText(event.target.value)} />
    </span>
  );
}

/** A time of day in 24 hours, "20:00"; "2000" and "8" are made "20:00" and "08:00" when the field is left. */
export function TimeField(props: FieldProps) {
  const [text, setText] = useFieldValue(props);
  return (
    <input {...typedField(props, TIME, 'tt:mm', 'Tid som tt:mm, 24 timmar, t.ex. 20:00')} value={text} onChange={(event) => setText(event.target.value)} onBlur={() => setText(timeText(text))} />
  );
}
