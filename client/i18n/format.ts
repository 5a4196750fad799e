import { useMemo } from 'react';

import { COMPANY, formatSek as formatSekEnglish, formatSekIn } from '../../shared/company';
import { INTL_LOCALES, type Lang } from '../../shared/languages';
import { formatDeparture as departureEnglish, formatPostDate as postDateEnglish } from '../format';
import { useLang, useT } from './i18n';

const TIME_ZONE = COMPANY.timeZone;

/** Dates, times and prices in a language, through Intl; English as the spec writes them. */
export interface Formats {
  /** "1 950 SEK" (English), "1 950 kr" (Swedish), "1.950 SEK" (German). */
  sek: (amount: number) => string;
  /** "Mon 24 Nov, 20:00" in Kiruna's time, in the language. */
  departure: (iso: string) => string;
  /** "Nov 16, 2026" in the language. */
  postDate: (iso: string) => string;
  /** "2 hours", "2,5 Stunden". */
  hours: (hours: number) => string;
  /** "19:30" in Kiruna's time. */
  time: (iso: string) => string;
}

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });
const time = (iso: string) => clock.format(new Date(iso));

const intl = (lang: Lang): Omit<Formats, 'hours'> => {
  if (lang === 'en') return { sek: formatSekEnglish, departure: departureEnglish, postDate: postDateEnglish, time };
  const locale = INTL_LOCALES[lang];
  const departure = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });
  const postDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE });
  return {
    sek: (amount) => formatSekIn(lang, amount),
    departure: (iso) => departure.format(new Date(iso)),
    postDate: (iso) => postDate.format(new Date(iso)),
    time,
  };
};

const BY_LANG = new Map<Lang, Omit<Formats, 'hours'>>();

/** The page's formats. */
export function useFormat(): Formats {
  const lang = useLang();
  const t = useT();
  return useMemo(() => {
    if (!BY_LANG.has(lang)) BY_LANG.set(lang, intl(lang));
    return { ...BY_LANG.get(lang)!, hours: (hours: number) => t('format.hours', { hours: Number.isInteger(hours) ? hours : Number(hours.toFixed(1)) }) };
  }, [lang, t]);
}
