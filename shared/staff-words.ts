import { COMPANY } from './company';

/** How staff read a booking's and a departure's states, times and refunds, in Swedish: the admin and the staff API's history share these. */
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

const dateTime = new Intl.DateTimeFormat('sv-SE', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: COMPANY.timeZone });

/** A moment as staff read it: "lör 5 dec. 09:00", in Kiruna's time. */
export const formatStaffTime = (moment: string | Date): string => dateTime.format(new Date(moment));
