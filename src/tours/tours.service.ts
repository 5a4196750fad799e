import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';

import type { AdminTourView } from '../../shared/admin-types';
import { MIN_RATINGS_SHOWN, type DepartureView, type TourDetail, type TourFilter, type TourSummary } from '../../shared/api-types';
import { cancellationPolicyText } from '../../shared/cancellation-policy';
import { depositTermsOf } from './tour.mapper';
import type { Lang } from '../../shared/languages';
import type { PriceCategoryRule } from '../../shared/pricing';
import { BOOKABLE_DAYS_AHEAD } from '../../shared/taxonomy';
import { CatalogueCache } from '../common/cache/catalogue-cache';
import { ContentChanges } from '../common/cache/content-changes';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { translatedLines, translatedText } from '../common/i18n/translated';
import { AppConfig } from '../config/app-config';
import { StripeService } from '../stripe/stripe.service';
import { DeparturesRepository } from '../departures/departures.repository';
import { decisionHoursOf, type TourMinimum } from '../departures/minimum';
import { compareTours, mapTourDetail, mapTourRecord, mapTourSummary } from './tour.mapper';
import { PriceCategory } from './price-category.entity';
import { adultOnly, categoryRule, pricesOn } from './tour-prices';
import { questionsOfTours, tourOptions } from './tour-options';
import { TourSlugRedirect } from './tour-slug-redirect.entity';
import { Tour } from './tour.entity';
import { optionField, translateDetail, translatePickupPoint, translateSummary } from './tour-translations';
import { SkyOutlooks } from '../sky/sky-outlooks.service';
import { auroraPlaceOf } from '../sky/sky-places';
import { clock } from '../common/clock';

/** A price category as the AI guide quotes it: its name in a language, its price, the ages it is for, and the seats and guests one is. */
/** A tour's price category at the tour's own prices, named in the language asked. */
export type PriceListEntry = PriceCategoryRule;

const UPCOMING_DEPARTURES = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A tour as it stands between catalogue edits: its page's every part but the departures, and
 * what their prices and seats are worked out from. A booking changes seats, not this: it is
 * kept until staff edit the catalogue, and a tour's departures are read apart from it.
 */
interface TourBase {
  detail: TourDetail;
  pricing: { id: number; priceSek: number; vatRate: number } & TourMinimum;
  categories: PriceCategory[];
}

@Injectable()
export class ToursService {
  constructor(
    @InjectRepository(Tour) private readonly tours: Repository<Tour>,
    @InjectRepository(TourSlugRedirect) private readonly redirects: Repository<TourSlugRedirect>,
    @InjectRepository(PriceCategory) private readonly categories: Repository<PriceCategory>,
    private readonly departures: DeparturesRepository,
    private readonly config: AppConfig,
    private readonly cache: CatalogueCache,
    private readonly changes: ContentChanges,
    private readonly stripe: StripeService,
    private readonly translations: ContentTranslations,
    private readonly sky: SkyOutlooks,
  ) {}

  /** A cache key's language part: nothing for English (the spec's keys unchanged). */
  private static inLang(key: string, lang: Lang): string {
    return lang === 'en' ? key : `${key}${key.includes('?') ? '&' : '?'}lang=${lang}`;
  }

  /** The words of these tours in `lang`, by tour id (none for English). */
  private async wordsIn(lang: Lang, ids: number[]): Promise<Map<number, Record<string, string>>> {
    if (lang === 'en' || ids.length === 0) return new Map();
    const found = await this.translations.of('tour', ids);
    return new Map([...found].flatMap(([id, byLang]) => (byLang.get(lang) ? [[id, byLang.get(lang)!] as const] : [])));
  }

  /** Whether a tour (of any status) has this id. */
  exists(tourId: number): Promise<boolean> {
    return this.tours.existsBy({ id: tourId });
  }

