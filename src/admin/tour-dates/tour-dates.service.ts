import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

import type { TourDateView } from '../../../shared/admin-types';
import type { AuthenticatedAdmin } from '../auth/admin-token';
import { WaitlistLine } from '../../waitlist/waitlist-line.service';
import { AuditLogService } from '../../common/audit/audit-log.service';
import type { Departure } from '../../departures/departure.entity';
import { ToursService } from '../../tours/tours.service';
import { departurePrices } from '../../tours/tour-prices';
import { MinimumDecisions } from '../../departures/minimum-decisions';
import { DeparturesRepository, mapTourDate, type DepartureChanges } from '../../departures/departures.repository';
import type { CreateTourDateDto } from './dto/create-tour-date.dto';
import type { TourDatesQuery } from '../../departures/dto/tour-dates-query.dto';
import type { CreateRecurringTourDatesDto, UpdateTourDateDto } from './dto/tour-date-changes.dto';
import { StaffActions } from '../../bookings/lifecycle/staff-actions.service';
import { withDepartureLock } from '../../departures/departure-lock';
import { SeatsRepository } from '../../departures/seats.repository';
import { planDepartures } from '../../departures/departure-schedule';
import { clock } from '../../common/clock';
import { hasStarted } from '../../departures/departure-rules';

export type { TourDateView };

const DAY_MS = 86_400_000;
/** The longest window of dates one list answers (400 days and a margin). */
const MAX_WINDOW_DAYS = 410;
const MAX_SERIES = 400;

