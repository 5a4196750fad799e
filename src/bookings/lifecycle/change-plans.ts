import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';

import { quoteBooking } from '../../../shared/pricing';
import type { DepartureTx } from '../../departures/departure-lock';
import { SeatsRepository } from '../../departures/seats.repository';
import { pricePerGuest } from '../../tours/tour-prices';
import { BookingMails } from '../booking-mail.service';
import type { Booking } from '../booking.entity';
import { StayPackage } from '../stay-package.entity';
import { assertSeats } from './bookable';
import { BookingWriter } from './booking-writer';
import { heldCardPayment } from './transitions';

/** A change of departure and party, priced: what happens to the money decides how it is made. */
export type ChangePlan = { departureId: number; startsAt: Date; guests: number; quote: ReturnType<typeof quoteBooking> } & (
  | { kind: 'due-changes' }
  | { kind: 'pay-difference'; differenceOre: number }
  | { kind: 'refund-difference'; refundOre: number; paidOre: number }
);

/** Prices a change of departure or party against the seats, and makes it: for the guest's change and the staff's move. */
@Injectable()
export class ChangePlans {
  constructor(
    private readonly seats: SeatsRepository,
    private readonly mails: BookingMails,
    private readonly writer: BookingWriter,
  ) {}

  /** What a change of departure and party would cost, checked against the seats (inside the locks). */
  async plan(tx: DepartureTx, booking: Booking, targetId: number, guests: number, now: Date): Promise<ChangePlan> {
    const current = tx.departures.get(booking.departureId)!;
    const target = tx.departures.get(targetId);
    if (current.startsAt <= now) throw new ConflictException('This tour has already started, so the booking can no longer be changed.');
    if (!target || target.tourId !== current.tourId) throw new BadRequestException('Please choose another date of the same tour.');
    if (target.status !== 'open' || target.startsAt <= now) throw new ConflictException('That date is not open for booking. Please choose another.');
    if (target.id === booking.departureId && guests === booking.guests) throw new BadRequestException('That is your booking as it is: choose another date or number of guests.');
    assertSeats(await this.seats.seatsLeft(tx.manager, target, now, booking.id), guests, 'change');
    const stay = booking.stayPackageId ? await tx.manager.findOneBy(StayPackage, { id: booking.stayPackageId }) : null;
    const quote = quoteBooking(await pricePerGuest(tx.manager, target), guests, stay);
    const base = { departureId: target.id, startsAt: target.startsAt, guests, quote };
    const card = heldCardPayment(booking);
    if (!card) return { ...base, kind: 'due-changes' };
    const heldOre = card.amountOre;
    const differenceOre = quote.totalSek * 100 - heldOre;
    if (differenceOre > 0) return { ...base, kind: 'pay-difference', differenceOre };
    if (differenceOre < 0) return { ...base, kind: 'refund-difference', refundOre: -differenceOre, paidOre: heldOre + differenceOre };
    return { ...base, kind: 'due-changes' };
  }

  /** Makes a planned change (the money side already settled by the caller); the guest is mailed unless `notify` is false. */
  async apply(
    tx: DepartureTx,
    booking: Booking,
    plan: ChangePlan & { paidOre?: number },
    now: Date,
    options: { transition: 'changeByGuest' | 'move'; notify: boolean; extra?: Partial<Booking> } = { transition: 'changeByGuest', notify: true },
  ): Promise<void> {
    await this.writer.change(tx, booking, options.transition, {
      ...options.extra,
      departureId: plan.departureId,
      guests: plan.guests,
      tourAmountSek: plan.quote.tourAmountSek,
      stayAmountSek: plan.quote.stayAmountSek,
      totalSek: plan.quote.totalSek,
      reminderSentAt: plan.departureId === booking.departureId ? booking.reminderSentAt : null,
      ...(plan.paidOre !== undefined ? { paidAmountOre: plan.paidOre } : {}),
    });
    if (!options.notify) return;
    await this.mails.changed(tx.manager, await this.writer.details(tx.manager, booking, now), { refundedSek: plan.kind === 'refund-difference' ? plan.refundOre / 100 : 0 });
  }
}