  /** Active tours, filtered by location and category names, in the spec's order, in `lang` (English where a tour has no translation). */
  list(filter: TourFilter = {}, lang: Lang = 'en'): Promise<TourSummary[]> {
    const key = new URLSearchParams({ location: filter.location ?? '', category: filter.category ?? '' });
    return this.cache.read(ToursService.inLang(`tours?${key}`, lang), async () => {
      const tours = await this.load(filter);
      const words = await this.wordsIn(lang, tours.map((tour) => tour.id));
      return tours.map((tour) => translateSummary(tour, words.get(tour.id)));
    });
  }

  /** The tour with this slug, or the one that had it before staff renamed it (its `slug` then differs: answer 301). */
  async findBySlug(slug: string, lang: Lang = 'en'): Promise<TourDetail | null> {
    const base = await this.baseBySlug(slug, lang);
    return base && this.withDepartures(base);
  }

  async findById(id: number, lang: Lang = 'en'): Promise<TourDetail | null> {
    const base = await this.cache.read(ToursService.inLang(`tour#${id}`, lang), () => this.findActive('tour.id = :id', { id }, lang));
    return base && this.withDepartures(base);
  }

  private baseBySlug(slug: string, lang: Lang): Promise<TourBase | null> {
    return this.cache.read(ToursService.inLang(`tour/${encodeURIComponent(slug)}`, lang), async () => {
      const tour = await this.findActive('tour.slug = :slug', { slug }, lang);
      if (tour) return tour;
      const moved = await this.redirects.findOne({ where: { oldSlug: slug }, select: { tourId: true } });
      return moved ? this.findActive('tour.id = :id', { id: moved.tourId }, lang) : null;
    });
  }

  /** The tour with its upcoming departures and seats left, read apart (kept until a booking or a hold's lapse changes them). */
  private async withDepartures({ detail, pricing, categories }: TourBase): Promise<TourDetail> {
    const departures = await this.cache.read(`departures#${pricing.id}`, () => {
      this.changes.dependOn(`departures:${pricing.id}`);
      const now = clock.now();
      return this.departures.upcomingWithSeats(pricing, { from: now, limit: UPCOMING_DEPARTURES }, pricesOn(categories, pricing), now);
    });
    return { ...detail, departures };
  }

  /** An active tour, in `lang`, without its departures. */
  private async findActive(where: string, parameters: Record<string, unknown>, lang: Lang): Promise<TourBase | null> {
    const tour = await this.withRelations(this.tours.createQueryBuilder('tour'))
      .where(`${where} AND tour.is_active = :active`, { ...parameters, active: true })
      .getOne();
    if (!tour) return null;
    const [words, { detail, categories }] = await Promise.all([this.wordsIn(lang, [tour.id]), this.detail(tour)]);
    const pricing = { id: tour.id, priceSek: tour.priceSek, vatRate: tour.vatRate, minGuests: tour.minGuests, decisionHours: tour.decisionHours, cancelFreeHours: this.config.cancelFreeHours };
    const translated = await this.withRating(await this.withSky(translateDetail(detail, words.get(tour.id)), lang));
    if (lang === 'en' || translated.pickupPoints.length === 0) return { detail: translated, pricing, categories };
    const pickups = await this.translations.of('pickup', translated.pickupPoints.map((point) => point.id));
    return { detail: { ...translated, pickupPoints: translated.pickupPoints.map((point) => translatePickupPoint(point, pickups.get(point.id)?.get(lang))) }, pricing, categories };
  }

  /**
   * The tour's guests' ratings (read by the ratings table's columns), once there are at least
   * MIN_RATINGS_SHOWN of them: only real ratings are counted, none are seeded.
   */
  private async withRating(tour: TourDetail): Promise<TourDetail> {
    const row = await this.tours.manager
      .createQueryBuilder()
      .from('ratings', 'rating')
      .select('COUNT(*)', 'count')
      .addSelect('AVG(rating.score)', 'average')
      .where('rating.tour_id = :tourId', { tourId: tour.id })
      .getRawOne<{ count: number | string; average: number | string | null }>();
    const count = Number(row?.count ?? 0);
    return count >= MIN_RATINGS_SHOWN ? { ...tour, rating: { average: Math.round(Number(row?.average) * 10) / 10, count } } : tour;
  }

