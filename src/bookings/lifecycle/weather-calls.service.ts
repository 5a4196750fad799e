import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';

import { COMPANY_PHONE } from '../../../shared/company';
import { withDepartureLocks, type DepartureTx } from '../../departures/departure-lock';
import { assertMoveTarget, assertNotStarted } from '../../departures/departure-rules';
import { DeparturesRepository } from '../../departures/departures.repository';
import { SeatsRepository } from '../../departures/seats.repository';
import { partyOfLines } from '../../departures/resources/resource-rooms';
import { AuditLogService } from '../../common/audit/audit-log.service';
import { MoveOffer, type MoveOfferStatus } from '../move-offer.entity';
import { WeatherCall, type WeatherReason } from '../weather-call.entity';
import { assertSeats } from './bookable';
import { BookingWriter } from './booking-writer';
import { Cancellations } from './cancellations';
import { nextStatus } from './transitions';
import { clock } from '../../common/clock';

/** A call and its offers, as the board shows them. */
export interface CallView {
  decision: WeatherCall['decision'];
  reason: WeatherReason | null;
  targetDepartureId: number | null;
  decidedBy: string;
  decidedAt: string;
  offers: { reference: string; name: string; guests: number; status: MoveOfferStatus; answeredAt: string | null }[];
}

/** The offer a guest's manage page shows: where to, and whether they have answered. */
export interface GuestOffer {
  status: MoveOfferStatus;
  reason: WeatherReason | null;
  fromStartsAt: string;
  toDepartureId: number;
  toStartsAt: string;
}

/**
 * Staff's calls from the sky board, and the guests' answers. "Run" is recorded. "Move
 * everyone" closes the departure to new bookings, cancels its unpaid holds, and offers every
 * confirmed guest a free move to another departure of the tour (checked for their seats) or a
 * full refund, by mail in their language: under both departures' locks, one call per
 * departure (a unique key), one offer per booking and call. A guest answers once (a
 * conditional update from `offered`): the move is made under the locks with the seats
 * checked again; the refund goes through the refund worker. Any weather (a storm, −35 °C),
 * not only the aurora.
 */
