import { Injectable } from '@nestjs/common';

import type { DepartureView, PriceCategoryView, TourDetail } from '../../shared/api-types';
import type { PartyItem } from '../../shared/pricing';
import type { Lang } from '../../shared/languages';
import { octoQuestion, optionContent, pickupFields, productContent, unitContent, type CapabilityId } from './octo-capabilities';
import { COMPANY, kirunaDate } from '../../shared/company';
import { AppConfig } from '../config/app-config';
import { ToursService } from '../tours/tours.service';
import { OctoError } from './octo-errors';
import type { Reseller } from './reseller.entity';
import type { OctoAvailability, OctoAvailabilityCalendarDay, OctoOption, OctoPricing, OctoProduct, OctoUnit, OctoUnitPricing } from './octo-types';
import { clock } from '../common/clock';
import { CatalogueCache } from '../common/cache/catalogue-cache';
import { kirunaLocal, kirunaMidnight, octoUtc } from './octo-time';

export { kirunaLocal, kirunaMidnight, octoUtc } from './octo-time';

/** A tour has one option: its departures at their start times. */
export const OPTION_ID = 'DEFAULT';
/** Seats left at or below which a departure reads LIMITED (as the site's calendar says "3 left"). */
const LIMITED_FROM = 3;
const DAY_MS = 86_400_000;

/** How a booking is delivered (OCTO's deliveryFormats and deliveryMethods): one voucher per booking, a QR code on it. */
export const DELIVERY_FORMATS = ['QRCODE'] as const;
export const DELIVERY_METHODS = ['VOUCHER'] as const;
export const REDEMPTION_METHOD = 'MANIFEST';


/** The local date after `day` (YYYY-MM-DD), by the calendar alone. */
function nextDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + 1)).toISOString().slice(0, 10);
}

/** A departure with the availability id OCTO names it by. */
export type AvailableDeparture = DepartureView & { availabilityId: string };

/**
 * Availability ids: a departure's start in Kiruna's local time, as resellers have stored them;
 * when two departures of a tour start at the same second, the later-made ones add `#` and
 * their own id, so that every id names one departure and reserving never hits another.
 */
export function withAvailabilityIds(departures: DepartureView[]): AvailableDeparture[] {
  const first = new Map<string, number>();
  for (const departure of departures) {
    const local = kirunaLocal(new Date(departure.startsAt));
    first.set(local, Math.min(first.get(local) ?? Number.POSITIVE_INFINITY, departure.id));
  }
  return departures.map((departure) => {
    const local = kirunaLocal(new Date(departure.startsAt));
    return { ...departure, availabilityId: first.get(local) === departure.id ? local : `${local}#${departure.id}` };
  });
}


/** What a reseller is charged: the retail price less its commission, in öre. */
function pricing(reseller: Reseller, priceSek: number, quantity = 1): OctoPricing {
  const retail = priceSek * 100 * quantity;
  return { original: retail, retail, net: Math.round((retail * (100 - reseller.commissionPercent)) / 100), currency: 'SEK', currencyPrecision: 2, includedTaxes: [] };
}

const UNIT_TYPES: Record<string, OctoUnit['type']> = { adult: 'ADULT', child: 'CHILD', infant: 'INFANT', family: 'FAMILY', youth: 'YOUTH', senior: 'SENIOR', student: 'STUDENT' };

