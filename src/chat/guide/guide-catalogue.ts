/** What the guide knows: a snapshot of the live catalogue, FAQ and stays. */
import type { DepartureMinimum } from '../../../shared/api-types';
import type { Lang } from '../../../shared/languages';
import type { PriceCategoryRule } from '../../../shared/pricing';
import type { EveningOutlook } from '../../sky/outlook';
import type { SkyPlace } from '../../sky/sky-places';
import type { PartyMix } from './guide-when';

export interface GuideTour {
  id: number;
  slug: string;
  title: string;
  priceSek: number;
  durationHours: number;
  categories: string[];
  locations: string[];
  seasonMonths: number[];
  timeOfDay: string;
  minAge: number | null;
  shortDescription: string;
  description: string;
  meetingPoint: string;
  /** Where it collects guests ("Kiruna bus station", "Your hotel in Kiruna on request"), as its page lists them. */
  pickupPlaces: string[];
  /** What its price includes, as its page lists it. */
  included: string[];
  /** The fewest guests a date of it runs with (none: every date runs), decided this many hours before the start. */
  minimum?: { guests: number; decisionHours: number };
  /** What a booking on it asks each guest or party ("Dietary needs (allergies, vegetarian…)"), by code. */
  questions?: { code: string; label: string }[];
  /** Its price categories when it has more than one (adult, child…), in order, with the ages each is for (null: no bound), the seats one takes (a baby on a lap none; absent: one) and the guests one is (a family ticket four). */
  prices?: PriceCategoryRule[];
  /** Its title, short description and price category names (by code) in the other languages, where translated. */
  inLanguages?: Partial<Record<Lang, { title: string; shortDescription: string; categories?: Record<string, string>; pickupPlaces?: string[]; meetingPoint?: string; included?: string[]; questions?: Record<string, string> }>>;
  /** Its words in the other languages, for the search to find it by them. */
  otherWords?: string;
}

/** A departure as the guide quotes it: live seats and each price category's price on the day. */
export interface GuideDeparture {
  id: number;
  startsAt: string;
  seatsLeft: number;
  priceSek: number;
  prices: Record<string, number>;
  /** Its minimum of guests not yet reached, as the tour page shows it. */
  minimum?: DepartureMinimum;
}

export interface HoldRequest {
  departureId: number;
  guests: number;
  /** The party by price category, when the guest named children or babies; else `guests` of the default category. */
  categories?: { category: string; quantity: number }[];
  name: string;
  email: string;
  lang: Lang;
}

export type HoldResult =
  | { ok: true; reference: string; holdExpiresAt: string; totalSek: number }
  /** `seats`: no longer there; `limit`: this guest holds too much already; `refused`: the details (in `reason`). */
  | { ok: false; why: 'seats' | 'limit' | 'refused' | 'taken'; reason: string };

/** What the guide asks of the live site: seats now, and a hold through the booking lifecycle. */
/** The sky over the tours: the evening outlooks the site shows (tonight and the next three). */
export interface GuideSky {
  nights(place: SkyPlace, now: Date): Promise<EveningOutlook[]>;
}

export interface GuideDesk {
  departures(tourSlug: string, from: Date, to: Date): Promise<GuideDeparture[]>;
  hold(request: HoldRequest): Promise<HoldResult>;
}

/** The departures the guide last offered a guest, waiting for a name and an email to hold. */
export interface GuideOffer {
  departures: { id: number; tourSlug: string; startsAt: string }[];
  guests?: number;
  mix?: PartyMix;
  /** A ticket for the whole party (a family ticket) the guide pointed out as cheaper, by code: held instead when the guest asks for it. */
  bundle?: string;
  /** The whole party with that ticket (Family and an adult), as held when the guest asks for it. */
  bundleParty?: { category: string; quantity: number }[];
  name?: string;
  email?: string;
}

/** Where a conversation stands: the tours it was about and the seats on offer. */
export interface GuideContext {
  lastTours: string[];
  offer?: GuideOffer | null;
  /** The conversation's offer was taken by a hold (on this or another replica, maybe at this moment): its seats are held already. */
  held?: boolean;
}

