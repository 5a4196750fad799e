import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, Brackets, DataSource, In, IsNull, LessThan, MoreThan, Not, SelectQueryBuilder } from 'typeorm';

import type { AdminBookingRow, AttendanceFigures, BookingSort, FailedRefundView, ManifestView, SalesView } from '../../shared/admin-types';
import { channelLabel, type BookingSource } from '../../shared/booking-channel';
import { formatKr } from '../../shared/company';
import { csvDocument } from '../common/text/csv';
import { describeParty } from '../../shared/pricing';
import { ANSWER_WORDS, describeAnswers } from '../../shared/questions';
import { pickupTime, questionsOfTours, tourOptions } from '../tours/tour-options';
import { translateOptions, translateParty } from '../tours/tour-translations';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { holdIsLive } from './lifecycle/transitions';
import { StaffActions } from './lifecycle/staff-actions.service';
import { attendanceOf } from './check-in/check-ins.service';
import { BookingWriter } from './lifecycle/booking-writer';
import { Refunds } from './lifecycle/refunds.service';
import { BookingRefund } from './booking-refund.entity';
import { Booking } from './booking.entity';
import { dueSek } from './lifecycle/booking-money';
import { mapAdminBookingRow, BOOKING_RELATIONS } from './booking.mapper';
import { SeatsRepository } from '../departures/seats.repository';
import { TAKES_SEATS_SQL } from '../departures/seat-rule';
import { DeparturesRepository } from '../departures/departures.repository';
import { hasStarted } from '../departures/departure-rules';
import { AuditLogService } from '../common/audit/audit-log.service';
import { containing } from '../common/text/like-pattern';
import type { AuthenticatedAdmin } from '../admin/auth/admin-token';
import type { AdminBookingsQuery, AttendanceDto, CreateStaffBookingDto } from './dto/staff-bookings.dto';
import { clock } from '../common/clock';

export type { AdminBookingRow, ManifestView };

const DEFAULT_PAGE_SIZE = 25;

const sum = <Key extends string>(rows: Record<Key, number>[], key: Key): number => rows.reduce((total, row) => total + row[key], 0);
const CSV_LIMIT = 10_000;

/** The property path each sortable column orders by. */
const SORT_PATHS: Record<BookingSort, string> = {
  departure: 'departure.startsAt',
  reference: 'booking.reference',
  name: 'booking.name',
  guests: 'booking.guests',
  status: 'booking.status',
  total: 'booking.totalSek',
  created: 'booking.createdAt',
};

