import { randomUUID } from 'node:crypto';

import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource, type FindOptionsWhere } from 'typeorm';

import type { BookingSummary } from '../../shared/api-types';
import type { PartyItem } from '../../shared/pricing';
import { Booking } from '../../src/bookings/booking.entity';
import { HoldCheckout } from '../../src/bookings/lifecycle/hold-checkout.service';
import { ManageLinks } from '../../src/bookings/manage-links.service';
import { ResellerBookings } from '../../src/bookings/lifecycle/reseller-bookings.service';
import { ResellersService } from '../../src/octo/resellers.service';
import { newClientAddress } from './fixtures';

/** What a test may say of the booking it wants; the rest is a guest of its own. */
export interface BookingRequest {
  guests?: number;
  categories?: PartyItem[];
  name?: string;
  email?: string;
  phone?: string;
  notes?: string;
  language?: 'en' | 'sv' | 'de';
  pickupPointId?: number | null;
  answers?: unknown;
  stayPackageId?: number;
}

let guests = 0;
/** An email nobody else in the run books with, so guest limits never mix tests up. */
export const aGuestEmail = (): string => `guest-${process.pid}-${Date.now()}-${++guests}@example.com`;

/**
 * Builders for bookings in every state, made the way guests, staff, Stripe and time make them:
 * through the API and the booking lifecycle, never written into the table. `sut` is a suite's
 * running app (useTestApp or useCardPaymentApp).
 */
