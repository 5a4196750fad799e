import { Injectable } from '@nestjs/common';

import type { Lang } from '../../shared/languages';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { translatedText } from '../common/i18n/translated';
import { GuestRefusal } from '../common/filters/guest-refusal.exception';
import { translateBooking, translateOptions, translatePickupPoint } from '../tours/tour-translations';
import type { BookingDetails } from './booking.mapper';
import { AnswersRefusal } from './lifecycle/bookable';

type Words = Record<string, string>;

/** What a booking's pages and mails say in its language: its tour's words, its stay's and its pickups'. */
export interface FoundWords {
  tour?: Words;
  stay?: Words;
  pickups: Map<number, Words>;
}


/** A pickup point in another language: its name and address where translated. */
export function translatePickup<Point extends { id: number; name: string; address: string }>(point: Point, found: FoundWords | undefined): Point {
  return translatePickupPoint(point, found?.pickups.get(point.id));
}

/**
 * A booking as its guest reads it: the tour's title, meeting point and what to bring, the
 * party's categories, the stay's name and the pickup, in the words found (English where none).
 */
export function inWords<
  Booking extends {
    tour: { title: string; meetingPoint: string; whatToBring: string[] };
    party: { code: string; name: string }[];
    stayPackage: { name: string } | null;
    pickupPoint: { id: number; name: string; address: string } | null;
  },
>(booking: Booking, found: FoundWords | undefined): Booking {
  if (!found) return booking;
  const translated = translateBooking(booking, found.tour);
  const stayName = translatedText(found.stay?.name);
  return {
    ...translated,
    stayPackage: translated.stayPackage && stayName ? { ...translated.stayPackage, name: stayName } : translated.stayPackage,
    pickupPoint: translated.pickupPoint ? translatePickup(translated.pickupPoint, found) : null,
  };
}

/** Reads the words a booking needs in its language (none for English). */
@Injectable()
export class BookingWords {
  constructor(private readonly translations: ContentTranslations) {}

  async of(lang: Lang, ids: { tourId: number; stayId?: number | null; pickupIds?: number[] }): Promise<FoundWords | undefined> {
    if (lang === 'en') return undefined;
    const [tour, stay, pickups] = await Promise.all([
      this.translations.of('tour', [ids.tourId]),
      ids.stayId ? this.translations.of('stay', [ids.stayId]) : new Map<number, Map<Lang, Words>>(),
      this.translations.of('pickup', ids.pickupIds ?? []),
    ]);
    return {
      tour: tour.get(ids.tourId)?.get(lang),
      stay: ids.stayId ? stay.get(ids.stayId)?.get(lang) : undefined,
      pickups: new Map([...pickups].flatMap(([id, byLang]) => (byLang.get(lang) ? [[id, byLang.get(lang)!] as const] : []))),
    };
  }

  /**
   * A refusal of a guest's answers as each language reads it: the tour's questions named in
   * Swedish and German where staff translated them ("Vikt (gäst 3) …", not "Weight (gäst 3) …").
   * Any other error as it is.
   */
  async refusalInWords(error: unknown): Promise<unknown> {
    if (!(error instanceof AnswersRefusal)) return error;
    const { tourId, questions } = error.asked;
    const words = (await this.translations.of('tour', [tourId])).get(tourId);
    const textIn = (lang: 'sv' | 'de') => {
      const own = words?.get(lang);
      return own ? error.textsWith(translateOptions({ questions: [...questions] }, own).questions!)[lang] : error.texts[lang];
    };
    return new GuestRefusal({ en: error.texts.en, sv: textIn('sv'), de: textIn('de') });
  }

  /** A booking (as the mapper gives it) as its guest reads it, in the language they booked in (English where a word has no translation): for its mails and Stripe's page. */
  async inBookingLanguage<Booking extends BookingDetails>(booking: Booking): Promise<Booking> {
    return inWords(booking, await this.forBooking(booking));
  }

  /** The words a booking (as the mapper gives it) needs, its own pickup among them, plus any `pickupIds` offered. */
  forBooking(booking: { language: Lang; tour: { id: number }; stayPackage: { id: number } | null; pickupPoint: { id: number } | null }, pickupIds: number[] = []): Promise<FoundWords | undefined> {
    return this.of(booking.language, { tourId: booking.tour.id, stayId: booking.stayPackage?.id, pickupIds: [...new Set([...(booking.pickupPoint ? [booking.pickupPoint.id] : []), ...pickupIds])] });
  }
}
