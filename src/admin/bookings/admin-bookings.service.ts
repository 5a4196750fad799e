import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, SelectQueryBuilder } from 'typeorm';

import type { BookingSummary } from '../../../client/api/types';
import { quoteBooking } from '../../../client/shared/pricing';
import { BookingMailService } from '../../bookings/booking-mail.service';
import { Booking } from '../../bookings/booking.entity';
import { mapBookingSummary } from '../../bookings/booking.mapper';
import { BookingsService } from '../../bookings/bookings.service';
import { withDepartureLock } from '../../bookings/departure-lock';
import { takenSeats } from '../../bookings/seats';
import { StripeService } from '../../payments/stripe.service';
import { Departure } from '../../tours/departure.entity';
import { AuditLogService } from '../audit-log.service';
import type { AuthenticatedAdmin } from '../auth/admin-token';
import type { AdminBookingsQuery } from './dto/admin-bookings.query';

export interface AdminBookingRow extends BookingSummary {
  id: number;
  createdAt: string;
}

export interface ManifestView {
  departure: { id: number; startsAt: string; capacity: number; tourTitle: string; meetingPoint: string };
  passengers: { reference: string; name: string; guests: number; phone: string | null; email: string; notes: string | null; paymentStatus: string }[];
  totalGuests: number;
}

const DEFAULT_PAGE_SIZE = 25;
const CSV_LIMIT = 10_000;

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  // Quote always; a leading =+-@ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