@Injectable()
export class WeatherCalls {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: BookingWriter,
    private readonly cancellations: Cancellations,
    private readonly seats: SeatsRepository,
    private readonly departures: DeparturesRepository,
    private readonly audit: AuditLogService,
  ) {}

  /** The departure runs as planned (recorded for the board; it may still be moved later). */
  async run(departureId: number, staffEmail: string, now = clock.now()): Promise<void> {
    await withDepartureLocks(this.dataSource, [departureId], async (tx) => {
      const departure = tx.departures.get(departureId);
      if (!departure) throw new NotFoundException(`Det finns ingen avgång med id ${departureId}.`);
      const call = await tx.manager.findOneBy(WeatherCall, { departureId });
      if (call?.decision === 'move') throw new ConflictException('Gästerna på avgången har redan erbjudits flytt.');
      if (call) await tx.manager.update(WeatherCall, { id: call.id, decision: 'run' }, { decidedBy: staffEmail, decidedAt: now });
      else await tx.manager.insert(WeatherCall, { departureId, decision: 'run', reason: null, targetDepartureId: null, decidedBy: staffEmail, decidedAt: now });
      await this.audit.record(staffEmail, 'departure.run', `departure#${departureId}`, {}, tx.manager);
    });
  }

  /** Moves everyone off a departure: each confirmed guest offered the target departure or a full refund. */
  async moveEveryone(departureId: number, targetDepartureId: number, reason: WeatherReason, staffEmail: string, now = clock.now()): Promise<{ offered: number; holdsCancelled: number }> {
    return withDepartureLocks(this.dataSource, [departureId, targetDepartureId], async (tx) => {
      const { from, to } = this.checkMove(tx, departureId, targetDepartureId, now);
      const call = await tx.manager.findOneBy(WeatherCall, { departureId });
      if (call?.decision === 'move') throw new ConflictException('Gästerna på avgången har redan erbjudits flytt.');
      const bookings = await this.writer.lockBookings(tx.manager, { departureId, status: In(['held', 'confirmed']) });
      const confirmed = bookings.filter((booking) => booking.status === 'confirmed');
      const needed = confirmed.reduce((total, booking) => total + booking.seats, 0);
      // Seats already promised to guests of another moved departure, still unanswered, are not there to promise again.
      const left = (await this.seats.seatsLeft(tx.manager, to, now)) - (await this.offeredSeats(tx.manager, targetDepartureId));
      if (left < needed) throw new ConflictException(`Avgången du flyttar till har ${left} platser kvar; gästerna behöver ${needed}. Välj en annan.`);

      const callId = call
        ? (await tx.manager.update(WeatherCall, { id: call.id, decision: 'run' }, { decision: 'move', reason, targetDepartureId, decidedBy: staffEmail, decidedAt: now }), call.id)
        : ((await tx.manager.insert(WeatherCall, { departureId, decision: 'move', reason, targetDepartureId, decidedBy: staffEmail, decidedAt: now })).identifiers[0]!.id as number);
      // No new bookings on it; its unpaid holds go (their guests are told, as for any cancelled date).
      await this.departures.change(tx.manager, departureId, { status: 'closed' });
      const holds = bookings.filter((item) => item.status === 'held');
      for (const booking of holds) await this.cancellations.cancelWithMoney(tx, booking, 'departure', now);
      for (const booking of confirmed) {
        await tx.manager.insert(MoveOffer, { callId, bookingId: booking.id, status: 'offered', offeredAt: now, answeredAt: null });
        await this.writer.announce(tx.manager, booking, { kind: 'weatherOffer', reason, fromStartsAt: from.startsAt.toISOString(), toStartsAt: to.startsAt.toISOString() }, now);
      }
      await this.audit.record(staffEmail, 'departure.move-everyone', `departure#${departureId}`, { targetDepartureId, reason, offered: confirmed.length, holdsCancelled: holds.length }, tx.manager);
      return { offered: confirmed.length, holdsCancelled: holds.length };
    });
  }

  /** Seats of the bookings offered a move to `departureId` that have not answered yet. */
  private async offeredSeats(manager: EntityManager, departureId: number): Promise<number> {
    const row = await manager
      .createQueryBuilder(MoveOffer, 'offer')
      .innerJoin(WeatherCall, 'call', 'call.id = offer.call_id')
      .innerJoin('bookings', 'booking', 'booking.id = offer.booking_id')
      .select('COALESCE(SUM(booking.seats), 0)', 'seats')
      .where("offer.status = 'offered'")
      .andWhere('call.target_departure_id = :departureId', { departureId })
      .andWhere("booking.status = 'confirmed'")
      .getRawOne<{ seats: number | string }>();
    return Number(row?.seats ?? 0);
  }

  private checkMove(tx: DepartureTx, departureId: number, targetDepartureId: number, now: Date) {
    const from = tx.departures.get(departureId);
    const to = tx.departures.get(targetDepartureId);
    if (!from) throw new NotFoundException(`Det finns ingen avgång med id ${departureId}.`);
    assertNotStarted(from, now, 'staff');
    assertMoveTarget(from, to, targetDepartureId, now, 'staff');
    return { from, to };
  }

  /** The booking's latest offer, if any. */
  private latestOffer(bookingId: number): Promise<MoveOffer | null> {
    return this.dataSource.getRepository(MoveOffer).findOne({ where: { bookingId }, order: { id: 'DESC' } });
  }

  /** The latest offer on a booking, for its manage page (null: none). */
  async offerFor(bookingId: number): Promise<GuestOffer | null> {
    const offer = await this.latestOffer(bookingId);
    if (!offer) return null;
    const call = await this.dataSource.getRepository(WeatherCall).findOneByOrFail({ id: offer.callId });
    const [from, to] = await Promise.all([this.departures.withTour(call.departureId), this.departures.withTour(call.targetDepartureId!)]);
    if (!from || !to) return null;
    return { status: offer.status, reason: call.reason, fromStartsAt: from.startsAt, toDepartureId: to.id, toStartsAt: to.startsAt };
  }

  /** The guest's answer: moved (seats checked again) or refunded in full; answered once. */
  async answer(reference: string, choice: 'move' | 'refund', now = clock.now()): Promise<MoveOfferStatus> {
    const located = await this.writer.locate(reference);
    const offer = await this.latestOffer(located.id);
    if (!offer) throw new NotFoundException('There is no offer to move this booking.');
    const call = await this.dataSource.getRepository(WeatherCall).findOneByOrFail({ id: offer.callId });
    const status: MoveOfferStatus = choice === 'move' ? 'moved' : 'refunded';
    await withDepartureLocks(this.dataSource, [call.departureId, call.targetDepartureId!], async (tx) => {
      const booking = await this.writer.lockBooking(tx.manager, located.id);
      const claimed = await tx.manager.update(MoveOffer, { id: offer.id, status: 'offered' }, { status, answeredAt: now });
      if (claimed.affected !== 1 || booking.departureId !== call.departureId) throw new ConflictException(`You have already answered this offer. To change anything, call us on ${COMPANY_PHONE}.`);
      if (choice === 'refund') {
        await this.cancellations.cancelWithMoney(tx, booking, 'departure', now);
        return;
      }
      nextStatus('acceptMove', booking.status);
      const target = tx.departures.get(call.targetDepartureId!);
      assertMoveTarget(tx.departures.get(call.departureId)!, target, call.targetDepartureId!, now, 'guest');
      assertSeats(await this.seats.seatsLeft(tx.manager, target, now, booking.id, partyOfLines(booking.party, booking.seats)), booking.seats, 'change');
      await this.seats.assertRooms(tx.manager, target.startsAt, { packageId: booking.stayPackageId, rooms: booking.stayRooms }, now, booking.id);
      await this.writer.change(tx, booking, 'acceptMove', { departureId: target.id, reminderSentAt: null }, { kind: 'changed', refundedSek: 0, tellStaff: false }, now);
    });
    return status;
  }

  /**
   * Offers nobody answered by the start of the departure they were made for: the tour did not
   * run, so each is refunded in full (cancelDeparture), once, whichever process gets there.
   */
  async settleUnanswered(now = clock.now()): Promise<number> {
    const due = await this.dataSource
      .getRepository(MoveOffer)
      .createQueryBuilder('offer')
      .innerJoin(WeatherCall, 'call', 'call.id = offer.call_id')
      .innerJoin('departures', 'departure', 'departure.id = call.departure_id')
      .where("offer.status = 'offered'")
      .andWhere('departure.starts_at <= :now', { now })
      .select(['offer.id AS id', 'offer.booking_id AS bookingId', 'call.departure_id AS departureId'])
      .orderBy('offer.id', 'ASC')
      .limit(50)
      .getRawMany<{ id: number; bookingId: number; departureId: number }>();
    for (const offer of due) {
      await withDepartureLocks(this.dataSource, [Number(offer.departureId)], async (tx) => {
        const claimed = await tx.manager.update(MoveOffer, { id: Number(offer.id), status: 'offered' }, { status: 'lapsed', answeredAt: now });
        if (claimed.affected !== 1) return;
        const booking = await this.writer.lockBooking(tx.manager, Number(offer.bookingId));
        if (booking.departureId === Number(offer.departureId) && booking.status === 'confirmed') await this.cancellations.cancelWithMoney(tx, booking, 'departure', now);
      });
    }
    return due.length;
  }

  /** The calls on these departures and their offers' answers, by departure id. */
  async onDepartures(manager: EntityManager, departureIds: number[]): Promise<Map<number, CallView>> {
    const views = new Map<number, CallView>();
    if (departureIds.length === 0) return views;
    const calls = await manager.findBy(WeatherCall, { departureId: In(departureIds) });
    const offers = calls.length ? await manager.find(MoveOffer, { where: { callId: In(calls.map((call) => call.id)) }, order: { id: 'ASC' } }) : [];
    const bookings = offers.length ? await this.writer.summaries(manager, offers.map((offer) => offer.bookingId)) : new Map<number, { reference: string; name: string; guests: number }>();
    for (const call of calls) {
      views.set(call.departureId, {
        decision: call.decision,
        reason: call.reason,
        targetDepartureId: call.targetDepartureId,
        decidedBy: call.decidedBy,
        decidedAt: call.decidedAt.toISOString(),
        offers: offers
          .filter((offer) => offer.callId === call.id)
          .map((offer) => ({ ...(bookings.get(offer.bookingId) ?? { reference: '?', name: '?', guests: 0 }), status: offer.status, answeredAt: offer.answeredAt?.toISOString() ?? null })),
      });
    }
    return views;
  }
}
