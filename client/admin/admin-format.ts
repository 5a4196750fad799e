import { formatKr } from '../../shared/company';
import { formatStaffTime } from '../../shared/staff-words';

/** How the admin shows times, money and states, in Swedish. */
export const formatWhen = (iso: string): string => formatStaffTime(iso);
export { formatKr };
export { ATTENDANCE_LABELS, DEPARTURE_STATUS_LABELS, PAYMENT_LABELS, REFUND_STATUS_LABELS, STATUS_LABELS } from '../../shared/staff-words';

/** What a new series of departures made, said plainly: a series whose dates all exist (or have passed) is no success. */
export function seriesOutcome(created: number, existing: number, past: number): string {
  const skipped = [existing > 0 ? `${existing} fanns redan` : '', past > 0 ? `${past} har redan passerat` : ''].filter(Boolean).join(' och ');
  if (created > 0) return `${created} ${created === 1 ? 'avgång' : 'avgångar'} skapade${skipped ? `; ${skipped} och hoppades över` : ''}.`;
  if (!skipped) return 'Inga avgångar i serien: välj veckodagar som finns mellan datumen.';
  if (past === 0) return `Inga nya avgångar: alla ${existing} tider i serien fanns redan.`;
  if (existing === 0) return `Inga nya avgångar: alla ${past} tider i serien har redan passerat.`;
  return `Inga nya avgångar: ${skipped}.`;
}
