import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';

import { mergeAttendance, type AttendanceState } from '../../../shared/check-in';
import type { CheckInAnswer, CheckInRefusal, GuideActionInput, GuestAttendanceView } from '../../../shared/guide-app';
import { clock } from '../../common/clock';
import { insertOnly } from '../../database/insert-only';
import { isDuplicateKey } from '../../database/transactions';
import type { Booking } from '../booking.entity';
import { BookingWriter } from '../lifecycle/booking-writer';
import { VoucherCodes } from '../voucher-codes';
import { CheckInAction } from './check-in-action.entity';

/** A booking's attendance as the guide app and the staff's lists show it. */
export function attendanceOf(booking: Pick<Booking, 'reference' | 'departureId' | 'status' | 'guests' | 'attendance' | 'checkedInGuests' | 'attendanceAt' | 'attendanceDevice'>): GuestAttendanceView {
  return {
    reference: booking.reference,
    departureId: booking.departureId,
    status: booking.status,
    guests: booking.guests,
    attendance: booking.attendance,
    checkedInGuests: booking.checkedInGuests,
    attendanceAt: booking.attendanceAt?.toISOString() ?? null,
    attendanceDevice: booking.attendanceDevice,
  };
}

const stateOf = (booking: Booking): AttendanceState => ({ attendance: booking.attendance, checkedInGuests: booking.checkedInGuests, attendanceAt: booking.attendanceAt, attendanceDevice: booking.attendanceDevice });

/**
 * Applies what guides' phones did at the meeting point (issue 51), each action once by the id the
 * phone gave it: under the booking's departure lock, the action's row (its id the primary key)
 * and the booking's attendance are written in one transaction, so a batch sent again, or twice
 * at once from a retry, changes nothing more and is answered as it was the first time. What to
 * keep is `mergeAttendance` (shared/check-in.ts): the earliest check-in, a check-in over a
 * no-show, conflicts answered with the reason for the app to show.
 */
@Injectable()
export class CheckIns {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: BookingWriter,
    private readonly vouchers: VoucherCodes,
  ) {}

  /** A batch from one phone, in the order it was queued there: an answer per action. */
  async apply(staffEmail: string, device: string, actions: GuideActionInput[], now = clock.now()): Promise<CheckInAnswer[]> {
    const answers: CheckInAnswer[] = [];
    for (const action of actions) answers.push(await this.applyOne(staffEmail, device, action, now));
    return answers;
  }

  private async applyOne(staffEmail: string, device: string, action: GuideActionInput, now: Date): Promise<CheckInAnswer> {
    const seen = await this.dataSource.getRepository(CheckInAction).findOneBy({ id: action.id });
    if (seen) return this.repeated(seen);
    // Kept to the second, as the database keeps it (so the answer now and a read later agree).
    const actedAt = new Date(Math.floor(Date.parse(action.at) / 1000) * 1000);
    const row = { id: action.id, departureId: action.departureId, device, staffEmail, kind: action.kind, guests: action.guests ?? null, actedAt };
    let reference = action.reference?.trim().toUpperCase() ?? '';
    if (action.code) {
      const checked = this.vouchers.check(action.code);
      if ('refused' in checked) return this.refused({ ...row, reference: '', bookingId: null }, checked.refused === 'unknownKey' ? 'retiredKey' : 'badCode');
      reference = checked.reference;
    }
    try {
      const done = await this.writer.withBooking(reference, async (tx, booking) => {
        // A retry of the same action that held this lock first (its row is committed by now): answered after the transaction.
        const before = await tx.manager.findOneBy(CheckInAction, { id: action.id });
        if (before) return before;
        const merged = mergeAttendance(stateOf(booking), booking, action.departureId, { kind: action.kind, guests: action.guests ?? null, at: row.actedAt, device });
        const reason = merged.outcome === 'conflict' ? merged.reason : null;
        await insertOnly(tx.manager, CheckInAction, { ...row, reference, bookingId: booking.id, outcome: merged.outcome, reason });
        if (merged.next) await this.writer.change(tx, booking, 'markAttendance', merged.next, undefined, now);
        return { id: action.id, result: merged.outcome, reason, booking: attendanceOf(booking) } satisfies CheckInAnswer;
      });
      return done instanceof CheckInAction ? await this.repeated(done) : done;
    } catch (error) {
      // No booking by that reference (the writer's look-up found none): kept and answered.
      if (error instanceof NotFoundException) return this.refused({ ...row, reference: reference.slice(0, 40), bookingId: null }, 'noBooking');
      // The same action from a retry that got there first, at the same moment: its answer.
      if (isDuplicateKey(error)) return this.repeated(await this.dataSource.getRepository(CheckInAction).findOneByOrFail({ id: action.id }));
      throw error;
    }
  }

  /** A code or reference that names no booking of ours: kept (a retry is answered alike) and answered. */
  private async refused(row: Omit<CheckInAction, 'outcome' | 'reason' | 'createdAt'>, reason: CheckInRefusal): Promise<CheckInAnswer> {
    try {
      await insertOnly(this.dataSource.manager, CheckInAction, { ...row, outcome: 'refused', reason });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    return { id: row.id, result: 'refused', reason, booking: null };
  }

  /** An action seen before: what came of it then, and the booking as it is now. */
  private async repeated(seen: CheckInAction): Promise<CheckInAnswer> {
    const booking = seen.bookingId === null ? null : await this.writer.loadById(seen.bookingId);
    return { id: seen.id, result: 'duplicate', first: seen.outcome, reason: seen.reason, booking: booking ? attendanceOf(booking) : null };
  }

  /** Who checked in on these departures, on which device and when, for staff: the latest actions first. */
  async actionsOn(departureIds: number[]): Promise<CheckInAction[]> {
    if (!departureIds.length) return [];
    return this.dataSource.getRepository(CheckInAction).find({ where: { departureId: In(departureIds) }, order: { createdAt: 'DESC' }, take: 500 });
  }
}