/** A price category as an OCTO unit: its type, age band, seats per unit and limits. */
function unitOf(reseller: Reseller, category: PriceCategoryView, tour: TourDetail, view: OctoView): OctoUnit {
  const categories = tour.priceCategories;
  return {
    ...(view.capabilities.has('octo/content') ? unitContent(category, view.lang) : {}),
    // octo/questions: what is asked of each guest, answered per unit item.
    ...(view.capabilities.has('octo/questions') ? { questions: tour.questions.filter((question) => question.perGuest).map((question) => octoQuestion(question, view.lang)) } : {}),
    id: category.code,
    internalName: category.name,
    reference: category.code,
    type: UNIT_TYPES[category.code] ?? (category.isAdult ? 'ADULT' : 'OTHER'),
    restrictions: {
      minAge: category.ageMin ?? 0,
      maxAge: category.ageMax ?? 120,
      idRequired: false,
      minQuantity: category.minPerBooking > 0 ? category.minPerBooking : null,
      maxQuantity: category.maxPerBooking,
      paxCount: category.guestsPerUnit,
      accompaniedBy: category.needsAdult ? categories.filter((other) => other.isAdult).map((other) => other.code) : [],
    },
    requiredContactFields: [],
    pricingFrom: [pricing(reseller, category.priceSek)],
  };
}

/** What a request asks to see: the capabilities it names, and (octo/content) its language. */
export interface OctoView {
  capabilities: ReadonlySet<CapabilityId>;
  lang: Lang;
}

/** Core alone, in English: what a request without Octo-Capabilities sees. */
export const CORE_VIEW: OctoView = { capabilities: new Set(), lang: 'en' };

/** OCTO's view of a reseller's request for availability. */
export interface AvailabilityQuery {
  productId: string;
  optionId: string;
  localDateStart?: string;
  localDateEnd?: string;
  availabilityIds?: string[];
  units?: { id: string; quantity: number }[];
}

/**
 * The catalogue as OCTO shows it to one reseller: a published tour it may sell is a product
 * with one option; its price categories are units; a departure is an availability, with the
 * seats the site counts (nothing is copied).
 */
@Injectable()
export class OctoCatalogue {
  constructor(
    private readonly tours: ToursService,
    private readonly config: AppConfig,
    private readonly cache: CatalogueCache,
  ) {}

  async products(reseller: Reseller, view: OctoView = CORE_VIEW): Promise<OctoProduct[]> {
    const summaries = await this.tours.list();
    const allowed = summaries.filter((tour) => this.maySell(reseller, tour.id));
    const details = await Promise.all(allowed.map((tour) => this.tours.findById(tour.id, view.lang)));
    return details.filter((tour): tour is TourDetail => tour !== null).map((tour) => this.productOf(reseller, tour, view));
  }

  async product(reseller: Reseller, productId: string, view: OctoView = CORE_VIEW): Promise<OctoProduct> {
    return this.productOf(reseller, await this.tour(reseller, productId, view.lang), view);
  }

  /** The tour a product id names (in `lang`), if the reseller may sell it; INVALID_PRODUCT_ID otherwise. */
  async tour(reseller: Reseller, productId: string, lang: Lang = 'en'): Promise<TourDetail> {
    const id = /^[1-9]\d{0,9}$/.test(productId) ? Number(productId) : null;
    const tour = id !== null && this.maySell(reseller, id) ? await this.tours.findById(id, lang) : null;
    if (!tour) throw new OctoError('INVALID_PRODUCT_ID', `There is no product ${productId} for you.`, { productId });
    return tour;
  }

  /** The unit a unit id names on this tour; INVALID_UNIT_ID otherwise. */
  unit(tour: TourDetail, unitId: string): PriceCategoryView {
    const category = tour.priceCategories.find((candidate) => candidate.code === unitId);
    if (!category) throw new OctoError('INVALID_UNIT_ID', `Product ${tour.id} has no unit ${unitId}.`, { unitId });
    return category;
  }

  /**
   * The party a request's unit items make (each item one unit of its category); no items at all
   * is UNPROCESSABLE_ENTITY, an unknown unit INVALID_UNIT_ID.
   */
  partyOf(tour: TourDetail, unitItems: { unitId: string }[] | undefined): PartyItem[] {
    if (!unitItems?.length) throw new OctoError('UNPROCESSABLE_ENTITY', 'unitItems must name at least one unit.');
    const quantities = new Map<string, number>();
    for (const item of unitItems) {
      const { code } = this.unit(tour, item.unitId);
      quantities.set(code, (quantities.get(code) ?? 0) + 1);
    }
    return [...quantities].map(([category, quantity]) => ({ category, quantity }));
  }

