import type { SkyNightView, SkyOutlookView } from '../../shared/api-types';
import { kirunaDate } from '../../shared/company';
import { dateTimeFormat } from '../../shared/intl-formats';
import { INTL_LOCALES, type Lang } from '../../shared/languages';
import { serverStrings } from '../common/i18n/strings';
import { kirunaClock, nextDate, type EveningOutlook, type SkyReason } from './outlook';
import { SKY_PLACES, type SkyPlace } from './sky-places';
import de from './sky-strings/de.json';
import en from './sky-strings/en.json';
import sv from './sky-strings/sv.json';

const skyStrings = serverStrings({ en, sv, de });

/** "Tonight", "Tomorrow night", "Friday night": the evening as seen from `now`. */
export function nightName(date: string, lang: Lang, now: Date): string {
  const say = skyStrings(lang);
  const today = kirunaDate(now);
  if (date === today) return say('night.tonight');
  if (date === nextDate(today)) return say('night.tomorrow');
  const day = dateTimeFormat(INTL_LOCALES[lang], { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  // At the start of the line ("Fredag kväll"); German joins it with the evening: "Freitagabend".
  return say('night.on', { day: day.charAt(0).toUpperCase() + day.slice(1) });
}

function reasonWords(reason: SkyReason, lang: Lang): string {
  const say = skyStrings(lang);
  switch (reason.code) {
    case 'clear':
    case 'clear-spells':
      return say(`reason.${reason.code}`, { from: reason.from });
    case 'kp':
      return say('reason.kp', { kp: reason.kp });
    default:
      return say(`reason.${reason.code}`);
  }
}

/** "Tonight: clear spells after 21:00, Kp 4: good", in `lang`; never a promise. */
export function skyHeadline(outlook: EveningOutlook, lang: Lang, now: Date): string {
  const say = skyStrings(lang);
  const night = nightName(outlook.date, lang, now);
  if (!outlook.verdict) return say('headline.none', { night });
  // The bright moon is said on the board and by the guide; the headline keeps to the sky and the Kp.
  const reasons = outlook.reasons.filter((reason) => reason.code !== 'bright-moon').map((reason) => reasonWords(reason, lang));
  return say('headline', { night, reasons: reasons.join(', '), verdict: say(`verdict.${outlook.verdict}`) });
}

/** Every reason, bright moon too, for the board and the guide. */
export const skyReasons = (outlook: EveningOutlook, lang: Lang): string[] => outlook.reasons.map((reason) => reasonWords(reason, lang));

export function nightView(outlook: EveningOutlook, lang: Lang, now: Date): SkyNightView {
  return {
    date: outlook.date,
    verdict: outlook.verdict,
    headline: skyHeadline(outlook, lang, now),
    darkFrom: outlook.darkness ? kirunaClock(outlook.darkness.from) : null,
    darkTo: outlook.darkness ? kirunaClock(outlook.darkness.to) : null,
  };
}

export function outlookView(place: SkyPlace, nights: EveningOutlook[], lang: Lang, now: Date, updatedAt: Date | null): SkyOutlookView {
  const say = skyStrings(lang);
  return {
    place: SKY_PLACES[place].name,
    title: say('title'),
    nights: nights.map((night) => nightView(night, lang, now)),
    note: say('note'),
    attribution: say('attribution'),
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}

/** What the company does when the lights do not show, and where the data comes from: said wherever an outlook is. */
export const skyNote = (lang: Lang): string => skyStrings(lang)('note');
export const skyAttribution = (lang: Lang): string => skyStrings(lang)('attribution');
export const skyTitle = (lang: Lang): string => skyStrings(lang)('title');
