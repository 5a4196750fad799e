/** What the guide knows: a snapshot of the live catalogue, FAQ and stays. */
export interface GuideTour {
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
  /** Its price categories when it has more than one (adult, child…), in order. */
  prices?: { name: string; priceSek: number }[];
}

/** A tour's prices in a few words: "Adult (13+) 1950 SEK, Child (4-12) 975 SEK", or its one price per guest. */
export function pricesInWords(tour: Pick<GuideTour, 'priceSek' | 'prices'>, sek: (amount: number) => string): string {
  return tour.prices && tour.prices.length > 1 ? tour.prices.map((price) => `${price.name} ${sek(price.priceSek)}`).join(', ') : `${sek(tour.priceSek)} per guest`;
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
}

export interface GuideCatalogue {
  tours: GuideTour[];
  stays: GuideStay[];
  faq: GuideFaq[];
  posts: GuidePost[];
  terms: GuideTerms;
}

export interface GuideAnswer {
  reply: string;
  tours: { slug: string; title: string; priceSek: number; durationHours: number }[];
  /** Nothing in our catalogue, FAQ or blog answered it: staff see it marked in the chat logs. */
  unanswered?: boolean;
}

/** A tour as the guide sees it, from the fields the database and the seed both have. */
export function toGuideTour(tour: Omit<GuideTour, 'durationHours' | 'minAge' | 'shortDescription'> & { durationMinutes: number; minAge?: number | null; shortDescription: string }, clean: (markup: string) => string): GuideTour {
  return {
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
  };
}
