import { COMPANY, formatKr } from '../../shared/company';
/** How the admin shows times, money and states, in Swedish. */
const dateTime = new Intl.DateTimeFormat('sv-SE', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: COMPANY.timeZone });
export const formatWhen = (iso: string): string => dateTime.format(new Date(iso));
export { formatKr };

export const STATUS_LABELS: Record<string, string> = {
  held: 'Reserverad',
  confirmed: 'Bekräftad',
  cancelled: 'Avbokad',
  expired: 'Utgången',
  open: 'Öppen',
  closed: 'Stängd',
};

export const PAYMENT_LABELS: Record<string, string> = {
  unpaid: 'Ej betald',
  due_on_arrival: 'Betalas på plats',
  paid: 'Betald',
  refund_pending: 'Återbetalas',
  refunded: 'Återbetald',
};

export const ATTENDANCE_LABELS: Record<string, string> = {
  checked_in: 'Incheckad',
  no_show: 'Uteblev',
};

export const REFUND_STATUS_LABELS: Record<string, string> = {
  pending: 'pågår',
  succeeded: 'klar',
  failed: 'misslyckades',
};

/** What a new series of departures made, said plainly: a series whose dates all exist (or have passed) is no success. */
export function seriesOutcome(created: number, existing: number, past: number): string {
  const skipped = [existing > 0 ? `${existing} fanns redan` : '', past > 0 ? `${past} har redan passerat` : ''].filter(Boolean).join(' och ');
  if (created > 0) return `${created} ${created === 1 ? 'avgång' : 'avgångar'} skapade${skipped ? `; ${skipped} och hoppades över` : ''}.`;
  if (!skipped) return 'Inga avgångar i serien: välj veckodagar som finns mellan datumen.';
  if (past === 0) return `Inga nya avgångar: alla ${existing} tider i serien fanns redan.`;
  if (existing === 0) return `Inga nya avgångar: alla ${past} tider i serien har redan passerat.`;
  return `Inga nya avgångar: ${skipped}.`;
}
