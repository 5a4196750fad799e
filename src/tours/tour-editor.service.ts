import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';

import type { AdminTourView, TourInput, TourTranslation } from '../../shared/admin-types';
import { AuditLogService } from '../common/audit/audit-log.service';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { EditorTranslations } from '../common/i18n/editor-translations';
import { isDuplicateKey, isStillReferenced, supportsRowLocks, writeTransaction } from '../database/transactions';
import { Category } from './category.entity';
import { Location } from './location.entity';
import { compareTours, mapTourRecord } from './tour.mapper';
import { TourSlugRedirect } from './tour-slug-redirect.entity';
import { Tour } from './tour.entity';
import { TOUR_TEXT_FIELDS } from './tour-translations';

const slugTaken = (slug: string) => `slug "${slug}" används redan av en annan tur.`;

/** What the audit log keeps of a tour: everything staff edit, without the bookkeeping. */
function auditState(tour: AdminTourView): Omit<AdminTourView, 'id' | 'updatedAt'> {
  const { id: _id, updatedAt: _updatedAt, ...state } = tour;
  return state;
}

/**
 * Staff edit the catalogue: every change in one transaction that locks the tour's row, re-reads
 * it, writes it and its audit entry (before and after). A new slug keeps the old one as a 301.
 */
@Injectable()
export class TourEditor {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
    translations: ContentTranslations,
  ) {
    this.inLanguages = new EditorTranslations(translations, 'tour', TOUR_TEXT_FIELDS, (id) => this.get(id));
  }

  /** The tours' words in Swedish and German, null where one is missing; and staff setting them. */
  readonly inLanguages: EditorTranslations<AdminTourView, keyof TourTranslation>;

  /** Every tour, published or not, in the site's order. */
  async list(): Promise<AdminTourView[]> {
    const tours = await this.dataSource.getRepository(Tour).find({ relations: { categories: true, locations: true } });
    return tours.sort(compareTours).map(mapTourRecord);
  }

  async get(id: number): Promise<AdminTourView> {
    return mapTourRecord(await this.load(this.dataSource.manager, id));
  }

  async create(input: TourInput, adminEmail: string): Promise<AdminTourView> {
    return this.refusingDuplicate(input.slug, async (manager) => {
      await this.assertSlugFree(manager, input.slug);
      await manager.getRepository(TourSlugRedirect).delete({ oldSlug: input.slug });
      const tours = manager.getRepository(Tour);
      const tour = tours.create({ isMain: false });
      await this.apply(manager, tour, input);
      const saved = await tours.save(tour);
      const after = mapTourRecord(await this.load(manager, saved.id));
      await this.audit.record(adminEmail, 'tour.create', `tour#${saved.id}`, { after: auditState(after) }, manager);
      return after;
    });
  }

  async update(id: number, patch: Partial<TourInput>, adminEmail: string): Promise<AdminTourView> {
    return this.refusingDuplicate(patch.slug, async (manager) => {
      const tour = await this.load(manager, id, true);
      const before = mapTourRecord(tour);
      if (patch.slug !== undefined && patch.slug !== tour.slug) {
        await this.assertSlugFree(manager, patch.slug, id);
        const redirects = manager.getRepository(TourSlugRedirect);
        // The old address points at this tour from now on; one that pointed here before stays.
        await redirects.delete({ oldSlug: patch.slug });
        await redirects.upsert({ oldSlug: tour.slug, tourId: id }, ['oldSlug']);
      }
      await this.apply(manager, tour, patch);
      await manager.getRepository(Tour).save(tour);
      const after = mapTourRecord(await this.load(manager, id));
      await this.audit.record(adminEmail, 'tour.update', `tour#${id}`, { before: auditState(before), after: auditState(after) }, manager);
      return after;
    });
  }

  /** Removes a tour that never had a booking; one that had bookings is unpublished instead (409). */
  async remove(id: number, adminEmail: string): Promise<void> {
    await writeTransaction(this.dataSource, async (manager) => {
      const before = mapTourRecord(await this.load(manager, id, true));
      // Its departures go with it; a booking on one of them stops the delete (ON DELETE RESTRICT), in the database itself.
      await manager.getRepository(Tour).delete(id).catch((error: unknown) => {
        throw isStillReferenced(error) ? new ConflictException('Turen har bokningar och kan inte tas bort. Avpublicera den i stället.') : error;
      });
      await this.audit.record(adminEmail, 'tour.delete', `tour#${id}`, { before: auditState(before) }, manager);
    });
  }

  /** Lists these tours first, in this order, and the others after them as they were: sort_order 10, 20, … for all. */
  async reorder(ids: number[], adminEmail: string): Promise<AdminTourView[]> {
    await writeTransaction(this.dataSource, async (manager) => {
      const tours = manager.getRepository(Tour);
      const all = await tours.find({ select: { id: true, sortOrder: true }, ...(supportsRowLocks(this.dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
      const missing = ids.filter((id) => !all.some((tour) => tour.id === id));
      if (missing.length) throw new NotFoundException(`Det finns ingen tur med id ${missing.join(', ')}.`);
      const rest = all.filter((tour) => !ids.includes(tour.id)).sort(compareTours);
      const order = [...ids, ...rest.map((tour) => tour.id)];
      const before = Object.fromEntries(all.map((tour) => [tour.id, tour.sortOrder]));
      const after = Object.fromEntries(order.map((id, index) => [id, (index + 1) * 10]));
      for (const tour of all) if (tour.sortOrder !== after[tour.id]) await tours.update(tour.id, { sortOrder: after[tour.id] });
      await this.audit.record(adminEmail, 'tour.reorder', 'tours', { before, after }, manager);
    });
    return this.list();
  }

  private async load(manager: EntityManager, id: number, lock = false): Promise<Tour> {
    if (lock && supportsRowLocks(this.dataSource)) {
      await manager.getRepository(Tour).createQueryBuilder('tour').setLock('pessimistic_write').where('tour.id = :id', { id }).getOne();
    }
    const tour = await manager.getRepository(Tour).findOne({ where: { id }, relations: { categories: true, locations: true } });
    if (!tour) throw new NotFoundException(`Det finns ingen tur med id ${id}.`);
    return tour;
  }

  private async assertSlugFree(manager: EntityManager, slug: string, exceptId?: number): Promise<void> {
    const taken = await manager.getRepository(Tour).findOne({ where: { slug }, select: { id: true } });
    if (taken && taken.id !== exceptId) throw new ConflictException(slugTaken(slug));
  }

  /** Two saves of one slug at once both pass assertSlugFree; the unique index refuses the second, answered as the same 409. */
  private async refusingDuplicate(slug: string | undefined, work: (manager: EntityManager) => Promise<AdminTourView>): Promise<AdminTourView> {
    try {
      return await writeTransaction(this.dataSource, work);
    } catch (error) {
      if (slug !== undefined && isDuplicateKey(error)) throw new ConflictException(slugTaken(slug));
      throw error;
    }
  }

  private async apply(manager: EntityManager, tour: Tour, input: Partial<TourInput>): Promise<void> {
    const { categories, locations, images, ...fields } = input;
    Object.assign(tour, fields);
    if (images) {
      tour.images = images;
      // The first image is the main one: the cards and the page's hero.
      tour.imageUrl = images[0].url;
      tour.imageAlt = images[0].alt;
    }
    if (categories) tour.categories = categories.length ? await manager.getRepository(Category).find({ where: { name: In(categories) } }) : [];
    if (locations) tour.locations = await manager.getRepository(Location).find({ where: { name: In(locations) } });
  }
}