  assertOption(optionId: string): void {
    if (optionId !== OPTION_ID) throw new OctoError('INVALID_OPTION_ID', `There is no option ${optionId}: every product has the one option ${OPTION_ID}.`, { optionId });
  }

  /** The departures of a request, as availabilities (by ids, or by local dates). */
  async availability(reseller: Reseller, query: AvailabilityQuery, view: OctoView = CORE_VIEW): Promise<OctoAvailability[]> {
    const tour = await this.tour(reseller, query.productId, view.lang);
    this.assertOption(query.optionId);
    const wanted = this.seatsFor(tour, query.units);
    let departures: DepartureView[];
    if (query.availabilityIds?.length) {
      departures = await Promise.all(query.availabilityIds.map((id) => this.departure(tour, id)));
    } else {
      departures = await this.departuresBetween(tour, query.localDateStart, query.localDateEnd);
    }
    return withAvailabilityIds(departures).map((departure) => this.availabilityOf(reseller, tour, departure, wanted, view));
  }

  /** One day per local date from start to end: whether any departure has room, with the lowest prices. */
  async calendar(reseller: Reseller, query: AvailabilityQuery): Promise<OctoAvailabilityCalendarDay[]> {
    const tour = await this.tour(reseller, query.productId);
    this.assertOption(query.optionId);
    const wanted = this.seatsFor(tour, query.units);
    const units = (query.units ?? []).map((unit) => `${unit.id}${unit.quantity}`).join('.');
    // Every reseller with the same commission sees the same days: kept (and dropped) as the site keeps the tour's departures.
    const key = `octo-calendar/${tour.id}/${query.localDateStart}/${query.localDateEnd}/${reseller.commissionPercent}/${units}`;
    return this.cache.read(key, async () => this.calendarDays(reseller, tour, await this.departuresBetween(tour, query.localDateStart, query.localDateEnd), query, wanted));
  }

  /** One day per local date from start to end: whether any departure has room for `wanted` seats, with the lowest prices. */
  private calendarDays(reseller: Reseller, tour: TourDetail, departures: DepartureView[], query: AvailabilityQuery, wanted: number): OctoAvailabilityCalendarDay[] {
    // Each departure's local date once (a time-zone conversion is dear; a calendar asks for hundreds).
    const byDay = new Map<string, DepartureView[]>();
    for (const departure of departures) {
      const local = kirunaDate(departure.startsAt);
      byDay.set(local, [...(byDay.get(local) ?? []), departure]);
    }
    const now = clock.now().getTime();
    const days: OctoAvailabilityCalendarDay[] = [];
    for (let day = query.localDateStart!; day <= query.localDateEnd!; day = nextDate(day)) {
      const ofDay = byDay.get(day) ?? [];
      const open = ofDay.filter((departure) => departure.seatsLeft >= Math.max(1, wanted) && new Date(departure.startsAt).getTime() > now);
      const vacancies = ofDay.reduce((sum, departure) => sum + departure.seatsLeft, 0);
      days.push({
        localDate: day,
        available: open.length > 0,
        status: ofDay.length === 0 ? 'CLOSED' : open.length === 0 ? 'SOLD_OUT' : vacancies <= LIMITED_FROM ? 'LIMITED' : 'AVAILABLE',
        vacancies,
        capacity: ofDay.reduce((sum, departure) => sum + departure.capacity, 0),
        openingHours: [],
        // The day's lowest price per unit (the unit's own price on a day without departures).
        unitPricingFrom: tour.priceCategories.map((category) =>
          this.unitPricing(reseller, category.code, ofDay.length ? Math.min(...ofDay.map((departure) => departure.prices[category.code] ?? category.priceSek)) : category.priceSek),
        ),
      });
    }
    return days;
  }