export function bookingBuilders(sut: { readonly app: INestApplication; readonly server?: Parameters<typeof request>[0] }) {
  const server = () => sut.server ?? sut.app.getHttpServer();
  const body = (departureId: number, wanted: BookingRequest) => ({
    departureId,
    ...(wanted.categories ? {} : { guests: wanted.guests ?? 2 }),
    name: 'Test Guest',
    email: aGuestEmail(),
    ...wanted,
  });

  /** A live hold, as the booking page makes it (each from an address of its own). */
  async function aHold(departureId: number, wanted: BookingRequest = {}, from = newClientAddress()): Promise<BookingSummary> {
    const answer = await request(server()).post('/api/bookings').set('X-Forwarded-For', from).send(body(departureId, wanted));
    if (answer.status !== 201) throw new Error(`aHold: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as BookingSummary;
  }

  /** A booking confirmed at checkout, to be paid on arrival. */
  async function aConfirmed(departureId: number, wanted: BookingRequest = {}): Promise<BookingSummary> {
    const held = await aHold(departureId, wanted);
    await request(server()).post(`/api/bookings/${held.reference}/checkout`).expect(200);
    return { ...held, status: 'confirmed' };
  }

  /** A booking paid by card: held, then Stripe's word on a payment of its total (the webhook's path, without the webhook's signature). */
  async function paidByCard(departureId: number, wanted: BookingRequest = {}): Promise<BookingSummary> {
    const held = await aHold(departureId, wanted);
    const outcome = await sut.app.get(HoldCheckout).recordCardPayment(
      { reference: held.reference, sessionId: `cs_test_${held.reference}`, paymentIntentId: `pi_test_${held.reference}`, paid: true, amountOre: held.totalSek * 100, currency: 'sek' },
      async () => true,
    );
    if (outcome !== 'confirmed') throw new Error(`paidByCard: ${outcome}`);
    return { ...held, status: 'confirmed' };
  }

  /** A hold its guest let go. */
  async function aCancelledHold(departureId: number, wanted: BookingRequest = {}): Promise<BookingSummary> {
    const held = await aHold(departureId, wanted);
    await request(server()).post(`/api/bookings/${held.reference}/cancel`).expect(200);
    return { ...held, status: 'cancelled' };
  }

  /** A hold whose time ran out (`swept`: and the sweeper has marked it expired). */
  async function aLapsedHold(departureId: number, wanted: BookingRequest = {}, options: { swept?: boolean } = {}): Promise<BookingSummary> {
    const held = await aHold(departureId, wanted);
    await lapse(held.reference);
    if (options.swept) await sut.app.get(HoldCheckout).expireLapsedHolds();
    return held;
  }

  /** The hold ends `msFromNow` from now (past: it has lapsed), as if its time had run. */
  async function lapse(reference: string, msFromNow = -1000): Promise<void> {
    await moveBookingClocks(sut.app.get(DataSource), { reference }, { holdExpiresAt: new Date(Date.now() + msFromNow) });
  }

  /** A reseller's booking through OCTO's lifecycle (reserved, then confirmed and paid to the reseller), by a reseller of its own. */
  async function aResellerBooking(departureId: number, party: PartyItem[] = [{ category: 'adult', quantity: 2 }], options: { confirmed?: boolean; emailReceipt?: boolean } = {}): Promise<Booking> {
    const reseller = await sut.app.get(ResellersService).create({ name: `Test Reseller ${++guests}`, commissionPercent: 20, tourIds: null }, 'builders@norrsken.test');
    const caller = { id: reseller.id, name: reseller.name };
    const resellerBookings = sut.app.get(ResellerBookings);
    const held = await resellerBookings.hold(caller, {
      uuid: randomUUID(),
      departureId,
      party,
      expiresAt: new Date(Date.now() + 30 * 60_000),
      resellerReference: `R-${guests}`,
      notes: null,
      contact: { name: 'Reseller Guest' },
    });
    if (options.confirmed === false) return held;
    return resellerBookings.confirm(caller, held, { contact: { name: 'Reseller Guest', email: aGuestEmail() }, emailReceipt: options.emailReceipt ?? false });
  }

  return { aHold, aConfirmed, paidByCard, aCancelledHold, aLapsedHold, aResellerBooking, lapse };
}

/** The booking's own times a test may move, as if time had passed: when it was made, when its hold or its open Checkout Session ends, when its missing answers were asked for. */
export type BookingClocks = Partial<Pick<Booking, 'createdAt' | 'holdExpiresAt' | 'stripeSessionExpiresAt' | 'answersRemindedAt'>>;

/**
 * Moves a booking's own clocks (and nothing else): the one place a test changes a booking other
 * than through the API and the lifecycle, kept so by lint (test/ may not write a booking).
 */
export async function moveBookingClocks(dataSource: DataSource, where: FindOptionsWhere<Booking>, clocks: BookingClocks): Promise<void> {
  const result = await dataSource.getRepository(Booking).update(where, clocks);
  if (!result.affected) throw new Error(`moveBookingClocks: no booking ${JSON.stringify(where)}`);
}

/** A connection that runs SQL (mysql2's), for process tests that set a database up before any app process runs. */
interface SqlConnection {
  query(sql: string, values?: unknown[]): Promise<unknown>;
}

/**
 * A confirmed booking, due on arrival, written straight into a database no app process runs on
 * yet (process tests: two processes start together on what is already there). `createdAt` also
 * serves as its confirmation time.
 */
export async function aConfirmedRow(sql: SqlConnection, row: { reference: string; departureId: number; guests: number; name: string; email: string; totalSek: number; createdAt: Date; answers?: unknown }): Promise<void> {
  await sql.query(
    "INSERT INTO bookings (reference, departure_id, guests, seats, name, email, status, tour_amount_sek, stay_amount_sek, total_sek, payment_method, payment_status, confirmed_at, created_at, answers) VALUES (?, ?, ?, ?, ?, ?, 'confirmed', ?, 0, ?, 'on_arrival', 'due_on_arrival', ?, ?, ?)",
    [row.reference, row.departureId, row.guests, row.guests, row.name, row.email, row.totalSek, row.totalSek, row.createdAt, row.createdAt, row.answers === undefined ? null : JSON.stringify(row.answers)],
  );
}

/** moveBookingClocks for a process test's own connection: when the booking was made. */
export async function backdateRow(sql: SqlConnection, reference: string, createdAt: Date): Promise<void> {
  await sql.query('UPDATE bookings SET created_at = ? WHERE reference = ?', [createdAt, reference]);
}

/** Removes a booking a test made, for a test that must leave its tour deletable again. */
export async function removeTestBooking(dataSource: DataSource, reference: string): Promise<void> {
  await dataSource.getRepository(Booking).delete({ reference });
}

/** A booking's manage link token, as its mails carry it. */
export async function manageTokenOf(app: INestApplication, reference: string): Promise<string> {
  const booking = await app.get(DataSource).getRepository(Booking).findOneOrFail({ where: { reference }, relations: { departure: true } });
  return new URL(app.get(ManageLinks).url({ reference, departure: { startsAt: booking.departure!.startsAt.toISOString() }, language: booking.language })).searchParams.get('token')!;
}