  /** A Northern Lights tour with the aurora outlook where it goes out (kept until a new forecast, or midnight in Kiruna). */
  private async withSky(tour: TourDetail, lang: Lang): Promise<TourDetail> {
    const place = auroraPlaceOf(tour, tour.operatesFrom);
    return place ? { ...tour, skyOutlook: await this.sky.view(place, lang) } : tour;
  }

  private async load(filter: TourFilter): Promise<TourSummary[]> {
    const query = this.withRelations(this.tours.createQueryBuilder('tour')).where('tour.is_active = :active', { active: true });
    if (filter.location) {
      query.andWhere(
        'tour.id IN (SELECT tl.tours_id FROM tour_locations tl INNER JOIN locations l ON l.id = tl.locations_id WHERE l.name = :location)',
        { location: filter.location },
      );
    }
    if (filter.category) {
      query.andWhere(
        'tour.id IN (SELECT tc.tours_id FROM tour_categories tc INNER JOIN categories c ON c.id = tc.categories_id WHERE c.name = :category)',
        { category: filter.category },
      );
    }
    const tours = await query.getMany();
    return tours.sort(compareTours).map(mapTourSummary);
  }

  /** Every tour's price categories (name, in `lang` where translated, and base price) by tour id, in order: for the AI guides. */
  /** Each tour's meeting point and what it includes in each other language, where translated (the AI guide answers with them); read at once. */
  async guideWordsByTour(tourIds: number[]): Promise<Map<number, Partial<Record<Lang, { meetingPoint?: string; included?: string[]; questions: Record<string, string> }>>>> {
    const found = tourIds.length ? await this.translations.of('tour', tourIds) : new Map<number, Map<Lang, Record<string, string>>>();
    const questionLabels = (fields: Record<string, string>) =>
      Object.fromEntries(Object.entries(fields).flatMap(([field, value]) => (field.startsWith(optionField.question('')) && translatedText(value) ? [[field.slice(optionField.question('').length), translatedText(value)!]] : [])));
    return new Map(
      [...found].map(([id, byLang]) => [
        id,
        Object.fromEntries([...byLang].map(([lang, fields]) => [lang, { meetingPoint: translatedText(fields.meetingPoint), included: translatedLines(fields.included), questions: questionLabels(fields) }])),
      ]),
    );
  }

  /** The fewest guests each tour's dates run with, where it has a minimum, and how long before the start that is decided (never after free cancellation ends). */
  async minimumsByTour(): Promise<Map<number, { guests: number; decisionHours: number }>> {
    const tours = await this.tours.find({ select: { id: true, minGuests: true, decisionHours: true } });
    const { cancelFreeHours } = this.config;
    return new Map(tours.flatMap((tour) => (tour.minGuests && tour.minGuests > 1 ? [[tour.id, { guests: tour.minGuests, decisionHours: decisionHoursOf({ decisionHours: null }, { ...tour, cancelFreeHours }) }]] : [])));
  }

  /** What a booking on each of these tours asks, by code and English label, in order. */
  async questionsByTour(tourIds: number[]): Promise<Map<number, { code: string; label: string }[]>> {
    const byTour = await questionsOfTours(this.tours.manager, tourIds);
    return new Map([...byTour].map(([id, questions]) => [id, questions.map(({ code, label }) => ({ code, label }))]));
  }

