import { formatKr } from '../../shared/company';
import { ATTENDANCE_LABELS, auditActionText, formatStaffTime, PAYMENT_LABELS, STATUS_LABELS } from '../../shared/staff-words';
import { readRefundCause, type RefundReason } from './refund-causes';

/**
 * A booking's history in staff's words. Transitions are kept as their fields' raw values
 * ("status: held → confirmed; avgång: 125 → 126", see describeChange) and staff and reseller
 * actions as the audit log's JSON; staff read them here as labels, departure times and
 * pickup places.
 */

/** Departures and pickup places by id, as staff know them ("lör 5 dec. 09:00", "Scandic Ferrum"). */
export interface HistoryNames {
  departures: ReadonlyMap<number, string>;
  pickups: ReadonlyMap<number, string>;
}

/** How describeChange writes a field with no value. */
const NONE = '–';

/** Each followed field's words: the label staff read, and its value as they read it. */
const FIELDS: Record<string, { label: string; value: (raw: string, names: HistoryNames) => string }> = {
  status: { label: 'status', value: (raw) => wordFor(STATUS_LABELS, raw) },
  betalning: { label: 'betalning', value: (raw) => wordFor(PAYMENT_LABELS, raw) },
  avgång: { label: 'avgång', value: (raw, names) => departureName(names, raw) },
  platser: { label: 'platser', value: (raw) => raw },
  'total (kr)': { label: 'totalt', value: (raw) => (Number.isFinite(Number(raw)) ? formatKr(Number(raw)) : raw) },
  närvaro: { label: 'närvaro', value: (raw) => wordFor(ATTENDANCE_LABELS, raw) },
  upphämtning: { label: 'upphämtning', value: (raw, names) => names.pickups.get(Number(raw)) ?? `nr ${raw}` },
};

/** A state's label as a word within a sentence ("bekräftad"); a value without one, as it is. */
function wordFor(labels: Record<string, string>, raw: string): string {
  const label = Object.hasOwn(labels, raw) ? labels[raw] : raw;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** A departure by its start ("lör 5 dec. 09:00"); one since deleted by its number. */
const departureName = (names: HistoryNames, id: unknown): string => names.departures.get(Number(id)) ?? `nr ${String(id)}`;

/** The parts of a transition's detail: each field with its value, or its value before and after. */
function parts(detail: string): { field: string; values: string[] }[] {
  return detail.split('; ').map((part) => {
    const at = part.indexOf(': ');
    return at === -1 ? { field: '', values: [part] } : { field: part.slice(0, at), values: part.slice(at + 2).split(' → ') };
  });
}

/** The departures and pickup places a transition's detail names by id, to look up. */
export function idsNamedIn(detail: string | null): { departures: number[]; pickups: number[] } {
  const found = { departures: [] as number[], pickups: [] as number[] };
  for (const { field, values } of detail ? parts(detail) : []) {
    const ids = values.map(Number).filter((id) => Number.isInteger(id) && id > 0);
    if (field === 'avgång') found.departures.push(...ids);
    if (field === 'upphämtning') found.pickups.push(...ids);
  }
  return found;
}

/** "status: held → confirmed; total (kr): 1990 → 2490" as "status: reserverad → bekräftad; totalt: 1 990 kr → 2 490 kr". */
export function readableChange(detail: string | null, names: HistoryNames): string | null {
  if (!detail) return null;
  return parts(detail)
    .map(({ field, values }) => {
      const words = Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined;
      if (!words) return field ? `${field}: ${values.join(' → ')}` : values.join(' → ');
      return `${words.label}: ${values.map((value) => (value === NONE ? 'ingen' : words.value(value, names))).join(' → ')}`;
    })
    .join('; ');
}

/** Why money went back, as staff read it; the payment's id it may end in is shown as is, a cause it does not know as written. */
export function readableRefundCause(cause: string): string {
  const { kind, reason, cancelledBy, paymentIntentId } = readRefundCause(cause);
  const by = cancelledBy !== undefined && Object.hasOwn(CANCELLED_BY, cancelledBy) ? CANCELLED_BY[cancelledBy] : REFUND_WORDS.cancelled;
  const words = reason === 'cancelled' ? by : reason ? REFUND_WORDS[reason] : kind;
  return paymentIntentId ? `${words} (${paymentIntentId})` : words;
}

const CANCELLED_BY: Record<string, string> = { guest: 'avbokad av gästen', staff: 'avbokad av personal', departure: 'avgången ställdes in', reseller: 'avbokad av återförsäljaren' };
const REFUND_WORDS: Record<RefundReason, string> = {
  'late-payment': 'betald efter att reservationen gått ut, platserna var borta',
  'payment-after-cancel': 'betald efter avbokningen',
  'departure-cancelled': 'avgången ställdes in',
  'departure-left': 'betald efter att avgången gått',
  'change-refused': 'ändringen kunde inte göras',
  changed: 'ändrad bokning, mellanskillnaden',
  'amount-mismatch': 'fel belopp betalt',
  'gift-card-spent': 'presentkortet hann användas till en annan bokning',
  duplicate: 'betald två gånger',
  cancelled: 'avbokad',
};

/** The audit log's JSON details, or nothing when they are not an object. */
function detailsOf(details: string | null): Record<string, unknown> {
  try {
    const parsed: unknown = details ? JSON.parse(details) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The departures a staff or reseller action names by id, to look up. */
export function departuresNamedIn(action: { action: string; details: string | null }): number[] {
  const details = detailsOf(action.details);
  return [details.from, details.to, details.departureId].filter((id): id is number => typeof id === 'number');
}

const yesNo = (value: unknown): string => (value ? 'ja' : 'nej');

/**
 * What a staff member or a reseller did to the booking, and its particulars, in staff's words
 * (the transition it made is its own entry): an action the history has no words for shows its code.
 */
export function readableAction(action: { action: string; details: string | null }, names: HistoryNames): { what: string; detail: string | null } {
  const details = detailsOf(action.details);
  const departure = (id: unknown) => (typeof id === 'number' ? departureName(names, id) : NONE);
  const what = auditActionText(action.action);
  switch (action.action) {
    case 'booking.create':
      return { what, detail: `betalning: ${details.payment === 'paid' ? 'betald' : 'på plats'}; mejl till gästen: ${yesNo(details.notify)}` };
    case 'booking.mark-paid':
    case 'reseller.update':
      return { what, detail: null };
    case 'booking.attendance':
      return { what, detail: wordFor(ATTENDANCE_LABELS, String(details.attendance)) };
    case 'booking.cancel':
      return { what, detail: `var ${wordFor(STATUS_LABELS, String(details.previousStatus))}; kortbetalning återbetalas: ${yesNo(details.refunded)}` };
    case 'booking.move':
      return { what, detail: `från ${departure(details.from)} till ${departure(details.to)}` };
    case 'reseller.reserve':
      return { what, detail: `avgång: ${departure(details.departureId)}` };
    case 'reseller.extend':
      return { what, detail: typeof details.holdExpiresAt === 'string' ? `till ${formatStaffTime(details.holdExpiresAt)}` : null };
    case 'reseller.confirm':
      return { what, detail: `kvitto till gästen: ${yesNo(details.emailReceipt)}` };
    case 'reseller.cancel':
      return { what, detail: typeof details.reason === 'string' && details.reason ? `skäl: ${details.reason}` : null };
    default:
      return { what, detail: action.details };
  }
}
