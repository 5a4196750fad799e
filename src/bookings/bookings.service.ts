import { BadRequestException, ConflictException, GoneException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, LessThanOrEqual, QueryFailedError } from 'typeorm';

import type { BookingSummary } from '../../client/api/types';
import { quoteBooking } from '../../client/shared/pricing';
import { AppConfig } from '../config/app-config';
import { StripeService } from '../payments/stripe.service';
import { Tour } from '../tours/tour.entity';
import { BookingMailService } from './booking-mail.service';
import { BOOKING_REFERENCE_PATTERN, newBookingReference } from './booking-reference';
import { Booking } from './booking.entity';
import { mapBookingSummary } from './booking.mapper';
import { withDepartureLock } from './departure-lock';
import type { CreateBookingDto } from './dto/create-booking.dto';
import { takenSeats } from './seats';
import { StayPackage } from './stay-package.entity';

/** Stripe keeps a Checkout Session open at least 30 minutes; the hold lasts as long. */
const STRIPE_SESSION_MINUTES = 31;

const isDuplicateKey = (error: unknown) =>
  error instanceof QueryFailedError && /ER_DUP_ENTRY|UNIQUE constraint failed/.test(String((error as { code?: string }).code ?? error.message));

@Injectable()
export class BookingsService {
  private readonly logger = new Logger(BookingsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly stripe: StripeService,
    private readonly mail: BookingMailService,
  ) {}

  get checkoutMethod(): BookingSummary['checkoutMethod'] {
    return this.stripe.enabled ? 'stripe' : 'on_arrival';
  }

  /**
   * Holds seats for HOLD_MINUTES. The seat check and the insert run in one transaction
   * that locks the departure, so concurrent requests never oversell.
   */
  async hold(dto: CreateBookingDto, now = new Date()): Promise<BookingSummary> {
    const stay = dto.stayPackageId ? await this.findStay(dto.stayPackageId) : null;
    const booking = await withDepartureLock(this.dataSource, dto.departureId, async (manager, departure) => {
      if (!departure) throw new BadRequestException(`There is no departure with id ${dto.departureId}.`);
      if (departure.startsAt <= now) throw new BadRequestException('This departure has already left. Please choose a later date.');
      if (departure.status !== 'open') throw new ConflictException('This departure is not open for booking. Please choose another date.');
      const seatsLeft = departure.capacity - (await takenSeats(manager, departure.id, now));
      if (seatsLeft < dto.guests) {
        throw new ConflictException(
          seatsLeft <= 0
            ? 'This departure is sold out. Please choose another date.'
            : `Only ${seatsLeft} ${seatsLeft === 1 ? 'seat is' : 'seats are'} left on this departure.`,
        );
      }
      const tour = await manager.findOneOrFail(Tour, { where: { id: departure.tourId }, select: { id: true, priceSek: true } });
      const quote = quoteBooking(departure.priceSek ?? tour.priceSek, dto.guests, stay);
      return this.insertWithUniqueReference(manager, {
        departureId: departure.id,
        stayPackageId: stay?.id ?? null,
        guests: dto.guests,
        name: dto.name,
        email: dto.email.toLowerCase(),
        phone: dto.phone ?? null,
        notes: dto.notes ?? null,
        status: 'held',
        holdExpiresAt: new Date(now.getTime() + this.config.holdMinutes * 60_000),
        tourAmountSek: quote.tourAmountSek,
        stayAmountSek: quote.stayAmountSek,
        totalSek: quote.totalSek,
        paymentStatus: 'unpaid',
      });
    });
    return this.summary(booking.reference);
  }

  async summary(reference: string): Promise<BookingSummary> {
    return mapBookingSummary(await this.load(reference), this.checkoutMethod);
  }

