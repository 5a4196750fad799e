import { INTL_LOCALES, type Lang } from './languages';

/**
 * The company's facts as guests are told them, written once for the server (mails, the AI
 * guides, answers) and the browser (pages, structured data).
 */
export const COMPANY = {
  name: 'Norrsken Arctic Tours',
  /** As the receipts name the seller (a Swedish receipt shows the organisation number and the VAT number). */
  legalName: 'Norrsken Arctic Tours AB',
  orgNumber: '559123-4567',
  vatNumber: 'SE559123456701',
  /** As written for people; `phoneHref` is the same number for a tel: link. */
  phone: '+46 980 123 45',
  phoneHref: 'tel:+4698012345',
  email: 'hello@norrsken-arctic.se',
  address: 'Lars Janssonsgatan 17, 981 31 Kiruna, Sweden',
  /** Every time the site shows is Kiruna's. */
  timeZone: 'Europe/Stockholm',
  /** Office hours, day by day, then in one line. */
  hours: [
    { days: 'Mon-Fri', hours: '09:00-18:00' },
    { days: 'Sat', hours: '10:00-16:00' },
    { days: 'Sun', hours: '10:00-15:00' },
  ],
} as const;

/** The company's phone and office hours, as guests are told them. */
export const COMPANY_PHONE = COMPANY.phone;
export const OFFICE_HOURS = COMPANY.hours.map(({ days, hours }) => `${days} ${hours}`).join(', ');

/** The office days and the country in each language: what a mail's footer and the guide say. */
const LOCAL_WORDS: Record<Lang, { days: Record<(typeof COMPANY.hours)[number]['days'], string>; country: string }> = {
  en: { days: { 'Mon-Fri': 'Mon-Fri', Sat: 'Sat', Sun: 'Sun' }, country: 'Sweden' },
  sv: { days: { 'Mon-Fri': 'mån–fre', Sat: 'lör', Sun: 'sön' }, country: 'Sverige' },
  de: { days: { 'Mon-Fri': 'Mo–Fr', Sat: 'Sa', Sun: 'So' }, country: 'Schweden' },
};

/** Office hours in a language: "mån–fre 09:00-18:00, lör 10:00-16:00, sön 10:00-15:00". */
export const officeHoursIn = (lang: Lang): string => COMPANY.hours.map(({ days, hours }) => `${LOCAL_WORDS[lang].days[days]} ${hours}`).join(', ');

/** The company's address in a language: "…, 981 31 Kiruna, Schweden". */
export const addressIn = (lang: Lang): string => COMPANY.address.replace(/Sweden$/, LOCAL_WORDS[lang].country);

const kirunaDay = new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
/** An instant's date in Kiruna (YYYY-MM-DD): the day a guest is told, whatever the server's or the browser's zone. */
export const kirunaDate = (at: Date | string): string => kirunaDay.format(new Date(at));

/** The Kiruna days (YYYY-MM-DD) from `days` before an instant's day to `days` after it. */
export function kirunaDaysAround(at: Date | string, days: number): { from: string; to: string } {
  const shifted = (offset: number) => new Date(Date.parse(`${kirunaDate(at)}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: shifted(-days), to: shifted(days) };
}

const swedishNumber = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });
/** Swedish number format followed by SEK (spec section 9): "1 950 SEK" (a no-break space between thousands). */
export const formatSek = (amount: number): string => `${swedishNumber.format(amount)} SEK`;
/** The same for staff, in Swedish: "1 950 kr". */
export const formatKr = (amount: number): string => `${swedishNumber.format(amount)} kr`;

const guestNumbers = new Map<Lang, Intl.NumberFormat>();
/** A price in a guest's language: "1 950 SEK" (English, as above), "1 950 kr" (Swedish), "1.950 SEK" (German). */
export function formatSekIn(lang: Lang, amount: number): string {
  if (lang === 'en') return formatSek(amount);
  if (!guestNumbers.has(lang)) guestNumbers.set(lang, new Intl.NumberFormat(INTL_LOCALES[lang], { maximumFractionDigits: 0 }));
  return `${guestNumbers.get(lang)!.format(amount)} ${lang === 'sv' ? 'kr' : 'SEK'}`;
}
