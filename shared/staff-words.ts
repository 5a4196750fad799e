import { COMPANY } from './company';

/** How staff read a booking's and a departure's states, times and refunds, in Swedish: the admin and the staff API's history share these. */
export const STATUS_LABELS: Record<string, string> = {
  held: 'Reserverad',
  confirmed: 'Bekräftad',
  cancelled: 'Avbokad',
  expired: 'Förfallen',
  open: 'Öppen',
  closed: 'Stängd',
};

/** A departure's states as staff say them: a cancelled departure is "inställd", not "avbokad" as a booking is. */
export const DEPARTURE_STATUS_LABELS: Record<string, string> = { open: 'Öppen', closed: 'Stängd', cancelled: 'Inställd' };

export const PAYMENT_LABELS: Record<string, string> = {
  unpaid: 'Ej betald',
  due_on_arrival: 'Betalas på plats',
  deposit_paid: 'Handpenning betald',
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

const clockTime = new Intl.DateTimeFormat('sv-SE', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: COMPANY.timeZone });

/** The time of day alone, as staff read it: "19:05", in Kiruna's time. */
export const formatStaffClock = (moment: string | Date): string => clockTime.format(new Date(moment));

/** What each kind of thing staff edit is called, for the audit log's generic actions ("post.update"). */
const SUBJECTS: Record<string, string> = {
  tour: 'en tur',
  post: 'ett blogginlägg',
  faq: 'en fråga i FAQ',
  stay: 'ett boende',
  'pickup-point': 'en upphämtningsplats',
  pickup: 'en upphämtningsplats',
};
const VERBS: Record<string, string> = { create: 'Skapade', update: 'Ändrade', delete: 'Tog bort', translate: 'Översatte' };

/** The audit log's actions as staff read them; a booking's history adds the particulars. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'admin.create': 'Skapade ett personalkonto',
  'admin.reset': 'Bytte lösenord på ett personalkonto',
  logout: 'Loggade ut',
  'mail.retry': 'Skickade ett mejl igen',
  'refund.retry': 'Försökte återbetala igen',
  'upload.create': 'Laddade upp en bild',
  'privacy.export': 'Hämtade allt om en gäst',
  'privacy.erase': 'Raderade en gästs uppgifter',
  'contact.handled': 'Markerade ett meddelande som hanterat',
  'contact.reopened': 'Öppnade ett meddelande igen',
  'departure.run': 'Körde avgången trots vädret',
  'departure.move-everyone': 'Erbjöd avgångens gäster ett annat datum för vädret',
  'tour-date.create': 'Skapade en avgång',
  'tour-date.create-series': 'Skapade en serie avgångar',
  'tour-date.update': 'Ändrade en avgång',
  'tour-date.minimum-run': 'Körde en avgång under minsta antal',
  'tour.booking-options': 'Ändrade en turs priser, frågor eller upphämtning',
  'tour.reorder': 'Ändrade turernas ordning',
  'reseller.create': 'Lade till en återförsäljare',
  'reseller.revoke': 'Stängde en återförsäljares nyckel',
  'reseller.webhook-retry': 'Försökte en återförsäljares webbhook igen',
  'booking.create': 'Tog bokningen per telefon eller i disken',
  'booking.mark-paid': 'Markerade bokningen som betald på plats',
  'booking.repaid': 'Registrerade att pengar betalats tillbaka för hand',
  'booking.attendance': 'Registrerade närvaro',
  'booking.cancel': 'Avbokade bokningen',
  'booking.move': 'Flyttade bokningen',
  'reseller.reserve': 'Reserverade platser',
  'reseller.extend': 'Förlängde reservationen',
  'reseller.confirm': 'Bekräftade bokningen',
  'reseller.update': 'Ändrade bokningen',
  'reseller.change': 'Bytte datum, tur eller antal gäster',
  'reseller.cancel': 'Avbokade bokningen',
  'gift-card.issue': 'Gav ut ett presentkort',
  'gift-card.void': 'Makulerade ett presentkort',
  'waitlist.offer': 'Erbjöd platser till en gäst i väntelistan',
  'promo-code.create': 'Skapade en rabattkod',
  'promo-code.pause': 'Pausade en rabattkod',
  'promo-code.resume': 'Återupptog en rabattkod',
  'resource-kind.create': 'Skapade en resurstyp',
  'resource.create': 'Lade till en resurs',
  'resource.change': 'Ändrade en resurs',
  'resource.outage': 'Tog en resurs ur tjänst',
  'resource.back': 'Tog bort en ledighet',
  'tour.resources': 'Ändrade vad turen behöver',
  'departure.assign': 'Satte en guide eller resurs på avgången',
  'departure.reassign': 'Flyttade en guide eller resurs till avgången',
  'departure.unassign': 'Tog bort en guide eller resurs från avgången',
};

/** An audit log action in staff's words: "post.update" is "Ändrade ett blogginlägg"; one it has no words for, as written. */
export function auditActionText(action: string): string {
  if (Object.hasOwn(AUDIT_ACTIONS, action)) return AUDIT_ACTIONS[action];
  const [subject, verb = ''] = action.split('.');
  return Object.hasOwn(SUBJECTS, subject) && Object.hasOwn(VERBS, verb) ? `${VERBS[verb]} ${SUBJECTS[subject]}` : action;
}

/** How the audit log names a reseller that acted through the reseller API: "reseller:3 (Lapland Trips)". */
const RESELLER_ACTOR = /^reseller:\d+ \((.*)\)$/s;

/** Who did it: a staff member's address, "command line", or a reseller's name (undefined for staff). */
export const resellerActor = (actor: string): string | undefined => RESELLER_ACTOR.exec(actor)?.[1];

/** What an audit entry's target is, as staff read it: "booking:NAT-…" is the reference, "tour#3" is "tur 3". */
export function auditTargetText(target: string): string {
  const match = /^([a-z-]+)[:#](.+)$/.exec(target);
  if (!match) return target === 'tours' ? 'alla turer' : target;
  const [, kind, id] = match;
  return Object.hasOwn(TARGET_WORDS, kind) ? `${TARGET_WORDS[kind]}${id}` : target;
}

/** What each kind of audit target is called before its id (a booking is its reference alone). */
const TARGET_WORDS: Record<string, string> = { booking: '', tour: 'tur ', post: 'inlägg ', faq: 'fråga ', stay: 'boende ', departure: 'avgång ', 'pickup-point': 'upphämtning ', pickup: 'upphämtning ', guest: 'gäst ', mail: 'mejl ', refund: 'återbetalning ', reseller: 'återförsäljare ', contact: 'meddelande ', admin: 'konto ', 'gift-card': 'presentkort ', 'promo-code': 'rabattkod ', waitlist: 'plats i kö ', resource: 'resurs ', 'resource-kind': 'resurstyp ' };
