import { VAT_RATES } from '../../../shared/vat';

/** What each Swedish rate is for, as staff choose one. */
const RATE_WORDS: Record<(typeof VAT_RATES)[number], string> = {
  25: '25 % (aktiviteter, normalsats)',
  12: '12 % (logi)',
  6: '6 % (persontransport, guidning i naturområden)',
};

/** A VAT rate, chosen from the Swedish ones; with `inherit`, an empty choice that means "the tour's" (null). */
export function VatRateSelect({ id, value, onChange, inherit, 'aria-label': label }: { id: string; value: number | null; onChange: (rate: number | null) => void; inherit?: string; 'aria-label'?: string }) {
  return (
    <select id={id} aria-label={label} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}>
      {inherit !== undefined && <option value="">{inherit}</option>}
      {VAT_RATES.map((rate) => (
        <option key={rate} value={rate}>
          {RATE_WORDS[rate]}
        </option>
      ))}
    </select>
  );
}
