/** The shapes the API answers with; shared by the server (which builds them) and the client. */
import type { CancellationTerms } from './cancellation-policy';
import type { DepositTerms } from './deposits';
import type { GiftCardPrintView } from './gift-cards';
import type { PartyItem, PartyLine, PriceCategoryRule } from './pricing';
import type { PromoTerms } from './promo-codes';
import type { VatLine } from './vat';
import type { Answers, AnswerValue, QuestionView } from './questions';
import type { Lang } from './languages';
import type { MoveOfferStatus, WeatherReason } from './weather-calls';

/** A place the bus collects guests from, `minutesBefore` the departure's start. */
export interface PickupPointView {
  id: number;
  name: string;
  address: string;
  location: string;
  minutesBefore: number;
}

/** A booking's pickup: where, and when on its departure. */
export interface BookingPickupView {
  id: number;
  name: string;
  address: string;
  at: string;
}

/** A tour's price category as guests see it: the quote's rule (the price is the tour's own; a departure may differ). */
export type PriceCategoryView = PriceCategoryRule;

/** One size of an uploaded image in one format, for `srcset`. */
export interface ImageVariant {
  url: string;
  width: number;
  type: 'image/avif' | 'image/webp' | 'image/jpeg';
}

export interface TourImageView {
  url: string;
  alt: string;
  width: number;
  height: number;
  /** Uploaded images: the responsive sizes (the shipped artwork has none). */
  variants?: ImageVariant[];
}

/** A tour in lists: spec section 3's fields, plus its categories and where it operates. */
export interface TourSummary {
  id: number;
  slug: string;
  title: string;
  short_description: string;
  image_url: string;
  image_alt: string;
  /** The main image's sizes when it was uploaded. */
  image_variants?: ImageVariant[];
  isMain: boolean;
  /** Hours. */
  duration: number;
  /** SEK per guest. */
  price: number;
  /** Pickup places. */
  locations: string[];
  sort_order: number | null;
  categories: string[];
  operatesFrom: string[];
}

/**
 * A date's minimum of guests not yet reached: how many it runs with, how many more it needs,
 * decided when; `deciding` once that time has passed and staff are deciding.
 */
export interface DepartureMinimum {
  guests: number;
  needed: number;
  decidedAt: string;
  deciding?: true;
}

export interface DepartureView {
  id: number;
  startsAt: string;
  capacity: number;
  seatsLeft: number;
  /** The default price category's price on this date. */
  priceSek: number;
  /** Every price category's price on this date, by code. */
  prices: Record<string, number>;
  /** When the date runs only with a minimum of guests not yet reached. */
  minimum?: DepartureMinimum;
  /** Stay packages with no room left on one of their nights from this date (absent: every stay has room). */
  fullStays?: number[];
}

export interface TourDetail extends TourSummary {
  description: string;
  highlights: string[];
  included: string[];
  whatToBring: string[];
  meetingPoint: string;
  season: string;
  timeOfDay: string;
  minAge: number | null;
  maxGroupSize: number;
  images: TourImageView[];
  /** What a seat is sold as, in order; exactly one is the default (`price`). */
  priceCategories: PriceCategoryView[];
  /** What the tour asks of a booking or of each guest. */
  questions: QuestionView[];
  /** Where it collects guests from, earliest first (none: guests come to the meeting point). */
  pickupPoints: PickupPointView[];
  /** The fewest guests a date runs with (null: every date runs). */
  minGuests: number | null;
  /** Until how many hours before the start pickup can be changed, and "before the tour" questions answered. */
  pickupCutoffHours: number;
  answersDueHours: number;
  departures: DepartureView[];
  /** The cancellation policy in one sentence (CANCEL_FREE_HOURS), in English. */
  cancellationPolicy: string;
  /** CANCEL_FREE_HOURS, for the policy in the page's language. */
  cancelFreeHours: number;
  /** How a booking is paid: by card on Stripe's page, or on arrival (no Stripe keys set). */
  checkoutMethod: 'on_arrival' | 'stripe';
  /** A deposit the guest may pay by card instead of the whole price (shared/deposits.ts decides for a booking), or null: paid in full. */
  deposit: DepositTerms | null;
  /** A Northern Lights tour's aurora outlook for tonight and the next evenings (other tours: none). */
  skyOutlook?: SkyOutlookView;
  /** Guests' ratings, once it has at least MIN_RATINGS_SHOWN real ones (none before): their average (one decimal) and count. */
  rating?: { average: number; count: number };
}

export interface PostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  created_at: string;
  cover_image_url: string;
  cover_image_alt: string;
  /** The cover's sizes when it was uploaded. */
  cover_image_variants?: ImageVariant[];
}

export interface Post extends PostSummary {
  /** Sanitised HTML. */
  content: string;
  author: string;
}

export interface FaqEntry {
  id: number;
  question: string;
  answer: string;
  topic: string;
}

