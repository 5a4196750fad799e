import { useT } from '../i18n/i18n';

/** One count of a price category, with buttons to step it: one tap each on a phone, and typing still works (the booking page and the manage page). */
export function PartyStepper({ id, label, value, max, onChange }: { id: string; label: string; value: number; max: number; onChange: (value: number) => void }) {
  const t = useT();
  const set = (next: number) => onChange(Math.max(0, Math.min(max, Math.trunc(next) || 0)));
  return (
    <div className="field field--inline stepper">
      <label htmlFor={id}>{label}</label>
      <div className="stepper__controls">
        <button type="button" className="stepper__button" aria-label={t('book.fewer', { label })} aria-controls={id} disabled={value <= 0} onClick={() => set(value - 1)}>
          −
        </button>
        <input id={id} name={id} type="number" inputMode="numeric" min={0} max={max} value={value} onChange={(event) => set(Number(event.currentTarget.value))} />
        <button type="button" className="stepper__button" aria-label={t('book.more', { label })} aria-controls={id} disabled={value >= max} onClick={() => set(value + 1)}>
          +
        </button>
      </div>
    </div>
  );
}
