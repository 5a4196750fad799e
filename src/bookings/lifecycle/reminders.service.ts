import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { AppConfig } from '../../config/app-config';
import { isMysqlFamily } from '../../database/dialect';
import { Booking } from '../booking.entity';
import { missingAnswers } from '../../../shared/questions';
import { toDate } from '../../database/sql-values';
import { answersDueAt, tourOptions } from '../../tours/tour-options';
import { BookingWriter, withAttention } from './booking-writer';
import { dueSek, owedOre } from './booking-money';
import { balanceDueAt, balanceIsLate } from '../../../shared/deposits';
import { kirunaDate } from '../../../shared/company';
import { clock } from '../../common/clock';
import { kirunaMidnight, kirunaTimeOn } from '../../common/kiruna-day';
import { holdIsLive } from './transitions';
import { MoreThan } from 'typeorm';

/** The reminder before a tour: once per booking, however many processes run. */
@Injectable()
export class Reminders {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly writer: BookingWriter,
  ) {}

  /**
   * remind: one reminder per booking, REMINDER_HOURS before the start, for confirmed bookings
   * made before that window opened (a later booking's confirmation says it all). The mark and
   * the mail are one transaction, conditional on no reminder yet: any number of processes
   * send each reminder once.
   */
  async sendDueReminders(now = clock.now()): Promise<number> {
    const windowEnd = new Date(now.getTime() + this.config.reminderHours * 3_600_000);
    const due = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .innerJoin('booking.departure', 'departure')
      .select(['booking.id', 'booking.reference'])
      .where("booking.status = 'confirmed'")
      .andWhere('booking.reminder_sent_at IS NULL')
      .andWhere("departure.status <> 'cancelled'")
      .andWhere('departure.starts_at > :now AND departure.starts_at <= :windowEnd', { now, windowEnd })
      .andWhere(`booking.created_at <= ${isMysqlFamily(this.dataSource.options) ? 'DATE_SUB(departure.starts_at, INTERVAL :hours HOUR)' : "datetime(departure.starts_at, '-' || :hours || ' hours')"}`, { hours: this.config.reminderHours })
      .orderBy('booking.id', 'ASC')
      .take(200)
      .getMany();
    let sent = 0;
    for (const { reference } of due) {
      sent += await this.writer.withBooking(reference, async (tx, booking) => {
        if (booking.reminderSentAt !== null || booking.status !== 'confirmed') return 0;
        return (await this.writer.markReminded(tx, booking, now)) ? 1 : 0;
      });
    }
    return sent;
  }

  /**
   * The balances owed after a deposit: a reminder at each of BALANCE_REMINDER_DAYS before the
   * balance's day (one mail when several have come at once: the latest), and once the day has
   * passed, staff told once (flagLateBalance: the attention note and a mail; the booking stays).
   * Each under the booking's departure lock, re-read there: once, however many processes run.
   */
  async sendBalanceReminders(now = clock.now()): Promise<number> {
    const rows = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .innerJoin('booking.departure', 'departure')
      .select('booking.reference', 'reference')
      .where("booking.status = 'confirmed'")
      .andWhere("booking.payment_status = 'deposit_paid'")
      .andWhere('booking.balance_due_days IS NOT NULL')
      .andWhere('booking.balance_late_at IS NULL')
      .andWhere("departure.status <> 'cancelled'")
      .andWhere('departure.starts_at > :now', { now })
      .orderBy('booking.id', 'ASC')
      .take(500)
      .getRawMany<{ reference: string }>();
    let sent = 0;
    for (const { reference } of rows) {
      sent += await this.writer.withBooking(reference, async (tx, booking, departure) => {
        if (booking.status !== 'confirmed' || booking.paymentStatus !== 'deposit_paid' || booking.balanceDueDays === null || booking.balanceLateAt !== null || owedOre(booking) <= 0) return 0;
        const dueAt = balanceDueAt(departure.startsAt, booking.balanceDueDays);
        if (balanceIsLate(dueAt, now)) {
          const attention = withAttention(booking, `Resten (${dueSek(booking)} kr) skulle vara betald ${kirunaDate(dueAt)}: kontakta gästen. Bokningen ligger kvar.`);
          await this.writer.change(tx, booking, 'flagLateBalance', { balanceLateAt: now, attention }, { kind: 'balanceLate' }, now);
          return 1;
        }
        const due = balanceRemindersDue(dueAt, this.config.balanceReminderDays, now);
        if (due <= booking.balanceRemindersSent) return 0;
        await this.writer.change(tx, booking, 'remind', { balanceRemindersSent: due }, { kind: 'balanceDue', dueAt: dueAt.toISOString() }, now);
        return 1;
      });
    }
    return sent;
  }

  /**
   * One mail per booking, in the two days before its answers are due (the tour's
   * `answersDueHours` before the start), listing the required questions still unanswered, with
   * the manage link. Marked in the same transaction, conditional on no mark yet: once, however
   * many processes run.
   */
  async sendAnswerReminders(now = clock.now()): Promise<number> {
    const rows = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .innerJoin('booking.departure', 'departure')
      .innerJoin('departure.tour', 'tour')
      .select('booking.reference', 'reference')
      .addSelect('departure.starts_at', 'startsAt')
      .addSelect('tour.answers_due_hours', 'dueHours')
      .where("booking.status = 'confirmed'")
      .andWhere('booking.answers_reminded_at IS NULL')
      .andWhere("departure.status <> 'cancelled'")
      .andWhere('departure.starts_at > :now AND departure.starts_at <= :horizon', { now, horizon: new Date(now.getTime() + ANSWER_REMINDER_HORIZON_MS) })
      .andWhere('EXISTS (SELECT 1 FROM tour_questions question WHERE question.tour_id = departure.tour_id AND question.required <> 0)')
      .orderBy('booking.id', 'ASC')
      .take(200)
      .getRawMany<{ reference: string; startsAt: Date | string; dueHours: number | string }>();
    let sent = 0;
    for (const row of rows) {
      const dueAt = answersDueAt(toDate(row.startsAt), { answersDueHours: Number(row.dueHours) }).getTime();
      if (now.getTime() < dueAt - ANSWER_REMINDER_LEAD_MS || now.getTime() >= dueAt) continue;
      sent += await this.writer.withBooking(row.reference, async (tx, booking, departure) => {
        if (booking.status !== 'confirmed' || booking.answersRemindedAt !== null) return 0;
        const { questions } = await tourOptions(tx.manager, departure.tourId);
        const missing = missingAnswers(questions, booking.answers, booking.guests);
        if (missing.length === 0) return 0;
        return (await this.writer.markAnswersReminded(tx, booking, now, { kind: 'answersMissing', missing, dueAt: new Date(dueAt).toISOString() })) ? 1 : 0;
      });
    }
    return sent;
  }

  /**
   * The booking left half way: a hold that lapsed unpaid (its time ran out, or its Stripe page was
   * left) whose guest ticked "remind me if I don't finish" gets one mail, RECOVERY_DELAY_MS after
   * the lapse, with a link that restores the booking page's choices. Not when the guest stopped
   * such mails, booked that departure meanwhile, or the departure no longer takes bookings. Marked
   * under the departure's lock, conditional on no mark yet: one mail, however many processes run.
   */
  async sendRecoveryMails(now = clock.now()): Promise<number> {
    const rows = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .innerJoin('booking.departure', 'departure')
      .select('booking.reference', 'reference')
      .where('booking.remind_me <> 0')
      .andWhere('booking.recovery_sent_at IS NULL')
      .andWhere("booking.status IN ('held', 'expired')")
      .andWhere("booking.payment_status = 'unpaid'")
      .andWhere("booking.email <> ''")
      .andWhere('booking.hold_expires_at <= :lapsedBy AND booking.hold_expires_at > :windowStart', { lapsedBy: new Date(now.getTime() - RECOVERY_DELAY_MS), windowStart: new Date(now.getTime() - RECOVERY_WINDOW_MS) })
      .andWhere("departure.status = 'open'")
      .andWhere('departure.starts_at > :now', { now })
      .orderBy('booking.id', 'ASC')
      .take(200)
      .getRawMany<{ reference: string }>();
    let sent = 0;
    for (const { reference } of rows) {
      sent += await this.writer.withBooking(reference, async (tx, booking) => {
        if (!booking.remindMe || booking.recoverySentAt !== null || holdIsLive(booking, now)) return 0;
        // Finished after all, on another hold: nothing to recall.
        const booked = await tx.manager.count(Booking, { where: [
          { departureId: booking.departureId, email: booking.email, status: 'confirmed' },
          { departureId: booking.departureId, email: booking.email, status: 'held', holdExpiresAt: MoreThan(now) },
        ] });
        if (booked > 0) return 0;
        return (await this.writer.markRecoverySent(tx, booking, now)) ? 1 : 0;
      });
    }
    return sent;
  }

  /**
   * The morning after the tour (09:00 in Kiruna on the day after its start), its guests are asked
   * how it was: confirmed bookings not marked no-show, with our mails, whose guest has not stopped
   * such mails. Once per booking (marked under the departure's lock, conditional on no mark), and
   * not days late: a request more than three days after the tour is no longer sent.
   */
  async sendReviewRequests(now = clock.now()): Promise<number> {
    const rows = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .innerJoin('booking.departure', 'departure')
      .select('booking.reference', 'reference')
      .addSelect('departure.starts_at', 'startsAt')
      .where("booking.status = 'confirmed'")
      .andWhere('booking.review_requested_at IS NULL')
      .andWhere("(booking.attendance IS NULL OR booking.attendance <> 'no_show')")
      .andWhere('booking.mail_guest <> 0')
      .andWhere("booking.email <> ''")
      .andWhere("departure.status <> 'cancelled'")
      .andWhere('departure.starts_at <= :recent AND departure.starts_at > :oldest', { recent: new Date(now.getTime() - 6 * 3_600_000), oldest: new Date(now.getTime() - REVIEW_WINDOW_MS) })
      .orderBy('booking.id', 'ASC')
      .take(200)
      .getRawMany<{ reference: string; startsAt: Date | string }>();
    let sent = 0;
    for (const row of rows) {
      if (now < reviewMorning(toDate(row.startsAt))) continue;
      sent += await this.writer.withBooking(row.reference, async (tx, booking) => {
        if (booking.status !== 'confirmed' || booking.reviewRequestedAt !== null || booking.attendance === 'no_show') return 0;
        return (await this.writer.markReviewRequested(tx, booking, now)) ? 1 : 0;
      });
    }
    return sent;
  }
}