export interface StayPackageView {
  id: number;
  slug: string;
  name: string;
  description: string;
  nights: number;
  priceSek: number;
  maxGuests: number;
  /** The VAT rate (percent) its price includes: accommodation is 12. */
  vatRate: number;
  imageUrl: string;
  imageAlt: string;
  imageVariants: ImageVariant[] | null;
  partnerUrl: string | null;
}

export type BookingStatusView = 'held' | 'confirmed' | 'cancelled' | 'expired';
/** A booking's deposit: paid (or to pay, on a hold), kept if the guest cancels; the balance still owed and by when. */
export interface DepositView {
  depositSek: number;
  balanceSek: number;
  balanceDueAt: string;
  /** The balance is owed and its day has passed (staff are told; the booking stays). */
  late: boolean;
}

export type PaymentStatusView = 'unpaid' | 'due_on_arrival' | 'deposit_paid' | 'paid' | 'refund_pending' | 'refunded';

/**
 * What anyone holding a booking's reference sees of it: only what the booking pages show
 * (the email masked; no phone or notes).
 */
export interface BookingSummary {
  /**
   * A held or confirmed booking whose date runs only with more guests than it has. Only on the
   * guest's own views (GET /api/bookings/{reference}, GET /api/manage/{token}).
   */
  minimum?: DepartureMinimum;
  reference: string;
  status: BookingStatusView;
  holdExpiresAt: string | null;
  /** People in the party. */
  guests: number;
  /** Seats it takes (an infant on a lap none; a family unit four). */
  seats: number;
  /** The party by price category, at the prices it was booked for. */
  party: PartyLine[];
  /** Where and when the guests are collected (null: at the meeting point). */
  pickupPoint: BookingPickupView | null;
  name: string;
  /** Such as a***@example.com. */
  maskedEmail: string;
  tourAmountSek: number;
  stayAmountSek: number;
  /** What a promo code took off (totalSek is after it); 0 without one. */
  discountSek: number;
  /** The promo code it was booked with, as the discount line names it. */
  promo: PromoTerms | null;
  /** Its total by VAT rate (the receipt's lines), in öre. */
  vat: VatLine[];
  totalSek: number;
  paymentMethod: 'on_arrival' | 'stripe' | 'on_site' | 'reseller' | 'gift_card' | null;
  paymentStatus: PaymentStatusView;
  /** What a gift card pays of the total (a hold: the card's share, taken when the rest is paid); 0 without one. */
  giftCardSek: number;
  /** A deposit the guest chose to pay instead of the whole price (a hold: the one Stripe's page asks), or null. */
  deposit: DepositView | null;
  /** A hold's tour's deposit terms, where card payments take one (the checkout page offers it: shared/deposits.ts), or null. */
  depositTerms: DepositTerms | null;
  /** How checkout will take payment: card through Stripe, or on arrival. */
  checkoutMethod: 'on_arrival' | 'stripe';
  tour: { id: number; slug: string; title: string; meetingPoint: string; whatToBring: string[]; durationHours: number };
  departure: { id: number; startsAt: string };
  stayPackage: { id: number; name: string; nights: number; rooms: number } | null;
  /** The cancellation policy in one sentence, shown before payment (in English). */
  cancellationPolicy: string;
  /** CANCEL_FREE_HOURS, for the policy in the page's language. */
  cancelFreeHours: number;
}

/** A booking as its guest sees it through the personal manage link. */
export interface ManagedBooking extends BookingSummary {
  phone: string | null;
  notes: string | null;
  pickup: string | null;
  /** The tour's questions, the answers so far and the required ones still missing; answerable (and pickup changeable) until these times. */
  questions: QuestionView[];
  answers: Answers;
  missingAnswers: string[];
  answersDueAt: string;
  pickupPoints: PickupPointView[];
  pickupChangeableUntil: string;
  /** We cancelled its date: the guest may move to another, free (POST /api/manage/{token}/rebook). */
  cancelledByUs: boolean;
  /** Staff moved its departure (the weather): a free move to another date or a full refund, until answered. */
  weatherOffer?: { status: MoveOfferStatus; reason: WeatherReason | null; fromStartsAt: string; toDepartureId: number; toStartsAt: string };
  /** The tour's price categories at this date's prices, for the change form. */
  priceCategories: PriceCategoryView[];
  /** Whether, as the page was made, answers can still be given and the pickup changed. */
  answersOpen: boolean;
  pickupChangeable: boolean;
  /** Paid so far (by card or on site), and what is left to pay on the day. */
  paidSek: number;
  dueSek: number;
  policy: CancellationTerms;
  /** A confirmed booking's check-in code (what its QR says) and the QR as an image (an SVG data URL): shown to the guide, on a phone or printed. */
  voucher?: { code: string; qr: string };
}

