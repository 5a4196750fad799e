/** What the staff API answers with; shared by the server (which builds them) and the admin screens. */
import type { BookingSummary, ImageVariant, StayPackageView, TourImageView } from './api-types';
import type { BookingSource } from './booking-channel';
import type { GuestAttendanceView } from './guide-app';
import type { Lang } from './languages';
import type { PriceCategoryRule } from './pricing';
import type { Answers, QuestionView } from './questions';
import type { MoveOfferStatus, WeatherReason } from './weather-calls';

export interface TourDateView {
  id: number;
  tourId: number;
  tourTitle?: string;
  startsAt: string;
  capacity: number;
  priceSek: number | null;
  status: string;
  booked?: number;
  seatsLeft?: number;
  /** Season prices of the other price categories on this date, by code. */
  categoryPrices: Record<string, number> | null;
  /** This date's own minimum to run and decision time (null: the tour's), and the decision made. */
  minGuests: number | null;
  decisionHours: number | null;
  minimumStatus: 'met' | 'flagged' | 'run' | 'cancelled' | null;
  /** Guests' parties in its waitlist (waiting, or holding an offer): staff's month view. */
  waiting?: number;
}

/** What a guest's data export holds of each kind (GET /api/admin/privacy/export). */
export interface ExportedContactMessage {
  name: string;
  email: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
}

export interface ExportedConversation {
  id: string;
  createdAt: string;
  messages: { role: string; content: string; createdAt: string }[];
}

export interface ExportedMail {
  topic: string;
  subject: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
}

/** One conversation with the AI guide, in the staff's list. */
export interface ConversationRow {
  id: string;
  firstQuestion: string;
  messageCount: number;
  /** How many of the guide's answers are marked for staff (nothing of ours grounded it, it repeated itself, or the guest said it did not help). */
  unansweredCount: number;
  /** The language the guide last answered in. */
  language: string;
  /** The booking the guide held seats for in it, and where that booking stands now (null: erased). */
  booking: ConversationBooking | null;
  createdAt: string;
  updatedAt: string;
}

export interface ConversationBooking {
  reference: string;
  status: string | null;
}

export interface TranscriptView {
  id: string;
  createdAt: string;
  language: string;
  booking: ConversationBooking | null;
  messages: {
    role: 'guest' | 'guide';
    content: string;
    tours: { slug: string; title: string }[];
    createdAt: string;
    /** Marked for staff to read, and why: nothing of ours grounded it, the same words again, or the guest said it did not help. */
    unanswered: boolean;
    unansweredReason: 'no-content' | 'repeated' | 'unhelped' | null;
  }[];
}

export interface ContactMessageView {
  id: number;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
}

export interface RefundView {
  id: number;
  cause: string;
  amountSek: number;
  status: 'pending' | 'succeeded' | 'failed';
  /** Stripe's refund id, once it is made. */
  stripeRefundId: string | null;
  refundedAt: string | null;
  lastError: string | null;
}

/** A booking as staff see it: the guest's whole details, the money in and out, and anything to act on. */
export interface AdminBookingRow extends Omit<BookingSummary, 'maskedEmail' | 'cancellationPolicy' | 'cancelFreeHours'> {
  id: number;
  email: string;
  phone: string | null;
  notes: string | null;
  createdAt: string;
  cancelReason: 'guest' | 'staff' | 'departure' | 'reseller' | null;
  attention: string | null;
  /** The money the booking holds, whatever took it (card, on site, a reseller); null before any was taken. */
  paidAmountSek: number | null;
  /** What the guest still owes for a confirmed booking (to collect on the day); negative: what we owe the guest back. */
  owedSek: number;
  /** Money taken outside the card that staff may record as given back by hand (a cancellation, a cheaper change), or 0. */
  repayableSek: number;
  refunds: RefundView[];
  source: BookingSource;
  /** The reseller that sold it (source `reseller`), and its own reference. */
  reseller: { id: number; name: string; reference: string | null } | null;
  pickup: string | null;
  /** The answers to the tour's questions, as given. */
  answers: Answers | null;
  /** The same answers as staff read them, in Swedish ("Boot size (EU): 42 (gäst 1), 38 (gäst 2)"); empty when none are given. */
  answersText: string;
  paymentNote: string | null;
  /** When the reminder mail went out (null: not yet, or none due). */
  reminderSentAt: string | null;
  attendance: 'checked_in' | 'no_show' | null;
  /** The guest's language: their mails and manage link speak it. */
  language: Lang;
}

