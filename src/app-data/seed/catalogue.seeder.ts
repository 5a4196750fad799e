import { Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { BlogPost } from '../../blog/blog-post.entity';
import { StayPackage } from '../../bookings/stay-package.entity';
import { ContentTranslation, type TranslatedSubject } from '../../common/i18n/content-translation.entity';
import { FaqItem } from '../../faq/faq-item.entity';
import { Category } from '../../tours/category.entity';
import { Departure } from '../../departures/departure.entity';
import { Location } from '../../tours/location.entity';
import { PriceCategory } from '../../tours/price-category.entity';
import { Tour } from '../../tours/tour.entity';
import { seedCategoryName, seedPriceCategories } from './price-categories.catalogue';
import { PICKUP_POINTS, PICKUP_WORDS, QUESTION_LABELS, questionRow, TOUR_MINIMUMS, TOUR_QUESTIONS, TOUR_VAT_RATES } from './booking-options.catalogue';
import { PickupPoint } from '../../tours/pickup-point.entity';
import { TourQuestion } from '../../tours/tour-question.entity';
import { BLOG_POSTS, BLOG_TRANSLATIONS } from './blog.catalogue';
import type { TourSeed } from './catalogue-types';
import { planDepartures } from '../../departures/departure-schedule';
import { FAQ_ITEMS, FAQ_TRANSLATIONS } from './faq.catalogue';
import { STAY_PACKAGES, STAY_TRANSLATIONS } from './stays.catalogue';
import { RESOURCE_KINDS, STAY_ROOMS, TOUR_NEEDS } from './resources.catalogue';
import { ResourceKind } from '../../departures/resources/resource-kind.entity';
import { Resource } from '../../departures/resources/resource.entity';
import { TourResourceNeed } from '../../departures/resources/tour-resource-need.entity';
import { CATEGORIES, LOCATIONS } from '../../../shared/taxonomy';
import { PICKUP_PLACE_WORDS, TOUR_TRANSLATIONS, type TourWords } from './tour-translations.catalogue';
import { optionField } from '../../tours/tour-translations';
import { TOURS } from './tours.catalogue';
import { clock } from '../../common/clock';

export const SCHEDULE_DAYS = 120;

/** Seeded items' Swedish and German fields, as content_translations rows (`texts` in the items' order). */
function translationRows<Field extends string>(manager: EntityManager, subject: TranslatedSubject, items: { id: number }[], texts: Record<'sv' | 'de', Record<Field, string>>[]): ContentTranslation[] {
  return items.flatMap((item, index) =>
    (['sv', 'de'] as const).flatMap((language) =>
      (Object.entries(texts[index]![language]) as [Field, string][]).map(([field, text]) => manager.create(ContentTranslation, { subject, subjectId: item.id, language, field, text })),
    ),
  );
}
/** A seeded tour's words in Swedish and German: its texts, and its categories' names and questions' labels. */
export function seededTourWords(seed: TourSeed): Record<'sv' | 'de', Record<string, string>> {
  const [texts, options] = [tourWords(TOUR_TRANSLATIONS[seed.slug]!), optionWords(seed)];
  const pickupPlaces = (lang: 'sv' | 'de') => seed.pickupPlaces.map((place) => PICKUP_PLACE_WORDS[place]![lang]).join('\n');
  return { sv: { ...texts.sv, ...options.sv, pickupPlaces: pickupPlaces('sv') }, de: { ...texts.de, ...options.de, pickupPlaces: pickupPlaces('de') } };
}

/** A seeded tour's price category names and question labels in Swedish and German, as its words. */
function optionWords(seed: TourSeed): Record<'sv' | 'de', Record<string, string>> {
  const inLanguage = (lang: 'sv' | 'de') => ({
    ...Object.fromEntries(seedPriceCategories(seed).map((category) => [optionField.category(category.code), seedCategoryName(lang, category)])),
    ...Object.fromEntries((TOUR_QUESTIONS[seed.slug] ?? []).map((question) => [optionField.question(question.code), QUESTION_LABELS[question.code]![lang]])),
  });
  return { sv: inLanguage('sv'), de: inLanguage('de') };
}

/** A tour's words as content_translations keeps them: the lists a line per item. */
function tourWords(translations: Record<'sv' | 'de', TourWords>): Record<'sv' | 'de', Record<keyof TourWords, string>> {
  const asText = (words: TourWords) =>
    Object.fromEntries(Object.entries(words).map(([field, value]) => [field, Array.isArray(value) ? value.join('\n') : value])) as Record<keyof TourWords, string>;
  return { sv: asText(translations.sv), de: asText(translations.de) };
}

const IMAGE_SIZE = { width: 1200, height: 800 };
const DAY_MS = 24 * 60 * 60 * 1000;

const artworkUrl = (name: string): string => `/images/art/${name}.svg`;

/** A tour's pictures: its own scene, and its own picture of the place it goes from (scripts/generate-artwork.mjs); none is shared with another tour. */
export function tourImages(seed: TourSeed) {
  return [
    { url: artworkUrl(seed.artwork), alt: seed.imageAlt, ...IMAGE_SIZE },
    { url: artworkUrl(`places/${seed.slug}`), alt: `The landscape around ${seed.locations[0]} where ${seed.title} sets out`, ...IMAGE_SIZE },
  ];
}

/**
 * Fills an empty database with the company's catalogue: categories, locations, tours,
 * the coming season's departures, stay packages, blog posts and the FAQ.
 */
/** The resource kinds and items, and what the tours that share them need (resources.catalogue.ts). */
async function seedResources(manager: EntityManager, tours: { id: number; slug: string }[]): Promise<Map<string, ResourceKind>> {
  const kinds = new Map<string, ResourceKind>();
  for (const { key, items, seatsEach, ...kind } of RESOURCE_KINDS) {
    const saved = await manager.save(ResourceKind, manager.create(ResourceKind, { ...kind, seatsEach: seatsEach ?? null }));
    kinds.set(key, saved);
    await manager.save(Resource, items.map((item) => manager.create(Resource, { kindId: saved.id, name: item.name, skills: item.skills ?? [], isActive: true })));
  }
  const needs = tours.flatMap((tour) =>
    (TOUR_NEEDS[tour.slug] ?? []).map((need) =>
      manager.create(TourResourceNeed, { tourId: tour.id, kindId: kinds.get(need.kind)!.id, fixed: need.fixed ?? 0, perUnits: need.perUnits ?? null, categories: need.categories ?? null, skills: need.skills ?? null }),
    ),
  );
  await manager.save(TourResourceNeed, needs);
  return kinds;
}

export class CatalogueSeeder {
  private readonly logger = new Logger(CatalogueSeeder.name);

  constructor(private readonly dataSource: DataSource) {}

  /** Returns true when it seeded, false when the catalogue was already there. */
  async seedIfEmpty(now = clock.now()): Promise<boolean> {
    if ((await this.dataSource.getRepository(Tour).count()) > 0) return false;
    try {
      await this.dataSource.transaction((manager) => this.seed(manager, now));
    } catch (error) {
      // Another process seeded at the same moment: its catalogue stands.
      if ((await this.dataSource.getRepository(Tour).count()) > 0) return false;
      throw error;
    }
    this.logger.log(`Seeded ${TOURS.length} tours, ${BLOG_POSTS.length} posts and ${FAQ_ITEMS.length} FAQ entries`);
    return true;
  }

  private async seed(manager: EntityManager, now: Date): Promise<void> {
    const categories = await manager.save(
      Category,
      CATEGORIES.map((category, index) => manager.create(Category, { ...category, sortOrder: index })),
    );
    const locations = await manager.save(
      Location,
      LOCATIONS.map((location, index) => manager.create(Location, { ...location, sortOrder: index })),
    );
    const categoryByName = new Map(categories.map((category) => [category.name, category]));
    const locationByName = new Map(locations.map((location) => [location.name, location]));
    const pickups = await manager.save(
      PickupPoint,
      PICKUP_POINTS.map(({ location, ...point }, index) => manager.create(PickupPoint, { ...point, locationId: locationByName.get(location)!.id, sortOrder: index })),
    );

    const tours: { id: number; slug: string }[] = [];
    for (const seed of TOURS) {
      const { artwork, categories: categoryNames, locations: locationNames, startTimes, weekdays, ...fields } = seed;
      const tour = await manager.save(
        Tour,
        manager.create(Tour, {
          ...fields,
          imageUrl: artworkUrl(artwork),
          isMain: seed.isMain ?? false,
          minAge: seed.minAge ?? null,
          images: tourImages(seed),
          categories: categoryNames.map((name) => categoryByName.get(name)!),
          locations: locationNames.map((name) => locationByName.get(name)!),
          // Collected from every hotel where it operates.
          pickupPoints: pickups.filter((point) => locationNames.some((name) => locationByName.get(name)!.id === point.locationId)),
          minGuests: TOUR_MINIMUMS[seed.slug] ?? null,
          vatRate: TOUR_VAT_RATES[seed.slug] ?? 25,
        }),
      );
      tours.push(tour);
      const priceCategories = seedPriceCategories(seed);
      await manager.save(
        PriceCategory,
        priceCategories.map((category, index) => manager.create(PriceCategory, { ...category, tourId: tour.id, sortOrder: index })),
      );
      await manager.save(
        TourQuestion,
        (TOUR_QUESTIONS[seed.slug] ?? []).map((question, index) => manager.create(TourQuestion, { ...questionRow(question), tourId: tour.id, sortOrder: index })),
      );
      const departures = planDepartures({ ...seed, startTimes, weekdays, otherCategories: priceCategories.filter(({ isDefault }) => !isDefault) }, now, SCHEDULE_DAYS).map((planned) =>
        manager.create(Departure, { ...planned, tourId: tour.id, status: 'open' }),
      );
      await manager.save(Departure, departures, { chunk: 200 });
    }

    const kinds = await seedResources(manager, tours);
    const stays = await manager.save(
      StayPackage,
      STAY_PACKAGES.map((stay) => manager.create(StayPackage, { ...stay, roomKindId: STAY_ROOMS[stay.slug] ? kinds.get(STAY_ROOMS[stay.slug]!)!.id : null })),
    );
    const posts = await manager.save(
      BlogPost,
      BLOG_POSTS.map(({ daysAgo, ...post }) =>
        manager.create(BlogPost, { ...post, publishedAt: new Date(now.getTime() - daysAgo * DAY_MS) }),
      ),
    );
    const faq = await manager.save(FaqItem, FAQ_ITEMS.map((item, index) => manager.create(FaqItem, { ...item, sortOrder: index })));
    await manager.save(
      ContentTranslation,
      [
        ...translationRows(manager, 'faq', faq, FAQ_TRANSLATIONS),
        ...translationRows(manager, 'post', posts, BLOG_TRANSLATIONS),
        ...translationRows(manager, 'stay', stays, STAY_TRANSLATIONS),
        ...translationRows(
          manager,
          'tour',
          tours,
          TOURS.map((seed) => seededTourWords(seed)),
        ),
        ...pickups.flatMap((point) =>
          (['sv', 'de'] as const).flatMap((language) =>
            Object.entries(PICKUP_WORDS[point.name]?.[language] ?? {}).map(([field, text]) => manager.create(ContentTranslation, { subject: 'pickup', subjectId: point.id, language, field, text })),
          ),
        ),
      ],
      { chunk: 200 },
    );
  }
}