/** The answer to a change: the booking, and Stripe's page when a difference is to be paid first. */
/** What a change would make of a booking, before the guest confirms it. */
export interface ChangePreview {
  departureId: number;
  startsAt: string;
  party: PartyLine[];
  guests: number;
  /** What the booking's promo code takes off the new total (0: none, or the new party is below its minimum). */
  discountSek: number;
  totalSek: number;
  previousTotalSek: number;
  /** Paid by card: the difference to pay now, or refunded (refused after the free period); otherwise the new total due on the day. */
  money: { kind: 'pay-difference' | 'refund' | 'refund-refused' | 'due-on-arrival'; amountSek: number };
}

/** A promo code the booking page tried: its terms (the page applies them as the party changes, shared/promo-codes.ts) and what they take off the party asked about. */
export interface PromoPreview {
  terms: PromoTerms;
  discountSek: number;
}

export interface ManagedChange extends ManagedBooking {
  paymentUrl?: string;
}

export interface CreateBookingRequest {
  departureId: number;
  /** That many of the default category; or give `categories`. */
  guests?: number;
  categories?: PartyItem[];
  name: string;
  email: string;
  phone?: string;
  stayPackageId?: number;
  notes?: string;
  /** One of the tour's pickup points; absent or null: the meeting point. */
  pickupPointId?: number | null;
  answers?: { booking?: Record<string, AnswerValue>; guests?: Record<string, AnswerValue>[] };
  /** The language of the page booked on (default English): the booking's pages and mails follow it. */
  language?: Lang;
  /** A promo code; its discount is taken off the total. */
  promoCode?: string;
}

export interface TourFilter {
  location?: string;
  category?: string;
}

export interface ListResponse<T> {
  data: T[];
}

/**
 * What the pages need. In the browser it calls /api over HTTP; on the server the Nest
 * services answer in-process (docs/architecture.md, Rendering: never HTTP to itself).
 */
export interface SiteApi {
  listTours(filter?: TourFilter, lang?: Lang): Promise<TourSummary[]>;
  getTour(slug: string, lang?: Lang): Promise<TourDetail | null>;
  getTourById(id: number, lang?: Lang): Promise<TourDetail | null>;
  listPosts(lang?: Lang): Promise<PostSummary[]>;
  getPost(slug: string, lang?: Lang): Promise<Post | null>;
  /** The FAQ in `lang` (English where an entry has no translation). */
  listFaq(lang?: Lang): Promise<FaqEntry[]>;
  /** The stays on sale, in `lang` where translated. */
  listStayPackages(lang?: Lang): Promise<StayPackageView[]>;
  getBooking(reference: string): Promise<BookingSummary | null>;
  /** The booking a manage-link token names; null for a bad or expired token. */
  getManagedBooking(token: string): Promise<ManagedBooking | null>;
  /** The gift card a printable page's token names; null for a bad or expired token. */
  getGiftCard(token: string): Promise<GiftCardPrintView | null>;
}

/** What the server hands every route loader through the static handler's request context. */
export interface LoaderContext {
  api: SiteApi;
}

/** One evening's aurora outlook, said in the page's language ("Tonight: clear after 23:00, Kp 5: good"). */
export interface SkyNightView {
  /** The evening's date in Kiruna (YYYY-MM-DD). */
  date: string;
  /** null: nothing is known of that night yet. */
  verdict: 'good' | 'possible' | 'poor' | null;
  headline: string;
  /** When it is dark enough (sun below −12°), Kiruna time (HH:MM); null when it never is. */
  darkFrom: string | null;
  darkTo: string | null;
}

/** An aurora tour's outlook for tonight and the next three evenings, with what to say around it. */
export interface SkyOutlookView {
  place: string;
  title: string;
  nights: SkyNightView[];
  /** Never a promise: what the company does when the lights do not show. */
  note: string;
  /** "Data from MET Norway", and NOAA for the Kp. */
  attribution: string;
  /** When the sources were last read (null: never, or not since the site started without network). */
  updatedAt: string | null;
}

/** A recovery mail's link, used once (POST /api/bookings/recover): the choices to open the booking page with. */
export interface RecoveredChoices {
  tourId: number;
  departureId: number;
  party: { category: string; quantity: number }[];
  language: 'en' | 'sv' | 'de';
}

/** A guest's rating, as the rating page shows it after a tap (POST /api/ratings). */
export interface RatingView {
  score: number;
  comment: string | null;
  tour: { slug: string; title: string };
  /** For 4 and 5: where the guest may review us too (the settings'); none otherwise. */
  reviewLinks: { tripadvisor?: string; google?: string };
}

/** Ratings for staff: per tour, per guide (of the departures they were put on), and the latest with their comments. */
export interface StaffRatings {
  tours: { tourId: number; title: string; count: number; average: number }[];
  guides: { resourceId: number; name: string; count: number; average: number }[];
  latest: { bookingReference: string; tourTitle: string; score: number; comment: string | null; language: string; createdAt: string }[];
}

/** A tour shows its guests' average rating from this many on. */
export const MIN_RATINGS_SHOWN = 5;