@Injectable()
export class TourDatesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
    private readonly staffActions: StaffActions,
    private readonly seats: SeatsRepository,
    private readonly departures: DeparturesRepository,
    private readonly tours: ToursService,
    private readonly waitlist: WaitlistLine,
    private readonly minimums: MinimumDecisions,
  ) {}

  /**
   * Staff decide on a date flagged below its minimum: run it anyway, or cancel it (the
   * departure cancel path: every booking cancelled, card payments refunded, guests mailed).
   */
  async decideMinimum(id: number, decision: 'run' | 'cancel', admin: AuthenticatedAdmin, now = clock.now()): Promise<{ departure: TourDateView; affectedBookings: string[] }> {
    await this.minimums.assertFlagged(id);
    if (decision === 'cancel') return this.update(id, { status: 'cancelled' }, admin, now);
    await this.minimums.runAnyway(id, now);
    await this.audit.record(admin.email, 'tour-date.minimum-run', `departure:${id}`);
    return { departure: mapTourDate((await this.departures.findWithTour(id))!, await this.seats.taken(this.dataSource.manager, id, now)), affectedBookings: [] };
  }

  /** Departures in a window (default: the coming 60 days), with seats booked and left. */
  async list(query: TourDatesQuery, now = clock.now()): Promise<TourDateView[]> {
    const from = query.from ? new Date(query.from) : now;
    const to = query.to ? new Date(query.to) : new Date(from.getTime() + 60 * DAY_MS);
    if (to < from) throw new BadRequestException('to måste vara samma dag som from eller senare.');
    // A window of any dates, but not years of them in one answer (the screen asks at most 400 days and a day either side).
    if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * DAY_MS) throw new BadRequestException(`Välj högst ${MAX_WINDOW_DAYS - 10} dagar åt gången.`);
    const dates = await this.departures.scheduleWithSeats({ from, to, tourId: query.tourId }, now);
    const waiting = await this.waitlist.countsByDeparture(dates.map((date) => date.id));
    return dates.map((date) => ({ ...date, waiting: waiting.get(date.id) ?? 0 }));
  }

  /** A series on chosen weekdays at a Kiruna local time; existing departures at the same minute are skipped. */
  async createRecurring(dto: CreateRecurringTourDatesDto, admin: AuthenticatedAdmin, now = clock.now()): Promise<{ created: TourDateView[]; existing: number; past: number }> {
    await this.assertTour(dto.tourId);
    const days = Math.round((Date.parse(`${dto.toDate}T00:00:00Z`) - Date.parse(`${dto.fromDate}T00:00:00Z`)) / DAY_MS) + 1;
    if (!Number.isFinite(days) || days < 1) throw new BadRequestException('toDate måste vara samma dag som fromDate eller senare.');
    if (days > MAX_SERIES) throw new BadRequestException(`En serie får omfatta högst ${MAX_SERIES} dagar.`);
    const start = new Date(`${dto.fromDate}T12:00:00Z`);
    // Every local time on the chosen days counts; past ones are dropped just below.
    const every = planDepartures({ priceSek: 0, seasonMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], weekdays: dto.weekdays, startTimes: [dto.time] }, start, days, Number.NEGATIVE_INFINITY);
    const planned = every.filter((departure) => !hasStarted(departure, now));
    const existing = await this.departures.startTimes(dto.tourId, planned[0]?.startsAt ?? now, planned.at(-1)?.startsAt ?? now);
    const fresh = planned.filter((departure) => !existing.has(departure.startsAt.getTime()));
    const saved = await this.departures.create(dto.tourId, fresh.map((departure) => departure.startsAt), { capacity: dto.capacity, priceSek: dto.priceSek ?? null });
    await this.audit.record(admin.email, 'tour-date.create-series', `tour:${dto.tourId}`, { ...dto, created: saved.length });
    return { created: saved, existing: planned.length - fresh.length, past: every.length - planned.length };
  }

  /** Capacity never below the seats already booked, never above 8; price; open, closed or cancelled. */
  async update(id: number, dto: UpdateTourDateDto, admin: AuthenticatedAdmin, now = clock.now()): Promise<{ departure: TourDateView; affectedBookings: string[] }> {
    const result = await withDepartureLock(this.dataSource, id, async (tx, departure) => {
      if (!departure) throw new NotFoundException(`Det finns ingen avgång med id ${id}.`);
      const booked = await this.seats.taken(tx.manager, id, now);
      if (dto.capacity !== undefined && dto.capacity < booked) {
        throw new BadRequestException(`capacity kan inte vara lägre än de ${booked} platser som redan är bokade.`);
      }
      const changes: DepartureChanges = {};
      if (dto.capacity !== undefined) changes.capacity = dto.capacity;
      if (dto.priceSek !== undefined) changes.priceSek = dto.priceSek;
      if (dto.status !== undefined) changes.status = dto.status;
      if (dto.categoryPrices) await this.assertSeasonCategories(tx.manager, departure, dto.categoryPrices);
      if (dto.categoryPrices !== undefined) changes.categoryPrices = dto.categoryPrices;
      if (dto.minGuests !== undefined) changes.minGuests = dto.minGuests;
      if (dto.decisionHours !== undefined) changes.decisionHours = dto.decisionHours;
      await this.departures.change(tx.manager, id, changes);
      // Cancelling a date flagged below its minimum is that decision.
      if (dto.status === 'cancelled' && departure.minimumStatus === 'flagged') await this.minimums.markCancelled(tx.manager, id, now);
      const cancelled =
        dto.status === 'cancelled' && departure.status !== 'cancelled' ? await this.staffActions.cancelDeparture(tx, id, now) : { references: [] };
      return { departure: { ...departure, ...changes } as Departure, booked: cancelled.references.length ? 0 : booked, cancelled };
    });
    await this.audit.record(admin.email, 'tour-date.update', `departure:${id}`, { ...dto, cancelledBookings: result.cancelled.references });
    return { departure: mapTourDate(result.departure, result.booked), affectedBookings: result.cancelled.references };
  }

  /**
   * Season prices only for the tour's other categories: a code it does not sell ("chlid") was
   * kept and never used, and the default category's price is the departure's priceSek.
   */
  private async assertSeasonCategories(manager: EntityManager, departure: Departure, categoryPrices: Record<string, number>): Promise<void> {
    const categories = await departurePrices(manager, departure);
    const others = categories.filter((category) => !category.isDefault).map((category) => category.code);
    const main = categories.find((category) => category.isDefault)?.code;
    for (const code of Object.keys(categoryPrices)) {
      if (code === main) throw new BadRequestException(`${code} är turens standardkategori: dess pris för avgången anges i priceSek.`);
      if (!others.includes(code)) {
        throw new BadRequestException(others.length ? `Turen har ingen priskategori ${code}; säsongspriser kan anges för ${others.join(', ')}.` : `Turen har ingen priskategori ${code} och inga andra kategorier än standard.`);
      }
    }
  }

  private async assertTour(tourId: number): Promise<void> {
    if (!(await this.tours.exists(tourId))) {
      throw new BadRequestException(`Det finns ingen tur med id ${tourId}.`);
    }
  }

  async create(dto: CreateTourDateDto, admin: AuthenticatedAdmin, now = clock.now()): Promise<TourDateView> {
    const startsAt = new Date(dto.startsAt);
    if (hasStarted({ startsAt }, now)) throw new BadRequestException('startsAt ligger i det förflutna; välj en kommande tid.');
    await this.assertTour(dto.tourId);
    const [saved] = await this.departures.create(dto.tourId, [startsAt], { capacity: dto.capacity, priceSek: dto.priceSek ?? null });
    await this.audit.record(admin.email, 'tour-date.create', `departure:${saved.id}`, { tourId: dto.tourId, startsAt: saved.startsAt, capacity: dto.capacity, priceSek: dto.priceSek ?? null });
    return saved;
  }
}