@Injectable()
export class StaffBookingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly staffActions: StaffActions,
    private readonly writer: BookingWriter,
    private readonly refunds: Refunds,
    private readonly seats: SeatsRepository,
    private readonly departures: DeparturesRepository,
    private readonly audit: AuditLogService,
    private readonly translations: ContentTranslations,
  ) {}

  /** Each tour's Swedish words (its price categories' names, its questions' labels), as staff read them: the English where staff gave none. */
  private async swedishWords(tourIds: number[]): Promise<(tourId: number) => Record<string, string> | undefined> {
    const words = await this.translations.of('tour', [...new Set(tourIds)]);
    return (tourId) => words.get(tourId)?.get('sv');
  }

  async list(query: AdminBookingsQuery): Promise<{ data: AdminBookingRow[]; total: number; page: number; pageSize: number }> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const [rows, total] = await this.filtered(query)
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
    return { data: await this.rows(rows), total, page, pageSize };
  }

  async csv(query: AdminBookingsQuery): Promise<string> {
    const rows = await this.filtered(query).take(CSV_LIMIT).getMany();
    const header = ['Referens', 'Status', 'Tur', 'Avgång', 'Gäster', 'Namn', 'E-post', 'Telefon', 'Boende', 'Totalt SEK', 'Betalning', 'Anteckningar', 'Skapad', 'Sällskap', 'Upphämtning', 'Svar', 'Kanal', 'Återförsäljarens referens', 'Rabattkod', 'Rabatt SEK'];
    const lines = (await this.rows(rows)).map((row) => {
      const pickup = row.pickupPoint ? `${row.pickupPoint.name} ${row.pickupPoint.at}` : '';
      return [row.reference, row.status, row.tour.title, row.departure.startsAt, row.guests, row.name, row.email, row.phone, row.stayPackage?.name, row.totalSek, row.paymentStatus, row.notes, row.createdAt, describeParty(row.party), pickup, row.answersText, channelLabel(row.source, row.reseller?.name), row.reseller?.reference, row.promo?.code, row.discountSek];
    });
    return csvDocument(header, lines);
  }

  /**
   * What guests owe after a deposit: every confirmed booking that paid its deposit and not yet
   * its balance, on a departure still to come, soonest balance first; a late one says so.
   */
  async owedBalances(now = clock.now()): Promise<AdminBookingRow[]> {
    const owing = await this.dataSource.getRepository(Booking).find({
      where: { status: 'confirmed', paymentStatus: 'deposit_paid', departure: { startsAt: MoreThan(now) } },
      relations: BOOKING_RELATIONS,
      order: { departure: { startsAt: 'ASC' }, id: 'ASC' },
      take: 500,
    });
    const rows = await this.rows(owing);
    return rows.filter((row) => row.deposit !== null && row.owedSek > 0).sort((a, b) => a.deposit!.balanceDueAt.localeCompare(b.deposit!.balanceDueAt));
  }

  async detail(reference: string): Promise<AdminBookingRow> {
    const [row] = await this.rows([await this.writer.load(reference)]);
    return row;
  }

  async markPaid(reference: string, admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    if (await this.staffActions.markPaidOnSite(reference)) await this.audit.record(admin.email, 'booking.mark-paid', `booking:${reference.trim().toUpperCase()}`);
    return this.detail(reference);
  }

  /** Money taken on site that staff gave back by hand, recorded (and kept in the audit log). */
  async recordRepayment(reference: string, admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    const amountSek = await this.staffActions.recordRepayment(reference);
    await this.audit.record(admin.email, 'booking.repaid', `booking:${reference.trim().toUpperCase()}`, { amountSek });
    return this.detail(reference);
  }

  /** A booking taken on the phone or at the desk: confirmed at once, mailed unless staff say not. */
  async create(dto: CreateStaffBookingDto, admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    const { payment, paidNote, notify, giftCardCode, ...guest } = dto;
    const reference = await this.staffActions.bookByStaff({ ...guest, payment, paidNote, notify: notify ?? true, giftCardCode: giftCardCode?.trim() || undefined });
    await this.audit.record(admin.email, 'booking.create', `booking:${reference}`, { departureId: dto.departureId, guests: dto.guests, payment, notify: notify ?? true, ...(giftCardCode?.trim() ? { giftCard: true } : {}) });
    return this.detail(reference);
  }

  /** Checked in or no-show, from a phone at the meeting point. */
  async markAttendance(reference: string, attendance: AttendanceDto['attendance'], admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    await this.staffActions.markAttendance(reference, attendance);
    await this.audit.record(admin.email, 'booking.attendance', `booking:${reference.trim().toUpperCase()}`, { attendance });
    return this.detail(reference);
  }

  /** Cancels a held or confirmed booking: the seats are released, a card payment refunded and the guest told. */
  async cancel(reference: string, admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    const before = await this.writer.load(reference);
    const { refunded } = await this.staffActions.cancelByStaff(reference);
    await this.audit.record(admin.email, 'booking.cancel', `booking:${before.reference}`, { previousStatus: before.status, refunded });
    return this.detail(reference);
  }

  /** Moves a booking to another departure of the same tour that has room, at that departure's price. */
  async move(reference: string, departureId: number, admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    const before = await this.writer.load(reference);
    await this.staffActions.move(reference, departureId);
    await this.audit.record(admin.email, 'booking.move', `booking:${before.reference}`, { from: before.departureId, to: departureId });
    return this.detail(reference);
  }

  /** Confirmed bookings and their price to the guest since `from`, in all and per channel, for the dashboard's sales. */
  /** Who came on the departures starting in [from, to): guests booked (confirmed), checked in (part of a party counts its part), marked no-shows. */
  async attendanceBetween(from: Date, to: Date): Promise<AttendanceFigures> {
    const row = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .innerJoin('booking.departure', 'departure')
      .select('COALESCE(SUM(booking.guests), 0)', 'expected')
      .addSelect("COALESCE(SUM(CASE WHEN booking.attendance = 'checked_in' THEN COALESCE(booking.checked_in_guests, booking.guests) ELSE 0 END), 0)", 'checkedIn')
      .addSelect("COALESCE(SUM(CASE WHEN booking.attendance = 'no_show' THEN booking.guests ELSE 0 END), 0)", 'noShows')
      .where("booking.status = 'confirmed' AND departure.status <> 'cancelled'")
      .andWhere('departure.starts_at >= :from AND departure.starts_at < :to', { from, to })
      .getRawOne<{ expected: string | number; checkedIn: string | number; noShows: string | number }>();
    return { expected: Number(row?.expected ?? 0), checkedIn: Number(row?.checkedIn ?? 0), noShows: Number(row?.noShows ?? 0) };
  }

  async salesSince(from: Date): Promise<SalesView> {
    const rows = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .leftJoin('booking.reseller', 'reseller')
      .select('booking.source', 'source')
      .addSelect('reseller.name', 'resellerName')
      .addSelect('COUNT(*)', 'count')
      .addSelect('COALESCE(SUM(booking.total_sek), 0)', 'revenue')
      .where("booking.status = 'confirmed'")
      .andWhere('booking.confirmed_at >= :from', { from })
      .groupBy('booking.source')
      .addGroupBy('reseller.id')
      .addGroupBy('reseller.name')
      .getRawMany<{ source: BookingSource; resellerName: string | null; count: string | number; revenue: string | number }>();
    const byChannel = rows
      .map((row) => ({ channel: channelLabel(row.source, row.resellerName), bookings: Number(row.count), revenueSek: Number(row.revenue) }))
      .sort((a, b) => b.revenueSek - a.revenueSek || a.channel.localeCompare(b.channel, 'sv'));
    return { bookings: sum(byChannel, 'bookings'), revenueSek: sum(byChannel, 'revenueSek'), byChannel };
  }

  /** Holds that lapse within the next `withinMs`, soonest first. */
  async expiringHolds(now: Date, withinMs: number): Promise<{ reference: string; name: string; guests: number; holdExpiresAt: string }[]> {
    const holds = await this.dataSource.getRepository(Booking).find({
      where: { status: 'held', holdExpiresAt: Between(now, new Date(now.getTime() + withinMs)) },
      order: { holdExpiresAt: 'ASC' },
      take: 20,
    });
    return holds.map((booking) => ({ reference: booking.reference, name: booking.name, guests: booking.guests, holdExpiresAt: booking.holdExpiresAt!.toISOString() }));
  }

  /**
   * A guest's bookings (by email) for a privacy request: what their export shows, their
   * references, and the ones still to happen (a live hold, or a confirmed tour not yet run).
   */
  async heldAbout(email: string, now: Date): Promise<{ exported: Record<string, unknown>[]; references: string[]; ids: number[]; ongoing: string[] }> {
    const bookings = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .leftJoinAndSelect('booking.departure', 'departure')
      .leftJoinAndSelect('departure.tour', 'tour')
      .leftJoinAndSelect('booking.pickupPoint', 'pickupPoint')
      .where('LOWER(booking.email) = :email', { email })
      .orderBy('booking.id', 'ASC')
      .getMany();
    return {
      exported: bookings.map((booking) => ({
        reference: booking.reference,
        tour: booking.departure?.tour?.title ?? null,
        startsAt: booking.departure?.startsAt.toISOString() ?? null,
        guests: booking.guests,
        name: booking.name,
        email: booking.email,
        phone: booking.phone,
        notes: booking.notes,
        contactNotes: booking.contactNotes,
        pickup: booking.pickup,
        party: booking.party,
        pickupPoint: booking.pickupPoint?.name ?? null,
        answers: booking.answers,
        status: booking.status,
        paymentMethod: booking.paymentMethod,
        paymentStatus: booking.paymentStatus,
        totalSek: booking.totalSek,
        // The consent to the one reminder of a booking left half way.
        remindMe: booking.remindMe,
        createdAt: booking.createdAt.toISOString(),
      })),
      references: bookings.map((booking) => booking.reference),
      ids: bookings.map((booking) => booking.id),
      ongoing: bookings.filter((booking) => holdIsLive(booking, now) || (booking.status === 'confirmed' && !hasStarted(booking.departure!, now))).map((booking) => booking.reference),
    };
  }

  /** Bookings made before `cutoff` and not yet anonymised (the retention period), a batch at a time. */
  async dueForAnonymising(cutoff: Date, limit: number): Promise<string[]> {
    const due = await this.dataSource.getRepository(Booking).find({
      select: { reference: true },
      where: { createdAt: LessThan(cutoff), anonymisedAt: IsNull(), status: Not('held') },
      order: { id: 'ASC' },
      take: limit,
    });
    return due.map((booking) => booking.reference);
  }

  /** Refunds that gave up after their last try, for the dashboard. */
  async failedRefunds(): Promise<FailedRefundView[]> {
    const refunds = await this.dataSource.getRepository(BookingRefund).find({ where: { status: 'failed' }, relations: { booking: BOOKING_RELATIONS }, order: { id: 'DESC' }, take: 50 });
    const bookings = await this.rows(refunds.map((refund) => refund.booking!).filter((booking, index, all) => all.findIndex((other) => other.id === booking.id) === index));
    return bookings.flatMap((booking) => booking.refunds.filter((refund) => refund.status === 'failed').map((refund) => ({ ...refund, bookingReference: booking.reference })));
  }

  /** Bookings with something for staff to act on (money to return by hand, a moved paid booking). */
  async needingAttention(): Promise<{ reference: string; name: string; attention: string }[]> {
    const bookings = await this.dataSource.getRepository(Booking).createQueryBuilder('booking').where('booking.attention IS NOT NULL').orderBy('booking.updated_at', 'DESC').take(50).getMany();
    return bookings.map((booking) => ({ reference: booking.reference, name: booking.name, attention: booking.attention! }));
  }

  async retryRefund(id: number, admin: AuthenticatedAdmin): Promise<void> {
    await this.refunds.retryRefund(id);
    await this.audit.record(admin.email, 'refund.retry', `refund:${id}`);
  }

  /** Who is coming on a departure, for the guide's printed list. */
  async manifest(departureId: number): Promise<ManifestView> {
    const departure = await this.departures.withTour(departureId);
    if (!departure) throw new BadRequestException(`Det finns ingen avgång med id ${departureId}.`);
    // Who holds seats on it, by name (the seat rule's bookings: confirmed, or held and live).
    const bookings = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .where('booking.departure_id = :departureId', { departureId })
      .andWhere(TAKES_SEATS_SQL('booking'), { now: clock.now() })
      .leftJoinAndSelect('booking.pickupPoint', 'pickupPoint')
      .leftJoinAndSelect('booking.reseller', 'reseller')
      .getMany();
    const startsAt = new Date(departure.startsAt);
    const words = (await this.swedishWords([departure.tourId]))(departure.tourId);
    const { questions } = translateOptions({ questions: (await tourOptions(this.dataSource.manager, departure.tourId)).questions }, words);
    // A driver's route: the earliest pickup first, then who comes to the meeting point; by name within each.
    const pickupAt = (booking: Booking) => (booking.pickupPoint ? pickupTime(startsAt, booking.pickupPoint).getTime() : Number.POSITIVE_INFINITY);
    bookings.sort((a, b) => pickupAt(a) - pickupAt(b) || a.name.localeCompare(b.name, 'sv'));
    return {
      departure,
      passengers: bookings.map((booking) => ({
        ...attendanceOf(booking),
        pickup: booking.pickupPoint ? { name: booking.pickupPoint.name, address: booking.pickupPoint.address, at: new Date(pickupAt(booking)).toISOString() } : null,
        answers: describeAnswers(questions!, booking.answers, ANSWER_WORDS.sv),
        reference: booking.reference,
        name: booking.name,
        guests: booking.guests,
        party: describeParty(translateParty(booking.party ?? [], words)),
        phone: booking.phone,
        email: booking.email,
        notes: booking.notes,
        paymentStatus: booking.paymentStatus,
        // What to collect at the meeting point: the price less what the booking holds.
        owedSek: dueSek(booking),
        discount: booking.promo && booking.discountSek > 0 ? `Rabattkod ${booking.promo.code} −${formatKr(booking.discountSek)}` : null,
        channel: channelLabel(booking.source, booking.reseller?.name),
      })),
      totalGuests: bookings.reduce((sum, booking) => sum + booking.guests, 0),
    };
  }

  private filtered(query: AdminBookingsQuery): SelectQueryBuilder<Booking> {
    const builder = this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .innerJoinAndSelect('booking.departure', 'departure')
      .innerJoinAndSelect('departure.tour', 'tour')
      .leftJoinAndSelect('booking.stayPackage', 'stay')
      .leftJoinAndSelect('booking.pickupPoint', 'pickupPoint')
      .leftJoinAndSelect('booking.reseller', 'reseller')
      // Property paths, not column names: skip/take with joins needs them.
      .orderBy(SORT_PATHS[query.sort ?? 'departure'], query.dir === 'desc' ? 'DESC' : 'ASC')
      .addOrderBy('booking.id', query.dir === 'desc' ? 'DESC' : 'ASC');
    if (query.channel) builder.andWhere('booking.source = :channel', { channel: query.channel });
    if (query.references?.length) builder.andWhere('booking.reference IN (:...references)', { references: query.references });
    if (query.status) builder.andWhere('booking.status = :status', { status: query.status });
    if (query.tourId) builder.andWhere('departure.tour_id = :tourId', { tourId: query.tourId });
    if (query.departureId) builder.andWhere('booking.departure_id = :departureId', { departureId: query.departureId });
    if (query.from) builder.andWhere('departure.starts_at >= :from', { from: new Date(query.from) });
    if (query.to) builder.andWhere('departure.starts_at < :to', { to: new Date(query.to) });
    if (query.q) {
      const like = containing(query.q.toLowerCase());
      builder.andWhere(
        new Brackets((where) => {
          where
            .where("LOWER(booking.reference) LIKE :like ESCAPE '!'", { like })
            .orWhere("LOWER(booking.name) LIKE :like ESCAPE '!'", { like })
            .orWhere("LOWER(booking.email) LIKE :like ESCAPE '!'", { like })
            .orWhere("LOWER(booking.phone) LIKE :like ESCAPE '!'", { like });
        }),
      );
    }
    return builder;
  }

  /** Bookings (loaded with departure, tour and stay) as staff see them, with their refunds. */
  private async rows(bookings: Booking[]): Promise<AdminBookingRow[]> {
    const ids = bookings.map((booking) => booking.id);
    const tourIds = bookings.map((booking) => booking.departure!.tourId);
    const [refunds, questionsOf, swedish] = await Promise.all([
      ids.length ? this.dataSource.getRepository(BookingRefund).find({ where: { bookingId: In(ids) }, order: { id: 'ASC' } }) : [],
      questionsOfTours(this.dataSource.manager, tourIds),
      this.swedishWords(tourIds),
    ]);
    return bookings.map((booking) => {
      const words = swedish(booking.departure!.tourId);
      const { questions } = translateOptions({ questions: questionsOf.get(booking.departure!.tourId) ?? [] }, words);
      const row = mapAdminBookingRow(booking, refunds.filter((refund) => refund.bookingId === booking.id), questions!, this.writer.checkoutMethod);
      return { ...row, party: translateParty(row.party, words) };
    });
  }
}