  async priceListByTour(lang: Lang = 'en'): Promise<Map<number, PriceListEntry[]>> {
    const [categories, tours] = await Promise.all([this.categories.find({ order: { tourId: 'ASC', sortOrder: 'ASC', id: 'ASC' } }), this.tours.find({ select: { id: true, priceSek: true, vatRate: true } })]);
    const tourPricing = new Map(tours.map((tour) => [tour.id, tour]));
    const byTour = new Map<number, PriceListEntry[]>();
    for (const category of categories) {
      const rule = categoryRule(category, { priceSek: null, categoryPrices: null }, tourPricing.get(category.tourId) ?? { priceSek: category.priceSek, vatRate: 25 });
      byTour.set(category.tourId, [...(byTour.get(category.tourId) ?? []), rule]);
    }
    const words = await this.wordsIn(lang, [...byTour.keys()]);
    for (const [tourId, list] of byTour) byTour.set(tourId, list.map((category) => ({ ...category, name: translatedText(words.get(tourId)?.[optionField.category(category.code)]) ?? category.name })));
    return byTour;
  }

  async publishedRecords(): Promise<AdminTourView[]> {
    const tours = await this.withRelations(this.tours.createQueryBuilder('tour')).where('tour.is_active = :active', { active: true }).getMany();
    return tours.sort(compareTours).map(mapTourRecord);
  }

  async getBySlug(slug: string, lang: Lang = 'en'): Promise<TourDetail> {
    const tour = await this.findBySlug(slug, lang);
    if (!tour) throw new NotFoundException(`There is no tour called "${slug}".`);
    return tour;
  }

  async getById(id: number, lang: Lang = 'en'): Promise<TourDetail> {
    const tour = await this.findById(id, lang);
    if (!tour) throw new NotFoundException(`There is no tour with id ${id}.`);
    return tour;
  }

  /** Departures between `from` (default now) and `to` (at most 400 days later). */
  async departuresOf(slug: string, range: { from?: string; to?: string }, now = clock.now()): Promise<DepartureView[]> {
    // A reversed range is a mistake to say, not an empty answer.
    if (range.from && range.to && new Date(range.to) < new Date(range.from)) throw new BadRequestException('to must not be before from.');
    const base = await this.baseBySlug(slug, 'en');
    // A renamed tour's old slug leads its page to the new one, not its departures.
    if (!base || base.detail.slug !== slug) throw new NotFoundException(`There is no tour called "${slug}".`);
    const { pricing: tour, categories } = base;
    const from = range.from ? new Date(Math.max(new Date(range.from).getTime(), now.getTime())) : now;
    const latest = new Date(from.getTime() + BOOKABLE_DAYS_AHEAD * DAY_MS);
    const to = range.to ? new Date(Math.min(new Date(range.to).getTime(), latest.getTime())) : latest;
    this.changes.dependOn(`departures:${tour.id}`);
    return this.departures.upcomingWithSeats(tour, { from, to, limit: 500 }, pricesOn(categories, tour), now);
  }

  /** The tour's page without its departures (an empty list where they go), and its price categories. */
  private async detail(tour: Tour): Promise<{ detail: TourDetail; categories: PriceCategory[] }> {
    const categories = await this.categoriesOf(tour.id);
    const priceCategories = categories.length ? categories.map((category) => categoryRule(category, { priceSek: null, categoryPrices: null }, tour)) : [adultOnly(tour)];
    const options = await tourOptions(this.tours.manager, tour.id);
    const checkoutMethod = this.stripe.checkoutMethod;
    const detail = {
      ...mapTourDetail(tour, [], priceCategories, options),
      cancellationPolicy: cancellationPolicyText(this.config.cancelFreeHours),
      cancelFreeHours: this.config.cancelFreeHours,
      checkoutMethod,
      // A deposit is paid by card: offered only where the site takes cards.
      deposit: checkoutMethod === 'stripe' ? depositTermsOf(tour) : null,
    };
    return { detail, categories };
  }

  private categoriesOf(tourId: number): Promise<PriceCategory[]> {
    return this.categories.find({ where: { tourId }, order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  private withRelations(query: SelectQueryBuilder<Tour>): SelectQueryBuilder<Tour> {
    return query.leftJoinAndSelect('tour.categories', 'category').leftJoinAndSelect('tour.locations', 'location');
  }
}
