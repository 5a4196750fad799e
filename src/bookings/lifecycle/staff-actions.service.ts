import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';

import { giftCardShareOre } from '../../../shared/gift-cards';
import type { Lang } from '../../../shared/languages';
import { GiftCardLedger, GiftCardRefusedError } from '../../gift-cards/gift-card-ledger.service';
import type { GiftCard } from '../../gift-cards/gift-card.entity';
import { AuditLogService } from '../../common/audit/audit-log.service';
import { withDepartureLocks, type DepartureTx } from '../../departures/departure-lock';
import { assertMoveTarget, hasStarted } from '../../departures/departure-rules';
import type { Booking } from '../booking.entity';
import { findActiveStay, type OptionsRequest, type PartyRequest } from './bookable';
import { NewBookings } from './new-bookings';
import { BookingWriter } from './booking-writer';
import { Cancellations } from './cancellations';
import { changeCause, ChangePlans } from './change-plans';
import { heldOre, repayableOre } from './booking-money';
import { nextStatus, TRANSITIONS } from './transitions';
import { clock } from '../../common/clock';

/** What an anonymised booking shows where the guest's name was. */
export const ANONYMISED_NAME = 'Anonymiserad gäst';

/** What staff do with bookings (answers in Swedish): take one on the phone, cancel, move, check in, mark paid, anonymise. */
@Injectable()
export class StaffActions {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: BookingWriter,
    private readonly cancellations: Cancellations,
    private readonly changes: ChangePlans,
    private readonly newBookings: NewBookings,
    private readonly giftCards: GiftCardLedger,
  ) {}

  /** bookByStaff: a booking taken on the phone or at the desk, confirmed at once (no per-guest limits). */
  async bookByStaff(
    input: PartyRequest & OptionsRequest & { departureId: number; name: string; email: string; phone?: string; notes?: string; stayPackageId?: number; payment: 'on_arrival' | 'paid'; paidNote?: string; notify: boolean; language?: Lang; giftCardCode?: string; promoCode?: string },
    now = clock.now(),
  ): Promise<string> {
    const stay = input.stayPackageId ? await findActiveStay(this.dataSource, input.stayPackageId, 'staff') : null;
    // A gift card the guest reads out pays first, its row locked from the price check to the write.
    let card: GiftCard | null = null;
    let giftCardOre = 0;
    let totalOre = 0;
    const money = (): Partial<Booking> => {
      const paidAll = giftCardOre > 0 && giftCardOre === totalOre;
      if (paidAll) return { paymentMethod: 'gift_card', paymentStatus: 'paid', paidAt: now, paidAmountOre: giftCardOre };
      if (input.payment === 'paid') return { paymentMethod: 'on_site', paymentStatus: 'paid', paidAt: now };
      return { paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival', paidAt: null, ...(giftCardOre > 0 ? { paidAmountOre: giftCardOre } : {}) };
    };
    return this.newBookings
      .openBooking(
        {
          by: 'staff',
          transition: 'bookByStaff',
          departureId: input.departureId,
          party: input,
          stay,
          options: input,
          contact: input,
          promoCode: input.promoCode,
          check: async (manager, quote, departure) => {
            totalOre = quote.totalSek * 100;
            if (!input.giftCardCode) return;
            card = await this.giftCards.lockUsable(manager, input.giftCardCode, now, departure.tourId);
            giftCardOre = giftCardShareOre(card.balanceOre, totalOre);
          },
          fields: () => ({
            status: TRANSITIONS.bookByStaff.to,
            holdExpiresAt: null,
            ...money(),
            ...(card ? { giftCardId: (card as GiftCard).id, giftCardOre } : {}),
            paymentNote: input.paidNote ?? null,
            confirmedAt: now,
            source: 'staff',
            // The caller's language: their confirmation, reminders and manage link speak it.
            language: input.language ?? 'en',
          }),
          then: async (manager, booking) => {
            if (card && giftCardOre > 0) await this.writer.recordGiftCardPayment(manager, booking, card, giftCardOre, now);
          },
          notice: input.notify ? { kind: 'confirmed' } : undefined,
        },
        now,
      )
      // Staff read a card's refusal in Swedish.
      .catch(GiftCardRefusedError.wordedIn('sv'));
  }

  /** cancelByStaff: seats released, a card payment refunded in full, the guest told. */
  async cancelByStaff(reference: string, now = clock.now()): Promise<{ refunded: boolean }> {
    const refunded = await this.writer.withBooking(reference, (tx, booking) => this.cancellations.cancelWithMoney(tx, booking, 'staff', now));
    return { refunded };
  }

  /**
   * cancelDeparture: every live booking of a departure whose cancellation the caller is writing
   * in `tx` (which holds that departure's lock). Returns the cancelled references.
   */
  async cancelDeparture(tx: DepartureTx, departureId: number, now: Date): Promise<{ references: string[] }> {
    if (!tx.departures.has(departureId)) throw new Error(`Departure ${departureId} is not locked by this transaction`);
    const bookings = await this.writer.lockBookings(tx.manager, { departureId, status: In(['held', 'confirmed']) });
    for (const booking of bookings) await this.cancellations.cancelWithMoney(tx, booking, 'departure', now);
    return { references: bookings.map((booking) => booking.reference) };
  }

  /**
   * move: staff move a booking to another open departure of the same tour with the seats, by
   * the guest's change rules: at that departure's price, a cheaper card booking refunded the
   * difference, a dearer one flagged for staff to collect; a confirmed guest is mailed.
   */
  async move(reference: string, departureId: number, now = clock.now()): Promise<void> {
    const booking = await this.writer.locate(reference);
    await withDepartureLocks(this.dataSource, [booking.departureId, departureId], async (tx) => {
      const fresh = await this.writer.lockBooking(tx.manager, booking.id);
      if (fresh.departureId !== booking.departureId) throw new ConflictException('Bokningen ändrades samtidigt. Försök igen.');
      nextStatus('move', fresh.status);
      assertMoveTarget(tx.departures.get(fresh.departureId)!, tx.departures.get(departureId), departureId, now, 'staff');
      const plan = await this.changes.plan(tx, fresh, departureId, null, now, 'staff');
      if (plan.kind === 'refund-difference') {
        await this.writer.refundHeld(tx.manager, fresh, changeCause(fresh, plan), plan.refundOre, now);
      }
      const openSession = fresh.status === 'held' ? fresh.stripeSessionId : null;
      await this.changes.apply(tx, fresh, plan, now, {
        transition: 'move',
        notify: fresh.status === 'confirmed',
        // An open session was made for the old total; a new checkout makes one for the new.
        extra: {
          ...(openSession ? { stripeSessionId: null, stripeSessionUrl: null, stripeSessionExpiresAt: null } : {}),
          ...(plan.kind === 'pay-difference' ? { attention: `Flyttad: betalt ${heldOre(fresh) / 100} kr, nytt totalbelopp ${plan.quote.totalSek} kr; ta betalt för mellanskillnaden ${plan.differenceOre / 100} kr.` } : {}),
        },
      });
      this.writer.closeCheckoutSession(tx.manager, openSession);
    });
  }

  /** markAttendance: checked in or no-show at the meeting point (null takes the mark back). */
  async markAttendance(reference: string, attendance: Booking['attendance']): Promise<void> {
    // Marked in the office (no phone), now: the whole party when checked in.
    const now = clock.now();
    await this.writer.withBooking(reference, (tx, booking) =>
      this.writer.change(tx, booking, 'markAttendance', { attendance, checkedInGuests: attendance === 'checked_in' ? booking.guests : null, attendanceAt: attendance ? now : null, attendanceDevice: null }, undefined, now),
    );
  }

  /**
   * anonymise: the guest's details removed for good (retention after 7 years, or erasure on
   * request); reference, tour, dates, guests and amounts stay for the accounts. A confirmed
   * booking whose tour is still to come is refused: the guest is expected there.
   */
  async anonymise(reference: string, now = clock.now()): Promise<'anonymised' | 'already'> {
    return this.writer.withBooking(reference, async (tx, booking, departure) => {
      if (booking.anonymisedAt) return 'already';
      if (booking.status === 'confirmed' && !hasStarted(departure, now)) {
        throw new ConflictException(`Bokningen ${booking.reference} gäller en kommande tur: avboka den innan gästens uppgifter tas bort.`);
      }
      await AuditLogService.forgetWith(tx.manager, `booking:${booking.reference}`, [booking.name, booking.email, booking.phone, booking.notes, booking.contactNotes, booking.pickup]);
      await this.writer.change(tx, booking, 'anonymise', {
        name: ANONYMISED_NAME,
        email: '',
        phone: null,
        notes: null,
        contactNotes: null,
        cancelNote: null,
        pickup: null,
        pickupPointId: null,
        answers: null,
        paymentNote: null,
        attention: null,
        clientIpHash: null,
        stripeSessionUrl: null,
        anonymisedAt: now,
      });
      return 'anonymised';
    });
  }

  /**
   * recordRepayment: staff gave back by hand money taken on site that the booking no longer
   * needs (it was cancelled, or changed to a cheaper one). The booking then holds only its
   * price, or nothing; a free rebook afterwards is due on arrival. Answers the amount in kronor.
   */
  async recordRepayment(reference: string, now = clock.now()): Promise<number> {
    return this.writer.withBooking(reference, async (tx, booking) => {
      const repaid = repayableOre(booking);
      if (repaid <= 0) throw new ConflictException(`Bokningen ${booking.reference} har inga pengar som ska betalas tillbaka för hand.`);
      const held = heldOre(booking) - repaid;
      await this.writer.change(tx, booking, 'recordRepayment', { paidAmountOre: held, paymentStatus: held > 0 ? booking.paymentStatus : 'refunded', attention: null }, undefined, now);
      return repaid / 100;
    });
  }

  /** markPaidOnSite: staff took the money on the day (cash, card terminal). */
  async markPaidOnSite(reference: string, now = clock.now()): Promise<boolean> {
    return this.writer.withBooking(reference, async (tx, booking) => {
      nextStatus('markPaidOnSite', booking.status);
      if (booking.paymentStatus === 'paid') return false;
      // The rest of a card booking taken on site: money in two channels, given back by a person if ever it must be.
      await this.writer.change(tx, booking, 'markPaidOnSite', { paymentStatus: 'paid', paidAt: now, ...(booking.paymentMethod === 'stripe' ? { paymentMethod: 'on_site' as const } : {}) });
      return true;
    });
  }
}