/** A tour's rating request goes out until this long after its start. */
const REVIEW_WINDOW_MS = 3 * 86_400_000;

/** 09:00 in Kiruna on the day after `startsAt` (in Kiruna): when its guests are asked how it was. */
export function reviewMorning(startsAt: Date): Date {
  const nextDay = kirunaDate(new Date(kirunaMidnight(kirunaDate(startsAt)).getTime() + 36 * 3_600_000));
  return kirunaTimeOn(nextDay, 9);
}

/** A hold left unpaid is recalled this long after it lapsed (a guest still at it has started again by then)… */
export const RECOVERY_DELAY_MS = 10 * 60_000;
/** …and not once it has lapsed this long (the worker was away): a reminder days later is no reminder. */
const RECOVERY_WINDOW_MS = 6 * 3_600_000;

/** A deposit's balance reminder that is due now: how many of BALANCE_REMINDER_DAYS (most first) have come by `now`. */
export function balanceRemindersDue(dueAt: Date, reminderDays: readonly number[], now: Date): number {
  return reminderDays.filter((days) => now.getTime() >= dueAt.getTime() - days * 86_400_000).length;
}

/** The answers reminder goes out in the two days before the answers are due… */
const ANSWER_REMINDER_LEAD_MS = 48 * 3_600_000;
/** …which is at most this far ahead (answersDueHours up to a week). */
const ANSWER_REMINDER_HORIZON_MS = (7 * 24 + 48) * 3_600_000;
