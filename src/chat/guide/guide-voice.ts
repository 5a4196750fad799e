import { COMPANY, formatSekIn, officeHoursIn } from '../../../shared/company';
import { dateTimeFormat } from '../../../shared/intl-formats';
import { INTL_LOCALES, localizedPath, type Lang } from '../../../shared/languages';
import { serverStrings, type ServerTranslate } from '../../common/i18n/strings';
import mailDe from '../../bookings/notifications/mail-strings/de.json';
import mailEn from '../../bookings/notifications/mail-strings/en.json';
import mailSv from '../../bookings/notifications/mail-strings/sv.json';
import { categoryForAge, type GuideTour } from './guide-catalogue';
import de from './guide-strings/de.json';
import en from './guide-strings/en.json';
import sv from './guide-strings/sv.json';

const guideStrings = serverStrings({ en, sv, de });
/** The cancellation policy in the words the guest's mails use. */
const policyStrings = serverStrings({ en: { policy: mailEn.policy }, sv: { policy: mailSv.policy }, de: { policy: mailDe.policy } });
export type GuideSay = ServerTranslate<Extract<keyof typeof en, string>>;

/** How the guide writes in one language: its sentences, prices, hours, months, dates and lists. */
export class GuideVoice {
  readonly say: GuideSay;
  private readonly locale: string;

  constructor(readonly lang: Lang) {
    this.say = guideStrings(lang);
    this.locale = INTL_LOCALES[lang];
  }

  /** "1 895 SEK" (ordinary spaces, as a chat bubble wraps them). */
  sek(amount: number): string {
    return formatSekIn(this.lang, amount).replace(/\s/g, ' ');
  }

  hours(value: number): string {
    return this.say('hours.value', { hours: Number.isInteger(value) ? value : Number(value.toFixed(1)) });
  }

  month(month: number): string {
    return dateTimeFormat(this.locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 15)));
  }

  /** "Friday 27 November" in Kiruna. */
  date(at: Date | string): string {
    return dateTimeFormat(this.locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: COMPANY.timeZone }).format(new Date(at));
  }

  /** "20:00" in Kiruna. */
  time(at: Date | string): string {
    return dateTimeFormat(this.locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: COMPANY.timeZone }).format(new Date(at));
  }

  list(items: string[]): string {
    return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${this.say('and')} ${items.at(-1)}`;
  }

  /** "Mon-Fri 09:00-18:00, Sat 10:00-16:00, Sun 10:00-15:00", the days in this language. */
  officeHours(): string {
    return officeHoursIn(this.lang);
  }

  contact(): string {
    return this.say('contact', { phone: COMPANY.phone, email: COMPANY.email, hours: this.officeHours() });
  }

  policy(freeHours: number): string {
    return policyStrings(this.lang)('policy', { hours: freeHours });
  }

  /** A page of the site in this language. */
  path(path: string): string {
    return localizedPath(this.lang, path);
  }

  /** The tour's title in this language, where it has one. */
  title(tour: Pick<GuideTour, 'title' | 'inLanguages'>): string {
    return tour.inLanguages?.[this.lang]?.title ?? tour.title;
  }

  /** Where its guests meet, in this language where translated. */
  meetingPoint(tour: Pick<GuideTour, 'meetingPoint' | 'inLanguages'>): string {
    return tour.inLanguages?.[this.lang]?.meetingPoint ?? tour.meetingPoint;
  }

  /** What its price includes, in this language where translated. */
  included(tour: Pick<GuideTour, 'included' | 'inLanguages'>): string[] {
    return tour.inLanguages?.[this.lang]?.included ?? tour.included;
  }

  /** Where it collects guests, in this language where translated. */
  pickupPlaces(tour: Pick<GuideTour, 'pickupPlaces' | 'inLanguages'>): string[] {
    return tour.inLanguages?.[this.lang]?.pickupPlaces ?? tour.pickupPlaces;
  }

  /** Its short description in this language, where it has one. */
  shortDescription(tour: Pick<GuideTour, 'shortDescription' | 'inLanguages'>): string {
    return tour.inLanguages?.[this.lang]?.shortDescription ?? tour.shortDescription;
  }

  /** "Tour (1 895 SEK, 5 hours)"; for a family, with the child price, or else the age children come from. */
  describe(tour: GuideTour, forFamily = false): string {
    const child = forFamily ? tour.prices?.find((price) => price.code === 'child') : undefined;
    const values = { tour: this.title(tour), price: this.sek(tour.priceSek), hours: this.hours(tour.durationHours) };
    if (child) return this.say('tour.describeChild', { ...values, child: this.sek(child.priceSek) });
    return forFamily && tour.minAge ? this.say('tour.describeMinAge', { ...values, age: tour.minAge }) : this.say('tour.describe', values);
  }

  /** "Adult (13+) 1 950 SEK, Child (4-12) 975 SEK, Infant (0-3, on a lap) free". */
  prices(tour: GuideTour): string {
    return (tour.prices ?? []).map((price) => `${this.categoryName(tour, price.code)} ${price.priceSek > 0 ? this.sek(price.priceSek) : this.say('price.free')}`).join(', ');
  }

  /** What a booking on the tour asks, in this language where translated ("Kost (allergier, vegetariskt …)"). */
  questionLabel(tour: GuideTour, question: { code: string; label: string }): string {
    return tour.inLanguages?.[this.lang]?.questions?.[question.code] ?? question.label;
  }

  /** A price category's name in this language ("Barn (4-12)"), where translated. */
  categoryName(tour: GuideTour, code: string): string {
    return tour.inLanguages?.[this.lang]?.categories?.[code] ?? tour.prices?.find((price) => price.code === code)?.name ?? code;
  }

  /**
   * Whether a child of `age` can come on a tour: too young for it, or yes, as the price category
   * whose age band holds the age most narrowly ("Infant (0-3, on a lap): free").
   */
  ageAnswer(tour: GuideTour, age: number): string {
    const values = { tour: this.title(tour), hours: this.hours(tour.durationHours), age };
    if (tour.minAge && tour.minAge > age) return this.say('age.tooYoung', { ...values, from: tour.minAge });
    const band = categoryForAge(tour.prices ?? [], age);
    if (!band) return this.say('age.yes', values);
    return this.say('age.as', { ...values, category: this.categoryName(tour, band.code), price: band.priceSek > 0 ? this.sek(band.priceSek) : this.say('price.free') });
  }

  /** What a tour costs: each category's price when it has several, else the one per guest; and from what age. */
  priceAnswer(tour: GuideTour): string {
    const values = { tour: this.title(tour), hours: this.hours(tour.durationHours) };
    const prices = tour.prices && tour.prices.length > 1 ? this.say('price.tour', { ...values, prices: this.prices(tour) }) : this.say('price.tourOne', { ...values, price: this.sek(tour.priceSek) });
    return [prices, ...(tour.minAge ? [this.say('price.minAge', { age: tour.minAge })] : []), this.say('price.calendar')].join(' ');
  }
}

const voices = new Map<Lang, GuideVoice>();
export const voiceOf = (lang: Lang): GuideVoice => {
  if (!voices.has(lang)) voices.set(lang, new GuideVoice(lang));
  return voices.get(lang)!;
};
