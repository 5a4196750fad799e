import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';

import type { AdminPickupPointView, PickupPointInput, TourBookingOptions } from '../../shared/admin-types';
import { parsePartyKey, type PriceCategoryRule } from '../../shared/pricing';
import { AuditLogService } from '../common/audit/audit-log.service';
import { AuditedEditor } from '../common/audit/audited-editor';
import { supportsRowLocks, writeTransaction } from '../database/transactions';
import { Location } from './location.entity';
import { PickupPoint } from './pickup-point.entity';
import { PriceCategory } from './price-category.entity';
import { mapQuestion } from './tour-options';
import { categoryRule } from './tour-prices';
import { TourQuestion } from './tour-question.entity';
import { Tour } from './tour.entity';

/**
 * Staff edit what a tour sells and asks (price categories, questions, the pickup points it
 * offers, its minimum and cutoffs) in one transaction that locks the tour's row, replaces them
 * and writes the audit entry with before and after. Bookings keep their own copy of their
 * party and answers, so a category or question taken away changes no booking.
 */
@Injectable()
export class BookingOptionsEditor {
  readonly pickupPoints: AuditedEditor<PickupPoint, PickupPointInput & { locationId: number }, AdminPickupPointView>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
  ) {
    this.pickupPoints = new AuditedEditor(dataSource, audit, {
      entity: PickupPoint,
      kind: 'pickup-point',
      missing: 'ingen upphämtningsplats',
      order: { sortOrder: 'ASC', id: 'ASC' },
      view: (point) => ({ id: point.id, location: point.location?.name ?? '', name: point.name, address: point.address, minutesBefore: point.minutesBefore, isActive: point.isActive }),
      apply: (point, input) => {
        if (input.locationId !== undefined) point.locationId = input.locationId;
        if (input.name !== undefined) point.name = input.name;
        if (input.address !== undefined) point.address = input.address;
        if (input.minutesBefore !== undefined) point.minutesBefore = input.minutesBefore;
        if (input.isActive !== undefined) point.isActive = input.isActive;
      },
      relations: { location: true },
    });
  }

  /** The location named (Kiruna, Abisko), for a pickup point: a 400 when there is none. */
  async locationId(name: string): Promise<number> {
    const location = await this.dataSource.getRepository(Location).findOneBy({ name });
    if (!location) throw new BadRequestException(`Det finns ingen plats som heter "${name}".`);
    return location.id;
  }

  async get(tourId: number): Promise<TourBookingOptions> {
    return this.read(this.dataSource.manager, tourId);
  }

  async replace(tourId: number, options: TourBookingOptions, adminEmail: string): Promise<TourBookingOptions> {
    assertOptions(options);
    return writeTransaction(this.dataSource, async (manager) => {
      await this.lockTour(manager, tourId);
      const before = await this.read(manager, tourId);
      const offered = options.pickupPointIds.length ? await manager.findBy(PickupPoint, { id: In(options.pickupPointIds) }) : [];
      const unknown = options.pickupPointIds.filter((id) => !offered.some((point) => point.id === id));
      if (unknown.length) throw new BadRequestException(`Det finns ingen upphämtningsplats med id ${unknown.join(', ')}.`);

      await manager.delete(PriceCategory, { tourId });
      await manager.insert(
        PriceCategory,
        options.priceCategories.map((category, index) => ({ ...category, tourId, sortOrder: index })),
      );
      await manager.delete(TourQuestion, { tourId });
      if (options.questions.length) await manager.insert(TourQuestion, options.questions.map((question, index) => ({ ...question, tourId, sortOrder: index })));
      const defaultPrice = options.priceCategories.find((category) => category.isDefault)!.priceSek;
      await manager.update(Tour, { id: tourId }, {
        priceSek: defaultPrice,
        minGuests: options.minGuests,
        decisionHours: options.decisionHours,
        pickupCutoffHours: options.pickupCutoffHours,
        answersDueHours: options.answersDueHours,
        // The deposit's terms, where the save names them (an older client's save leaves them as they are); one named clears the other.
        ...(options.depositPercent !== undefined || options.depositSek !== undefined ? { depositPercent: options.depositPercent ?? null, depositSek: options.depositSek ?? null } : {}),
        ...(options.balanceDueDays !== undefined ? { balanceDueDays: options.balanceDueDays } : {}),
      });
      const tour = await manager.findOneOrFail(Tour, { where: { id: tourId }, relations: { pickupPoints: true } });
      tour.pickupPoints = offered;
      await manager.save(tour);

      const after = await this.read(manager, tourId);
      await this.audit.record(adminEmail, 'tour.booking-options', `tour#${tourId}`, { before, after }, manager);
      return after;
    });
  }

  private async read(manager: EntityManager, tourId: number): Promise<TourBookingOptions> {
    const tour = await manager.findOne(Tour, { where: { id: tourId }, relations: { pickupPoints: true } });
    if (!tour) throw new NotFoundException(`Det finns ingen tur med id ${tourId}.`);
    const [categories, questions] = await Promise.all([
      manager.find(PriceCategory, { where: { tourId }, order: { sortOrder: 'ASC', id: 'ASC' } }),
      manager.find(TourQuestion, { where: { tourId }, order: { sortOrder: 'ASC', id: 'ASC' } }),
    ]);
    return {
      // A category's own rate, or null for the tour's: what staff set, not what it resolves to.
      priceCategories: categories.map((category) => ({ ...categoryRule(category, { priceSek: null, categoryPrices: null }, tour), vatRate: category.vatRate })),
      questions: questions.map(mapQuestion),
      pickupPointIds: (tour.pickupPoints ?? []).map((point) => point.id).sort((a, b) => a - b),
      minGuests: tour.minGuests,
      decisionHours: tour.decisionHours,
      pickupCutoffHours: tour.pickupCutoffHours,
      answersDueHours: tour.answersDueHours,
      depositPercent: tour.depositPercent,
      depositSek: tour.depositSek,
      balanceDueDays: tour.balanceDueDays,
    };
  }

  private async lockTour(manager: EntityManager, tourId: number): Promise<void> {
    const tour = await manager.findOne(Tour, { where: { id: tourId }, select: { id: true }, ...(supportsRowLocks(this.dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!tour) throw new NotFoundException(`Det finns ingen tur med id ${tourId}.`);
  }
}

/** A ticket for a party replaces guests of the tour's other categories, exactly as many as it is for. */
function assertBundle(item: PriceCategoryRule, categories: readonly PriceCategoryRule[]): void {
  const replaces = parsePartyKey(item.bundleOf!) ?? [];
  const unknown = replaces.find(({ category }) => category === item.code || !categories.some((other) => other.code === category));
  if (unknown) throw new BadRequestException(`${item.name}: "Ersätter" nämner ${unknown.category}, som inte är en annan av turens priskategorier.`);
  const guests = replaces.reduce((sum, { category, quantity }) => sum + quantity * categories.find((other) => other.code === category)!.guestsPerUnit, 0);
  if (guests !== item.guestsPerUnit) throw new BadRequestException(`${item.name}: "Ersätter" gäller ${guests} gäster men kategorin är för ${item.guestsPerUnit}.`);
}

/** The rules a set of options keeps (the DTO checks each field; these are across fields). */
function assertOptions(options: TourBookingOptions): void {
  const defaults = options.priceCategories.filter((category) => category.isDefault);
  if (defaults.length !== 1) throw new BadRequestException('Exakt en priskategori ska vara standard (den gäller för "guests" och turens pris).');
  if (!options.priceCategories.some((category) => category.isAdult)) throw new BadRequestException('Minst en priskategori ska vara vuxen.');
  const duplicate = (codes: string[]) => codes.find((code, index) => codes.indexOf(code) !== index);
  const category = duplicate(options.priceCategories.map((item) => item.code));
  if (category) throw new BadRequestException(`Priskategorin "${category}" finns två gånger.`);
  const question = duplicate(options.questions.map((item) => item.code));
  if (question) throw new BadRequestException(`Frågan "${question}" finns två gånger.`);
  for (const item of options.priceCategories) {
    if (item.ageMin !== null && item.ageMax !== null && item.ageMin > item.ageMax) throw new BadRequestException(`${item.name}: ageMin är högre än ageMax.`);
    if (item.maxPerBooking !== null && item.maxPerBooking < item.minPerBooking) throw new BadRequestException(`${item.name}: maxPerBooking är lägre än minPerBooking.`);
    // A category without seats of its own rides with an adult who has one: else a departure would take guests without end.
    if (item.seatsPerUnit === 0 && !item.needsAdult) throw new BadRequestException(`${item.name}: en kategori utan egen plats (platser 0) måste åka med en vuxen, som ett barn i knät.`);
    if (item.bundleOf) assertBundle(item, options.priceCategories);
  }
  for (const item of options.questions) {
    if (item.kind === 'choice' && (item.choices ?? []).length < 2) throw new BadRequestException(`${item.label}: ett val behöver minst två alternativ (choices).`);
    if (item.min !== null && item.max !== null && item.min > item.max) throw new BadRequestException(`${item.label}: min är högre än max.`);
  }
  if (options.depositPercent != null && options.depositSek != null) throw new BadRequestException('Ange handpenning som andel (depositPercent) eller belopp (depositSek), inte båda.');
}