  /** Pay on arrival confirms now; with Stripe the guest goes to Stripe's page. */
  async checkout(reference: string, now = new Date()): Promise<{ redirectUrl: string }> {
    const booking = await this.load(reference);
    const successUrl = `/success/?booking=${booking.reference}`;
    if (booking.status === 'confirmed') return { redirectUrl: successUrl };
    this.assertLiveHold(booking, now);

    if (!this.stripe.enabled) {
      const confirmed = await withDepartureLock(this.dataSource, booking.departureId, async (manager) => {
        const fresh = await manager.findOneByOrFail(Booking, { id: booking.id });
        if (fresh.status === 'confirmed') return false;
        this.assertLiveHold(fresh, now);
        await manager.update(Booking, { id: fresh.id }, { status: 'confirmed', paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival', confirmedAt: now });
        return true;
      });
      if (confirmed) await this.mail.confirmed(await this.summary(reference));
      return { redirectUrl: successUrl };
    }

    const summary = mapBookingSummary(booking, 'stripe', now);
    const expiresAt = new Date(now.getTime() + STRIPE_SESSION_MINUTES * 60_000);
    const session = await this.stripe.createCheckoutSession({
      reference: booking.reference,
      email: booking.email,
      expiresAt,
      lines: [
        { name: `${summary.tour.title}, ${new Date(summary.departure.startsAt).toISOString().slice(0, 10)}`, unitAmountSek: booking.tourAmountSek / booking.guests, quantity: booking.guests },
        ...(summary.stayPackage ? [{ name: summary.stayPackage.name, unitAmountSek: booking.stayAmountSek / summary.stayPackage.rooms, quantity: summary.stayPackage.rooms }] : []),
      ],
    });
    // The hold lives as long as the session, so seats are never released while the guest can still pay.
    const sessionExpiry = new Date((session.expires_at ?? expiresAt.getTime() / 1000) * 1000);
    await this.dataSource.getRepository(Booking).update(
      { id: booking.id },
      { stripeSessionId: session.id, paymentMethod: 'stripe', holdExpiresAt: booking.holdExpiresAt && booking.holdExpiresAt > sessionExpiry ? booking.holdExpiresAt : sessionExpiry },
    );
    if (!session.url) throw new Error('Stripe returned no checkout URL');
    return { redirectUrl: session.url };
  }

  /** Releases a hold. A confirmed booking is changed by staff, so the guest is sent to the phone. */
  async cancel(reference: string, now = new Date()): Promise<BookingSummary> {
    const booking = await this.load(reference);
    if (booking.status === 'confirmed') {
      throw new ConflictException('This booking is confirmed. To cancel it, please call us on +46 980 123 45.');
    }
    if (booking.status === 'held') {
      await this.dataSource.getRepository(Booking).update({ id: booking.id, status: 'held' }, { status: 'cancelled', cancelledAt: now });
    }
    return this.summary(reference);
  }

  /** Marks expired holds as expired (they stopped counting the moment they expired). */
  async expireHolds(now = new Date()): Promise<number> {
    const result = await this.dataSource.getRepository(Booking).update({ status: 'held', holdExpiresAt: LessThanOrEqual(now) }, { status: 'expired' });
    return result.affected ?? 0;
  }

  async load(reference: string): Promise<Booking> {
    const normalized = reference.trim().toUpperCase();
    const booking = BOOKING_REFERENCE_PATTERN.test(normalized)
      ? await this.dataSource.getRepository(Booking).findOne({
          where: { reference: normalized },
          relations: { departure: { tour: true }, stayPackage: true },
        })
      : null;
    if (!booking) throw new NotFoundException(`There is no booking with reference ${reference}.`);
    return booking;
  }

  private assertLiveHold(booking: Booking, now: Date): void {
    if (booking.status === 'held' && booking.holdExpiresAt && booking.holdExpiresAt > now) return;
    if (booking.status === 'held' || booking.status === 'expired') {
      throw new GoneException('Your seat hold has expired. Please book again; the seats may still be available.');
    }
    throw new ConflictException(`This booking is ${booking.status} and cannot be paid.`);
  }

  private async findStay(id: number): Promise<StayPackage> {
    const stay = await this.dataSource.getRepository(StayPackage).findOneBy({ id, isActive: true });
    if (!stay) throw new BadRequestException(`There is no stay package with id ${id}.`);
    return stay;
  }

  private async insertWithUniqueReference(manager: EntityManager, fields: Partial<Booking>): Promise<Booking> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await manager.save(Booking, manager.create(Booking, { ...fields, reference: newBookingReference() }));
      } catch (error) {
        // A clash of random references is rare; draw another.
        if (attempt >= 5 || !isDuplicateKey(error)) throw error;
        this.logger.warn('Booking reference clash; drawing another');
      }
    }
  }
}