/** The columns the bookings list orders by (GET /api/admin/bookings?sort=…&dir=asc|desc). */
export const BOOKING_SORTS = ['departure', 'reference', 'name', 'guests', 'status', 'total', 'created'] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

/** A change a guest made to a confirmed booking through the manage link, for the dashboard. */
export interface GuestChangeView {
  reference: string;
  name: string;
  tourTitle: string;
  startsAt: string;
  change: 'changed' | 'cancelled';
  detail: string | null;
  at: string;
}

/** One line of a booking's history: a transition, a mail, a refund or a staff action, with when and who. */
export interface BookingHistoryEntry {
  at: string;
  kind: 'transition' | 'mail' | 'refund' | 'staff' | 'reseller';
  /** What happened, in Swedish. */
  what: string;
  /** Gästen, Stripe, Systemet, or the staff member's address. */
  who: string;
  detail: string | null;
}

export interface OutboxMailView {
  id: number;
  topic: string;
  recipient: string;
  subject: string;
  bookingReference: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

export interface FailedRefundView extends RefundView {
  bookingReference: string;
}

/** The staff dashboard: the day's work, the money, and whatever needs a person. */
/** Who is coming on a departure, for the guide's printed list (GET /api/admin/tour-dates/:id/manifest). */
/** A guest on a departure's passenger list: who, where to pick them up, what to collect, and whether they came (how many, when, on which phone). */
export interface ManifestPassenger extends GuestAttendanceView {
  name: string;
  party: string;
  pickup: { name: string; address: string; at: string } | null;
  answers: string;
  phone: string | null;
  email: string;
  notes: string | null;
  paymentStatus: string;
  owedSek: number;
  /** The promo code and what it took off ("Rabattkod WINTER10 −585 kr"), or null. */
  discount: string | null;
  channel: string;
}

export interface ManifestView {
  departure: { id: number; startsAt: string; capacity: number; tourTitle: string; meetingPoint: string };
  passengers: ManifestPassenger[];
  totalGuests: number;
}

/** Confirmed bookings and their price to the guest over a period, in all and per channel (the site, staff, each reseller). */
export interface SalesView {
  bookings: number;
  revenueSek: number;
  byChannel: { channel: string; bookings: number; revenueSek: number }[];
}

/** Guests of a period's departures: booked, checked in, no-shows (the rest have not come yet). */
export interface AttendanceFigures {
  expected: number;
  checkedIn: number;
  noShows: number;
}

export interface DashboardView {
  today: TourDateView[];
  tomorrow: TourDateView[];
  week: SalesView;
  season: SalesView;
  expiringHolds: { reference: string; name: string; guests: number; holdExpiresAt: string }[];
  unreadContactMessages: number;
  recentConversations: { id: string; firstQuestion: string; messageCount: number; updatedAt: string }[];
  /** Mails still to go out, and those that gave up (for "send again"). */
  pendingMails: number;
  failedMails: OutboxMailView[];
  failedRefunds: FailedRefundView[];
  attention: { reference: string; name: string; attention: string }[];
  /** Dates below their minimum to run at their decision time, waiting for "run anyway" or "cancel". */
  belowMinimum: { id: number; tourId: number; tourTitle: string; startsAt: string; minGuests: number; booked: number; decidedAt: string }[];
  /** Confirmed bookings that guests changed or cancelled themselves in the last 7 days, newest first. */
  guestChanges: GuestChangeView[];
  /** Staff logins that failed their password check: in the last 24 hours, and the latest few. */
  failedLogins: { lastDay: number; latest: { email: string; address: string; at: string }[] };
  /** Resellers' webhooks whose calls keep failing (3 tries or more) or gave up in the last 7 days. */
  failingWebhooks: FailingWebhookView[];
  /** Today's guests: booked (confirmed), checked in (by the guides' phones or the office), no-shows. */
  attendanceToday: AttendanceFigures;
  /** Departures in the next 48 hours with guests booked and fewer guides than they need. */
  unguided: { id: number; tourTitle: string; startsAt: string; guidesNeeded: number; guides: number }[];
}

/** A reseller's webhook that keeps failing, for the dashboard: its calls still being tried and those given up. */
export interface FailingWebhookView {
  webhookId: number;
  reseller: string;
  url: string;
  failing: number;
  failed: number;
  lastError: string | null;
  lastStatus: number | null;
}

/** A tour as staff edit it (POST /api/admin/tours; PATCH takes any part of it). The first image is the main one. */
export interface TourInput {
  title: string;
  slug: string;
  shortDescription: string;
  description: string;
  highlights: string[];
  included: string[];
  whatToBring: string[];
  /** Category names, from the taxonomy. */
  categories: string[];
  /** Where it operates from: Kiruna and/or Abisko. */
  locations: string[];
  pickupPlaces: string[];
  durationMinutes: number;
  priceSek: number;
  /** The VAT rate (percent: 25, 12 or 6) its price categories sell at unless one has its own; 25 when not given. */
  vatRate?: number;
  minAge: number | null;
  /** Months 1-12. */
  seasonMonths: number[];
  season: string;
  timeOfDay: 'morning' | 'day' | 'afternoon' | 'evening' | 'night';
  meetingPoint: string;
  images: TourImageView[];
  /** false: unpublished, gone from the site. */
  isActive: boolean;
  sortOrder: number | null;
}

export interface AdminTourView extends TourInput {
  id: number;
  vatRate: number;
  updatedAt: string;
}

/** A tour as its editor shows it: with its words in Swedish and German (null: none, guests read English). */
export interface AdminTranslatedTourView extends AdminTourView {
  translations: Record<'sv' | 'de', TourTranslation | null>;
}

/**
 * A tour's words in another language (PUT /api/admin/tours/{id}/translations/{lang}; all empty
 * removes them). The lists (highlights, included, what to bring) one item a line.
 */
export interface TourTranslation {
  title: string;
  shortDescription: string;
  description: string;
  imageAlt: string;
  highlights: string;
  included: string;
  whatToBring: string;
  meetingPoint: string;
  season: string;
  /** Where guests are collected, a place a line; left out of a save: left as it is (callers from before it was translatable). */
  pickupPlaces?: string;
}

/** A blog post as staff edit it: a draft, or published from publishedAt (later than now: scheduled). */
export interface PostInput {
  title: string;
  slug: string;
  /** Empty: computed from the content (spec section 7). */
  excerpt: string;
  /** HTML from the editor; stored sanitised with the allow-list the site renders with. */
  content: string;
  coverImageUrl: string;
  coverImageAlt: string;
  coverImageVariants: ImageVariant[] | null;
  author: string;
  publishedAt: string;
  isDraft: boolean;
}

export interface AdminPostView extends PostInput {
  id: number;
  status: 'draft' | 'scheduled' | 'published';
  updatedAt: string;
}

/** A post as its editor shows it: with its words in Swedish and German (null: none, guests read English). */
export interface AdminTranslatedPostView extends AdminPostView {
  translations: Record<'sv' | 'de', PostTranslation | null>;
}

/** A post's words in another language (PUT /api/admin/blog/{id}/translations/{lang}; all empty removes them). */
export interface PostTranslation {
  title: string;
  /** Empty: made from the content, as in English. */
  excerpt: string;
  /** HTML, kept to the same allow-list as the English. */
  content: string;
}

export interface FaqInput {
  question: string;
  answer: string;
  topic: string;
  sortOrder: number;
}

export interface AdminFaqView extends FaqInput {
  id: number;
  /** The entry in Swedish and German; null where it has none (guests then read English). */
  translations: Record<'sv' | 'de', FaqTranslation | null>;
}

/** A FAQ entry's words in another language (PUT /api/admin/faq/{id}/translations/{lang}; both empty removes it). */
export interface FaqTranslation {
  question: string;
  answer: string;
}

/** A stay as staff edit it: what the site shows of it, and whether it is sold. */
export interface StayInput extends Omit<StayPackageView, 'id' | 'vatRate'> {
  isActive: boolean;
  /** The kind of room (a resource kind of type room) it takes for each night; null: the partner counts the rooms. */
  roomKindId?: number | null;
  /** The VAT rate (percent) a room sells at; 12 (accommodation) when not given. */
  vatRate?: number;
}

export interface AdminStayView extends StayInput {
  id: number;
  /** The stay's name and description in Swedish and German; null where it has none (guests then read English). */
  translations: Record<'sv' | 'de', StayTranslation | null>;
}

/** A stay's words in another language (PUT /api/admin/stays/{id}/translations/{lang}; all empty removes it). */
export interface StayTranslation {
  name: string;
  description: string;
}

/** POST /api/admin/uploads: the largest JPEG as `url`, and every size and format for srcset. */
export interface UploadedImageView {
  url: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

/** What a tour sells and asks, as staff edit it in one go (PUT /api/admin/tours/{id}/booking-options). */
/**
 * Words staff translate as one form, a field each: a tour's price category names and question
 * labels (`c:{code}`, `q:{code}`; GET/PUT /api/admin/tours/{id}/option-words), or the pickup
 * points' names and addresses (`{id}:name`, `{id}:address`; /api/admin/pickup-points/words).
 */
export interface FieldWordsView {
  id: number;
  /** `label` says which, in Swedish. */
  fields: { name: string; label: string }[];
  translations: Record<'sv' | 'de', Record<string, string> | null>;
}

export interface TourBookingOptions {
  /** In order; exactly one is the default, whose price is the tour's price. */
  priceCategories: PriceCategoryRule[];
  questions: QuestionView[];
  /** The pickup points it offers (ids from /api/admin/pickup-points). */
  pickupPointIds: number[];
  /** The fewest guests a date runs with (null: every date runs), decided this many hours before the start. */
  minGuests: number | null;
  decisionHours: number;
  pickupCutoffHours: number;
  answersDueHours: number;
  /** A deposit the guest may pay by card instead of the whole price: a share (1–99 %) or an amount per booking, at most one (null: none); the balance due this many days before the start. Left out of a save: unchanged. */
  depositPercent?: number | null;
  depositSek?: number | null;
  balanceDueDays?: number;
}

/** A pickup point as staff edit it. */
export interface PickupPointInput {
  location: string;
  name: string;
  address: string;
  minutesBefore: number;
  isActive: boolean;
}

export interface AdminPickupPointView extends PickupPointInput {
  id: number;
}

/** A reseller with access to the OCTO API, as staff see it (never its key, shown once when created). */
export interface ResellerView {
  id: number;
  name: string;
  /** The key's last four characters. */
  keyHint: string;
  commissionPercent: number;
  /** The tours it may sell; null: every published tour. */
  tourIds: number[] | null;
  requestsPerMinute: number;
  /** Seats its reservations not yet confirmed may keep at once. */
  heldSeats: number;
  createdAt: string;
  revokedAt: string | null;
  /** The webhooks it registered, with how their calls fare. */
  webhooks: WebhookView[];
}

/** A reseller's webhook as staff see it: its calls delivered, waiting (failing: tried 3 times or more) and given up, and the last error. */
export interface WebhookView {
  id: number;
  url: string;
  event: string;
  delivered: number;
  pending: number;
  failing: number;
  failed: number;
  lastError: string | null;
  lastStatus: number | null;
}

/** One evening on the sky board: the outlook where the tours go out, and its departures. */
export interface SkyBoardNight {
  date: string;
  outlooks: { place: string; verdict: 'good' | 'possible' | 'poor' | null; headline: string; reasons: string[]; darkFrom: string | null; darkTo: string | null }[];
  departures: SkyBoardDeparture[];
}

export interface SkyBoardDeparture {
  id: number;
  tourId: number;
  tourTitle: string;
  startsAt: string;
  capacity: number;
  booked: number;
  seatsLeft: number;
  /** Whom moving everyone reaches: the confirmed bookings and their guests (each mailed an offer), and the live holds (cancelled). */
  confirmedBookings: number;
  confirmedGuests: number;
  liveHolds: number;
  status: string;
  /** A Northern Lights tour: its place's verdict that evening (null: not an aurora tour, or nothing known). */
  aurora: boolean;
  place: string | null;
  verdict: 'good' | 'possible' | 'poor' | null;
  call: {
    decision: 'run' | 'move';
    reason: WeatherReason | null;
    targetDepartureId: number | null;
    targetStartsAt: string | null;
    decidedBy: string;
    decidedAt: string;
    offers: { reference: string; name: string; guests: number; status: MoveOfferStatus; answeredAt: string | null }[];
  } | null;
  /** The same tour's other open departures of the next weeks with their seats, to move everyone to. */
  alternatives: { id: number; startsAt: string; seatsLeft: number }[];
}

export interface SkyBoardView {
  nights: SkyBoardNight[];
  attribution: string;
  updatedAt: string | null;
}

/** What the AI guide spent with the outside model, against its budget (null limits: no outside model is set up). */
export interface GuideSpendView {
  limits: { callsPerMinute: number; callsPerDay: number; tokensPerMinute: number; tokensPerDay: number } | null;
  thisMinute: { calls: number; tokens: number };
  /** Today first, then the six days before (days without a call are left out). */
  days: { date: string; calls: number; tokens: number }[];
}

/** A gift card as staff see it: its code in full (staff read it out to a guest on the phone), balance and for whom. */
/** A promo code as staff see it, with its use so far. */
export interface PromoCodeView {
  id: number;
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  tourIds: number[] | null;
  categories: string[] | null;
  bookFrom: string | null;
  bookUntil: string | null;
  tourFrom: string | null;
  tourUntil: string | null;
  maxUses: number | null;
  maxUsesPerEmail: number | null;
  minGuests: number;
  paused: boolean;
  note: string | null;
  createdAt: string;
  /** Bookings held or confirmed with it now (what maxUses counts). */
  uses: number;
  confirmed: number;
  /** What it took off the confirmed ones, in kronor. */
  discountSek: number;
}

export interface GiftCardView {
  id: number;
  /** As printed: `K7QX-M2PA-9HRW`. */
  code: string;
  kind: 'amount' | 'tour';
  /** A card for a named tour (a single-purpose voucher): the tour and its guests; null for any tour. */
  tour: { id: number; title: string; guests: number } | null;
  origin: 'staff' | 'purchase';
  status: 'pending' | 'active' | 'void';
  initialSek: number;
  balanceSek: number;
  expiresAt: string;
  /** Past its end: it pays nothing more (its balance stays, for the books). */
  expired: boolean;
  language: 'en' | 'sv' | 'de';
  buyerName: string | null;
  buyerEmail: string | null;
  recipientName: string | null;
  recipientEmail: string | null;
  note: string | null;
  issuedBy: string | null;
  createdAt: string;
  voidedAt: string | null;
  /** The card's printable page (for staff to print or send it on). */
  printUrl: string;
}

/** One change of a gift card's balance: issued, spent on a booking, given back, voided. */
export interface GiftCardEntryView {
  id: number;
  kind: 'issue' | 'redeem' | 'refund' | 'void';
  amountSek: number;
  balanceAfterSek: number;
  bookingReference: string | null;
  actor: string | null;
  note: string | null;
  createdAt: string;
}
