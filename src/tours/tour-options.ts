import { In, type EntityManager } from 'typeorm';

import { findOneJoinedOrFail } from '../database/find-joined';
import type { PickupPointView } from '../../shared/api-types';
import type { PriceCategoryRule } from '../../shared/pricing';
import type { QuestionView } from '../../shared/questions';
import type { Departure } from '../departures/departure.entity';
import { PriceCategory } from './price-category.entity';
import { pricesAt } from './tour-prices';
import { PickupPoint } from './pickup-point.entity';
import { TourQuestion } from './tour-question.entity';
import { Tour } from './tour.entity';
import type { DepositTerms } from '../../shared/deposits';
import { depositTermsOf } from './tour.mapper';

/** What a booking on a tour may choose and must answer, and until when the guest may change it. */
export interface TourOptions {
  tourId: number;
  questions: QuestionView[];
  pickupPoints: PickupPointView[];
  answersDueHours: number;
  pickupCutoffHours: number;
}

export const mapQuestion = (question: TourQuestion): QuestionView => ({
  code: question.code,
  label: question.label,
  kind: question.kind,
  unit: question.unit,
  choices: question.choices,
  perGuest: question.perGuest,
  askedAt: question.askedAt,
  required: question.required,
  min: question.min,
  max: question.max,
});

export const mapPickupPoint = (point: PickupPoint): PickupPointView => ({
  id: point.id,
  name: point.name,
  address: point.address,
  location: point.location?.name ?? '',
  minutesBefore: point.minutesBefore,
});

/** The tour's active pickup points, earliest collection first. */
export const offeredPickups = (points: PickupPoint[]): PickupPointView[] =>
  points
    .filter((point) => point.isActive)
    .sort((a, b) => b.minutesBefore - a.minutesBefore || a.sortOrder - b.sortOrder)
    .map(mapPickupPoint);

/** A tour's questions and pickups (read in the caller's transaction). */
export async function tourOptions(manager: EntityManager, tourId: number): Promise<TourOptions> {
  const [tour, questions] = await Promise.all([
    findOneJoinedOrFail(manager, Tour, { where: { id: tourId }, relations: { pickupPoints: { location: true } }, select: { id: true, answersDueHours: true, pickupCutoffHours: true } }),
    manager.find(TourQuestion, { where: { tourId }, order: { sortOrder: 'ASC', id: 'ASC' } }),
  ]);
  return optionsOf(tour, questions);
}

/** The questions of each of these tours, in one read (for lists of bookings on many tours). */
export async function questionsOfTours(manager: EntityManager, tourIds: Iterable<number>): Promise<Map<number, QuestionView[]>> {
  const ids = [...new Set(tourIds)];
  const questions = ids.length ? await manager.find(TourQuestion, { where: { tourId: In(ids) }, order: { sortOrder: 'ASC', id: 'ASC' } }) : [];
  const byTour = new Map<number, QuestionView[]>(ids.map((id) => [id, []]));
  for (const question of questions) byTour.get(question.tourId)!.push(mapQuestion(question));
  return byTour;
}

/** The names of these pickup points (one since deleted is left out). */
export async function pickupNames(manager: EntityManager, ids: readonly number[]): Promise<Map<number, string>> {
  const points = ids.length ? await manager.find(PickupPoint, { where: { id: In([...ids]) }, select: { id: true, name: true } }) : [];
  return new Map(points.map((point) => [point.id, point.name]));
}

/** A tour (loaded with its pickup points) and its questions as the options a booking is checked against. */
const optionsOf = (tour: Tour, questions: TourQuestion[]): TourOptions => ({
  tourId: tour.id,
  questions: questions.map(mapQuestion),
  pickupPoints: offeredPickups(tour.pickupPoints ?? []),
  answersDueHours: tour.answersDueHours,
  pickupCutoffHours: tour.pickupCutoffHours,
});

/** What a new booking on a departure is made against: its prices by category, and the tour's questions and pickups (four reads in the caller's transaction). */
export async function bookingTerms(manager: EntityManager, departure: Pick<Departure, 'tourId' | 'priceSek' | 'categoryPrices'>): Promise<{ prices: PriceCategoryRule[]; options: TourOptions }> {
  const [tour, categories, questions] = await Promise.all([
    findOneJoinedOrFail(manager, Tour, { where: { id: departure.tourId }, relations: { pickupPoints: { location: true } }, select: { id: true, priceSek: true, vatRate: true, answersDueHours: true, pickupCutoffHours: true } }),
    manager.find(PriceCategory, { where: { tourId: departure.tourId }, order: { sortOrder: 'ASC', id: 'ASC' } }),
    manager.find(TourQuestion, { where: { tourId: departure.tourId }, order: { sortOrder: 'ASC', id: 'ASC' } }),
  ]);
  return {
    prices: pricesAt(categories, departure, tour),
    options: optionsOf(tour, questions),
  };
}

/** The deposit a tour asks (null: paid in full), read in the caller's transaction. */
export async function tourDepositTerms(manager: EntityManager, tourId: number): Promise<DepositTerms | null> {
  const tour = await manager.findOneOrFail(Tour, { where: { id: tourId }, select: { id: true, depositPercent: true, depositSek: true, balanceDueDays: true } });
  return depositTermsOf(tour);
}

/** What another module may know of a tour by id: its names and the VAT rate it sells at. */
export interface TourFacts {
  id: number;
  slug: string;
  title: string;
  priceSek: number;
  vatRate: number;
}

/** These tours' facts, by id (one since deleted is left out). */
export async function tourFacts(manager: EntityManager, ids: Iterable<number>): Promise<Map<number, TourFacts>> {
  const wanted = [...new Set(ids)];
  const tours = wanted.length ? await manager.find(Tour, { where: { id: In(wanted) }, select: { id: true, slug: true, title: true, priceSek: true, vatRate: true } }) : [];
  return new Map(tours.map(({ id, slug, title, priceSek, vatRate }) => [id, { id, slug, title, priceSek, vatRate }]));
}

/** A tour on sale, by its slug (null when there is none, or it is not active). */
export async function tourOnSale(manager: EntityManager, slug: string): Promise<TourFacts | null> {
  const tour = await manager.findOne(Tour, { where: { slug, isActive: true }, select: { id: true, slug: true, title: true, priceSek: true, vatRate: true } });
  return tour && { id: tour.id, slug: tour.slug, title: tour.title, priceSek: tour.priceSek, vatRate: tour.vatRate };
}

/** When a departure's answers are due: the tour's `answersDueHours` before its start. */
export const answersDueAt = (startsAt: Date | string, options: Pick<TourOptions, 'answersDueHours'>): Date => new Date(new Date(startsAt).getTime() - options.answersDueHours * 3_600_000);

/** When the bus is at a pickup point for a departure. */
export const pickupTime = (startsAt: Date, point: Pick<PickupPointView, 'minutesBefore'>): Date => new Date(startsAt.getTime() - point.minutesBefore * 60_000);