/** A tour's prices in a few words: "Adult (13+) 1950 SEK, Child (4-12) 975 SEK", or its one price per guest. */
export function pricesInWords(tour: Pick<GuideTour, 'priceSek' | 'prices'>, sek: (amount: number) => string): string {
  return tour.prices && tour.prices.length > 1 ? tour.prices.map((price) => `${price.name} ${sek(price.priceSek)}`).join(', ') : `${sek(tour.priceSek)} per guest`;
}

type GuidePrice = NonNullable<GuideTour['prices']>[number];
const bandWidth = (price: GuidePrice) => (price.ageMax ?? Number.MAX_SAFE_INTEGER) - (price.ageMin ?? 0);

/** The price category whose age band holds `age` most narrowly ("Infant (0-3, on a lap)" for a 2-year-old); none when no band does. */
export function categoryForAge(prices: GuidePrice[], age: number): GuidePrice | undefined {
  return prices
    .filter((price) => (price.ageMin != null || price.ageMax != null) && (price.ageMin ?? 0) <= age && age <= (price.ageMax ?? Number.MAX_SAFE_INTEGER))
    .sort((a, b) => bandWidth(a) - bandWidth(b))[0];
}

export interface GuideStay {
  name: string;
  priceSek: number;
  maxGuests: number;
  description: string;
}

export interface GuideFaq {
  question: string;
  answer: string;
}

export interface GuidePost {
  slug: string;
  title: string;
  excerpt: string;
  text: string;
}

/** The booking terms as configured (HOLD_MINUTES, CANCEL_FREE_HOURS), so the guide quotes what the site does. */
export interface GuideTerms {
  holdMinutes: number;
  cancelFreeHours: number;
  /** How guests pay: by card at booking (Stripe configured), or on the day; unknown: the guide says both. */
  checkout?: 'stripe' | 'on_arrival';
}

export interface GuideCatalogue {
  tours: GuideTour[];
  stays: GuideStay[];
  /** The stays in the other languages (each translated or English), in the same order. */
  staysIn?: Partial<Record<Lang, GuideStay[]>>;
  faq: GuideFaq[];
  /** The FAQ in the other languages (each entry translated or English), for questions in them. */
  faqIn?: Partial<Record<Lang, GuideFaq[]>>;
  posts: GuidePost[];
  terms: GuideTerms;
}

export interface GuideAnswer {
  reply: string;
  tours: { slug: string; title: string; priceSek: number; durationHours: number }[];
  /** A link to act on: the booking page with the date chosen, or the payment page of a hold. */
  action?: { href: string; label: string };
  /** Nothing in our catalogue, FAQ or blog answered it: staff see it marked in the chat logs. */
  unanswered?: boolean;
  /** The language the answer is in (the question's, else the page's). */
  lang?: Lang;
  /** The seats now on offer (null: none any more; absent: unchanged), and a hold made. */
  offer?: GuideOffer | null;
  held?: string;
}

/** A tour as the guide sees it, from the fields the database and the seed both have. */
export function toGuideTour(tour: Omit<GuideTour, 'durationHours' | 'minAge' | 'shortDescription' | 'prices'> & { durationMinutes: number; minAge?: number | null; shortDescription: string }, clean: (markup: string) => string): GuideTour {
  return {
    id: tour.id,
    slug: tour.slug,
    title: tour.title,
    priceSek: tour.priceSek,
    durationHours: Math.round((tour.durationMinutes / 60) * 10) / 10,
    categories: tour.categories,
    locations: tour.locations,
    seasonMonths: tour.seasonMonths,
    timeOfDay: tour.timeOfDay,
    minAge: tour.minAge ?? null,
    shortDescription: clean(tour.shortDescription),
    description: tour.description,
    meetingPoint: tour.meetingPoint,
    pickupPlaces: tour.pickupPlaces,
    included: tour.included,
  };
}