@Injectable()
export class AdminBookingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bookings: BookingsService,
    private readonly mail: BookingMailService,
    private readonly audit: AuditLogService,
    private readonly stripe: StripeService,
  ) {}

  async list(query: AdminBookingsQuery): Promise<{ data: AdminBookingRow[]; total: number; page: number; pageSize: number }> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const [rows, total] = await this.filtered(query)
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
    return { data: rows.map((booking) => this.row(booking)), total, page, pageSize };
  }

  async csv(query: AdminBookingsQuery): Promise<string> {
    const rows = await this.filtered(query).take(CSV_LIMIT).getMany();
    const header = ['Referens', 'Status', 'Tur', 'Avgång', 'Gäster', 'Namn', 'E-post', 'Telefon', 'Boende', 'Totalt SEK', 'Betalning', 'Anteckningar', 'Skapad'];
    const lines = rows.map((booking) => {
      const row = this.row(booking);
      return [row.reference, row.status, row.tour.title, row.departure.startsAt, row.guests, row.name, row.email, row.phone, row.stayPackage?.name, row.totalSek, row.paymentStatus, row.notes, row.createdAt]
        .map(csvCell)
        .join(',');
    });
    return `\uFEFF${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
  }

  async detail(reference: string): Promise<AdminBookingRow> {
    return this.row(await this.bookings.load(reference));
  }

  async markPaid(reference: string, admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    const booking = await this.bookings.load(reference);
    if (booking.status !== 'confirmed') throw new ConflictException(`Bara bekräftade bokningar kan markeras som betalda (denna är ${booking.status}).`);
    if (booking.paymentStatus !== 'paid') {
      await this.dataSource.getRepository(Booking).update({ id: booking.id }, { paymentStatus: 'paid', paidAt: new Date() });
      await this.audit.record(admin.email, 'booking.mark-paid', `booking:${booking.reference}`);
    }
    return this.detail(reference);
  }

  /** Cancels a held or confirmed booking: the seats are released and the guest is told. */
  async cancel(reference: string, admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    const booking = await this.bookings.load(reference);
    if (booking.status !== 'held' && booking.status !== 'confirmed') {
      throw new ConflictException(`Bokningen är redan ${booking.status}.`);
    }
    const refund = booking.paymentStatus === 'paid' && booking.stripePaymentIntentId && this.stripe.enabled;
    if (refund) await this.stripe.refund(booking.stripePaymentIntentId!, booking.reference);
    await this.dataSource
      .getRepository(Booking)
      .update({ id: booking.id }, { status: 'cancelled', cancelledAt: new Date(), ...(refund ? { paymentStatus: 'refunded' as const } : {}) });
    await this.audit.record(admin.email, 'booking.cancel', `booking:${booking.reference}`, { previousStatus: booking.status, refunded: Boolean(refund) });
    const summary = await this.bookings.summary(reference);
    await this.mail.cancelled(summary);
    return this.detail(reference);
  }

  /** Moves a booking to another departure of the same tour that has room, at that departure's price. */
  async move(reference: string, departureId: number, admin: AuthenticatedAdmin): Promise<AdminBookingRow> {
    const booking = await this.bookings.load(reference);
    if (booking.status !== 'held' && booking.status !== 'confirmed') throw new ConflictException(`En ${booking.status} bokning kan inte flyttas.`);
    if (booking.departureId === departureId) throw new BadRequestException('Bokningen är redan på den avgången.');
    const now = new Date();
    await withDepartureLock(this.dataSource, departureId, async (manager, target) => {
      if (!target) throw new BadRequestException(`Det finns ingen avgång med id ${departureId}.`);
      if (target.tourId !== booking.departure!.tourId) throw new BadRequestException('Avgången hör till en annan tur.');
      if (target.status !== 'open' || target.startsAt <= now) throw new BadRequestException('Avgången är inte öppen för bokning.');
      const seatsLeft = target.capacity - (await takenSeats(manager, target.id, now));
      if (seatsLeft < booking.guests) throw new ConflictException(`Avgången har bara ${Math.max(0, seatsLeft)} lediga platser.`);
      const tourPrice = booking.departure!.tour!.priceSek;
      const quote = quoteBooking(target.priceSek ?? tourPrice, booking.guests, booking.stayPackage);
      await manager.update(Booking, { id: booking.id }, { departureId: target.id, tourAmountSek: quote.tourAmountSek, totalSek: quote.tourAmountSek + booking.stayAmountSek });
    });
    await this.audit.record(admin.email, 'booking.move', `booking:${booking.reference}`, { from: booking.departureId, to: departureId });
    return this.detail(reference);
  }

  /** Who is coming on a departure, for the guide's printed list. */
  async manifest(departureId: number): Promise<ManifestView> {
    const departure = await this.dataSource.getRepository(Departure).findOne({ where: { id: departureId }, relations: { tour: true } });
    if (!departure) throw new BadRequestException(`Det finns ingen avgång med id ${departureId}.`);
    const bookings = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .where('booking.departure_id = :departureId', { departureId })
      .andWhere("(booking.status = 'confirmed' OR (booking.status = 'held' AND booking.hold_expires_at > :now))", { now: new Date() })
      .orderBy('booking.name', 'ASC')
      .getMany();
    return {
      departure: { id: departure.id, startsAt: departure.startsAt.toISOString(), capacity: departure.capacity, tourTitle: departure.tour!.title, meetingPoint: departure.tour!.meetingPoint },
      passengers: bookings.map((booking) => ({
        reference: booking.reference,
        name: booking.name,
        guests: booking.guests,
        phone: booking.phone,
        email: booking.email,
        notes: booking.notes,
        paymentStatus: booking.paymentStatus,
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
      // Property paths, not column names: skip/take with joins needs them.
      .orderBy('departure.startsAt', 'ASC')
      .addOrderBy('booking.id', 'ASC');
    if (query.status) builder.andWhere('booking.status = :status', { status: query.status });
    if (query.tourId) builder.andWhere('departure.tour_id = :tourId', { tourId: query.tourId });
    if (query.departureId) builder.andWhere('booking.departure_id = :departureId', { departureId: query.departureId });
    if (query.from) builder.andWhere('departure.starts_at >= :from', { from: new Date(query.from) });
    if (query.to) builder.andWhere('departure.starts_at < :to', { to: new Date(query.to) });
    if (query.q) {
      const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
      builder.andWhere(
        new Brackets((where) => {
          where
            .where('LOWER(booking.reference) LIKE :like', { like })
            .orWhere('LOWER(booking.name) LIKE :like', { like })
            .orWhere('LOWER(booking.email) LIKE :like', { like });
        }),
      );
    }
    return builder;
  }

  private row(booking: Booking): AdminBookingRow {
    return { ...mapBookingSummary(booking, this.bookings.checkoutMethod), id: booking.id, createdAt: booking.createdAt.toISOString() };
  }
}