  /**
   * The departure an availability id names on this tour (availabilityIdOf); INVALID_AVAILABILITY_ID
   * when it is not one that can be booked.
   */
  async departure(tour: TourDetail, availabilityId: string): Promise<AvailableDeparture> {
    const named = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2})(?:#(\d{1,10}))?$/.exec(availabilityId);
    const startsAt = named ? new Date(named[1]!) : null;
    const found =
      startsAt && !Number.isNaN(startsAt.getTime())
        ? withAvailabilityIds(
            (await this.tours.departuresOf(tour.slug, { from: new Date(startsAt.getTime() - 1000).toISOString(), to: new Date(startsAt.getTime() + 1000).toISOString() })).filter(
              (departure) => Math.floor(new Date(departure.startsAt).getTime() / 1000) === startsAt.getTime() / 1000,
            ),
          ).find((departure) => (named![2] ? departure.id === Number(named![2]) : departure.availabilityId === named![1]))
        : undefined;
    if (!found) throw new OctoError('INVALID_AVAILABILITY_ID', `There is no availability ${availabilityId} on product ${tour.id}.`, { availabilityId });
    return found;
  }

  /** The availability a booking's departure is, by the departure's id (another departure of the tour may start at the same second). */
  async departureOf(tour: TourDetail, departure: { id: number; startsAt: Date }): Promise<AvailableDeparture> {
    return this.departure(tour, `${kirunaLocal(departure.startsAt)}#${departure.id}`);
  }

  availabilityOf(reseller: Reseller, tour: TourDetail, departure: DepartureView & { availabilityId?: string }, wantedSeats = 1, view: OctoView = CORE_VIEW): OctoAvailability {
    const start = new Date(departure.startsAt);
    const available = departure.seatsLeft >= Math.max(1, wantedSeats) && start.getTime() > clock.now().getTime();
    return {
      // octo/pickups: each point with the time its guests are collected for this departure.
      ...(view.capabilities.has('octo/pickups') ? pickupFields(tour, start, view.lang) : {}),
      id: departure.availabilityId ?? kirunaLocal(start),
      localDateTimeStart: kirunaLocal(start),
      localDateTimeEnd: kirunaLocal(new Date(start.getTime() + tour.duration * 3_600_000)),
      // Sales close when the departure leaves, as on the site.
      utcCutoffAt: octoUtc(start),
      allDay: false,
      available,
      // The departure's own state; `available` says whether the units asked for fit.
      status: departure.seatsLeft === 0 ? 'SOLD_OUT' : departure.seatsLeft <= LIMITED_FROM ? 'LIMITED' : 'AVAILABLE',
      vacancies: departure.seatsLeft,
      capacity: departure.capacity,
      maxUnits: departure.seatsLeft,
      openingHours: [],
      unitPricing: tour.priceCategories.map((category) => this.unitPricing(reseller, category.code, departure.prices[category.code] ?? category.priceSek)),
      pricing: pricing(reseller, departure.priceSek),
    };
  }

  unitPricing(reseller: Reseller, unitId: string, priceSek: number, quantity = 1): OctoUnitPricing {
    return { ...pricing(reseller, priceSek, quantity), unitId };
  }

  pricing(reseller: Reseller, priceSek: number): OctoPricing {
    return pricing(reseller, priceSek);
  }

  /** Seats a request's units take (each unit its category's seats); unknown units are INVALID_UNIT_ID. */
  private seatsFor(tour: TourDetail, units: AvailabilityQuery['units']): number {
    return (units ?? []).reduce((sum, unit) => sum + this.unit(tour, unit.id).seatsPerUnit * unit.quantity, 0);
  }

  private async departuresBetween(tour: TourDetail, localDateStart?: string, localDateEnd?: string): Promise<DepartureView[]> {
    if (!localDateStart || !localDateEnd) throw new OctoError('BAD_REQUEST', 'Give localDateStart and localDateEnd (YYYY-MM-DD), or availabilityIds.');
    const from = kirunaMidnight(localDateStart);
    const to = kirunaMidnight(localDateEnd);
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from) throw new OctoError('BAD_REQUEST', 'localDateEnd must be a date on or after localDateStart.');
    if (to.getTime() - from.getTime() > 400 * DAY_MS) throw new OctoError('BAD_REQUEST', 'Ask for at most 400 days at a time.');
    const range = { from: from.toISOString(), to: new Date(to.getTime() + DAY_MS).toISOString() };
    // Kept as the site keeps a tour's departures: until a booking, a hold's lapse or a departure's start changes that tour's seats.
    return this.cache.read(`octo-departures/${tour.id}/${range.from}/${range.to}`, () => this.tours.departuresOf(tour.slug, range));
  }

  private maySell(reseller: Reseller, tourId: number): boolean {
    return reseller.tourIds === null || reseller.tourIds.includes(tourId);
  }

  private productOf(reseller: Reseller, tour: TourDetail, view: OctoView): OctoProduct {
    // The tour's upcoming departures as its page keeps them (cached until seats change): a list of products reads no departures of its own.
    const upcoming = tour.departures;
    const startTimes = [...new Set(upcoming.map((departure) => kirunaLocal(departure.startsAt).slice(11, 16)))].sort();
    const cutoffHours = this.config.cancelFreeHours;
    const units = tour.priceCategories.map((category) => unitOf(reseller, category, tour, view));
    const defaultCategory = tour.priceCategories.find((category) => category.isDefault) ?? tour.priceCategories[0];
    const option: OctoOption = {
      ...(view.capabilities.has('octo/content') ? optionContent(tour) : {}),
      ...(view.capabilities.has('octo/pickups') ? pickupFields(tour, undefined, view.lang) : {}),
      // octo/questions: what is asked once of the booking.
      ...(view.capabilities.has('octo/questions') ? { questions: tour.questions.filter((question) => !question.perGuest).map((question) => octoQuestion(question, view.lang)) } : {}),
      id: OPTION_ID,
      default: true,
      internalName: tour.title,
      reference: null,
      // OCTO asks for at least one; a tour with no dates ahead says when its dates usually start.
      availabilityLocalStartTimes: startTimes.length ? startTimes : [tour.timeOfDay.match(/\b\d{2}:\d{2}\b/)?.[0] ?? '00:00'],
      cancellationCutoff: `${cutoffHours} hours`,
      cancellationCutoffAmount: cutoffHours,
      cancellationCutoffUnit: 'hour',
      requiredContactFields: ['firstName', 'lastName'],
      restrictions: { minUnits: 1, maxUnits: tour.maxGroupSize },
      units,
      pricingFrom: defaultCategory ? [pricing(reseller, defaultCategory.priceSek)] : [],
    };
    return {
      ...(view.capabilities.has('octo/content') ? productContent(tour, this.config.publicUrl, view.lang) : {}),
      id: String(tour.id),
      internalName: tour.title,
      reference: tour.slug,
      locale: view.capabilities.has('octo/content') ? view.lang : 'en',
      timeZone: COMPANY.timeZone,
      allowFreesale: false,
      instantConfirmation: true,
      instantDelivery: true,
      availabilityRequired: true,
      availabilityType: 'START_TIME',
      // A confirmed booking has a voucher with a QR code (one per booking, for check-in); the
      // guide also finds every guest on the departure's manifest, so showing it is not required.
      deliveryFormats: [...DELIVERY_FORMATS],
      deliveryMethods: [...DELIVERY_METHODS],
      redemptionMethod: REDEMPTION_METHOD,
      options: [option],
      defaultCurrency: 'SEK',
      availableCurrencies: ['SEK'],
      pricingPer: 'UNIT',
    };
  }
}
